/** `/developer/keys/<id>/revoke`: the confirmation before a key is revoked (works without JavaScript). */
import { html, toHtml } from "../render.js";
import type { PageContext } from "../page-context.js";
import { listKeys } from "../../domain/keys.js";
import { CsrfInput, Layout } from "./layout.js";

export async function keyRevokePage(ctx: PageContext, keyId: string) {
  const key = (await listKeys(ctx.services.db, ctx.caller!.accountId)).find((k) => k.id === keyId && !k.revokedAt);
  if (!key) {
    return { status: 404, html: toHtml(html`<${Layout} title="No such key" path="/developer" user=${ctx.user}><h1>No such key</h1><p>This key does not exist or is already revoked. <a href="/developer">Back to your keys</a>.</p><//>`) };
  }
  return {
    html: toHtml(html`<${Layout} title="Revoke key" path="/developer" user=${ctx.user}>
      <h1>Revoke the key of ${key.project}?</h1>
      <p>Key <code>${key.preview}…</code> (${key.permissions.split(",").join(", ")}). Every request made with it is refused from the next one on; this cannot be undone. The project can then get a new key.</p>
      <form method="post" action=${`/developer/keys/${key.id}/revoke`}>
        <${CsrfInput} csrf=${ctx.csrf} />
        <button type="submit" class="danger">Revoke key</button> <a class="button secondary" href="/developer">Cancel</a>
      </form>
    <//>`),
  };
}
