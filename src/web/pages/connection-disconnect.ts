/** `/connections/<id>/disconnect`: the confirmation before a connection is deleted (works without JavaScript). */
import { html, toHtml } from "../render.js";
import { read, type PageContext } from "../page-context.js";
import { CsrfInput, Layout } from "./layout.js";

export async function connectionDisconnectPage(ctx: PageContext, id: string) {
  const connection = (await read(ctx, "listConnections", { query: { limit: 200 } })).find((c) => c.id === id);
  if (!connection) {
    return { status: 404, html: toHtml(html`<${Layout} title="No such connection" path="/connections" user=${ctx.user}><h1>No such connection</h1><p>It may be disconnected already. <a href="/connections">Back to your connections</a>.</p><//>`) };
  }
  return {
    html: toHtml(html`<${Layout} title="Disconnect" path="/connections" user=${ctx.user}>
      <h1>Disconnect ${connection.app}?</h1>
      <p>Connection <code>${connection.id}</code>${connection.label ? ` (${connection.label})` : ""}: its stored credentials are deleted, and tools and triggers of ${connection.app} stop working until you connect it again.</p>
      <form method="post" action=${`/connections/${connection.id}/disconnect`}>
        <${CsrfInput} csrf=${ctx.csrf} />
        <button type="submit" class="danger">Disconnect</button> <a class="button secondary" href="/connections">Cancel</a>
      </form>
    <//>`),
  };
}
