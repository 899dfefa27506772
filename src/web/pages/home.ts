/** `/`: what Patchbay is, and where to go next. */
import { html, toHtml } from "../render.js";
import type { PageContext } from "../page-context.js";
import { Layout, Notice } from "./layout.js";

export function homePage(ctx: PageContext) {
  const { baseUrl, agentUrl } = ctx.services.config;
  return toHtml(html`<${Layout} title="Connected apps for AI agents" path="/" user=${ctx.user} wide>
    ${ctx.query["signed-out"] ? html`<${Notice} kind="ok">You are signed out.<//>` : null}
    <h1>Patchbay: one API key, every app your agent needs</h1>
    <p>Connect an account's apps once (GitHub, Slack, Google and about 2,600 more), then use all of them through one key:
      a REST API, a remote MCP server, and client libraries for JavaScript and Python. Events from connected apps arrive as signed webhooks.</p>
    <p>
      ${ctx.user
        ? html`<a class="button" href="/developer">Go to your keys</a>`
        : html`<a class="button" href="/sign-up">Create an account</a> <a class="button secondary" href="/sign-in">Sign in</a>`}
    </p>
    <h2>Where things are</h2>
    <ul class="cards">
      <li><h3><a href="/docs/reference">API reference and set-up</a></h3><p class="muted">Every operation, a quick start, MCP set-up for Claude, Cursor and the Inspector, and webhook verification.</p></li>
      <li><h3><a href="/docs">Guides</a></h3><p class="muted">How connecting, tools, triggers and pricing work, in plain text.</p></li>
      <li><h3><a href="/apps">App catalog</a></h3><p class="muted">The apps you can connect, and their tools.</p></li>
      <li><h3>MCP endpoint</h3><p class="muted"><code>${baseUrl}/mcp</code> with <code>Authorization: Bearer</code>, or <code>${`${baseUrl}/mcp/k/<key>`}</code>.</p></li>
      <li><h3>For agents</h3><p class="muted"><a href=${`${agentUrl}/agent/site.json`}>site.json</a>, <a href="/llms.txt">llms.txt</a>, <a href="/openapi.json">openapi.json</a>.</p></li>
    </ul>
  <//>`);
}
