/**
 * Retired APIs (issue 15): curated `deprecated` apps (Instagram API v1, WhatsApp on-premises, Universal Analytics v3)
 * are left out of app searches (GET /apps, GET /catalog, MCP search_apps) and of tools.find unless the caller asks for
 * them (`includeDeprecated`, or tools.find naming the app); GET /apps/{id} still shows them, saying they are retired.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURATED_APPS } from "../../src/catalog/curated.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { BUILD_TIMEOUT_MS } from "./built-catalog.js";

const RETIRED = ["instagram_legacy_v1", "whatsapp_on_premises", "google_analytics_v3"];

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
beforeAll(async () => {
  server = await startTestServer();
  account = await server.newAccount();
}, BUILD_TIMEOUT_MS);
afterAll(() => server?.stop());

const ids = (apps: { id: string }[]) => apps.map((a) => a.id);
const apps = (query: string) => server.call("GET", `/api/v1/apps?${query}`, { key: account.key });
const find = (body: Record<string, unknown>) => server.call("POST", "/api/v1/tools/find", { key: account.key, body: { limit: 10, ...body } });

describe("retired apps in the catalog", () => {
  it("are exactly the curated retired APIs, marked deprecated; live apps carry no flag", async () => {
    expect(CURATED_APPS.filter((c) => c.deprecated).map((c) => c.id).sort()).toEqual([...RETIRED].sort());
    for (const id of RETIRED) {
      const res = await apps(`search=${id}&includeDeprecated=true&limit=5`);
      expect(res.body.find((a: { id: string }) => a.id === id), id).toMatchObject({ deprecated: true });
    }
    const live = await apps("search=instagram&limit=50");
    expect(live.body.length).toBeGreaterThan(0);
    for (const a of live.body) expect(a, a.id).not.toHaveProperty("deprecated");
  });
});

describe("GET /apps?search= and GET /catalog?search=", () => {
  it("leave retired apps out of a search by default, even when the search is the retired app's own id or name", async () => {
    for (const search of ["instagram", "whatsapp", "google analytics", "analytics", "instagram_legacy_v1", "Instagram API v1 (retired)"]) {
      const res = await apps(`search=${encodeURIComponent(search)}&limit=200`);
      expect(res.status).toBe(200);
      expect(ids(res.body).filter((id) => RETIRED.includes(id)), search).toEqual([]);
      const open = await server.call("GET", `/api/v1/catalog?search=${encodeURIComponent(search)}&limit=200`, { key: null });
      expect(ids(open.body).filter((id) => RETIRED.includes(id)), search).toEqual([]);
    }
  });

  it("list them with includeDeprecated=true, after the live product", async () => {
    const res = await apps("search=whatsapp&includeDeprecated=true&limit=200");
    expect(ids(res.body)).toContain("whatsapp_on_premises");
    const analytics = await server.call("GET", "/api/v1/catalog?search=google%20analytics&includeDeprecated=true&limit=200", { key: null });
    expect(ids(analytics.body)).toContain("google_analytics_v3");
    expect(ids(analytics.body).indexOf("google_analytics")).toBeLessThan(ids(analytics.body).indexOf("google_analytics_v3"));
  });

  it("refuses includeDeprecated that is not a boolean", async () => {
    const res = await apps("search=instagram&includeDeprecated=maybe");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("does not accept a page cursor of the list with retired apps for the list without them", async () => {
    const first = await apps("search=a&includeDeprecated=true&limit=1");
    const cursor = first.headers.get("patchbay-next-cursor");
    expect(cursor).toBeTruthy();
    const res = await apps(`search=a&limit=1&cursor=${encodeURIComponent(cursor!)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });
});

describe("GET /apps/{app}", () => {
  it("still shows a retired app, saying it is deprecated", async () => {
    const res = await server.call("GET", "/api/v1/apps/instagram_legacy_v1", { key: account.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "instagram_legacy_v1", deprecated: true });
    expect(res.body.description).toMatch(/retired/i);
  });
});

describe("MCP search_apps", () => {
  it("leaves retired apps out unless includeDeprecated is true", async () => {
    const client = await mcpClient(server.url, account.key);
    try {
      const hidden = await client.callTool({ name: "search_apps", arguments: { search: "whatsapp", limit: 50 } });
      expect(hidden.isError).toBeFalsy();
      expect(ids((hidden.structuredContent as { items: { id: string }[] }).items)).not.toContain("whatsapp_on_premises");
      const shown = await client.callTool({ name: "search_apps", arguments: { search: "whatsapp", limit: 50, includeDeprecated: true } });
      expect(ids((shown.structuredContent as { items: { id: string }[] }).items)).toContain("whatsapp_on_premises");
    } finally {
      await client.close();
    }
  });
});

describe("POST /tools/find", () => {
  const apps = (res: { body: { tools: { app: string }[] } }) => res.body.tools.map((t) => t.app);

  it("leaves tools of retired apps out by default, also when the task names the retired product", async () => {
    for (const task of ["get my recent Instagram media", "list the media of an Instagram user", "send a WhatsApp message", "get Google Analytics data for my site"]) {
      const res = await find({ task });
      expect(res.status).toBe(200);
      expect(apps(res).filter((a) => RETIRED.includes(a)), task).toEqual([]);
    }
  });

  it("includes them with includeDeprecated: true", async () => {
    const res = await find({ task: "get my recent Instagram media", includeDeprecated: true });
    expect(apps(res)).toContain("instagram_legacy_v1");
  });

  it("includes them when the app is named explicitly", async () => {
    const res = await find({ task: "list recent media", app: "instagram_legacy_v1" });
    expect(res.body.tools.length).toBeGreaterThan(0);
    expect(new Set(apps(res))).toEqual(new Set(["instagram_legacy_v1"]));
  });
});
