/** `/connections`: connected apps (status, label, dates), reconnect and disconnect; search the catalog to connect one. */
import { html, toHtml, when } from "../render.js";
import { read, type PageContext } from "../page-context.js";
import { CsrfInput, Layout, Notice } from "./layout.js";

export async function connectionsPage(ctx: PageContext, opts: { error?: string; status?: number } = {}) {
  const connections = await read(ctx, "listConnections", { query: { limit: 200 } });
  const search = (ctx.query.q ?? "").trim().slice(0, 100);
  const found = search ? await read(ctx, "listCatalog", { query: { search, limit: 10 } }) : [];
  const ConnectButton = ({ app, label }: { app: string; label: string }) =>
    html`<form method="post" action="/connections/connect" class="inline">
      <${CsrfInput} csrf=${ctx.csrf} /><input type="hidden" name="app" value=${app} />
      <button type="submit" class="small">${label}</button>
    </form>`;
  return {
    status: opts.status,
    html: toHtml(html`<${Layout} title="Connections" path="/connections" user=${ctx.user} wide>
      <h1>Connected apps</h1>
      ${opts.error ? html`<${Notice} kind="error">${opts.error}<//>` : null}
      ${ctx.query.connection ? html`<${Notice} kind="ok">${ctx.query.app ?? "The app"} is connected (${ctx.query.connection}).<//>` : null}
      ${ctx.query.disconnected ? html`<${Notice} kind="ok">Disconnected: connection ${ctx.query.disconnected} and its stored credentials are deleted.<//>` : null}
      ${connections.length
        ? html`<div class="table-wrap"><table class="stack">
            <thead><tr><th scope="col">App</th><th scope="col">Status</th><th scope="col">Label</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Actions</th></tr></thead>
            <tbody>
              ${connections.map(
                (c) => html`<tr>
                  <td data-label="App">${c.app}</td>
                  <td data-label="Status">${c.status === "active" ? html`<span class="badge good">active</span>` : html`<span class="badge bad">needs reconnect</span>`}</td>
                  <td data-label="Label">${c.label ?? "—"}</td>
                  <td data-label="Created">${when(c.createdAt)}</td>
                  <td data-label="Last used">${when(c.lastUsedAt)}</td>
                  <td data-label="Actions">
                    <${ConnectButton} app=${c.app} label=${c.status === "active" ? "Reconnect" : "Reconnect now"} />
                    ${" "}<a class="button small danger" href=${`/connections/${c.id}/disconnect`} aria-label=${`Disconnect ${c.app} (${c.id})`}>Disconnect…</a>
                  </td>
                </tr>`,
              )}
            </tbody>
          </table></div>`
        : html`<p>No app is connected yet.</p>`}
      <h2 id="connect">Connect an app</h2>
      <form method="get" action="/connections#connect" role="search">
        <div class="row">
          <div><label for="q">Search the catalog</label><input id="q" name="q" type="search" value=${search} placeholder="e.g. github, slack, calendar" /></div>
          <button type="submit">Search</button>
        </div>
      </form>
      ${search && !found.length ? html`<p>No app matches “${search}”. Try another word, or browse <a href="/apps">all apps</a>.</p>` : null}
      ${found.length
        ? html`<ul class="cards">
            ${found.map((a) => html`<li><h3>${a.name}</h3><p class="muted">${a.description.slice(0, 140)}</p><${ConnectButton} app=${a.id} label=${`Connect ${a.name}`} /></li>`)}
          </ul>`
        : null}
      <p class="muted">Connecting opens the app's own sign-in (or asks for its API key), then comes back here.</p>
    <//>`),
  };
}
