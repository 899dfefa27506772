/** The frame of the store's pages (and the stand-in's): the site's layout, a test-mode banner when it applies, strict headers. */
import type Koa from "koa";
import { html, toHtml } from "../../web/render.js";
import { Layout } from "../../web/pages/layout.js";
import { TEST_MODE_NOTICE } from "../commerce.js";

/** Forms post to this site; the terms form is then redirected to Stripe's checkout page. */
const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'none'; form-action 'self' https://checkout.stripe.com; frame-ancestors 'none'; base-uri 'none'";

export function sendPage(ctx: Koa.Context, status: number, title: string, testMode: boolean, content: unknown) {
  ctx.status = status;
  ctx.type = "html";
  ctx.set({ "Cache-Control": "no-store", "Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" });
  ctx.body = toHtml(
    Layout({
      title,
      path: ctx.path,
      user: null,
      children: [testMode ? html`<p class="notice error" role="note" data-test-mode>${TEST_MODE_NOTICE}</p>` : null, content as never],
    }),
  );
}

export const seeOther = (ctx: Koa.Context, url: string) => {
  ctx.status = 303;
  ctx.set("Cache-Control", "no-store");
  ctx.redirect(url);
};
