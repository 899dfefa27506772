import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { handlers } from "../../src/handlers/index.js";
import { isNotImplemented } from "../../src/handlers/not-implemented.js";
import { operations, type OperationId } from "../../generated/operations.gen.ts";

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ key } = await server.newAccount());
});
afterAll(() => server?.stop());

describe("request validation", () => {
  it("answers 400 naming a query parameter of the wrong type", async () => {
    const res = await server.call("GET", "/api/v1/apps?limit=lots", { key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.message).toContain("limit");
  });

  it("answers 400 naming a query parameter out of range", async () => {
    const res = await server.call("GET", "/api/v1/apps?limit=1000", { key });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/limit.*200/);
  });

  it("answers 400 naming an unknown query parameter", async () => {
    const res = await server.call("GET", "/api/v1/apps?colour=red", { key });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("colour");
  });

  it("answers 400 naming a missing body field", async () => {
    const res = await server.call("POST", "/api/v1/tools/find", { key, body: { app: "github" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("task");
  });

  it("answers 400 naming a body field of the wrong type", async () => {
    const res = await server.call("POST", "/api/v1/apps/github/request", { key, body: { method: "GET", path: 42 } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("path");
  });

  it("answers 400 naming a body field with a value outside its enum", async () => {
    const res = await server.call("POST", "/api/v1/apps/github/request", { key, body: { method: "FETCH", path: "/user" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/method.*GET/);
  });

  it("answers 400 to malformed JSON", async () => {
    const res = await server.call("POST", "/api/v1/tools/find", { key, rawBody: '{"task": ', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.message).toMatch(/JSON/);
  });

  it("answers 415 to a body that is not JSON", async () => {
    const res = await server.call("POST", "/api/v1/tools/find", { key, rawBody: "task=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("unsupported_media_type");
  });

  it("answers 413 to a body over 1 MB", async () => {
    const res = await server.call("POST", "/api/v1/tools/find", { key, body: { task: "x".repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });
});

describe("routing", () => {
  it("answers 404 in the error shape for an unknown path", async () => {
    const res = await server.call("GET", "/api/v1/nothing-here", { key });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });

  it("answers 404 for an unknown path outside the API", async () => {
    const res = await server.call("GET", "/no/such/page", { key: null });
    expect(res.status).toBe(404);
  });

  it("answers 405 with Allow for a known path and a wrong method", async () => {
    const res = await server.call("DELETE", "/api/v1/apps", { key });
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("answers 404 for an unknown app", async () => {
    const res = await server.call("GET", "/api/v1/apps/no_such_app_anywhere", { key });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain("no_such_app_anywhere");
  });

  it("gives every answer a request id", async () => {
    const res = await server.call("GET", "/api/v1/me", { key });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });
});

describe("operations not built yet", () => {
  const pending = (Object.keys(handlers) as OperationId[]).filter((id) => isNotImplemented(handlers[id]));

  it("has a handler for exactly the contract's operations", () => {
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(operations).sort());
  });

  it.each(pending)("%s answers 501 not_implemented in the error shape, never a fake success", async (operationId) => {
    const op = operations[operationId];
    const path = op.path.replace(/\{[^}]+\}/g, "x1");
    const bodies: Partial<Record<OperationId, unknown>> = {
      requestApp: { method: "GET", path: "/" },
      findTools: { task: "x" },
      runTool: { arguments: {} },
      createCustomConnector: { name: "x", url: "https://example.com/mcp" },
      createTrigger: { source: "webhook", name: "x" },
      createUcpCheckoutSession: { line_items: [{ item: { id: "x" } }] },
      createAcpCheckoutSession: { line_items: [{ item: { id: "x" } }] },
    };
    const query: Partial<Record<OperationId, string>> = { listTriggerTypes: "?app=github", listEvents: "?trigger=x", searchAgentContent: "?q=x", readAgentContent: "?path=/x" };
    const res = await server.call(op.method, path + (query[operationId] ?? ""), { key, body: bodies[operationId] ?? (op.method === "POST" ? {} : undefined) });
    expect(res.status).toBe(501);
    expect(res.body.error.code).toBe("not_implemented");
  });
});

describe("CORS", () => {
  it("answers a browser's preflight for the API with 204 and the allowed headers", async () => {
    const res = await fetch(`${server.url}/api/v1/tools/find`, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
  });

  it("lets a page on another origin read answers and the cursor header, but not the sign-in pages or /mcp", async () => {
    const res = await server.call("GET", "/api/v1/apps?limit=1", { key, headers: { origin: "https://app.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toContain("Patchbay-Next-Cursor");
    const mcp = await fetch(`${server.url}/mcp`, { method: "OPTIONS", headers: { origin: "https://app.example", "access-control-request-method": "POST" } });
    expect(mcp.headers.get("access-control-allow-origin")).toBeNull();
  });
});
