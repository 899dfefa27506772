/**
 * The permission matrix, generated from the contract: every operation with `x-patchbay-permission` (and every MCP
 * tool, through `x-patchbay-mcp-tool`) is called with keys holding each subset of read / connect / run. A key
 * lacking the permission gets 403 `insufficient_permission`, whether the request is valid or not (permission is
 * checked before the body); a key holding it never gets 403.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { createKey, PERMISSIONS, type KeyPermission } from "../../src/domain/keys.js";
import { attackEnv, CONNECTED_APP, connectApp, startTestServer, startUpstream, toolOf, type Upstream } from "./support/attack-server.js";
import { fillPath, minimalValid, operations, type Operation } from "./support/contract-operations.js";
import { rawClient } from "./support/raw-http.js";
import { createCheckoutTool } from "../../src/commerce/create-checkout-tool.js";

/** Every subset of the permissions that a key can have (the empty one only if createKey accepts it). */
let SUBSETS: KeyPermission[][] = Array.from({ length: 1 << PERMISSIONS.length }, (_, mask) => PERMISSIONS.filter((_, i) => mask & (1 << i)));
const guarded = operations.filter((o) => o.permission !== "none");

let server: TestServer;
let upstream: Upstream;
let http: ReturnType<typeof rawClient>;
let trigger: string;
let tool: string;
const keys = new Map<string, string>();

beforeAll(async () => {
  upstream = await startUpstream();
  server = await startTestServer({ ...attackEnv, PATCHBAY_ALLOW_PRIVATE_NETWORK: "true" });
  const account = await server.newAccount();
  await connectApp(server, account.accountId, CONNECTED_APP, upstream.url);
  tool = toolOf(server, CONNECTED_APP);
  trigger = (await server.call("POST", "/api/v1/triggers", { key: account.key, body: { source: "webhook", name: "perm" } })).body.trigger.id;
  const { db, secrets } = server.service.services;
  for (const subset of SUBSETS) {
    try {
      keys.set(subset.join(","), (await createKey(db, secrets, account.accountId, "permissions", subset)).key);
    } catch (err) {
      console.log(`permissions: no key with [${subset}] can be made (${(err as Error).message}); that subset is left out`);
    }
  }
  SUBSETS = SUBSETS.filter((s) => keys.has(s.join(",")));
  http = rawClient(server.url, 8);
}, 120_000);

afterAll(async () => {
  http?.close();
  await server?.stop();
  await upstream?.stop();
});

/** A request valid against the contract (or, with `invalidBody`, one whose body breaks it). */
function request(op: Operation, key: string, invalidBody = false) {
  const query = new URLSearchParams();
  for (const p of op.params.filter((x) => x.in === "query" && x.required)) query.set(p.name, p.name === "trigger" ? trigger : p.name === "app" ? CONNECTED_APP : String(minimalValid(p.schema, p.name)));
  const body = op.body ? (invalidBody ? '{"__not_a_field__":[1e300],"arguments":"not an object","method":7}' : JSON.stringify(op.operationId === "requestApp" ? { method: "GET", path: "/" } : minimalValid(op.body))) : undefined;
  const qs = query.toString();
  return {
    method: op.method,
    path: fillPath(op, { app: CONNECTED_APP, tool, id: "zz_000000000000000000000000" }) + (qs ? `?${qs}` : ""),
    headers: { authorization: `Bearer ${key}`, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
    body,
  };
}

const codeOf = (json: unknown) => (json as { error?: { code?: string } } | null)?.error?.code;

describe("REST permission matrix (every operation with x-patchbay-permission × every subset of read/connect/run)", () => {
  it("covers every guarded operation of the contract", () => {
    expect(guarded.length).toBeGreaterThan(10);
    expect(new Set(guarded.map((o) => o.permission))).toEqual(new Set(["read", "connect", "run"]));
  });

  it("refuses a valid request with 403 insufficient_permission when the key lacks the permission", async () => {
    const failures: string[] = [];
    for (const op of guarded) {
      for (const subset of SUBSETS.filter((s) => !s.includes(op.permission as KeyPermission))) {
        const req = request(op, keys.get(subset.join(","))!);
        const ans = await http.send(req);
        if (ans.status !== 403 || codeOf(ans.json) !== "insufficient_permission") failures.push(`${op.operationId} (needs ${op.permission}) with [${subset}]: ${ans.status} ${ans.text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses an INVALID body with 403 too when the key lacks the permission (permission before validation)", async () => {
    const failures: string[] = [];
    for (const op of guarded.filter((o) => o.body)) {
      for (const subset of SUBSETS.filter((s) => !s.includes(op.permission as KeyPermission))) {
        const ans = await http.send(request(op, keys.get(subset.join(","))!, true));
        if (ans.status !== 403 || codeOf(ans.json) !== "insufficient_permission") failures.push(`${op.operationId} (needs ${op.permission}) with [${subset}], invalid body: ${ans.status} ${codeOf(ans.json) ?? ans.text.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("never answers 403 to a key that holds the permission", async () => {
    const failures: string[] = [];
    for (const op of guarded) {
      for (const subset of SUBSETS.filter((s) => s.includes(op.permission as KeyPermission))) {
        const req = request(op, keys.get(subset.join(","))!);
        const ans = await http.send(req);
        // The minimal valid request may name an upstream that does not exist (a custom connector's URL): a declared
        // upstream fault (502 upstream_error, 504 upstream_timeout) is an answer past the permission check, not a fault of ours.
        const upstreamFault = (ans.status === 502 && codeOf(ans.json) === "upstream_error") || (ans.status === 504 && codeOf(ans.json) === "upstream_timeout");
        if (ans.status === 403 || (ans.status >= 500 && ans.status !== 501 && !upstreamFault)) failures.push(`${op.operationId} with [${subset}]: ${ans.status} ${ans.text.slice(0, 160)}  (${req.method} ${req.path} ${req.body ?? ""})`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("MCP permission matrix (every tool of tools/list × every subset)", () => {
  const mcp = async (key: string, body: object) => {
    const res = await fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${key}` }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, ...body }) });
    return { status: res.status, json: (await res.json().catch(() => null)) as any };
  };
  const toolOps = () => operations.filter((o) => o.mcpTool);

  async function toolCall(toolName: string, key: string, args: Record<string, unknown>) {
    const { status, json } = await mcp(key, { method: "tools/call", params: { name: toolName, arguments: args } });
    return { status, code: json?.result?.structuredContent?.error?.code ?? json?.error?.code, text: JSON.stringify(json).slice(0, 200) };
  }

  const validArgs = (schema: Record<string, any>) => {
    const args = minimalValid(schema) as Record<string, unknown>;
    if ("app" in schema.properties) args.app = CONNECTED_APP;
    if ("tool" in schema.properties) args.tool = tool;
    return args;
  };

  // The base host is also the agent host here (the default), so the agent host's own tool is offered too; it needs
  // no permission (anyone may start a checkout).
  const agentOnly = [createCheckoutTool.name];
  const permissionOf = (name: string) => (agentOnly.includes(name as never) ? "none" : toolOps().find((o) => o.mcpTool === name)!.permission);

  it("offers, in tools/list, exactly the tools the contract names (x-patchbay-mcp-tool) and the agent host's create_checkout", async () => {
    const { json } = await mcp(keys.get(PERMISSIONS.join(","))!, { method: "tools/list" });
    expect(json.result.tools.map((t: { name: string }) => t.name).sort()).toEqual([...toolOps().map((o) => o.mcpTool), ...agentOnly].sort());
  });

  it("answers a tool call with insufficient_permission when the key lacks the tool's permission, valid arguments or not", async () => {
    const { json } = await mcp(keys.get(PERMISSIONS.join(","))!, { method: "tools/list" });
    const failures: string[] = [];
    for (const t of json.result.tools as { name: string; inputSchema: Record<string, any> }[]) {
      const permission = permissionOf(t.name);
      if (permission === "none") continue;
      for (const subset of SUBSETS.filter((s) => !s.includes(permission as KeyPermission))) {
        for (const [what, args] of [["valid", validArgs(t.inputSchema)], ["invalid", { __not_a_field__: [1e300] }]] as const) {
          const r = await toolCall(t.name, keys.get(subset.join(","))!, args);
          if (r.code !== "insufficient_permission") failures.push(`${t.name} (needs ${permission}) with [${subset}], ${what} arguments: ${r.status} ${r.text}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("never answers insufficient_permission to a key that holds the tool's permission", async () => {
    const { json } = await mcp(keys.get(PERMISSIONS.join(","))!, { method: "tools/list" });
    const failures: string[] = [];
    for (const t of json.result.tools as { name: string; inputSchema: Record<string, any> }[]) {
      const permission = permissionOf(t.name);
      for (const subset of SUBSETS.filter((s) => permission === "none" || s.includes(permission as KeyPermission))) {
        const r = await toolCall(t.name, keys.get(subset.join(","))!, validArgs(t.inputSchema));
        if (r.code === "insufficient_permission" || r.status >= 500) failures.push(`${t.name} with [${subset}]: ${r.status} ${r.text}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
