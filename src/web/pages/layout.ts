/** The frame of every web page: header with navigation, main content, local stylesheet, no external requests. */
import type { VNode } from "preact";
import { html } from "../render.js";

export interface PageUser {
  email: string;
  /** The session's CSRF token, for the sign-out form. */
  csrf: string;
}

export interface LayoutProps {
  title: string;
  /** The current path, to mark the navigation link. */
  path: string;
  user: PageUser | null;
  children: VNode | VNode[] | (VNode | string | null)[];
  /** Scripts served by us (e.g. the copy button); pages work without them. */
  scripts?: string[];
  wide?: boolean;
}

const NAV_SIGNED_IN = [
  ["/developer", "Developer"],
  ["/connections", "Connections"],
  ["/activity", "Activity"],
  ["/docs", "Guides"],
  ["/docs/reference", "API reference"],
];
const NAV_PUBLIC = [
  ["/docs", "Guides"],
  ["/docs/reference", "API reference"],
  ["/apps", "Apps"],
  ["/sign-in", "Sign in"],
  ["/sign-up", "Sign up"],
];

export function Layout({ title, path, user, children, scripts = [], wide }: LayoutProps) {
  const nav = user ? NAV_SIGNED_IN : NAV_PUBLIC;
  return html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="no-referrer" />
      <title>${title} · Patchbay</title>
      <link rel="stylesheet" href="/assets/web/patchbay.css" />
      <link rel="icon" href="/assets/web/icon.svg" type="image/svg+xml" />
    </head>
    <body>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href="/">Patchbay</a>
        <nav aria-label="Main">
          <ul>
            ${nav.map(([href, label]) => html`<li><a href=${href} aria-current=${path === href ? "page" : undefined}>${label}</a></li>`)}
            ${user
              ? html`<li>
                  <form method="post" action="/sign-out" class="inline">
                    <input type="hidden" name="csrf" value=${user.csrf} />
                    <button type="submit" class="link">Sign out <span class="sr-only">${user.email}</span></button>
                  </form>
                </li>`
              : null}
          </ul>
        </nav>
      </header>
      <main id="main" class=${wide ? "wide" : undefined}>${children}</main>
      <footer class="foot"><a href="/openapi.json">OpenAPI</a> · <a href="/llms.txt">llms.txt</a> · <a href="/.well-known/mcp/server-card.json">MCP server card</a></footer>
      ${scripts.map((src) => html`<script src=${src} defer></script>`)}
    </body>
  </html>`;
}

/** A notice box: `error` (role=alert) or `ok` (role=status). */
export const Notice = ({ kind, children }: { kind: "error" | "ok"; children: unknown }) =>
  html`<p class=${`notice ${kind}`} role=${kind === "error" ? "alert" : "status"}>${children}</p>`;

export const CsrfInput = ({ csrf }: { csrf: string }) => html`<input type="hidden" name="csrf" value=${csrf} />`;
