/**
 * Operations with their own server (OpenAPI `servers` on an operation or path item: Dropbox's uploads at
 * content.dropboxapi.com beside api.dropboxapi.com). A stand-in description compiled by the catalog's own compiler
 * (as the demo's example app is) whose upload operation lives on a second loopback stand-in: the tool runs there with
 * the connection's credentials placed, the proxy keeps the app's base URL, the guard refuses a private or metadata
 * address written into an operation's servers unless private addresses are allowed, and the operator's base URL
 * override does not carry such a tool anywhere. Runs on SQLite, or PostgreSQL + Redis (TEST_DATABASE_URL, REDIS_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { compileExtraApp, type ExtraApp } from "../../src/catalog/extra-apps.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { startApiStandIn, type ApiStandIn } from "../fixtures/providers/index.js";

const KEY = `key-${randomBytes(6).toString("hex")}`;
const auth = { type: "apiKey" as const, in: "header" as const, name: "X-Api-Key", value: KEY };
const ok = (example: unknown) => ({ "200": { description: "ok", content: { "application/json": { example } } } });
const uploadOp = {
  operationId: "uploadFile",
  summary: "Upload a file",
  // Arguments as JSON in a header, as Dropbox's content endpoints take them (Dropbox-API-Arg).
  parameters: [{ name: "Upload-Arg", in: "header", required: true, content: { "application/json": { schema: { type: "object", properties: { mode: { type: "string" } } } } } }],
  requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["path"], properties: { path: { type: "string" } } } } } },
  responses: ok({ id: "file-1", path: "/a.txt" }),
};
const scheme = { components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Api-Key" } } }, security: [{ key: [] }] };
const standInDoc = (basePath: string, paths: Record<string, unknown>) => ({ openapi: "3.0.3", info: { title: "stand-in", version: "1" }, servers: [{ url: basePath }], ...scheme, paths });

/** The app as its vendor would describe it: the main API on one host, uploads on another (operation-level `servers`). */
const appDoc = (title: string, main: string, paths: Record<string, unknown>) => ({ openapi: "3.0.3", info: { title, version: "1" }, servers: [{ url: main }], ...scheme, paths });

/** The real service with apps added to its catalog (`extraApps`, as `npm run demo` adds its example app). */
async function start(env: Record<string, string>, extraApps: ExtraApp[]): Promise<TestServer> {
  return startTestServer(env, undefined, { extraApps });
}

/** Signs in through the sign-in link's form, like a browser. */
async function signIn(s: TestServer, key: string, app: string) {
  const link = await s.call("POST", `/api/v1/apps/${app}/connect`, { key, body: {} });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const res = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ key: KEY }), redirect: "manual" });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("is connected");
}

const toolOf = (s: TestServer, app: string, path: string) => s.service.services.catalog.listTools({ app, limit: 50 }).items.find((t) => t.http.path === path)!;

const standIns: ApiStandIn[] = [];
const started: TestServer[] = [];
let main: ApiStandIn;
let content: ApiStandIn;

beforeAll(async () => {
  main = await startApiStandIn({ description: standInDoc("/api", { "/me": { get: { operationId: "me", responses: ok({ id: "u1", name: "Ada" }) } } }), auth });
  // The stand-in sees the header as the text it is (its validator does not parse a header's JSON content).
  const received = { ...uploadOp, parameters: [{ name: "Upload-Arg", in: "header", required: true, schema: { type: "string", pattern: "^\\{.*\\}$" } }] };
  content = await startApiStandIn({ description: standInDoc("/content", { "/files/upload": { post: received } }), auth });
  standIns.push(main, content);
});
afterAll(async () => {
  for (const s of started) await s.stop();
  for (const s of standIns) await s.stop();
});

describe("an operation with its own server", () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    const app = compileExtraApp(
      "ownhost",
      appDoc("Own Host Files", `${main.url}/api`, {
        "/me": { get: { operationId: "me", summary: "The signed-in user", responses: ok({ id: "u1" }) } },
        "/files/upload": { servers: [{ url: `${content.url}/content/` }], post: uploadOp },
      }),
    );
    s = await start({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true" }, [app]);
    started.push(s);
    key = (await s.newAccount()).key;
    await signIn(s, key, "ownhost");
  });

  it("is compiled with its own absolute base URL; the app's other tools keep the app's", () => {
    expect(s.service.services.catalog.getApp("ownhost")!.baseUrl).toBe(`${main.url}/api`);
    expect(toolOf(s, "ownhost", "/files/upload").http.baseUrl).toBe(`${content.url}/content`);
    expect(toolOf(s, "ownhost", "/me").http.baseUrl).toBeUndefined();
  });

  it("shows the tool's own server in GET /tools/{tool} (the path is relative to it)", async () => {
    const upload = await s.call("GET", `/api/v1/tools/${toolOf(s, "ownhost", "/files/upload").name}`, { key });
    expect(upload.body.http).toEqual({ method: "POST", path: "/files/upload", baseUrl: `${content.url}/content` });
    const me = await s.call("GET", `/api/v1/tools/${toolOf(s, "ownhost", "/me").name}`, { key });
    expect(me.body.http).toEqual({ method: "GET", path: "/me" });
  });

  it("runs against the second host, with the connection's credentials placed there", async () => {
    const before = main.requests.length;
    const tool = toolOf(s, "ownhost", "/files/upload");
    const run = await s.call("POST", `/api/v1/tools/${tool.name}/run`, { key, body: { arguments: { path: "/a.txt", "Upload-Arg": { mode: "añadir" } } } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ successful: true, status: 200, data: { id: "file-1" } });
    expect(content.requests.at(-1)).toMatchObject({ method: "POST", path: "/content/files/upload", status: 200, body: { path: "/a.txt" } });
    expect(content.requests.at(-1)!.headers["x-api-key"]).toBe(KEY);
    // An object for a header goes as JSON, characters beyond ASCII escaped (a header cannot carry them).
    expect(content.requests.at(-1)!.headers["upload-arg"]).toBe('{"mode":"a\\u00f1adir"}');
    expect(JSON.parse(content.requests.at(-1)!.headers["upload-arg"] as string)).toEqual({ mode: "añadir" });
    expect(main.requests.length).toBe(before);
    // The app's other tools still go to its base URL.
    const me = await s.call("POST", `/api/v1/tools/${toolOf(s, "ownhost", "/me").name}/run`, { key, body: { arguments: {} } });
    expect(me.body).toMatchObject({ successful: true, status: 200 });
    expect(main.requests.at(-1)).toMatchObject({ method: "GET", path: "/api/me", status: 200 });
  });

  it("leaves the proxy on the app's base URL: a path is relative to it, an absolute URL is refused", async () => {
    const uploads = content.requests.length;
    const res = await s.call("POST", "/api/v1/apps/ownhost/request", { key, body: { method: "POST", path: "/files/upload", body: { path: "/b.txt" } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The main host does not serve uploads: its stand-in answers 404, and the upload host saw nothing.
    expect(res.body.status).toBe(404);
    expect(main.requests.at(-1)).toMatchObject({ method: "POST", path: "/api/files/upload" });
    expect(content.requests.length).toBe(uploads);
    const absolute = await s.call("POST", "/api/v1/apps/ownhost/request", { key, body: { method: "POST", path: `${content.url}/content/files/upload` } });
    expect(absolute.status).toBe(400);
    expect(content.requests.length).toBe(uploads);
  });

  it("is not carried to the operator's base URL, nor to its own host, while the operator has set one", async () => {
    const other = await startApiStandIn({ description: standInDoc("/api", { "/me": { get: { operationId: "me", responses: ok({ id: "u2" }) } } }), auth });
    standIns.push(other);
    await configureApp(s.service.services.db, s.service.services.secrets, "ownhost", { baseUrl: `${other.url}/api` });
    const uploads = content.requests.length;
    const tool = toolOf(s, "ownhost", "/files/upload");
    const run = await s.call("POST", `/api/v1/tools/${tool.name}/run`, { key, body: { arguments: { path: "/c.txt", "Upload-Arg": {} } } });
    expect(run.status, JSON.stringify(run.body)).toBe(409);
    expect(run.body.error.code).toBe("app_not_configured");
    expect(run.body.error.message).toContain(new URL(content.url).origin);
    expect(content.requests.length).toBe(uploads);
    expect(other.requests.length).toBe(0);
    // The override still serves the app's main address, for its tools and the proxy.
    const me = await s.call("POST", `/api/v1/tools/${toolOf(s, "ownhost", "/me").name}/run`, { key, body: { arguments: {} } });
    expect(me.body).toMatchObject({ successful: true, data: { id: "u2" } });
    expect(other.requests.at(-1)).toMatchObject({ path: "/api/me", status: 200 });
  });
});

describe("the guard on an operation's own server", () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    // The main address is never called (no identity operation, no tool of it is run); the others are private.
    const app = compileExtraApp(
      "guardedhost",
      appDoc("Guarded Host Files", "https://api.guarded-host.test/v1", {
        "/items": { get: { operationId: "listItems", responses: ok([]) } },
        "/latest/meta-data": { get: { operationId: "readMetadata", servers: [{ url: "http://169.254.169.254" }], responses: ok({}) } },
        "/files/upload": { servers: [{ url: `${content.url}/content` }], post: uploadOp },
        "/named/upload": { servers: [{ url: `http://localhost:${new URL(content.url).port}/content` }], post: { ...uploadOp, operationId: "uploadNamed" } },
      }),
    );
    s = await start({}, [app]);
    started.push(s);
    key = (await s.newAccount()).key;
    await signIn(s, key, "guardedhost");
  });

  it("refuses a metadata, loopback or local-name address written into an operation's servers, and sends nothing", async () => {
    const uploads = content.requests.length;
    for (const [path, kind] of [["/latest/meta-data", "link-local"], ["/files/upload", "loopback"], ["/named/upload", "loopback"]] as const) {
      const tool = toolOf(s, "guardedhost", path);
      expect(tool.http.baseUrl, path).toBeDefined();
      const args = path === "/latest/meta-data" ? {} : { path: "/x.txt", "Upload-Arg": {} };
      const run = await s.call("POST", `/api/v1/tools/${tool.name}/run`, { key, body: { arguments: args } });
      expect(run.status, `${path}: ${JSON.stringify(run.body)}`).toBe(409);
      expect(run.body.error.code).toBe("app_not_configured");
      expect(run.body.error.message).toContain(kind);
    }
    expect(content.requests.length).toBe(uploads);
  });
});
