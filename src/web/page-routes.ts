/** The web pages by path, and which page shows a failed action's form again. */
import type { PageContext, Rendered } from "./page-context.js";
import { homePage } from "./pages/home.js";
import { signInPage } from "./pages/sign-in.js";
import { signUpPage } from "./pages/sign-up.js";
import { developerPage } from "./pages/developer.js";
import { keyRevokePage } from "./pages/key-revoke.js";
import { connectionsPage } from "./pages/connections.js";
import { connectionDisconnectPage } from "./pages/connection-disconnect.js";
import { activityPage } from "./pages/activity.js";
import { docsPage } from "./pages/docs.js";

export interface PageRoute {
  signedIn?: boolean;
  signedOut?: boolean;
  render(ctx: PageContext): Promise<Rendered>;
}

const wrap = (html: string | Promise<string>) => Promise.resolve(html).then((h) => ({ html: h }));

const EXACT: Record<string, PageRoute> = {
  "/": { render: (ctx) => wrap(homePage(ctx)) },
  "/sign-in": { signedOut: true, render: (ctx) => wrap(signInPage(ctx)) },
  "/login": { signedOut: true, render: (ctx) => wrap(signInPage(ctx)) },
  "/sign-up": { signedOut: true, render: (ctx) => wrap(signUpPage(ctx)) },
  "/developer": { signedIn: true, render: (ctx) => wrap(developerPage(ctx)) },
  "/connections": { signedIn: true, render: (ctx) => connectionsPage(ctx) },
  "/activity": { signedIn: true, render: (ctx) => wrap(activityPage(ctx)) },
  "/docs/reference": { render: (ctx) => wrap(docsPage(ctx)) },
};

export function findPage(path: string): PageRoute | undefined {
  if (EXACT[path]) return EXACT[path];
  const revoke = /^\/developer\/keys\/([A-Za-z0-9_]{1,100})\/revoke$/.exec(path);
  if (revoke) return { signedIn: true, render: (ctx) => keyRevokePage(ctx, revoke[1]!) };
  const disconnect = /^\/connections\/([A-Za-z0-9_]{1,100})\/disconnect$/.exec(path);
  if (disconnect) return { signedIn: true, render: (ctx) => connectionDisconnectPage(ctx, disconnect[1]!) };
  return undefined;
}

/** The page that holds the form of a web operation, rendered with the outcome (an error, or a new key). */
export async function pageForFailure(operationId: string, ctx: PageContext, opts: { error?: string; email?: string; created?: { key: string; project: string } }): Promise<Rendered> {
  switch (operationId) {
    case "signIn":
      return { html: signInPage(ctx, opts) };
    case "signUp":
      return { html: signUpPage(ctx, opts) };
    case "createWebKey":
    case "revokeWebKey":
      return { html: await developerPage(ctx, opts) };
    case "sendWebTestEvent":
      return { html: await activityPage(ctx, opts) };
    case "connectWebApp":
    case "disconnectWebConnection":
      return connectionsPage(ctx, opts);
    default:
      return { html: homePage(ctx) };
  }
}
