/**
 * The generator of bad requests: for every operation of the contract (path, query and header parameters, JSON
 * body), hand-picked hostile values and fast-check samples drawn with a fixed seed. Nothing here knows an operation
 * by name: everything comes from the document, plus the values a caller's account makes meaningful (`fixtures`:
 * an app, a tool, a key).
 */
import fc from "fast-check";
import { gzipSync } from "node:zlib";
import { fillPath, minimalValid, operations, type Operation, type Schema } from "./contract-operations.js";
import type { RawRequest } from "./raw-http.js";

export interface Attack {
  /** The operation (or the door, for paths outside the contract). */
  label: string;
  /** What is wrong with the request. */
  kind: string;
  req: RawRequest;
}

export interface Fixtures {
  key: string;
  /** Valid values for path parameters by name (app, tool, id). */
  pathValues: Record<string, string>;
}

const KB100 = "a".repeat(100 * 1024);
const KB8 = "b".repeat(8 * 1024);
const b64 = (s: string) => Buffer.from(s).toString("base64url");

/** Raw (already encoded) path segments. */
export const HOSTILE_SEGMENTS = [
  "%zz", "%", "%c0%af", "%C0%AE%C0%AE", "..%2f..%2fme", "..%2F..%2F..%2Fetc%2Fpasswd", "..", "%2e%2e", "%252e%252e%252f", "%00", "x%00y",
  "%0d%0aX-Injected:%201", "%E2%9C%93", "%F0%9F%92%A9", "%EF%BC%91%EF%BC%92%EF%BC%97", "%ff%fe", "%ED%A0%80", KB8, "-1", "1e300", "NaN",
  "null", "undefined", "__proto__", "constructor", "%5Bobject%20Object%5D", "%20", "trg_" + "0".repeat(24), "conn_" + "0".repeat(24), "a;b=c",
];

/** Decoded query values (percent-encoded when sent, except the `raw` ones). */
const HOSTILE_QUERY = ["", "abc", "-1", "0", "1.5", "1e300", "-1e300", "NaN", "Infinity", "999999999999999999999999", "null", "true", "[]", "{}", KB8, "\u0000", "x\r\ny", "é✓💩", "\ud800", "__proto__"];
const RAW_QUERY = ["%zz", "%", "%c0%af", "%00", "%0d%0a"];

export const FORGED_CURSORS = [
  b64('[1e300,"x"]'), b64("[-1,null]"), b64('["x",1]'), b64("[]"), b64("{}"), b64('{"a":1}'), b64("null"), b64('"x"'), b64("[1,2,3]"),
  b64(`[${"9".repeat(400)},"x"]`), b64('[8.64e15,"trg_x"]'), b64('[8.64e15 ,"x"]'), b64("[NaN,\"x\"]"), b64('[1,{"$gt":""}]'), b64('[1,"x\' OR 1=1 --"]'),
  b64("\u0000"), b64("[[[[[[[[[[]]]]]]]]]]"), "!!!", "====", "%zz", "a".repeat(512), "a".repeat(513), Buffer.from(Array.from({ length: 48 }, (_, i) => (i * 37) & 255)).toString("base64"),
];

/** Values of the wrong type (or hostile content) for one JSON field. */
export const HOSTILE_JSON: unknown[] = [
  1, -1, 0, 1.5, 1e300, -1e300, "NaN", "Infinity", true, false, null, [], {}, "x", "", KB100, "\u0000", "x\r\ny", "é✓💩", "\ud800",
  Array.from({ length: 100_000 }, () => 1), Array.from({ length: 10_000 }, () => "x"), { a: { b: { c: [1, { d: null }] } } }, "../../etc/passwd", "%zz",
  { __proto__: { polluted: true } }, ["__proto__"], "2130706433", "http://127.0.0.1/", "javascript:alert(1)",
];

export const MALFORMED_JSON = ["{", '{"a":', "[1,2", "nul", "{'a':1}", "\u0000", "{} x", "\ufeff{}", '"string"', "123", "null", "[]", "true", '{"a":1,}', '{"a":01}', '{"a":"\\x"}', '{"__proto__":{"x":1}}', ""];

const DEEP_ARRAYS = "[".repeat(100_000) + "]".repeat(100_000);
const DEEP_OBJECTS = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);

const CONTENT_TYPES = [
  "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/json; charset=utf-16",
  "application/json; charset=latin1", "application/jsonx", "application/merge-patch+json", "application/json, text/plain", "", "*/*", "application/json;;;",
];

type Parts = { path: Record<string, string>; rawPath?: boolean; query: [string, string][]; headers: Record<string, string | string[]>; body?: string | Buffer };

function build(op: Operation, p: Parts): RawRequest {
  const path = fillPath(op, p.path, p.rawPath);
  const qs = p.query.map(([k, v]) => `${k}=${v}`).join("&");
  return { method: op.method, path: qs ? `${path}?${qs}` : path, headers: p.headers, body: p.body };
}

const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return "%ED%A0%80"; // a lone surrogate cannot be UTF-8: send its CESU bytes instead
  }
};

/** The body schema's variants (anyOf/oneOf branches), each with its properties. */
function bodyVariants(schema: Schema): Schema[] {
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return branches ? branches.filter((b) => b.type === "object" || b.properties) : [schema];
}

export function generateAttacks(fx: Fixtures, seed: number, samplesPerOperation: number): Attack[] {
  const attacks: Attack[] = [];
  for (const op of operations) {
    const label = op.operationId;
    const add = (kind: string, parts: Partial<Parts>) => attacks.push({ label, kind, req: build(op, { ...base(op, fx), ...parts }) });
    const b = base(op, fx);

    // Path parameters: malformed escapes, traversal, NUL / CRLF, unicode, huge, typed-looking strings.
    for (const p of op.params.filter((x) => x.in === "path")) {
      for (const seg of HOSTILE_SEGMENTS) add(`path ${p.name}`, { path: { ...rawValues(b.path), [p.name]: seg }, rawPath: true });
    }
    // Query parameters: wrong types, out of range, malformed escapes, repeated, bracketed, missing when required.
    for (const p of op.params.filter((x) => x.in === "query")) {
      const others = b.query.filter(([k]) => k !== p.name);
      for (const v of HOSTILE_QUERY) add(`query ${p.name}`, { query: [...others, [p.name, enc(v)]] });
      for (const v of RAW_QUERY) add(`query ${p.name} raw`, { query: [...others, [p.name, v]] });
      add(`query ${p.name} twice`, { query: [...others, [p.name, "1"], [p.name, "2"]] });
      add(`query ${p.name}[]`, { query: [...others, [`${p.name}[]`, "1"]] });
      add(`query ${p.name}[a]`, { query: [...others, [`${p.name}[a]`, "1"]] });
      if (p.required) add(`query ${p.name} missing`, { query: others });
      if (p.name === "cursor") for (const c of FORGED_CURSORS) add("forged cursor", { query: [...others, ["cursor", enc(c)]] });
    }
    // Query parameters the contract does not know.
    for (const k of ["unknown", "__proto__", "constructor", "a%5Bb%5D", "%zz", "", "limit%00"]) add("unknown query", { query: [...b.query, [k, "1"]] });
    // Header parameters.
    for (const p of op.params.filter((x) => x.in === "header")) {
      for (const v of ["", " ", KB8, "é", "\t", "x".repeat(300), "*", "W/\"x\"", "\"unterminated"]) add(`header ${p.name}`, { headers: { ...b.headers, [p.name.toLowerCase()]: v } });
      add(`header ${p.name} twice`, { headers: { ...b.headers, [p.name.toLowerCase()]: ["a", "b"] } });
    }
    // Authorization: absent, malformed, twice.
    for (const a of [undefined, "", "Bearer", "Bearer ", "Bearer  " + fx.key, "bearer " + fx.key, "Basic " + b64("a:b"), "Bearer patchbay_sk_short", "Bearer " + KB8, `Bearer ${fx.key}x`, `Bearer ${fx.key.slice(0, -1)}é`, "Bearer patchbay_sk_" + "%".repeat(43), "Token " + fx.key, `Bearer ${fx.key}, Bearer ${fx.key}`]) {
      const headers = { ...b.headers };
      if (a === undefined) delete headers.authorization;
      else headers.authorization = a;
      add("authorization", { headers });
    }
    add("authorization twice", { headers: { ...b.headers, authorization: [`Bearer ${fx.key}`, `Bearer ${fx.key}`] } });
    add("authorization twice", { headers: { ...b.headers, authorization: [`Bearer ${fx.key}`, "Bearer patchbay_sk_" + "x".repeat(43)] } });
    // Methods the path does not have.
    for (const m of ["PUT", "PATCH", "DELETE", "POST", "GET"].filter((m) => !operations.some((o) => o.path === op.path && o.method === m))) {
      attacks.push({ label: `${label} (undeclared method)`, kind: `method ${m}`, req: { ...build(op, b), method: m } });
    }

    // Bodies: for operations with one, and a body nobody asked for on those without.
    const json = (v: unknown) => ({ headers: { ...b.headers, "content-type": "application/json" }, body: JSON.stringify(v) });
    if (!op.body) {
      add("unexpected body", json({ a: 1 }));
      add("unexpected body", { headers: { ...b.headers, "content-type": "text/plain" }, body: "hello" });
    } else {
      for (const raw of MALFORMED_JSON) add("malformed JSON", { headers: { ...b.headers, "content-type": "application/json" }, body: raw });
      for (const ct of CONTENT_TYPES) add("content-type", { headers: { ...b.headers, "content-type": ct }, body: b.body });
      add("no content-type", { headers: withoutContentType(b.headers), body: b.body });
      add("no body", { headers: withoutContentType(b.headers), body: undefined });
      add("empty body", { headers: b.headers, body: "" });
      for (const ce of ["gzip", "deflate", "br", "identity", "x-unknown", "gzip, gzip"]) add("content-encoding", { headers: { ...b.headers, "content-encoding": ce }, body: b.body });
      add("content-encoding gzip (real)", { headers: { ...b.headers, "content-encoding": "gzip" }, body: gzipSync(String(b.body)) });
      add("gzip bomb", { headers: { ...b.headers, "content-encoding": "gzip" }, body: gzipSync(Buffer.alloc(20 * 1024 * 1024, 32)) });
      add("2 MB body", json({ ...(minimalValid(op.body) as object), pad: "p".repeat(2 * 1024 * 1024) }));
      add("deep JSON arrays", { headers: b.headers, body: DEEP_ARRAYS });
      add("deep JSON objects", { headers: b.headers, body: DEEP_OBJECTS });
      add("deep JSON in a field", { headers: b.headers, body: `{"x":${DEEP_ARRAYS}}` });
      add("huge array body", json(Array.from({ length: 200_000 }, () => 0)));
      for (const variant of bodyVariants(op.body)) {
        const valid = minimalValid(variant) as Record<string, unknown>;
        add("valid minimal", json(valid));
        add("extra field", json({ ...valid, extra: 1 }));
        add("extra __proto__", { headers: b.headers, body: `${JSON.stringify(valid).slice(0, -1)}${Object.keys(valid).length ? "," : ""}"__proto__":{"isAdmin":true}}` });
        add("extra constructor", json({ ...valid, constructor: { prototype: { x: 1 } } }));
        for (const name of (variant.required as string[] | undefined) ?? []) {
          const { [name]: _, ...rest } = valid;
          add(`missing ${name}`, json(rest));
        }
        for (const [name, schema] of Object.entries((variant.properties ?? {}) as Record<string, Schema>)) {
          for (const v of HOSTILE_JSON) add(`body ${name}`, json({ ...valid, [name]: v }));
          for (const v of nestedHostile(schema)) add(`body ${name} nested`, json({ ...valid, [name]: v }));
        }
      }
    }
    // Generated: fast-check samples with a fixed seed.
    for (const sample of fc.sample(requestArbitrary(op, b), { seed: seed + hash(op.operationId), numRuns: samplesPerOperation })) {
      attacks.push({ label, kind: "fast-check", req: build(op, sample) });
    }
  }
  // Paths outside the contract, and the other doors' prefixes.
  const outside = [
    "/api/v1/nope", "/api/v2/apps", "/api/v1/apps/x/y/z", "//api/v1/me", "/api/v1/../v1/me", "/%2e%2e/%2e%2e/etc/passwd", "/api/v1/me%00", "/api/v1/me/",
    "/api/v1/%zz", "/api/%", "/api/v1/tools/find/extra", "/connect/%zz", "/connect/" + "x".repeat(32), "/connect/..%2f..%2f", "/hooks/%zz", "/hooks/x",
    "/hooks/" + "A".repeat(32), "/hooks/..%2f" + "A".repeat(30), "/mcp/k/%zz", "/mcp/k/%", "/mcp/k/%c0%af", "/mcp/k/" + "x".repeat(43), "/mcp/k/", "/mcp/x",
    "/.well-known/%zz", "/" + "x".repeat(8000),
  ];
  for (const path of outside) {
    for (const method of ["GET", "POST", "DELETE"]) {
      attacks.push({ label: `(outside) ${path.slice(0, 24)}`, kind: "outside the contract", req: { method, path, headers: { authorization: `Bearer ${fx.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: method === "POST" ? "{}" : undefined } });
    }
  }
  return attacks;
}

const rawValues = (path: Record<string, string>) => Object.fromEntries(Object.entries(path).map(([k, v]) => [k, enc(v)]));
const withoutContentType = (h: Record<string, string | string[]>) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== "content-type"));
const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0) & 0xffff;

/** A valid request of the operation: the fixture path values, required query params, key, minimal body. */
function base(op: Operation, fx: Fixtures): Parts {
  const path: Record<string, string> = {};
  const query: [string, string][] = [];
  const headers: Record<string, string | string[]> = { accept: "application/json" };
  if (op.authenticated) headers.authorization = `Bearer ${fx.key}`;
  for (const p of op.params) {
    if (p.in === "path") path[p.name] = fx.pathValues[p.name] ?? String(minimalValid(p.schema, p.name));
    else if (p.in === "query" && p.required) query.push([p.name, enc(fx.pathValues[p.name] ?? String(minimalValid(p.schema, p.name)))]);
  }
  const body = op.body ? JSON.stringify(minimalValid(op.body)) : undefined;
  if (body !== undefined) headers["content-type"] = "application/json";
  return { path, query, headers, body };
}

/** Wrong values one level inside a field: array items and object properties of the wrong type. */
function nestedHostile(schema: Schema): unknown[] {
  const s = (schema.allOf?.[0] ?? schema) as Schema;
  if (s.type === "array") return [[1, null, {}], [KB100], Array.from({ length: 100_000 }, () => "x")];
  if (s.type === "object" || s.unevaluatedProperties || s.properties) {
    const inner = Object.keys(s.properties ?? { k: 1 });
    return [Object.fromEntries(inner.map((k) => [k, { deep: [1] }])), Object.fromEntries(inner.map((k) => [k, KB100])), { "": 1, "\u0000": 2, ["x".repeat(10_000)]: 3 }];
  }
  return [];
}

/** fast-check: a valid base with some parts replaced by generated junk (path, query, unknown params, body fields). */
function requestArbitrary(op: Operation, b: Parts): fc.Arbitrary<Parts> {
  const text = fc.oneof(fc.string(), fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom(...HOSTILE_QUERY), fc.integer().map(String), fc.double().map(String));
  const pathParams = op.params.filter((p) => p.in === "path").map((p) => p.name);
  const queryParams = op.params.filter((p) => p.in === "query").map((p) => p.name);
  const bodyProps = op.body ? Object.keys(Object.assign({}, ...bodyVariants(op.body).map((v) => v.properties ?? {}))) : [];
  return fc
    .record({
      path: fc.record(Object.fromEntries(pathParams.map((n) => [n, fc.option(text, { nil: undefined })]))),
      query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(queryParams.length ? queryParams : ["q"])), fc.string({ maxLength: 8 })), text), { maxLength: 4 }),
      body: op.body
        ? fc.oneof(
            fc.jsonValue({ maxDepth: 4 }),
            fc.dictionary(fc.constantFrom(...(bodyProps.length ? bodyProps : ["x"])), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }).map((d) => ({ ...(minimalValid(op.body!) as object), ...d })),
          )
        : fc.constant(undefined),
    })
    .map(({ path, query, body }) => ({
      path: Object.fromEntries(Object.entries(b.path).map(([k, v]) => [k, enc(path[k] ?? v)])),
      rawPath: true,
      query: [...b.query.filter(([k]) => !query.some(([q]) => q === k)), ...query.map(([k, v]) => [enc(k), enc(v)] as [string, string])],
      headers: b.headers,
      body: op.body ? JSON.stringify(body) : undefined,
    }));
}
