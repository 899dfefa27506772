/** How the sign-in pages answer: an HTML page (never cached), or the redirect back to the caller's app. */
import type Koa from "koa";
import type { Services } from "../../services.js";
import { claim, findLink, type LinkRow } from "../links.js";
import { messagePage } from "./page.js";

export const ASK_AGAIN = "Ask the app or agent that sent you here for a new sign-in link.";

export function show(ctx: Koa.Context, status: number, html: string) {
  ctx.status = status;
  ctx.type = "html";
  ctx.set("Cache-Control", "no-store");
  ctx.body = html;
}

export const refuse = (ctx: Koa.Context, status: number, title: string, text: string) => show(ctx, status, messagePage(title, text));

/** After success: back to the link's redirect URL with the connection id, else a page that says what happened. */
export function finish(ctx: Koa.Context, link: LinkRow, connectionId: string, appName: string) {
  if (link.redirectUrl) {
    const back = new URL(link.redirectUrl);
    back.searchParams.set("connection", connectionId);
    back.searchParams.set("app", link.appId);
    return ctx.redirect(back.toString());
  }
  refuse(ctx, 200, `${appName} is connected`, `Patchbay can now use ${appName} for this account (connection ${connectionId}). You can close this page.`);
}

/** The link of a token, or undefined after answering with a page that says why it cannot be used. */
export async function usableLink(services: Services, ctx: Koa.Context, token: string): Promise<LinkRow | undefined> {
  const link = /^[0-9A-Za-z]{32}$/.test(token) ? await findLink(services, token) : null;
  if (!link) return void refuse(ctx, 404, "This sign-in link is not valid", `Check that the whole link was copied. ${ASK_AGAIN}`);
  if (link.usedAt) return void refuse(ctx, 410, "This sign-in link was already used", `Each link works once. ${ASK_AGAIN}`);
  if (link.expiresAt.getTime() <= Date.now()) return void refuse(ctx, 410, "This sign-in link has expired", `Links work for 15 minutes. ${ASK_AGAIN}`);
  return link;
}

/** Claims the link's last step; answers with a page and returns false when it was already used. */
export async function claimUse(services: Services, ctx: Koa.Context, link: LinkRow): Promise<boolean> {
  if (await claim(services, link.id, "usedAt")) return true;
  refuse(ctx, 410, "This sign-in link was already used", `Nothing more was stored. ${ASK_AGAIN}`);
  return false;
}
