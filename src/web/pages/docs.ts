/**
 * `/docs/reference`: a quick start, MCP set-up snippets (Claude Desktop, Claude Code, Cursor, the MCP Inspector),
 * webhook verification with raw-body handling, and the interactive API reference of generated/openapi.json
 * (Scalar, served from our own node_modules copy; it loads no fonts and calls no outside service).
 */
import { html, toHtml } from "../render.js";
import type { PageContext } from "../page-context.js";
import { Layout } from "./layout.js";

const Code = ({ label, text }: { label: string; text: string }) => html`<figure><figcaption class="muted">${label}</figcaption><pre tabindex="0"><code>${text}</code></pre></figure>`;

/** The verification every JavaScript example uses (test/web/docs-examples.test.ts runs it against a real delivery). */
const VERIFY_JS = `import { createHmac, timingSafeEqual } from "node:crypto";

// True when a delivery comes from Patchbay: rawBody is the body exactly as received (a Buffer), before any parsing.
function verifyPatchbay(rawBody, timestamp, signature, secret) {
  if (!/^\\d+$/.test(timestamp ?? "") || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const want = Buffer.from("sha256=" + createHmac("sha256", secret).update(timestamp + ".").update(rawBody).digest("hex"));
  const got = Buffer.from(String(signature ?? ""));
  return got.length === want.length && timingSafeEqual(got, want);
}`;

/** The verification every Python example uses (run by the same test). */
const VERIFY_PY = `import hashlib, hmac, time

def verify_patchbay(raw: bytes, timestamp: str, signature: str, secret: str) -> bool:
    """True when a delivery comes from Patchbay: raw is the body exactly as received, before any parsing."""
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > 300:
        return False
    want = "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature.encode(), want.encode())`;

const webhookExamples = (secretVar: string) => ({
  "Express (npm i express)": `import express from "express";
${VERIFY_JS}

const app = express();
// express.raw keeps this route's body as a Buffer: the signature covers the raw bytes.
app.post("/hook", express.raw({ type: "*/*" }), (req, res) => {
  if (!verifyPatchbay(req.body, req.get("x-patchbay-timestamp"), req.get("x-patchbay-signature"), process.env.${secretVar})) return res.sendStatus(401);
  const event = JSON.parse(req.body.toString("utf8"));
  console.log(event.type, event.id);
  res.sendStatus(204);
});
app.listen(3000);`,
  "Fastify (npm i fastify)": `import Fastify from "fastify";
${VERIFY_JS}

const app = Fastify();
app.register(async (hooks) => {
  // In this plugin only, JSON bodies stay Buffers: Fastify's own JSON parser would hand over an object.
  hooks.removeContentTypeParser("application/json");
  hooks.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  hooks.post("/hook", async (req, reply) => {
    if (!verifyPatchbay(req.body, req.headers["x-patchbay-timestamp"], req.headers["x-patchbay-signature"], process.env.${secretVar})) return reply.code(401).send();
    const event = JSON.parse(req.body.toString("utf8"));
    req.log.info({ type: event.type, id: event.id }, "event");
    return reply.code(204).send();
  });
});
await app.listen({ port: 3000 });`,
  "Flask (pip install flask)": `import json, os
from flask import Flask, request, abort
${VERIFY_PY}

app = Flask(__name__)

@app.post("/hook")
def hook():
    raw = request.get_data()  # the raw bytes; read them before anything parses the body
    if not verify_patchbay(raw, request.headers.get("x-patchbay-timestamp", ""), request.headers.get("x-patchbay-signature", ""), os.environ["${secretVar}"]):
        abort(401)
    event = json.loads(raw)
    print(event["type"], event["id"])
    return "", 204`,
  "FastAPI (pip install fastapi uvicorn)": `import json, os
from fastapi import FastAPI, Request, Response, HTTPException
${VERIFY_PY}

app = FastAPI()

@app.post("/hook")
async def hook(request: Request):
    raw = await request.body()  # the raw bytes, not a parsed model
    if not verify_patchbay(raw, request.headers.get("x-patchbay-timestamp", ""), request.headers.get("x-patchbay-signature", ""), os.environ["${secretVar}"]):
        raise HTTPException(status_code=401)
    event = json.loads(raw)
    print(event["type"], event["id"])
    return Response(status_code=204)`,
});

export function docsPage(ctx: PageContext) {
  const base = ctx.services.config.baseUrl;
  const mcp = `${base}/mcp`;
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  // mcp-remote refuses plain http except to localhost unless told otherwise.
  const { protocol, hostname } = new URL(base);
  const allowHttp = protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(hostname) ? ["--allow-http"] : [];
  return toHtml(html`<${Layout} title="API reference and set-up" path="/docs/reference" user=${ctx.user} wide scripts=${["/assets/web/scalar.js", "/assets/web/docs.js"]}>
    <h1>API reference and set-up</h1>
    <p class="muted">The guides (connecting apps, tools, triggers, pricing) are at <a href="/docs">/docs</a>.</p>
    <nav aria-label="On this page"><ul>
      <li><a href="#quick-start">Quick start</a></li><li><a href="#mcp">MCP set-up</a></li><li><a href="#webhooks">Verifying webhooks</a></li><li><a href="#reference">API reference</a></li>
    </ul></nav>
    <h2 id="quick-start">Quick start</h2>
    <p>${ctx.user ? html`Create a key on the <a href="/developer">developer page</a>` : html`<a href="/sign-up">Create an account</a>, then a key on the developer page`} (or with the CLI), and call the API:</p>
    <${Code} label="Shell" text=${`npx patchbay account create --email you@example.com --password '<password>'
KEY=$(npx patchbay key create --email you@example.com --project my-agent)
curl -H "Authorization: Bearer $KEY" ${base}/api/v1/me
curl -H "Authorization: Bearer $KEY" -X POST ${base}/api/v1/apps/github/connect   # a sign-in link to open`} />
    <h2 id="mcp">MCP set-up</h2>
    <p>The MCP server is <code>${mcp}</code> (Streamable HTTP). Send the key as a header, or, for clients that cannot send headers, inside the URL <code>${`${mcp}/k/<key>`}</code> (treat that URL as a password). Replace <code>patchbay_sk_...</code> with your key.</p>
    <${Code} label="Claude Desktop: claude_desktop_config.json (Settings → Developer → Edit Config), through the mcp-remote bridge; restart Claude Desktop after saving" text=${json({ mcpServers: { patchbay: { command: "npx", args: ["-y", "mcp-remote", mcp, "--header", "Authorization:${AUTH_HEADER}", ...allowHttp], env: { AUTH_HEADER: "Bearer patchbay_sk_..." } } } })} />
    <${Code} label="Claude Desktop, key in the URL (the same file)" text=${json({ mcpServers: { patchbay: { command: "npx", args: ["-y", "mcp-remote", `${mcp}/k/patchbay_sk_...`, ...allowHttp] } } })} />
    <${Code} label="Claude Code" text=${`claude mcp add --transport http patchbay ${mcp} --header "Authorization: Bearer patchbay_sk_..."
# or, key in the URL:
claude mcp add --transport http patchbay ${mcp}/k/patchbay_sk_...`} />
    <${Code} label="Cursor: .cursor/mcp.json in the project, or ~/.cursor/mcp.json" text=${json({ mcpServers: { patchbay: { url: mcp, headers: { Authorization: "Bearer patchbay_sk_..." } } } })} />
    <${Code} label="Cursor, key in the URL" text=${json({ mcpServers: { patchbay: { url: `${mcp}/k/patchbay_sk_...` } } })} />
    <${Code} label="MCP Inspector (Node 22 or later): list the tools from the command line" text=${`npx @modelcontextprotocol/inspector --cli ${mcp} --transport http --header "Authorization: Bearer patchbay_sk_..." --method tools/list
npx @modelcontextprotocol/inspector --cli ${mcp}/k/patchbay_sk_... --transport http --method tools/list`} />
    <h2 id="webhooks">Verifying webhooks</h2>
    <p>Each delivery carries <code>x-patchbay-timestamp</code> and <code>x-patchbay-signature</code>: <code>sha256=</code> and the hex HMAC-SHA256 of <code>timestamp + "." + raw body</code>, keyed with the trigger's <code>signingSecret</code>. Compute it over the raw bytes (before JSON parsing), compare in constant time, and refuse timestamps more than 5 minutes off. A receiver of several triggers picks the secret by <code>x-patchbay-trigger-id</code>; <code>x-patchbay-event-id</code> is the same on every retry, to skip duplicates. The activity page's <em>Send a test event</em> button sends one (type <code>patchbay.test</code>) to try your receiver.</p>
    ${Object.entries(webhookExamples("PATCHBAY_SIGNING_SECRET")).map(([name, text]) => html`<${Code} label=${name} text=${text} />`)}
    <h2 id="reference">API reference</h2>
    <p class="muted">Interactive reference of <a href="/openapi.json">openapi.json</a>. Without JavaScript, read that document or the <a href="/docs">text docs</a>.</p>
    <div id="scalar-reference"></div>
  <//>`);
}
