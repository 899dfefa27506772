/** `/developer`: the account's keys (one per project), a form for a new one, the new key shown once. */
import { html, toHtml, when } from "../render.js";
import type { PageContext } from "../page-context.js";
import { listKeys, PERMISSIONS } from "../../domain/keys.js";
import { CsrfInput, Layout, Notice } from "./layout.js";

const PERMISSION_HELP: Record<string, string> = { read: "list apps, connections, tools, runs", connect: "sign-in links, disconnect, triggers", run: "run tools, call apps' APIs" };

export async function developerPage(ctx: PageContext, opts: { error?: string; created?: { key: string; project: string } } = {}) {
  const keys = await listKeys(ctx.services.db, ctx.caller!.accountId);
  const active = keys.filter((k) => !k.revokedAt);
  const revoked = ctx.query.revoked ? keys.find((k) => k.id === ctx.query.revoked) : undefined;
  return toHtml(html`<${Layout} title="Developer" path="/developer" user=${ctx.user} wide scripts=${["/assets/web/copy.js"]}>
    <h1>API keys</h1>
    ${ctx.query.welcome ? html`<${Notice} kind="ok">Your account is ready. Create a key for your first project below.<//>` : null}
    ${revoked ? html`<${Notice} kind="ok">Key ${revoked.preview}… (${revoked.project}) is revoked: requests with it are refused from now on.<//>` : null}
    ${opts.error ? html`<${Notice} kind="error">${opts.error}<//>` : null}
    ${opts.created
      ? html`<section class="notice ok" aria-labelledby="new-key-title">
          <h2 id="new-key-title">Your new key for ${opts.created.project}</h2>
          <p><strong>Copy it now: it is shown this once.</strong> Patchbay stores only a fingerprint of it. Anyone with the key acts as your account.</p>
          <label for="new-key">API key</label>
          <input id="new-key" class="secret" readonly value=${opts.created.key} />
          <button type="button" class="small" data-copy="new-key" hidden>Copy</button>
          <span id="new-key-status" class="sr-only" aria-live="polite"></span>
          <p class="muted">Try it: <code>curl -H "Authorization: Bearer ${"<key>"}" ${ctx.services.config.baseUrl}/api/v1/me</code></p>
        </section>`
      : null}
    <h2>Your keys</h2>
    ${keys.length
      ? html`<div class="table-wrap"><table class="stack">
          <thead><tr><th scope="col">Project</th><th scope="col">Key</th><th scope="col">Permissions</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th></tr></thead>
          <tbody>
            ${keys.map(
              (k) => html`<tr>
                <td data-label="Project">${k.project}</td>
                <td data-label="Key"><code>${k.preview}…</code></td>
                <td data-label="Permissions">${k.permissions.split(",").join(", ")}</td>
                <td data-label="Created">${when(k.createdAt)}</td>
                <td data-label="Last used">${when(k.lastUsedAt)}</td>
                <td data-label="State">${k.revokedAt
                  ? html`<span class="badge bad">revoked ${when(k.revokedAt)}</span>`
                  : html`<a class="button small danger" href=${`/developer/keys/${k.id}/revoke`} aria-label=${`Revoke the key of ${k.project}`}>Revoke…</a>`}</td>
              </tr>`,
            )}
          </tbody>
        </table></div>`
      : html`<p>No keys yet.</p>`}
    <h2>Create a key</h2>
    <p class="muted">One key per project${active.length ? ` (${active.length} active)` : ""}: a project that has a key must revoke it before getting a new one.</p>
    <form method="post" action="/developer/keys">
      <${CsrfInput} csrf=${ctx.csrf} />
      <label for="project">Project</label>
      <input id="project" name="project" required maxlength="100" placeholder="e.g. support-bot" />
      <fieldset>
        <legend>Permissions</legend>
        ${PERMISSIONS.map((p) => html`<label><input type="checkbox" name="permissions" value=${p} checked /> ${p} <span class="muted">(${PERMISSION_HELP[p]})</span></label>`)}
      </fieldset>
      <button type="submit">Create key</button>
    </form>
  <//>`);
}
