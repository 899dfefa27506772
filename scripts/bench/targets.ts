/**
 * What the bench calls, per target: the Patchbay paths and the references, as autocannon targets, each with a
 * check of one answer made before measuring (a path that answers wrongly is reported, not timed).
 */
import type { Target } from "./load.js";
import type { Patchbay } from "./patchbay.js";
import { APP } from "./patchbay.js";

export const BOOK_PATH = "/book/9780134685991";
/** Tasks that name their app (the find is narrowed to it) and tasks that do not (the whole catalog is searched). */
export const FIND_WITH_APP = ["star a repository on GitHub", "send a message to a Slack channel", "create a customer in Stripe", "look up a book by its ISBN in ISBNdb"];
export const FIND_NO_APP = ["send a message to a channel", "create a new customer record", "list upcoming calendar events", "upload a file to a folder"];

export interface BenchTarget {
  id: string;
  label: string;
  target: Target;
  /** Throws when one answer is not what the bench expects. */
  check(): Promise<void>;
}

const json = (body: unknown) => JSON.stringify(body);

async function expectOk(t: Target, ok: (status: number, body: string) => boolean = (s) => s >= 200 && s < 300) {
  const r = t.requests?.[0] ?? t;
  const res = await fetch(`${t.url}${r.path ?? ""}`, { method: r.method ?? t.method ?? "GET", headers: r.headers ?? t.headers, body: r.body ?? t.body });
  const text = await res.text();
  if (!ok(res.status, text)) throw new Error(`${r.method ?? t.method ?? "GET"} ${r.path ?? t.url} answered ${res.status}: ${text.slice(0, 300)}`);
}

function target(id: string, label: string, t: Target, ok?: (status: number, body: string) => boolean): BenchTarget {
  return { id, label, target: t, check: () => expectOk(t, ok) };
}

export function referenceTargets(refs: { upstream: string; nginx: string | null; nodeProxy: string; koa: string; openapiBackend: string }): BenchTarget[] {
  return [
    target("direct", "direct upstream", { url: refs.upstream, requests: [{ method: "GET", path: BOOK_PATH }] }),
    ...(refs.nginx ? [target("nginx", "nginx proxy_pass", { url: refs.nginx, requests: [{ method: "GET", path: BOOK_PATH }] })] : []),
    target("node-proxy", "plain Node proxy", { url: refs.nodeProxy, requests: [{ method: "GET", path: BOOK_PATH }] }),
    target("koa", "bare Koa", { url: refs.koa, requests: [{ method: "GET", path: "/api/v1/me" }] }),
    target("openapi-backend", "bare openapi-backend", { url: refs.openapiBackend, requests: [{ method: "GET", path: "/api/v1/me", headers: { authorization: "Bearer bench" } }] }),
  ];
}

export function patchbayTargets(pb: Pick<Patchbay, "url" | "key" | "tool">): BenchTarget[] {
  const headers = { authorization: `Bearer ${pb.key}`, "content-type": "application/json" };
  const post = (path: string, body: unknown) => ({ method: "POST", path, headers, body: json(body) });
  const mcpHeaders = { ...headers, accept: "application/json, text/event-stream" };
  const mcpCall = (task: string, id: number) => ({ method: "POST", path: "/mcp", headers: mcpHeaders, body: json({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "find_tools", arguments: { task } } }) });
  return [
    target("proxy", "Patchbay proxy", { url: pb.url, requests: [post(`/api/v1/apps/${APP}/request`, { method: "GET", path: BOOK_PATH })] }, (s, b) => s === 200 && /"status":200/.test(b)),
    target("run", "Patchbay tool run", { url: pb.url, requests: [post(`/api/v1/tools/${pb.tool}/run`, { arguments: { name: "Knuth" } })] }, (s, b) => s === 200 && /"successful":true/.test(b)),
    target("me", "Patchbay GET /me", { url: pb.url, requests: [{ method: "GET", path: "/api/v1/me", headers: { authorization: headers.authorization } }] }),
    target("find-app", "Patchbay find, app named", { url: pb.url, requests: FIND_WITH_APP.map((task) => post("/api/v1/tools/find", { task })) }, (s, b) => s === 200 && /"tools":\[\{/.test(b)),
    target("find-no-app", "Patchbay find, no app named", { url: pb.url, requests: FIND_NO_APP.map((task) => post("/api/v1/tools/find", { task })) }, (s, b) => s === 200 && /"tools":\[\{/.test(b)),
    target("mcp-find", "Patchbay MCP find_tools", { url: pb.url, requests: FIND_NO_APP.map((task, i) => mcpCall(task, i + 1)) }, (s, b) => s === 200 && /"result"/.test(b) && !/"isError":true/.test(b)),
  ];
}
