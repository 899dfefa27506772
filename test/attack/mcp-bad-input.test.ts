/**
 * The MCP door under bad input: JSON-RPC with wrong params for every tool that tools/list offers, malformed JSON-RPC,
 * wrong method names, huge ids. Never an HTTP 5xx, never a JSON-RPC internal error (-32603) for a client's mistake,
 * and no internal text (stack, Prisma, "invalid `") in any message. All answers are collected, then judged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { attackEnv, startTestServer } from "./support/attack-server.js";
import { HOSTILE_JSON } from "./support/bad-requests.js";
import { INTERNAL_TEXT } from "./support/answer-check.js";
import { minimalValid } from "./support/contract-operations.js";
import { pool, rawClient } from "./support/raw-http.js";

let server: TestServer;
let key: string;
const findings: Map<string, { count: number; example: string; answer: string }> = new Map();
let total = 0;
let tools: { name: string; inputSchema: { properties: Record<string, unknown>; required?: string[] } }[] = [];

beforeAll(async () => {
  server = await startTestServer(attackEnv);
  key = (await server.newAccount()).key;
  const list = await fetch(`${server.url}/mcp`, { method: "POST", headers: headers(), body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
  tools = (await list.json()).result.tools;

  const bodies: { what: string; body: string }[] = [];
  const call = (what: string, params: unknown, id: unknown = 1) => bodies.push({ what, body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }) });
  for (const tool of tools) {
    const valid = minimalValid(tool.inputSchema as never) as Record<string, unknown>;
    call(`${tool.name} valid minimal`, { name: tool.name, arguments: valid });
    call(`${tool.name} extra argument`, { name: tool.name, arguments: { ...valid, extra: 1 } });
    for (const bad of ["x", 1, null, [], true]) call(`${tool.name} arguments not an object`, { name: tool.name, arguments: bad });
    for (const name of tool.inputSchema.required ?? []) {
      const { [name]: _, ...rest } = valid;
      call(`${tool.name} missing ${name}`, { name: tool.name, arguments: rest });
    }
    for (const prop of Object.keys(tool.inputSchema.properties)) {
      for (const v of HOSTILE_JSON) call(`${tool.name} ${prop} hostile`, { name: tool.name, arguments: { ...valid, [prop]: v } });
    }
  }
  for (const name of [123, null, "", "nope", "x".repeat(100_000), "__proto__", "constructor", "run_tool\u0000", ["run_tool"]]) call("tools/call name", { name, arguments: {} });
  for (const params of [null, [], "x", 1, {}, { arguments: {} }]) call("tools/call params", params);
  for (const id of [1e300, -1, 2 ** 64, "x".repeat(100_000), { a: 1 }, [1], true, 1.5, ""]) call("huge or odd id", { name: tools[0]!.name, arguments: {} }, id);

  const raw = (what: string, body: string) => bodies.push({ what, body });
  for (const body of [
    "{", "[]", "null", "1", '"x"', "{}", '{"jsonrpc":"1.0","id":1,"method":"tools/list"}', '{"jsonrpc":"2.0","id":1}', '{"jsonrpc":"2.0","id":1,"method":1}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}', '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":"x"}', '{"jsonrpc":"2.0","method":"tools/list"}',
    JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" }))), "[".repeat(100_000) + "]".repeat(100_000),
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_tool","arguments":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}}`,
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "find_tools", arguments: { task: "p".repeat(2 * 1024 * 1024) } } }),
  ]) raw("malformed JSON-RPC", body);
  for (const method of ["tools/lis", "resources/list", "prompts/get", "", "rpc.discover", "__proto__", "constructor", "initialize", "notifications/initialized", "x".repeat(10_000), "completion/complete", "logging/setLevel"]) {
    raw(`method ${method.slice(0, 20)}`, JSON.stringify({ jsonrpc: "2.0", id: 7, method, params: { bad: [1] } }));
  }

  const http = rawClient(server.url, 16);
  await pool(bodies, 16, async ({ what, body }) => {
    for (const path of ["/mcp", `/mcp/k/${key}`]) {
      const ans = await http.send({ method: "POST", path, headers: path === "/mcp" ? headers() : { ...headers(), authorization: "" }, body });
      total++;
      for (const problem of judge(ans.status, ans.text)) {
        const k = `${what} | ${problem}`;
        const f = findings.get(k);
        if (f) f.count++;
        else findings.set(k, { count: 1, example: `POST ${path.replace(key, "<key>")} ${body.slice(0, 200)}`, answer: `${ans.status} ${ans.error ?? ans.text.slice(0, 300)}` });
      }
    }
  });
  http.close();
  console.log(`mcp-bad-input: ${total} JSON-RPC requests over ${tools.length} tools; ${findings.size} kinds of finding`);
  for (const [k, f] of findings) console.log(`✗ ${k} (×${f.count})\n    request: ${f.example}\n    answer:  ${f.answer}`);
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

function headers(): Record<string, string> {
  return { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${key}` };
}

/** Problems of one answer: HTTP 5xx, JSON-RPC -32603, internal text anywhere in a message. */
function judge(status: number, text: string): string[] {
  const problems: string[] = [];
  if (status === 0) problems.push("no answer");
  if (status >= 500) problems.push(`HTTP ${status}`);
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    if (text) problems.push("answer is not JSON");
  }
  for (const message of [parsed].flat() as { error?: { code?: unknown; message?: string }; result?: { isError?: boolean; content?: { text?: string }[] } }[]) {
    if (!message) continue;
    if (message.error?.code === -32603) problems.push("JSON-RPC -32603 internal error");
    const texts = [message.error?.message, ...(message.result?.isError ? message.result.content ?? [] : []).map((c) => c.text)].filter((t): t is string => typeof t === "string");
    if (texts.some((t) => INTERNAL_TEXT.test(t))) problems.push("internal text in a message");
  }
  return problems;
}

describe("the MCP door under bad input", () => {
  it("covers every tool that tools/list offers", () => {
    expect(tools.length).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(tools.length * 20);
  });

  it("never answers with HTTP 5xx or no answer", () => {
    expect([...findings].filter(([k]) => /HTTP 5|no answer/.test(k)).map(([k, f]) => `${k}: ${f.example} → ${f.answer}`)).toEqual([]);
  });

  it("never reports a client's mistake as a JSON-RPC internal error (-32603)", () => {
    expect([...findings].filter(([k]) => k.includes("-32603")).map(([k, f]) => `${k}: ${f.example} → ${f.answer}`)).toEqual([]);
  });

  it("never shows internal text (stack, Prisma, invalid `) in a message, and always answers JSON", () => {
    expect([...findings].filter(([k]) => /internal text|not JSON/.test(k)).map(([k, f]) => `${k}: ${f.example} → ${f.answer}`)).toEqual([]);
  });
});
