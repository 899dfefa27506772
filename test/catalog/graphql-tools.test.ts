/**
 * GraphQL APIs as tools (issue 15): an operation with `x-patchbay-graphql: { query }` is a named GraphQL document sent
 * as `{ query, variables }`, its inputs the document's variables. Checked on the compiler, on the built catalog's Linear
 * and monday.com apps, and end to end through the real server against a loopback GraphQL stand-in that answers like
 * the vendor (Linear's personal API key as the whole `Authorization` header; errors in a 200 answer).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileOperation } from "../../src/catalog/build/compile-operation.js";
import { readDescriptionFile } from "../../src/catalog/build/read-descriptions.js";
import { repoDescriptions } from "../../src/catalog/build/repo-descriptions.js";
import type { CatalogTool } from "../../src/catalog/types.js";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { toolRequest } from "../../src/calls/tool-request.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

const ctx = { doc: {}, skipParams: new Set<string>(), oauthSchemes: new Set(["oauth"]) };
const CREATE = "mutation createIssue($teamId: String!, $title: String!) {\n  issueCreate(input: { teamId: $teamId, title: $title }) { success }\n}";
const variablesBody = (properties: Record<string, unknown>, required: string[]) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", properties, required } } },
});

describe("compiling a GraphQL operation", () => {
  it("refuses a GraphQL operation that is not a POST, has no operationId or no query document", () => {
    const op = (extra: Record<string, unknown>) => ({ operationId: "createIssue", "x-patchbay-graphql": { query: CREATE }, ...extra });
    expect(() => compileOperation("get", "/graphql#createIssue", {}, op({}), ctx)).toThrow(/POST/);
    expect(() => compileOperation("post", "/graphql#createIssue", {}, op({ operationId: undefined }), ctx)).toThrow(/operationId/);
    expect(() => compileOperation("post", "/graphql#x", {}, op({ "x-patchbay-graphql": { query: "{ viewer { id } }x" } }), ctx)).toThrow(/query or mutation/);
    expect(() => compileOperation("post", "/graphql#x", {}, op({ "x-patchbay-graphql": "mutation x { a }" }), ctx)).toThrow(/query or mutation/);
    const notAnObject = op({ requestBody: { content: { "application/json": { schema: { type: "array", items: { type: "string" } } } } } });
    expect(() => compileOperation("post", "/graphql#x", {}, notAnObject, ctx)).toThrow(/object of its variables/);
  });

  it("sends to the path without its fragment, with the variables as inputs and the document kept", () => {
    const op = {
      operationId: "createIssue",
      "x-patchbay-graphql": { query: `${CREATE}\n` },
      requestBody: variablesBody({ teamId: { type: "string" }, title: { type: "string" } }, ["teamId", "title"]),
    };
    const draft = compileOperation("post", "/graphql#createIssue", {}, op, ctx);
    expect(draft.http).toEqual({
      method: "POST",
      path: "/graphql",
      params: [
        { name: "teamId", in: "body", key: "teamId" },
        { name: "title", in: "body", key: "title" },
      ],
      bodyMode: "merged",
      contentType: "application/json",
      graphql: { query: CREATE },
    });
    expect(draft.inputSchema).toEqual({ type: "object", properties: { teamId: { type: "string" }, title: { type: "string" } }, required: ["teamId", "title"] });
  });

  it("builds the request body { query, variables }, with empty variables for a document that declares none", () => {
    const draft = compileOperation("post", "/graphql#createIssue", {}, {
      operationId: "createIssue",
      "x-patchbay-graphql": { query: CREATE },
      requestBody: variablesBody({ teamId: { type: "string" }, title: { type: "string" } }, ["teamId"]),
    }, ctx);
    const tool: CatalogTool = { name: "X_CREATE_ISSUE", app: "x", description: "", inputSchema: draft.inputSchema, http: draft.http, scopes: [] };
    expect(toolRequest(tool, { teamId: "T1", title: "Login fails" })).toEqual({
      method: "POST",
      path: "/graphql",
      query: {},
      headers: { "content-type": "application/json" },
      body: { query: CREATE, variables: { teamId: "T1", title: "Login fails" } },
    });
    const viewer = compileOperation("post", "/graphql#getViewer", {}, { operationId: "getViewer", "x-patchbay-graphql": { query: "query getViewer { viewer { id } }" } }, ctx);
    expect(toolRequest({ ...tool, http: viewer.http }, {}).body).toEqual({ query: "query getViewer { viewer { id } }", variables: {} });
  });

  it("leaves operations without the extension as they were", () => {
    const draft = compileOperation("post", "/issues", {}, { operationId: "issues.create", requestBody: variablesBody({ title: { type: "string" } }, []) }, ctx);
    expect(draft.http).not.toHaveProperty("graphql");
    expect(draft.http.path).toBe("/issues");
  });
});

/** `$name: Type` declarations of a GraphQL document: name → whether it is required (`!` outside a list). */
function declaredVariables(query: string): Map<string, boolean> {
  const head = query.slice(0, query.indexOf("{"));
  return new Map([...head.matchAll(/\$(\w+)\s*:\s*([\w[\]!]+)/g)].map((m) => [m[1]!, m[2]!.endsWith("!")]));
}

describe("the repository's GraphQL descriptions (Linear, monday.com)", () => {
  for (const app of ["linear", "monday"]) {
    it(`${app}: every operation is a named query or mutation whose variables are exactly the request body's properties`, () => {
      const file = repoDescriptions().find((d) => d.header.app === app)!;
      const doc = readDescriptionFile(file.path);
      const ops = Object.entries(doc.paths as Record<string, { post: Record<string, any> }>);
      expect(ops.length).toBeGreaterThanOrEqual(10);
      for (const [path, item] of ops) {
        const op = item.post;
        const query = op["x-patchbay-graphql"].query as string;
        // The fragment names the operation, and the document carries the same name.
        expect(path, path).toBe(`${path.split("#")[0]}#${op.operationId}`);
        expect(query, path).toMatch(new RegExp(`^(query|mutation) ${op.operationId}\\b`));
        const schema = op.requestBody?.content["application/json"].schema ?? { properties: {}, required: [] };
        const declared = declaredVariables(query);
        expect([...declared.keys()].sort(), path).toEqual(Object.keys(schema.properties).sort());
        // A variable the document requires is a required input (and an optional one is not).
        expect([...declared].filter(([, req]) => req).map(([n]) => n).sort(), path).toEqual([...(schema.required ?? [])].sort());
        // Every variable used is declared.
        for (const used of query.slice(query.indexOf("{")).matchAll(/\$(\w+)/g)) expect(declared.has(used[1]!), `${path} $${used[1]}`).toBe(true);
      }
    });
  }
});

describe("the built catalog's GraphQL apps", () => {
  let catalog: DiskCatalog;
  beforeAll(async () => {
    catalog = await builtCatalog();
  }, BUILD_TIMEOUT_MS);

  it("has one tool per named operation, all on one endpoint, named from the operationIds", () => {
    const linear = catalog.listTools({ app: "linear", limit: 100 }).items;
    expect(linear.map((t) => t.name)).toEqual(expect.arrayContaining(["LINEAR_CREATE_ISSUE", "LINEAR_UPDATE_ISSUE", "LINEAR_SEARCH_ISSUES", "LINEAR_CREATE_COMMENT", "LINEAR_LIST_TEAMS", "LINEAR_LIST_PROJECTS", "LINEAR_LIST_CYCLES", "LINEAR_LIST_USERS"]));
    expect(new Set(linear.map((t) => `${t.http.method} ${t.http.path}`))).toEqual(new Set(["POST /graphql"]));
    expect(new Set(linear.map((t) => t.http.graphql?.query.split("(")[0]!.split(" ")[1])).size).toBe(linear.length);
    const monday = catalog.listTools({ app: "monday", limit: 100 }).items;
    expect(monday.length).toBeGreaterThanOrEqual(10);
    expect(new Set(monday.map((t) => `${t.http.method} ${t.http.path}`))).toEqual(new Set(["POST /v2"]));
    expect(monday.find((t) => t.name === "MONDAY_CREATE_ITEM")!.http.params.map((p) => p.key)).toEqual(["API-Version", "boardId", "itemName", "groupId", "columnValues", "createLabelsIfMissing"]);
  });

  it("signs in to Linear with OAuth (comma-separated scopes) or a personal API key sent as the whole Authorization header", () => {
    const app = catalog.getApp("linear")!;
    expect(app.baseUrl).toBe("https://api.linear.app");
    const oauth = app.auth.find((m) => m.type === "oauth2")!;
    expect(oauth).toMatchObject({ authorizeUrl: "https://linear.app/oauth/authorize", tokenUrl: "https://api.linear.app/oauth/token", scopeSeparator: "," });
    expect(oauth.scopes).toEqual(expect.arrayContaining(["read", "write", "issues:create", "comments:create"]));
    const key = app.auth.find((m) => m.type === "apiKey")!;
    expect(key.fields).toEqual([expect.objectContaining({ placement: { in: "header", name: "Authorization" } })]);
    expect(catalog.getApp("monday")!.auth.find((m) => m.type === "apiKey")!.fields).toEqual([expect.objectContaining({ placement: { in: "header", name: "Authorization" } })]);
  });

  it("finds each operation of one endpoint as a tool of its own, not as variants of one another", () => {
    const found = catalog.findTools("create a Linear issue", { limit: 5 });
    expect(found[0]?.tool.name).toBe("LINEAR_CREATE_ISSUE");
    const teams = catalog.findTools("list teams", { app: "linear", limit: 5 });
    expect(teams[0]?.tool.name).toBe("LINEAR_LIST_TEAMS");
    expect(teams.length).toBeGreaterThan(1);
    const comment = catalog.findTools("comment on the Linear issue ENG-12", { limit: 5 });
    expect(comment.slice(0, 3).map((m) => m.tool.name)).toContain("LINEAR_CREATE_COMMENT");
    const item = catalog.findTools("add an item to my monday.com board", { limit: 5 });
    expect(item.slice(0, 3).map((m) => m.tool.name)).toContain("MONDAY_CREATE_ITEM");
  });
});

/** A loopback GraphQL endpoint for one app: checks each request as the vendor would, records it, and answers per operation. */
interface GraphqlStandIn {
  url: string;
  requests: { path: string; headers: IncomingMessage["headers"]; body: { query: string; variables: Record<string, unknown> } }[];
  answers: Map<string, unknown>;
  stop(): Promise<void>;
}

async function graphqlStandIn(opts: { path: string; authorization: string; documents: string[] }): Promise<GraphqlStandIn> {
  const requests: GraphqlStandIn["requests"] = [];
  const answers = new Map<string, unknown>();
  const reply = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    if (req.method !== "POST" || req.url !== opts.path) return reply(res, 404, { error: "not found" });
    if (req.headers.authorization !== opts.authorization) return reply(res, 401, { errors: [{ message: "Authentication required, not authenticated" }] });
    if (!String(req.headers["content-type"]).startsWith("application/json")) return reply(res, 415, { errors: [{ message: "Unsupported content type" }] });
    const body = JSON.parse(text) as { query: string; variables: Record<string, unknown> };
    requests.push({ path: req.url, headers: req.headers, body });
    if (!opts.documents.includes(body.query)) return reply(res, 400, { errors: [{ message: "Syntax Error: unknown document" }] });
    const declared = declaredVariables(body.query);
    const missing = [...declared].find(([name, required]) => required && body.variables?.[name] === undefined);
    if (missing) return reply(res, 200, { errors: [{ message: `Variable "$${missing[0]}" of required type was not provided.` }] });
    const unknown = Object.keys(body.variables ?? {}).find((v) => !declared.has(v));
    if (unknown) return reply(res, 200, { errors: [{ message: `Variable "$${unknown}" is not defined.` }] });
    const name = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
    reply(res, 200, answers.get(name) ?? { data: null, errors: [{ message: `no answer for ${name}` }] });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answers,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("running GraphQL tools through the server", () => {
  let server: TestServer;
  let account: Awaited<ReturnType<TestServer["newAccount"]>>;
  let linear: GraphqlStandIn;
  let monday: GraphqlStandIn;
  const LINEAR_KEY = "lin_api_0123456789abcdef";
  const MONDAY_TOKEN = "eyJhbGciOiJIUzI1NiJ9.monday-token";

  beforeAll(async () => {
    server = await startTestServer();
    account = await server.newAccount();
    const catalog = server.service.services.catalog;
    const documents = (app: string) => catalog.listTools({ app, limit: 100 }).items.map((t) => t.http.graphql!.query);
    linear = await graphqlStandIn({ path: "/graphql", authorization: LINEAR_KEY, documents: documents("linear") });
    monday = await graphqlStandIn({ path: "/v2", authorization: MONDAY_TOKEN, documents: documents("monday") });
    const { db, secrets } = server.service.services;
    await configureApp(db, secrets, "linear", { baseUrl: linear.url });
    await configureApp(db, secrets, "monday", { baseUrl: monday.url });
    await connectWithKey("linear", { apiKey: LINEAR_KEY });
    await connectWithKey("monday", { apiToken: MONDAY_TOKEN });
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
    await linear?.stop();
    await monday?.stop();
  });

  /** Opens a sign-in link and submits the credential form like a browser. */
  async function connectWithKey(app: string, fields: Record<string, string>) {
    const link = await server.call("POST", `/api/v1/apps/${app}/connect`, { key: account.key, body: {} });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const res = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields), redirect: "manual" });
    expect(res.status, await res.text()).toBeLessThan(400);
  }

  const run = (tool: string, args: Record<string, unknown>) => server.call("POST", `/api/v1/tools/${tool}/run`, { key: account.key, body: { arguments: args } });

  it("refuses a run without a required variable before calling the app", async () => {
    const before = linear.requests.length;
    const res = await run("LINEAR_CREATE_ISSUE", { title: "No team" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/teamId/);
    expect(linear.requests.length).toBe(before);
  });

  it("fails the run with the GraphQL error messages when the answer carries errors", async () => {
    linear.answers.set("updateIssue", { data: { issueUpdate: null }, errors: [{ message: "Entity not found: Issue", extensions: { code: "INVALID_INPUT" } }] });
    const res = await run("LINEAR_UPDATE_ISSUE", { id: "ENG-404", title: "Renamed" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: false, status: 200, error: { code: "app_error" } });
    expect(res.body.error.message).toContain("Entity not found: Issue");
    expect(res.body.data.errors).toHaveLength(1);
    const runs = await server.call("GET", "/api/v1/runs?limit=5", { key: account.key });
    expect(runs.body.find((r: { id: string }) => r.id === res.body.runId)).toMatchObject({ tool: "LINEAR_UPDATE_ISSUE", status: "failed", errorCode: "app_error", upstreamStatus: 200 });
  });

  it("creates a Linear issue: POST /graphql with the personal key as the whole Authorization header and { query, variables }", async () => {
    linear.answers.set("createIssue", { data: { issueCreate: { success: true, issue: { id: "iss_1", identifier: "ENG-12", title: "Login fails", url: "https://linear.app/acme/issue/ENG-12" } } } });
    const res = await run("LINEAR_CREATE_ISSUE", { teamId: "team_1", title: "Login fails", priority: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ successful: true, error: null, data: { data: { issueCreate: { success: true, issue: { identifier: "ENG-12" } } } } });
    const sent = linear.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(LINEAR_KEY);
    expect(sent.body.variables).toEqual({ teamId: "team_1", title: "Login fails", priority: 2 });
    expect(sent.body.query).toMatch(/^mutation createIssue\(/);
  });

  it("sends a document without variables with empty variables", async () => {
    linear.answers.set("getViewer", { data: { viewer: { id: "u1", name: "Ada" } } });
    const res = await run("LINEAR_GET_VIEWER", {});
    expect(res.body).toMatchObject({ successful: true, data: { data: { viewer: { name: "Ada" } } } });
    expect(linear.requests.at(-1)!.body.variables).toEqual({});
  });

  it("creates a monday.com item with its column values and the API-Version header", async () => {
    monday.answers.set("createItem", { data: { create_item: { id: "9001", name: "Launch", url: "https://acme.monday.com/boards/1/pulses/9001" } } });
    const columnValues = JSON.stringify({ status: { label: "Working on it" } });
    const res = await run("MONDAY_CREATE_ITEM", { boardId: "1234", itemName: "Launch", columnValues, "API-Version": "2025-07" });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ successful: true, data: { data: { create_item: { id: "9001" } } } });
    const sent = monday.requests.at(-1)!;
    expect(sent.path).toBe("/v2");
    expect(sent.headers.authorization).toBe(MONDAY_TOKEN);
    expect(sent.headers["api-version"]).toBe("2025-07");
    expect(sent.body.variables).toEqual({ boardId: "1234", itemName: "Launch", columnValues });
  });

  it("finds the GraphQL tools through POST /tools/find", async () => {
    const res = await server.call("POST", "/api/v1/tools/find", { key: account.key, body: { task: "search Linear issues about the login bug", limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.tools[0].name).toBe("LINEAR_SEARCH_ISSUES");
    expect(res.body.tools[0].http).toEqual({ method: "POST", path: "/graphql" });
  });
});
