import { beforeAll, describe, expect, it } from "vitest";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

const WELL_KNOWN = [
  "github", "slack", "gmail", "googlecalendar", "googledrive", "googlesheets", "googledocs", "googletasks", "youtube",
  "stripe", "notion", "jira", "zoom", "spotify", "twilio", "sendgrid", "mailchimp", "asana", "trello", "gitlab", "box",
  "openai", "telegram", "digitalocean", "netlify", "vercel",
];

let catalog: DiskCatalog;
beforeAll(async () => {
  catalog = await builtCatalog();
}, BUILD_TIMEOUT_MS);

describe("the built catalog", () => {
  it("has at least 2,000 apps and 100,000 tools", () => {
    const { apps, tools } = catalog.stats();
    expect(apps).toBeGreaterThanOrEqual(2000);
    expect(tools).toBeGreaterThanOrEqual(100_000);
  });

  it("has the well-known apps under their plain ids, with clean names", () => {
    for (const id of WELL_KNOWN) expect(catalog.getApp(id), id).toBeDefined();
    expect(catalog.getApp("googlecalendar")!.name).toBe("Google Calendar");
    expect(catalog.getApp("github")!.name).toBe("GitHub");
  });

  it("keeps one GitHub app: enterprise-server variants are not apps", () => {
    const ids = catalog.listApps({ search: "github", limit: 100 }).items.map((a) => a.id);
    expect(ids).toContain("github");
    expect(ids.some((id) => /ghes|github_ae/.test(id))).toBe(false);
  });

  it("gives every app an id slug, a base URL and at least one sign-in method", () => {
    let cursor: string | undefined;
    let n = 0;
    do {
      const page = catalog.listApps({ limit: 500, cursor });
      for (const app of page.items) {
        expect(app.id).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
        // An origin that depends on the connection (Salesforce's `{instance_url}`) is one of the app's variables.
        const origin = /^\{([a-z_]+)\}\//i.exec(app.baseUrl)?.[1];
        if (origin) expect(app.variables?.map((v) => v.name), app.id).toContain(origin);
        else expect(app.baseUrl).toMatch(/^https?:\/\//);
        expect(app.auth.length).toBeGreaterThan(0);
        expect(app.toolCount).toBeGreaterThan(0);
        n++;
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(n).toBe(catalog.stats().apps);
  });

  it("reads OAuth2 authorization-code sign-in with endpoints, scopes and curated default scopes", () => {
    const oauth = catalog.getApp("slack")!.auth.find((m) => m.type === "oauth2")!;
    // OAuth v2 (curated): the published description's v1 URLs only work for classic apps.
    expect(oauth.authorizeUrl).toBe("https://slack.com/oauth/v2/authorize");
    expect(oauth.tokenUrl).toMatch(/^https:\/\/slack\.com\//);
    expect(oauth.scopes).toContain("chat:write");
    expect(oauth.defaultScopes).toContain("chat:write");
    const google = catalog.getApp("googlecalendar")!.auth.find((m) => m.type === "oauth2")!;
    expect(google.tokenUrl).toBe("https://accounts.google.com/o/oauth2/token");
    expect(google.defaultScopes).toEqual(["https://www.googleapis.com/auth/calendar"]);
  });

  it("maps where each input goes in the request", () => {
    const tool = catalog.getTool("GITHUB_ISSUES_CREATE")!;
    expect(tool.http).toMatchObject({ method: "POST", path: "/repos/{owner}/{repo}/issues", bodyMode: "merged", contentType: "application/json" });
    expect(tool.http.params).toEqual(expect.arrayContaining([
      { name: "owner", in: "path", key: "owner" },
      { name: "title", in: "body", key: "title" },
    ]));
    expect(tool.inputSchema.required).toEqual(expect.arrayContaining(["owner", "repo", "title"]));
    expect(tool.scopes).toEqual([]);
    const gcal = catalog.getTool("GOOGLECALENDAR_EVENTS_INSERT")!;
    expect(gcal.scopes).toContain("https://www.googleapis.com/auth/calendar");
    expect(Object.keys(gcal.inputSchema.properties as object)).not.toContain("key");
  });
});
