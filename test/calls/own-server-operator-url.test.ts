/**
 * The operator's URL for an operation's own server (`patchbay app configure <app> --server-url <origin>=<url>`,
 * PATCHBAY_APPS_CONFIG `serverUrls`): an operation the catalog serves from another host than the app's (Box's uploads
 * at upload.box.com, PostHog's ingestion at {region}.i.posthog.com) is called at the URL the operator set for the
 * origin it declares, the rest of its server's URL kept after it, even while the app's base URL is overridden; an
 * origin no operation declares is refused with the ones that are; the proxy keeps the app's base URL. The service
 * runs without the private-network allowance: the loopback stand-ins are reached only because the operator set them.
 * Runs on SQLite, or PostgreSQL + Redis (TEST_DATABASE_URL, REDIS_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { compileExtraApp, type ExtraApp } from "../../src/catalog/extra-apps.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { rootDir } from "../../src/db/paths.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { testCatalogDir } from "../helpers/catalog-dir.js";
import { startApiStandIn, type ApiStandIn } from "../fixtures/providers/index.js";

const KEY = `key-${randomBytes(6).toString("hex")}`;
const auth = { type: "apiKey" as const, in: "header" as const, name: "X-Api-Key", value: KEY };
const ok = (example: unknown) => ({ "200": { description: "ok", content: { "application/json": { example } } } });
const body = (schema: unknown) => ({ required: true, content: { "application/json": { schema } } });
const scheme = { components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Api-Key" } } }, security: [{ key: [] }] };
const standInDoc = (basePath: string, paths: Record<string, unknown>) => ({ openapi: "3.0.3", info: { title: "stand-in", version: "1" }, servers: [{ url: basePath }], ...scheme, paths });
const region = { default: "us", enum: ["us", "eu"], description: "Cloud region" };

const uploadOp = { operationId: "uploadFile", summary: "Upload a file", requestBody: body({ type: "object", required: ["path"], properties: { path: { type: "string" } } }), responses: ok({ id: "file-1" }) };
const captureOp = { operationId: "captureEvent", summary: "Capture an event", requestBody: body({ type: "object", required: ["event"], properties: { event: { type: "string" } } }), responses: ok({ status: 1 }) };

/**
 * The app as its vendor would describe it: the main API at https://{region}.opurl-vendor.test/api, uploads at
 * upload.opurl-vendor.test/content and events at {region}.i.opurl-vendor.test (operation-level `servers`). The vendor
 * hosts do not exist: a request sent there fails.
 */
const vendorApp = (): ExtraApp =>
  compileExtraApp("opurl", {
    openapi: "3.0.3",
    info: { title: "Operator URL Files", version: "1" },
    servers: [{ url: "https://{region}.opurl-vendor.test/api", variables: { region } }],
    ...scheme,
    paths: {
      "/me": { get: { operationId: "me", summary: "The signed-in user", responses: ok({ id: "u1" }) } },
      "/files/upload": { servers: [{ url: "https://upload.opurl-vendor.test/content" }], post: uploadOp },
      "/e/": { servers: [{ url: "https://{region}.i.opurl-vendor.test", variables: { region } }], post: captureOp },
    },
  });

/** The real service, without the private-network allowance, with apps added to its catalog and `env` on top. */
async function start(env: Record<string, string>, extraApps: ExtraApp[]): Promise<TestServer> {
  return startTestServer(env, undefined, { extraApps });
}

/** Signs in through the sign-in link's form, like a browser. */
async function signIn(s: TestServer, key: string, app: string, form: Record<string, string>) {
  const link = await s.call("POST", `/api/v1/apps/${app}/connect`, { key, body: {} });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const res = await fetch(link.body.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form), redirect: "manual" });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("is connected");
  const conns = await s.call("GET", `/api/v1/connections?app=${app}`, { key });
  return (conns.body as { id: string }[])[0]!.id;
}

const toolOf = (s: TestServer, app: string, path: string) => s.service.services.catalog.listTools({ app, limit: 200 }).items.find((t) => t.http.path === path)!;

const standIns: ApiStandIn[] = [];
const started: TestServer[] = [];
let main: ApiStandIn;
let mirror: ApiStandIn;

beforeAll(async () => {
  main = await startApiStandIn({ description: standInDoc("/api", { "/me": { get: { operationId: "me", responses: ok({ id: "u1", name: "Ada" }) } }, "/files/upload": { post: { ...uploadOp, responses: ok({ id: "main-1" }) } } }), auth });
  // The operator's mirror of the other hosts: each under its own path, the declared server's path kept after it.
  mirror = await startApiStandIn({
    description: standInDoc("/", {
      "/uploads/content/files/upload": { post: uploadOp },
      "/ingest/eu/e/": { post: captureOp },
    }),
    auth,
  });
  standIns.push(main, mirror);
});
afterAll(async () => {
  for (const s of started) await s.stop();
  for (const s of standIns) await s.stop();
});

describe("the operator's URL for an operation's own server", () => {
  let s: TestServer;
  let key: string;
  let connection: string;
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), "patchbay-apps-config-"));
    const file = join(dir, "apps.json");
    await writeFile(file, JSON.stringify({ opurl: { baseUrl: `${main.url}/api`, serverUrls: { "https://upload.opurl-vendor.test/": `${mirror.url}/uploads/` } } }));
    s = await start({ PATCHBAY_APPS_CONFIG: file }, [vendorApp()]);
    started.push(s);
    key = (await s.newAccount()).key;
    connection = await signIn(s, key, "opurl", { key: KEY, region: "eu" });
  });

  it("is stored from PATCHBAY_APPS_CONFIG under the origin as the app declares it", async () => {
    const row = await s.service.services.db.appConfig.findUniqueOrThrow({ where: { appId: "opurl" } });
    expect(JSON.parse(row.serverUrls!)).toEqual({ "https://upload.opurl-vendor.test": `${mirror.url}/uploads` });
  });

  it("sends a tool with its own server to the operator's URL, its server's path kept, credentials placed, while the base URL is overridden too", async () => {
    const before = { main: main.requests.length };
    const tool = toolOf(s, "opurl", "/files/upload");
    expect(tool.http.baseUrl).toBe("https://upload.opurl-vendor.test/content");
    const run = await s.call("POST", `/api/v1/tools/${tool.name}/run`, { key, body: { arguments: { path: "/a.txt" } } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ successful: true, status: 200, data: { id: "file-1" } });
    expect(mirror.requests.at(-1)).toMatchObject({ method: "POST", path: "/uploads/content/files/upload", status: 200, body: { path: "/a.txt" } });
    expect(mirror.requests.at(-1)!.headers["x-api-key"]).toBe(KEY);
    expect(main.requests.length).toBe(before.main);
    // The app's other tools go to the base URL the operator set.
    const me = await s.call("POST", `/api/v1/tools/${toolOf(s, "opurl", "/me").name}/run`, { key, body: { arguments: {} } });
    expect(me.body).toMatchObject({ successful: true, status: 200, data: { id: "u1" } });
    expect(main.requests.at(-1)).toMatchObject({ method: "GET", path: "/api/me", status: 200 });
  });

  it("still refuses a tool whose origin has no URL set while the base URL is overridden, naming the setting", async () => {
    const seen = mirror.requests.length + main.requests.length;
    const run = await s.call("POST", `/api/v1/tools/${toolOf(s, "opurl", "/e/").name}/run`, { key, body: { arguments: { event: "signed_up" } } });
    expect(run.status, JSON.stringify(run.body)).toBe(409);
    expect(run.body.error.code).toBe("app_not_configured");
    expect(run.body.error.message).toContain("--server-url https://{region}.i.opurl-vendor.test=<url>");
    expect(mirror.requests.length + main.requests.length).toBe(seen);
  });

  it("fills the placeholders the operator's URL keeps with the connection's values, as in the declared server", async () => {
    const { db, secrets, catalog } = s.service.services;
    await configureApp(db, secrets, "opurl", { serverUrls: { "https://{region}.i.opurl-vendor.test": `${mirror.url}/ingest/{region}` } }, catalog);
    const run = await s.call("POST", `/api/v1/tools/${toolOf(s, "opurl", "/e/").name}/run`, { key, body: { arguments: { event: "signed_up" }, connection } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ successful: true, status: 200 });
    expect(mirror.requests.at(-1)).toMatchObject({ method: "POST", path: "/ingest/eu/e/", status: 200, body: { event: "signed_up" } });
    // The first setting is kept: server URLs are merged, one origin at a time.
    const row = await db.appConfig.findUniqueOrThrow({ where: { appId: "opurl" } });
    expect(Object.keys(JSON.parse(row.serverUrls!)).sort()).toEqual(["https://upload.opurl-vendor.test", "https://{region}.i.opurl-vendor.test"]);
  });

  it("refuses an origin no operation declares, the app's main origin, and a placeholder the connection does not hold", async () => {
    const { db, secrets, catalog } = s.service.services;
    const set = (serverUrls: Record<string, string>) => configureApp(db, secrets, "opurl", { serverUrls }, catalog);
    await expect(set({ "https://downloads.opurl-vendor.test": mirror.url })).rejects.toThrow(
      "no operation of opurl declares its own server at 'https://downloads.opurl-vendor.test'. Its operations declare: https://upload.opurl-vendor.test, https://{region}.i.opurl-vendor.test.",
    );
    await expect(set({ "https://{region}.opurl-vendor.test": mirror.url })).rejects.toThrow("is the app's main address: set it with --base-url");
    await expect(set({ "https://upload.opurl-vendor.test": `${mirror.url}/{tenant}` })).rejects.toThrow("{tenant} is not a value a connection to opurl holds (it holds {region})");
    await expect(set({ "https://upload.opurl-vendor.test": "ftp://mirror.example" })).rejects.toThrow("must be an http(s) URL");
    const row = await db.appConfig.findUniqueOrThrow({ where: { appId: "opurl" } });
    expect(JSON.parse(row.serverUrls!)["https://upload.opurl-vendor.test"]).toBe(`${mirror.url}/uploads`);
  });

  it("leaves the proxy on the app's base URL: the server URLs are for the operations that declare them", async () => {
    const uploads = mirror.requests.length;
    const res = await s.call("POST", "/api/v1/apps/opurl/request", { key, body: { method: "POST", path: "/files/upload", body: { path: "/b.txt" } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 200, body: { id: "main-1" } });
    expect(main.requests.at(-1)).toMatchObject({ method: "POST", path: "/api/files/upload" });
    expect(mirror.requests.length).toBe(uploads);
  });

  it("goes back to today's rule when the setting is removed: refused while the base URL is overridden", async () => {
    const { db, secrets, catalog } = s.service.services;
    await configureApp(db, secrets, "opurl", { serverUrls: { "https://upload.opurl-vendor.test": "" } }, catalog);
    const uploads = mirror.requests.length;
    const run = await s.call("POST", `/api/v1/tools/${toolOf(s, "opurl", "/files/upload").name}/run`, { key, body: { arguments: { path: "/c.txt" } } });
    expect(run.status, JSON.stringify(run.body)).toBe(409);
    expect(run.body.error.message).toContain("--server-url https://upload.opurl-vendor.test=<url>");
    expect(mirror.requests.length).toBe(uploads);
  });
});

describe("PATCHBAY_APPS_CONFIG serverUrls", () => {
  it("stops start-up on an origin the app's operations do not declare, naming the variable and the declared ones", async () => {
    const dir = await mkdtemp(join(tmpdir(), "patchbay-apps-config-"));
    const file = join(dir, "apps.json");
    await writeFile(file, JSON.stringify({ opurl: { serverUrls: { "https://cdn.opurl-vendor.test": mirror.url } } }));
    await expect(start({ PATCHBAY_APPS_CONFIG: file }, [vendorApp()])).rejects.toThrow(
      /^PATCHBAY_APPS_CONFIG opurl: --server-url: no operation of opurl declares its own server at 'https:\/\/cdn\.opurl-vendor\.test'\. Its operations declare: https:\/\/upload\.opurl-vendor\.test, https:\/\/\{region\}\.i\.opurl-vendor\.test\./,
    );
  });
});

describe("patchbay app configure --server-url", () => {
  let s: TestServer;
  let posthog: ApiStandIn;
  const personalKey = `phx_${randomBytes(8).toString("hex")}`;
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [join(rootDir, "bin/patchbay.js"), ...args], {
      env: { ...process.env, PATCHBAY_DATA_DIR: s.dataDir, DATABASE_URL: s.databaseUrl, PATCHBAY_CATALOG_DIR: testCatalogDir },
      encoding: "utf8",
    });
  beforeAll(async () => {
    s = await start({}, []);
    started.push(s);
    // PostHog (a catalog app): a personal API key, its query API at https://{region}.posthog.com, events taken at
    // https://{region}.i.posthog.com. The operator points both at one loopback stand-in.
    posthog = await startApiStandIn({
      description: { openapi: "3.0.3", info: { title: "posthog stand-in", version: "1" }, servers: [{ url: "/" }], components: { securitySchemes: { b: { type: "http", scheme: "bearer" } } }, security: [{ b: [] }], paths: { "/ingest/eu/i/v0/e/": { post: captureOp } } },
      auth: { type: "bearer", value: personalKey },
    });
    standIns.push(posthog);
  });

  it("sets one or several origins (repeatable), shown by app show and app list; an origin with no URL removes it", async () => {
    const set = cli("app", "configure", "box", "--server-url", "https://upload.box.com=https://box-upload.mirror.example/", "--server-url", "HTTPS://dl.boxcloud.com/=https://box-dl.mirror.example");
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain("Configured box.");
    const row = await s.service.services.db.appConfig.findUniqueOrThrow({ where: { appId: "box" } });
    expect(JSON.parse(row.serverUrls!)).toEqual({ "https://upload.box.com": "https://box-upload.mirror.example", "https://dl.boxcloud.com": "https://box-dl.mirror.example" });
    const show = cli("app", "show", "box");
    expect(show.status, show.stderr).toBe(0);
    expect(show.stdout).toContain("server URL for https://upload.box.com: https://box-upload.mirror.example");
    expect(show.stdout).toContain("server URL for https://dl.boxcloud.com: https://box-dl.mirror.example");
    expect(cli("app", "list").stdout).toMatch(/^box\t.*server URL for https:\/\/upload\.box\.com: https:\/\/box-upload\.mirror\.example/m);
    expect(cli("app", "configure", "box", "--server-url", "https://dl.boxcloud.com=").status).toBe(0);
    expect(cli("app", "show", "box").stdout).not.toContain("dl.boxcloud.com");
  });

  it("refuses an origin the app's operations do not declare, naming those they do", () => {
    const res = cli("app", "configure", "box", "--server-url", "https://uploads.box.com=https://x.example");
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("no operation of box declares its own server at 'https://uploads.box.com'. Its operations declare: ");
    expect(res.stderr).toContain("https://upload.box.com");
    const pair = cli("app", "configure", "box", "--server-url", "https://upload.box.com");
    expect(pair.status).toBe(2);
    expect(pair.stderr).toContain("--server-url takes <declared origin>=<url>");
  });

  it("points PostHog's event capture (its own host, {region} kept) at the operator's URL while the base URL is set too", async () => {
    const set = cli("app", "configure", "posthog", "--base-url", `${posthog.url}/app`, "--server-url", `https://{region}.i.posthog.com=${posthog.url}/ingest/{region}`);
    expect(set.status, set.stderr).toBe(0);
    const key = (await s.newAccount()).key;
    await signIn(s, key, "posthog", { token: personalKey, region: "eu" });
    const tool = toolOf(s, "posthog", "/i/v0/e/");
    expect(tool.http.baseUrl).toBe("https://{region}.i.posthog.com");
    const run = await s.call("POST", `/api/v1/tools/${tool.name}/run`, { key, body: { arguments: { api_key: "phc_x", event: "signed_up", distinct_id: "u1" } } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ successful: true, status: 200 });
    expect(posthog.requests.at(-1)).toMatchObject({ method: "POST", path: "/ingest/eu/i/v0/e/", status: 200, body: { event: "signed_up" } });
  });
});
