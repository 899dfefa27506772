/** Operator settings per app: `patchbay app configure` and the PATCHBAY_APPS_CONFIG file. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { testCatalogDir } from "../helpers/catalog-dir.js";
import { rootDir } from "../../src/db/paths.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const cli = (...args: string[]) =>
  spawnSync(process.execPath, [join(rootDir, "bin/patchbay.js"), ...args], {
    env: { ...process.env, PATCHBAY_DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl, PATCHBAY_CATALOG_DIR: testCatalogDir },
    encoding: "utf8",
  });

describe("patchbay app configure", () => {
  it("stores the OAuth client (secret sealed) and URL overrides, and prints the redirect URI to register", async () => {
    const res = cli("app", "configure", "googlecalendar", "--client-id", "gcal-id", "--client-secret", "gcal-secret-value", "--scopes", "https://www.googleapis.com/auth/calendar.readonly");
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain("/connect/callback");
    const row = await server.service.services.db.appConfig.findUniqueOrThrow({ where: { appId: "googlecalendar" } });
    expect(row.clientId).toBe("gcal-id");
    expect(row.clientSecretSealed).not.toContain("gcal-secret-value");
    const { key } = await server.newAccount();
    const link = await server.call("POST", "/api/v1/apps/googlecalendar/connect", { key, body: {} });
    expect(link.status).toBe(201);
    const page = await fetch(link.body.url, { redirect: "manual" });
    const authorize = new URL(page.headers.get("location")!);
    expect(authorize.origin).toBe("https://accounts.google.com");
    expect(authorize.searchParams.get("client_id")).toBe("gcal-id");
    expect(authorize.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/calendar.readonly");
  });

  it("refuses an unknown app and a URL that is not http(s)", () => {
    expect(cli("app", "configure", "no_such_app", "--base-url", "https://x.example").stderr).toMatch(/No app 'no_such_app'/);
    expect(cli("app", "configure", "github", "--base-url", "ftp://x").stderr).toMatch(/--base-url must be an http\(s\) URL/);
  });
});

describe("PATCHBAY_APPS_CONFIG", () => {
  it("applies a settings file on start", async () => {
    const file = join(server.dataDir, "apps.json");
    await writeFile(file, JSON.stringify({ zoom: { clientId: "zoom-id", clientSecret: "zoom-secret", baseUrl: "https://zoom.example.test/v2" } }));
    const other = await startTestServer({ PATCHBAY_APPS_CONFIG: file });
    try {
      const { key } = await other.newAccount();
      expect((await other.call("POST", "/api/v1/apps/zoom/connect", { key, body: {} })).status).toBe(201);
    } finally {
      await other.stop();
    }
  });

  it("stops start-up on a file naming an unknown app or setting, naming the variable", async () => {
    const file = join(server.dataDir, "bad-apps.json");
    await writeFile(file, JSON.stringify({ zoom: { clientId: "x", clientSecret: "y", colour: "red" } }));
    await expect(startTestServer({ PATCHBAY_APPS_CONFIG: file })).rejects.toThrow(/^PATCHBAY_APPS_CONFIG has unknown settings for zoom: colour/);
  });
});
