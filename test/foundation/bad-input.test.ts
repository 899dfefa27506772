/**
 * Bad input is the caller's 4xx in the error shape, never a 500: malformed percent-encoding in a path parameter,
 * forged cursors, bodies that do not decode as their Content-Encoding, JSON nested too deep, header names `fetch`
 * refuses, empty Idempotency-Keys, bodies on GET and DELETE. And every status the server can answer with is one
 * the contract declares (the test client checks each answer against generated/openapi.json).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { assertMatchesContract } from "../helpers/contract.js";
import { toolByHttp } from "../helpers/tools.js";
import { loadDocument } from "../../src/contract/document.js";
import { MAX_JSON_DEPTH } from "../../src/http/json-depth.js";

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ PATCHBAY_RATE_LIMIT_PER_MINUTE: "100000" });
  ({ key } = await server.newAccount());
});
afterAll(() => server?.stop());

/**
 * A request with a byte body (node:http, since fetch refuses a body on GET), checked against the contract like
 * every answer of the test client.
 */
function send(method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const req = request(server.url + path, { method, headers: { accept: "application/json", authorization: `Bearer ${key}`, ...length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        try {
          const text = Buffer.concat(chunks).toString("utf8");
          const parsed = res.headers["content-type"]?.includes("json") && text ? JSON.parse(text) : text;
          // A JSON-RPC answer of the MCP door is no REST answer; its HTTP errors are, in the error shape.
          if (!(path.startsWith("/mcp") && res.statusCode === 200)) assertMatchesContract(method, path, res.statusCode!, parsed, res.headers["content-type"] ?? null);
          resolve({ status: res.statusCode!, body: parsed });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

const expectInvalid = (res: { status: number; body: any }, names: string | RegExp) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe("invalid_request");
  expect(res.body.error.message).toMatch(names);
  expect(res.body.error.requestId).toBeTruthy();
};

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

async function webhookTrigger() {
  const res = await server.call("POST", "/api/v1/triggers", { key, body: { source: "webhook", name: "bad input" } });
  expect(res.status).toBe(201);
  return res.body.trigger as { id: string; inboundUrl: string };
}

describe("malformed percent-encoding in a path parameter", () => {
  it("answers 400 naming the tool parameter for GET /api/v1/tools/%zz", async () => {
    expectInvalid(await server.call("GET", "/api/v1/tools/%zz", { key }), /\btool\b/);
  });

  it("answers 400 naming the app parameter for a lone % in GET /api/v1/apps/%", async () => {
    expectInvalid(await server.call("GET", "/api/v1/apps/%", { key }), /\bapp\b/);
  });

  it("answers 400 naming the key for POST /mcp/k/%zz, without echoing the key", async () => {
    const res = await send("POST", "/mcp/k/%zz", { "content-type": "application/json", accept: "application/json, text/event-stream" }, '{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expectInvalid(res, /\bkey\b/);
    expect(res.body.error.message).not.toContain("%zz");
  });

  it("takes a malformed escape in a query value as the characters sent (no 500)", async () => {
    const res = await server.call("GET", "/api/v1/apps?search=%zz", { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("still decodes a well-formed escape (%5F is _)", async () => {
    expect((await server.call("GET", "/api/v1/apps/github%5Fnope", { key })).status).toBe(404);
  });
});

describe("forged cursors", () => {
  const b64 = (text: string) => Buffer.from(text).toString("base64url");
  const forged = {
    "a time beyond any date": b64('[1e300,"x"]'),
    "an infinite time": b64('[1e400,"x"]'),
    "random bytes": "q83vEjRWeJA",
    "not base64url": "!!!~",
    "an offset that is not an integer": b64('{"i":1.5}'),
    "a negative offset": b64('{"i":-1}'),
    "JSON null": b64("null"),
    "an array of numbers": b64("[1,2]"),
    "a position with an empty id": b64('[1700000000000,""]'),
  };
  const lists = ["/api/v1/runs", "/api/v1/triggers", "/api/v1/connections", "/api/v1/apps", "/api/v1/tools", "/api/v1/catalog"];

  for (const list of lists) {
    it(`answers 400 naming cursor to every forged cursor on ${list}`, async () => {
      for (const [what, cursor] of Object.entries(forged)) {
        const res = await server.call("GET", `${list}?cursor=${cursor}`, { key: list.endsWith("catalog") ? null : key });
        expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error.code).toBe("invalid_request");
        expect(res.body.error.message).toMatch(/\bcursor\b/);
      }
    });
  }

  it("answers 400 naming cursor on /api/v1/events, whose list has no pages", async () => {
    const trigger = await webhookTrigger();
    expectInvalid(await server.call("GET", `/api/v1/events?trigger=${trigger.id}&cursor=${forged["a time beyond any date"]}`, { key }), /\bcursor\b/);
  });

  it("still follows the cursors it made, on a keyset list and on a catalog list", async () => {
    await webhookTrigger();
    await webhookTrigger();
    for (const list of ["/api/v1/triggers?limit=1", "/api/v1/apps?limit=1"]) {
      const first = await server.call("GET", list, { key });
      const cursor = first.headers.get("patchbay-next-cursor");
      expect(cursor, list).toBeTruthy();
      const second = await server.call("GET", `${list}&cursor=${cursor}`, { key });
      expect(second.status).toBe(200);
      expect(second.body[0]).not.toEqual(first.body[0]);
    }
  });
});

describe("Content-Encoding", () => {
  const json = '{"task":"list my repositories"}';

  for (const encoding of ["gzip", "deflate", "br"]) {
    it(`answers 400 to a body that says Content-Encoding: ${encoding} but is not compressed`, async () => {
      expectInvalid(await send("POST", "/api/v1/tools/find", { "content-type": "application/json", "content-encoding": encoding }, json), /Content-Encoding/);
    });
  }

  it("answers 415 to a Content-Encoding it does not know", async () => {
    const res = await send("POST", "/api/v1/tools/find", { "content-type": "application/json", "content-encoding": "x-squash" }, json);
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("unsupported_media_type");
    expect(res.body.error.message).toMatch(/Content-Encoding/);
  });

  it("answers 413 to a decompression bomb (over 1 MB once inflated)", async () => {
    const bomb = gzipSync(`{"task":"${"x".repeat(20_000_000)}"}`);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await send("POST", "/api/v1/tools/find", { "content-type": "application/json", "content-encoding": "gzip" }, bomb);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });

  it("reads bodies really compressed with gzip, deflate or br", async () => {
    for (const [encoding, body] of [["gzip", gzipSync(json)], ["deflate", deflateSync(json)], ["br", brotliCompressSync(json)]] as const) {
      expect((await send("POST", "/api/v1/tools/find", { "content-type": "application/json", "content-encoding": encoding }, body)).status, encoding).toBe(200);
    }
  });
});

describe(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, () => {
  it("answers 400 to a requestApp body nested 100,000 deep", async () => {
    const res = await send("POST", "/api/v1/apps/github/request", { "content-type": "application/json" }, `{"method":"POST","path":"/x","body":${nested(100_000)}}`);
    expectInvalid(res, new RegExp(`${MAX_JSON_DEPTH} levels`));
  });

  it("answers 400 to tool arguments nested 100,000 deep", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/user/repos");
    const res = await send("POST", `/api/v1/tools/${tool.name}/run`, { "content-type": "application/json" }, `{"arguments":{"name":${nested(100_000)}}}`);
    expectInvalid(res, /levels/);
  });

  it("answers 400 to an inbound webhook nested 100,000 deep, and accepts a normal one", async () => {
    const trigger = await webhookTrigger();
    const deep = await fetch(trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: nested(100_000) });
    expect(deep.status).toBe(400);
    expect((await deep.json()).error.code).toBe("invalid_request");
    const ok = await fetch(trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: { b: [1, 2] } }) });
    expect(ok.status).toBe(202);
  });

  it("answers an MCP tools/call with arguments nested 100,000 deep with an error result naming the limit", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "POST", "/user/repos");
    const message = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run_tool","arguments":{"tool":"${tool.name}","arguments":{"name":"x","zz":${nested(100_000)}}}}}`;
    const res = await send("POST", "/mcp", { "content-type": "application/json", accept: "application/json, text/event-stream" }, message);
    expect(res.status).toBe(200);
    expect(res.body.result?.isError, JSON.stringify(res.body).slice(0, 300)).toBe(true);
    expect(res.body.result.structuredContent.error).toMatchObject({ code: "invalid_request", message: expect.stringMatching(/levels/) });
  });

  it(`lets a body nested ${MAX_JSON_DEPTH} levels through (brackets inside strings do not count)`, async () => {
    const body = `{"method":"POST","path":"/x","body":{"text":"${"[".repeat(200)}","deep":${nested(MAX_JSON_DEPTH - 2)}}}`;
    const res = await send("POST", "/api/v1/apps/github/request", { "content-type": "application/json" }, body);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe("app_not_connected");
  });
});

describe("headers requestApp is asked to send", () => {
  for (const [what, headers] of [
    ["a pseudo-header name", { ":authority": "evil.example" }],
    ["a name with a space", { "x a": "1" }],
    ["an empty name", { "": "1" }],
    ["a value with a line break", { "x-a": "1\r\nx-injected: 2" }],
    ["a value beyond one byte per character", { "x-a": "€" }],
  ] as const) {
    it(`answers 400 to ${what}`, async () => {
      expectInvalid(await server.call("POST", "/api/v1/apps/github/request", { key, body: { method: "GET", path: "/user", headers } }), /headers/);
    });
  }

  it("lets valid header names and values through to the connection check", async () => {
    const res = await server.call("POST", "/api/v1/apps/github/request", { key, body: { method: "GET", path: "/user", headers: { "x-github-api-version": "2022-11-28", "if-none-match": 'W/"abc"' } } });
    expect(res.body.error.code).toBe("app_not_connected");
  });
});

describe("Idempotency-Key", () => {
  const run = (idempotencyKey: string) => {
    const tool = toolByHttp(server.service.services.catalog, "github", "GET", "/user");
    return server.call("POST", `/api/v1/tools/${tool.name}/run`, { key, body: { arguments: {} }, headers: { "idempotency-key": idempotencyKey } });
  };

  it("answers 400 to an empty key, every time it is sent", async () => {
    expectInvalid(await run(""), /idempotency-key/i);
    expectInvalid(await run(""), /idempotency-key/i);
  });

  it("answers 400 to an empty key sent twice in one request", async () => {
    const tool = toolByHttp(server.service.services.catalog, "github", "GET", "/user");
    const res = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const body = '{"arguments":{}}';
      const raw = ["host", new URL(server.url).host, "authorization", `Bearer ${key}`, "content-type", "application/json", "content-length", String(body.length), "idempotency-key", "", "idempotency-key", ""];
      const req = request(`${server.url}/api/v1/tools/${tool.name}/run`, { method: "POST", headers: raw as never }, (r) => {
        let text = "";
        r.on("data", (c) => (text += c));
        r.on("end", () => {
          try {
            assertMatchesContract("POST", `/api/v1/tools/${tool.name}/run`, r.statusCode!, JSON.parse(text), r.headers["content-type"] ?? null);
            resolve({ status: r.statusCode!, body: JSON.parse(text) });
          } catch (err) {
            reject(err);
          }
        });
      });
      req.on("error", reject);
      req.end(body);
    });
    expectInvalid(res, /idempotency-key/i);
  });

  it("answers 400 to a key longer than 255 characters", async () => {
    expectInvalid(await run("k".repeat(256)), /idempotency-key/i);
  });

  it("takes a one-character key to the run (which needs a connection)", async () => {
    expect((await run("k")).body.error.code).toBe("app_not_connected");
  });
});

describe("bodies on GET and DELETE", () => {
  it("answers 400 (not an undeclared 415) to GET with a text body", async () => {
    expectInvalid(await send("GET", "/api/v1/apps", { "content-type": "text/plain" }, "search=github"), /takes no request body/);
  });

  it("answers 400 to GET with a JSON body, instead of ignoring it", async () => {
    expectInvalid(await send("GET", "/api/v1/apps", { "content-type": "application/json" }, '{"search":"github"}'), /takes no request body/);
  });

  it("answers 400 to DELETE with a body", async () => {
    expectInvalid(await send("DELETE", "/api/v1/triggers/trg_nope", { "content-type": "text/plain" }, "please"), /takes no request body/);
  });
});

describe("/healthz", () => {
  it("answers 400 naming an unknown query parameter (declared in the contract)", async () => {
    expectInvalid(await server.call("GET", "/healthz?probe=1", { key: null }), /probe/);
  });

  it("is not rate limited: no RateLimit headers and no 429, while the same address is over the API's limit", async () => {
    const limited = await startTestServer({ PATCHBAY_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      // Until the address is refused (a minute's window may roll over once, so allow a few more than 2).
      const statuses: number[] = [];
      while (statuses.length < 6 && statuses.at(-1) !== 429) statuses.push((await limited.call("GET", "/api/v1/catalog?limit=1", { key: null })).status);
      expect(statuses.at(-1), statuses.join(",")).toBe(429);
      for (let i = 0; i < 5; i++) {
        const res = await limited.call("GET", "/healthz", { key: null });
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit-limit")).toBeNull();
      }
    } finally {
      await limited.stop();
    }
  });
});

describe("the contract declares what the server can answer", () => {
  it("gives every operation 400, 500 and 503; 429 unless unmetered; 401 and 403 when it needs a key; 413 and 415 on POST", () => {
    const document = loadDocument() as { paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, unknown>; "x-patchbay-rate-limit"?: string }>> };
    const missing: string[] = [];
    for (const ops of Object.values(document.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.operationId) continue;
        const authenticated = (op.security ?? []).some((s) => Object.keys(s as object).length > 0);
        const expected = ["400", "500", "503"];
        if (op["x-patchbay-rate-limit"] !== "none") expected.push("429");
        if (authenticated) expected.push("401", "403");
        if (method === "post") expected.push("413", "415");
        for (const status of expected) if (!(status in op.responses)) missing.push(`${op.operationId} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("NUL characters", () => {
  it("answers 400 naming the query parameter for GET /api/v1/connections?app=%00", async () => {
    const res = await send("GET", "/api/v1/connections?app=%00", {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("query.app");
  });

  it("answers 400 naming the path parameter for DELETE /api/v1/triggers/%00", async () => {
    const res = await send("DELETE", "/api/v1/triggers/%00", {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("path.id");
  });

  it("answers 400 naming the body field for a trigger name holding \\u0000", async () => {
    const res = await send("POST", "/api/v1/triggers", { "content-type": "application/json" }, JSON.stringify({ source: "webhook", name: "a\u0000b" }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("body.name");
  });

  it("answers an MCP tool call with a NUL argument with an error result, not a JSON-RPC internal error", async () => {
    const res = await send(
      "POST",
      "/mcp",
      { "content-type": "application/json", accept: "application/json, text/event-stream" },
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_connections", arguments: { app: "\u0000" } } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.error).toBeUndefined();
    expect(res.body.result.isError).toBe(true);
    expect(JSON.stringify(res.body.result.content)).toContain("NUL");
  });
});

describe("the order of checks", () => {
  it("answers 404 for a path outside the contract whatever its body holds", async () => {
    const res = await send("POST", "/api/v1/apps//connect", { "content-type": "application/json" }, '"not an object"');
    expect(res.status).toBe(404);
  });

  it("answers 401 to a request without a key before reading its malformed body", async () => {
    const res = await send("POST", "/api/v1/tools/find", { "content-type": "application/json", authorization: "" }, "{not json");
    expect(res.status).toBe(401);
  });

  it("answers 400 naming the body to a JSON body that is not an object", async () => {
    const res = await send("POST", "/api/v1/tools/find", { "content-type": "application/json" }, "[1,2]");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });
});

describe("triggers", () => {
  it("answers 400 to a body that is both a typed trigger and a generic webhook", async () => {
    const res = await send("POST", "/api/v1/triggers", { "content-type": "application/json" }, JSON.stringify({ type: "x", webhookUrl: "https://example.com/hook", source: "webhook" }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("not both");
  });
});

describe("requests Node's HTTP parser refuses", () => {
  it("answers a request line over 16 kB with 400 in the error shape", async () => {
    const res = await send("DELETE", `/api/v1/connections/${"x".repeat(17 * 1024)}`, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_request", message: expect.stringContaining("16 kB") });
  });
});
