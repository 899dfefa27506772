import type { AuthMethod, CatalogApp, ConnectionVariable, CredentialField } from "../../catalog/types.js";
import { credentialFields } from "../../catalog/build/auth-methods.js";
import { askedVariables } from "../variables.js";
import { escapeHtml, page } from "./page.js";

/** Where a credential value goes, in words. */
function placed(field: CredentialField): string {
  const p = field.placement;
  switch (p.in) {
    case "header":
      return `the <code>${escapeHtml(p.name)}</code> header`;
    case "query":
      return `the <code>${escapeHtml(p.name)}</code> query parameter`;
    case "cookie":
      return `the <code>${escapeHtml(p.name)}</code> cookie`;
    case "bearer":
      return "<code>Authorization: Bearer …</code>";
    case "basic":
      return "HTTP Basic authentication";
    case "url":
      return "the address of its API";
  }
}

/** What the app wants, in words: which credentials, and where Patchbay will send each. */
function whatIsNeeded(appName: string, type: AuthMethod["type"], fields: CredentialField[]): string {
  const app = escapeHtml(appName);
  if (fields.length === 0) return type === "oauth2" ? `Tell Patchbay which ${app} account to use; then ${app} asks you to sign in.` : `Tell Patchbay which ${app} to use.`;
  const parts = fields.filter((f, i) => f.placement.in !== "basic" || fields.findIndex((g) => g.placement.in === "basic") === i);
  const list = parts.map((f) => (f.placement.in === "basic" ? `${escapeHtml(fields.filter((g) => g.placement.in === "basic").map((g) => g.label).join(" and "))} (sent as ${placed(f)})` : `${escapeHtml(f.label)} (sent in ${placed(f)})`));
  return `${app} needs ${list.join(", ")}, made in your ${app} account's settings.`;
}

function variableInput(v: ConnectionVariable, value: string | undefined): string {
  const id = `var-${escapeHtml(v.name)}`;
  const help = v.description ? `<small id="${id}-help" class="muted">${escapeHtml(v.description)}</small>` : "";
  const described = v.description ? ` aria-describedby="${id}-help"` : "";
  const chosen = value ?? v.default ?? "";
  const control = v.enum
    ? `<select id="${id}" name="${escapeHtml(v.name)}" required${described}>${v.enum.map((o) => `<option${o === chosen ? " selected" : ""}>${escapeHtml(o)}</option>`).join("")}</select>`
    : `<input id="${id}" name="${escapeHtml(v.name)}" value="${escapeHtml(chosen)}" autocomplete="off" autocapitalize="none" spellcheck="false" required${described}>`;
  return `<label for="${id}">${escapeHtml(v.label)}</label>${control}${help}`;
}

function secretInput(f: CredentialField): string {
  const id = `field-${escapeHtml(f.name)}`;
  const isUser = f.placement.in === "basic" && f.placement.part === "username";
  const help = f.description ? `<small id="${id}-help" class="muted">${escapeHtml(f.description)}</small>` : "";
  return `<label for="${id}">${escapeHtml(f.label)}</label><input id="${id}" name="${escapeHtml(f.name)}"${isUser ? ' autocomplete="username"' : ' type="password" autocomplete="off"'} required${f.description ? ` aria-describedby="${id}-help"` : ""}>${help}`;
}

/**
 * The sign-in form of an app: the connection variables it asks (the customer's subdomain, shop, data centre) and,
 * unless it signs in with OAuth, every credential field of its method, saying what each is and where it is sent.
 * `values`: what the user typed, shown again after an error (never a secret).
 */
export function credentialForm(app: CatalogApp, method: AuthMethod, error?: string, values: Record<string, string> = {}): string {
  const fields = method.type === "oauth2" ? [] : credentialFields(method);
  const variables = askedVariables(app);
  const docs = app.docsUrl && /^https?:\/\//.test(app.docsUrl) ? ` <a href="${escapeHtml(app.docsUrl)}" rel="noopener noreferrer" target="_blank">${escapeHtml(app.name)}'s documentation</a> says how.` : "";
  return page(
    `Connect ${app.name}`,
    `<h1>Connect ${escapeHtml(app.name)}</h1>
     ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
     <p>${whatIsNeeded(app.name, method.type, fields)}${docs}</p>
     ${fields.length ? `<p>Patchbay stores it encrypted and uses it only for calls you or your agent make to ${escapeHtml(app.name)}.</p>` : ""}
     <form method="post">${variables.map((v) => variableInput(v, values[v.name])).join("\n")}
     ${fields.map(secretInput).join("\n")}<button type="submit">${method.type === "oauth2" ? `Continue to ${escapeHtml(app.name)}` : "Connect"}</button></form>
     <p class="muted">This link works once and expires 15 minutes after it was made.</p>`,
  );
}

/**
 * The confirmation of an app that needs no sign-in. The connection is made by the POST, never by opening the link:
 * a chat app's link preview (a GET) would otherwise use the single-use link up.
 */
export function confirmForm(appName: string): string {
  return page(
    `Connect ${appName}`,
    `<h1>Connect ${escapeHtml(appName)}</h1>
     <p>${escapeHtml(appName)} needs no sign-in. Connect it to the Patchbay account that sent you this link?</p>
     <form method="post"><button type="submit">Connect</button></form>
     <p class="muted">This link works once and expires 15 minutes after it was made.</p>`,
  );
}
