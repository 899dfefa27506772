/**
 * Isolation between accounts, generated from the contract. Accounts A and B each get resources through the API
 * (a generic webhook trigger and its event, a run, a sign-in link) plus a connection. Then, from the document alone:
 *  - every operation with an `{id}` path parameter is called by B with each id that A's list of that collection shows;
 *  - every query parameter or body field named after a collection (`trigger`, `connection`) is given A's ids by B;
 *  - every list operation (and every MCP tool) called by B must not show any of A's ids or marks.
 * B must get 404 and never A's data; A's resources must still be there afterwards.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { attackEnv, CONNECTED_APP, connectApp, startTestServer, startUpstream, toolOf, type Upstream } from "./support/attack-server.js";
import { collectionOf, fillPath, minimalValid, operations, type Operation } from "./support/contract-operations.js";
import { allowedServerStatus, judge } from "./support/answer-check.js";
import { rawClient, type RawAnswer } from "./support/raw-http.js";

type Account = Awaited<ReturnType<TestServer["newAccount"]>> & { trigger: string; connection: string; marks: string[] };

let server: TestServer;
let upstream: Upstream;
let http: ReturnType<typeof rawClient>;
let a: Account;
let b: Account;
let tool: string;
/** A's ids, by collection path (`/api/v1/triggers` → [trg_...]), from A's own list operations. */
const idsOfA = new Map<string, string[]>();
/** Every id found anywhere in A's list answers. */
const everyIdOfA = new Set<string>();

/** The collections: GET operations without path parameters whose path is the prefix of an `{id}` operation. */
const collections = [...new Set(operations.map(collectionOf).filter((c): c is string => c !== null))];
const listOperations = operations.filter((o) => o.method === "GET" && o.authenticated && !o.params.some((p) => p.in === "path"));
/** `trigger` → `/api/v1/triggers`: a field that names one record of a collection. */
const collectionOfField = (name: string) => collections.find((c) => c.split("/").pop() === `${name}s`) ?? null;

async function call(op: Operation, who: Account, over: { path?: Record<string, string>; query?: Record<string, string>; body?: Record<string, unknown> } = {}) {
  const path: Record<string, string> = { app: CONNECTED_APP, tool, id: "none", ...over.path };
  const query = new URLSearchParams();
  for (const p of op.params.filter((x) => x.in === "query")) {
    const given = over.query?.[p.name];
    if (given !== undefined) query.set(p.name, given);
    else if (p.required) query.set(p.name, p.name === "trigger" ? who.trigger : p.name === "app" ? CONNECTED_APP : String(minimalValid(p.schema, p.name)));
  }
  let body: string | undefined;
  if (op.body) body = JSON.stringify({ ...(op.operationId === "requestApp" ? { method: "GET", path: "/" } : (minimalValid(op.body) as object)), ...over.body });
  const qs = query.toString();
  const req = {
    method: op.method,
    path: fillPath(op, path) + (qs ? `?${qs}` : ""),
    headers: { authorization: `Bearer ${who.key}`, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
    body,
  };
  const answer = await http.send(req);
  return { req, answer };
}

function collectIds(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) value.forEach((v) => collectIds(v, into));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if ((k === "id" || k === "trigger" || k === "connection") && typeof v === "string") into.add(v);
      collectIds(v, into);
    }
  }
}

async function setUpAccount(): Promise<Account> {
  const acc = await server.newAccount();
  const mark = `mark-${randomBytes(6).toString("hex")}`;
  const created = await server.call("POST", "/api/v1/triggers", { key: acc.key, body: { source: "webhook", name: `trigger ${mark}` } });
  expect(created.status).toBe(201);
  const trigger = created.body.trigger;
  const connection = await connectApp(server, acc.accountId, CONNECTED_APP, upstream.url, `api-key-${mark}`);
  // An event (through the inbound URL), a run (an app request), a sign-in link.
  expect((await fetch(trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ mark }) })).status).toBe(202);
  await server.call("POST", `/api/v1/apps/${CONNECTED_APP}/request`, { key: acc.key, body: { method: "GET", path: `/${mark}` } });
  await server.call("POST", `/api/v1/apps/${CONNECTED_APP}/connect`, { key: acc.key, body: { label: mark } });
  const token = new URL(trigger.inboundUrl).pathname.split("/").pop()!;
  return { ...acc, trigger: trigger.id, connection, marks: [mark, acc.email, token] };
}

beforeAll(async () => {
  upstream = await startUpstream();
  server = await startTestServer({ ...attackEnv, PATCHBAY_ALLOW_PRIVATE_NETWORK: "true" });
  tool = toolOf(server, CONNECTED_APP);
  http = rawClient(server.url, 8);
  a = await setUpAccount();
  b = await setUpAccount();
  // Shared records (the catalog's apps, tools, trigger types) are what a fresh account C sees too: not A's.
  const c = { ...(await server.newAccount()), trigger: "none", connection: "none", marks: [] };
  for (const op of listOperations) {
    const { answer } = await call(op, a);
    if (answer.status !== 200) continue;
    const shared = new Set<string>();
    collectIds((await call(op, c, { query: { trigger: b.trigger } })).answer.json, shared);
    const ids = new Set<string>();
    collectIds(answer.json, ids);
    shared.forEach((id) => ids.delete(id));
    ids.forEach((id) => everyIdOfA.add(id));
    if (collections.includes(op.path)) idsOfA.set(op.path, [...ids].filter((id) => (answer.json as { id: string }[]).some((r) => r.id === id)));
  }
  for (const id of [a.trigger, a.connection]) everyIdOfA.add(id);
}, 120_000);

afterAll(async () => {
  http?.close();
  await server?.stop();
  await upstream?.stop();
});

/** What is wrong when B addresses one of A's records. */
function leak(answer: RawAnswer, addressed: string): string | null {
  if (answer.status !== 404) return `answered ${answer.status}, not 404`;
  const shown = answer.text.split(addressed).join("");
  const seen = [...a.marks, ...[...everyIdOfA].filter((id) => id !== addressed)].find((m) => shown.includes(m));
  return seen ? `shows A's data (${seen})` : null;
}

describe("isolation between accounts (generated from the contract)", () => {
  it("finds A's records through A's own list operations (the matrix is not empty)", () => {
    expect(idsOfA.get("/api/v1/triggers")).toContain(a.trigger);
    expect(idsOfA.get("/api/v1/connections")).toContain(a.connection);
    expect(everyIdOfA.size).toBeGreaterThanOrEqual(4);
  });

  it("answers 404 to B for every operation on an id of A's (path parameter), showing nothing of A's", async () => {
    const failures: string[] = [];
    const covered: string[] = [];
    for (const op of operations.filter((o) => collectionOf(o) && o.authenticated)) {
      const ids = idsOfA.get(collectionOf(op)!) ?? [];
      if (!ids.length) console.log(`isolation: ${op.operationId}: A has no record in ${collectionOf(op)} to address (not covered)`);
      for (const id of ids) {
        const { req, answer } = await call(op, b, { path: { id } });
        covered.push(op.operationId);
        const problem = leak(answer, id) ?? judge(op, req, answer)[0];
        if (problem) failures.push(`${op.operationId} ${req.method} ${req.path}: ${problem} — ${answer.text.slice(0, 200)}`);
      }
    }
    console.log(`isolation: path-id matrix covered ${[...new Set(covered)].join(", ")}`);
    expect(covered.length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it("answers 404 to B for every query parameter or body field that names a record of A's (trigger, connection)", async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const op of operations.filter((o) => o.authenticated)) {
      const queryRefs = op.params.filter((p) => p.in === "query" && collectionOfField(p.name));
      const bodyRefs = Object.keys(Object.assign({}, ...[op.body?.properties ?? {}, ...((op.body?.anyOf ?? []) as { properties?: object }[]).map((v) => v.properties ?? {})])).filter((f) => collectionOfField(f));
      for (const ref of [...queryRefs.map((p) => ({ where: "query" as const, name: p.name })), ...bodyRefs.map((name) => ({ where: "body" as const, name }))]) {
        for (const id of idsOfA.get(collectionOfField(ref.name)!) ?? []) {
          cases++;
          const { req, answer } = await call(op, b, ref.where === "query" ? { query: { [ref.name]: id } } : { body: { [ref.name]: id } });
          const problem = leak(answer, id);
          if (problem) failures.push(`${op.operationId} ${ref.where}.${ref.name}=${id}: ${problem} — ${req.method} ${req.path} ${req.body ?? ""} → ${answer.text.slice(0, 200)}`);
        }
      }
    }
    expect(cases).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it("never lists A's records or data to B, in any list operation", async () => {
    const failures: string[] = [];
    for (const op of listOperations) {
      const { req, answer } = await call(op, b);
      const seen = [...a.marks, ...everyIdOfA].filter((m) => answer.text.includes(m));
      if (seen.length) failures.push(`${op.operationId} ${req.path} shows A's ${seen.join(", ")}`);
      if (answer.status >= 500 && !allowedServerStatus(op, answer.status, answer.json)) failures.push(`${op.operationId} ${req.path} → ${answer.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("never shows A's records or data to B through an MCP tool", async () => {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${b.key}` };
    const list = await (await fetch(`${server.url}/mcp`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) })).json();
    const failures: string[] = [];
    for (const t of list.result.tools as { name: string; inputSchema: { properties: Record<string, unknown> } }[]) {
      const args = minimalValid(t.inputSchema as never) as Record<string, unknown>;
      const variants = [args, ...Object.keys(t.inputSchema.properties).filter((p) => collectionOfField(p)).flatMap((p) => (idsOfA.get(collectionOfField(p)!) ?? []).map((id) => ({ ...args, [p]: id })))];
      if ("app" in t.inputSchema.properties) variants.forEach((v) => (v.app = CONNECTED_APP));
      if ("tool" in t.inputSchema.properties) variants.forEach((v) => (v.tool = tool));
      for (const v of variants) {
        const res = await fetch(`${server.url}/mcp`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: t.name, arguments: v } }) });
        const text = await res.text();
        const addressed = Object.values(v).filter((x): x is string => typeof x === "string");
        const shown = addressed.reduce((s, id) => s.split(id).join(""), text);
        const seen = [...a.marks, ...everyIdOfA].filter((m) => shown.includes(m));
        if (seen.length) failures.push(`${t.name} ${JSON.stringify(v)} shows A's ${seen.join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("leaves A's records in place after B tried to delete them", async () => {
    for (const collection of collections) {
      const listOp = listOperations.find((o) => o.path === collection);
      if (!listOp || !idsOfA.get(collection)?.length) continue;
      const { answer } = await call(listOp, a);
      for (const id of idsOfA.get(collection)!) expect(JSON.stringify(answer.json), `${collection} of A after B's deletes`).toContain(id);
    }
  });
});
