/**
 * Secrets at rest and in logs: a server with LOG_LEVEL=debug and its log captured to a file is given every kind of
 * secret the service handles (API keys, sign-in link tokens, a credential typed into a sign-in form, an operator's
 * OAuth client secret, inbound webhook tokens, delivery signing secrets), each one used once the way a client would.
 * Then the database (SQLite file and -wal, or every table of the PostgreSQL schema), every file of the data dir and
 * the log are searched for each secret: raw, base64, base64url, hex and percent-encoded. Expect no hit at all.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usingPostgres, type TestServer } from "../helpers/server.js";
import { createKey } from "../../src/domain/keys.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { attackEnv, CONNECTED_APP, startTestServer, startUpstream, type Upstream } from "./support/attack-server.js";

interface Secret {
  kind: string;
  value: string;
}

let server: TestServer;
let upstream: Upstream;
let logFile: string;
let log: WriteStream;
const secrets: Secret[] = [];
/** A value the service stores in clear on purpose (a trigger's name): the scan must find it, or it proves nothing. */
const control = `plain-control-${Date.now()}-marker`;
/** Where each place's text comes from, and its bytes. */
const places: { name: string; bytes: Buffer }[] = [];

/** The ways a secret may be written down: raw, base64 / base64url (at any byte alignment), hex, percent-encoded. */
function spellings(value: string): { how: string; text: string }[] {
  const out = [
    { how: "raw", text: value },
    { how: "hex", text: Buffer.from(value).toString("hex") },
    { how: "HEX", text: Buffer.from(value).toString("hex").toUpperCase() },
    { how: "percent-encoded", text: encodeURIComponent(value) },
  ];
  for (let shift = 0; shift < 3; shift++) {
    const b64 = Buffer.concat([Buffer.alloc(shift), Buffer.from(value)]).toString("base64");
    // Drop the characters that depend on the neighbouring bytes (the first group when shifted, the last group).
    const core = b64.slice(shift ? 4 : 0, -4);
    out.push({ how: `base64@${shift}`, text: core }, { how: `base64url@${shift}`, text: core.replace(/\+/g, "-").replace(/\//g, "_") });
  }
  return out.filter((s) => s.text.length >= 12);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) files.push(...(await filesUnder(path)));
    else if (e.isFile()) files.push(path);
  }
  return files;
}

async function postgresDump(databaseUrl: string): Promise<Buffer> {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get("schema")!;
  url.searchParams.delete("schema");
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const tables = await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = $1", [schema]);
    const parts: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = await client.query(`SELECT * FROM "${schema}"."${table_name}"`);
      parts.push(`${table_name}: ${JSON.stringify(rows.rows)}`);
    }
    return Buffer.from(parts.join("\n"));
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  upstream = await startUpstream();
  logFile = join(process.env.TMPDIR ?? "/tmp", `patchbay-secrets-scan-${process.pid}-${Date.now()}.log`);
  log = createWriteStream(logFile);
  server = await startTestServer({ ...attackEnv, LOG_LEVEL: "debug" }, undefined, { logStream: log });
  const { db, secrets: sealer } = server.service.services;
  const account = await server.newAccount();
  secrets.push({ kind: "API key", value: account.key });
  const readOnly = await createKey(db, sealer, account.accountId, "scan", ["read"]);
  secrets.push({ kind: "API key (read)", value: readOnly.key });
  // Each key used: REST header, MCP header and MCP URL path.
  await server.call("GET", "/api/v1/me", { key: account.key });
  await server.call("GET", "/api/v1/me", { key: readOnly.key });
  const mcpBody = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  await fetch(`${server.url}/mcp/k/${account.key}`, { method: "POST", headers: mcpHeaders, body: mcpBody });
  await fetch(`${server.url}/mcp`, { method: "POST", headers: { ...mcpHeaders, authorization: `Bearer ${readOnly.key}` }, body: mcpBody });

  // An operator's OAuth client secret, and an app whose sign-in is a credential form (probe answered by the upstream).
  const clientSecret = `cs_${"Q".repeat(8)}${Date.now()}oauthclientsecret`;
  await configureApp(db, sealer, "github", { clientId: "scan-client", clientSecret });
  secrets.push({ kind: "OAuth client secret", value: clientSecret });
  await configureApp(db, sealer, CONNECTED_APP, { baseUrl: upstream.url });

  // Sign-in links: one only created, one opened and used with a credential typed into the form.
  const unused = await server.call("POST", `/api/v1/apps/${CONNECTED_APP}/connect`, { key: account.key, body: {} });
  secrets.push({ kind: "sign-in link token (unused)", value: new URL(unused.body.url).pathname.split("/").pop()! });
  const link = await server.call("POST", `/api/v1/apps/${CONNECTED_APP}/connect`, { key: account.key, body: { label: "scan" } });
  secrets.push({ kind: "sign-in link token (used)", value: new URL(link.body.url).pathname.split("/").pop()! });
  const credential = `isbn_${"Z".repeat(6)}${Date.now()}typedcredential`;
  secrets.push({ kind: "credential typed into a sign-in form", value: credential });
  await fetch(link.body.url);
  const submitted = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: credential }), redirect: "manual" });
  // The stored connection is used once (the credential goes to the app's upstream).
  await server.call("POST", `/api/v1/apps/${CONNECTED_APP}/request`, { key: account.key, body: { method: "GET", path: "/scan" } });
  console.log(`secrets-scan: credential form answered ${submitted.status}; connections: ${(await server.call("GET", "/api/v1/connections", { key: account.key })).body.length}`);

  // Generic webhook triggers: inbound token (used by sending an event) and delivery signing secret.
  await server.call("POST", "/api/v1/triggers", { key: account.key, body: { source: "webhook", name: control } });
  for (const name of ["scan one", "scan two"]) {
    const created = await server.call("POST", "/api/v1/triggers", { key: account.key, body: { source: "webhook", name } });
    expect(created.status).toBe(201);
    secrets.push({ kind: "inbound webhook token", value: new URL(created.body.trigger.inboundUrl).pathname.split("/").pop()! });
    secrets.push({ kind: "delivery signing secret", value: created.body.signingSecret });
    await fetch(created.body.trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: '{"scan":true}' });
  }
  await new Promise((r) => setTimeout(r, 300)); // let the debug log and the WAL settle

  if (usingPostgres()) places.push({ name: "PostgreSQL schema (every table)", bytes: await postgresDump(server.databaseUrl) });
  for (const file of await filesUnder(server.dataDir)) {
    if ((await stat(file)).size < 200 * 1024 * 1024) places.push({ name: `data dir: ${file.slice(server.dataDir.length + 1)}`, bytes: await readFile(file) });
  }
  await new Promise<void>((r) => log.write("", () => r()));
  places.push({ name: "log (LOG_LEVEL=debug)", bytes: await readFile(logFile) });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  log?.end();
  await upstream?.stop();
});

function hitsIn(filter: (place: string) => boolean, among: Secret[] = secrets) {
  const hits: string[] = [];
  for (const place of places.filter((p) => filter(p.name))) {
    const text = place.bytes.toString("latin1");
    for (const s of among) {
      for (const { how, text: needle } of spellings(s.value)) if (text.includes(needle)) hits.push(`${s.kind} (${how}) in ${place.name}`);
    }
  }
  return [...new Set(hits)];
}

describe("secrets at rest and in logs", () => {
  it("created every kind of secret and found the places to search (database, data dir, log)", () => {
    expect(new Set(secrets.map((s) => s.kind)).size).toBeGreaterThanOrEqual(8);
    expect(places.some((p) => /patchbay\.db$|PostgreSQL/.test(p.name))).toBe(true);
    expect(places.find((p) => p.name.startsWith("log"))!.bytes.length).toBeGreaterThan(0);
    console.log(`secrets-scan: ${secrets.length} secrets × ${places.length} places: ${places.map((p) => `${p.name} (${p.bytes.length} B)`).join(", ")}`);
  });

  it("finds a value that is stored in clear (the scan's own control)", () => {
    expect(hitsIn((p) => /\.db(-wal)?$|PostgreSQL/.test(p), [{ kind: "control", value: control }]).length).toBeGreaterThan(0);
  });

  it("stores no secret in the database in plain or encoded form (sealed or hashed only)", () => {
    const hits = hitsIn((p) => /\.db(-wal|-shm|-journal)?$|PostgreSQL/.test(p));
    if (hits.length) console.log(`secrets-scan: database hits:\n  ${hits.join("\n  ")}`);
    expect(hits).toEqual([]);
  });

  it("leaves no secret in any other file of the data dir", () => {
    const hits = hitsIn((p) => p.startsWith("data dir") && !/\.db(-wal|-shm|-journal)?$/.test(p));
    expect(hits).toEqual([]);
  });

  it("writes no secret to the log, even at debug level", () => {
    const hits = hitsIn((p) => p.startsWith("log"));
    if (hits.length) console.log(`secrets-scan: log hits:\n  ${hits.join("\n  ")}`);
    expect(hits).toEqual([]);
  });
});
