/**
 * The compiler's reading of `servers` on an operation or path item (build/operation-servers.ts) and how a call fills
 * the tool's own base URL per connection (calls/build-url.ts ownServerUrl): connection variables shared with the
 * app's base URL, values mapped for another host (`x-patchbay-values`), and what is ignored.
 */
import { describe, expect, it } from "vitest";
import { compileExtraApp } from "../../src/catalog/extra-apps.js";
import { compileOperation } from "../../src/catalog/build/compile-operation.js";
import { ownServerUrl } from "../../src/calls/build-url.js";
import type { EffectiveApp } from "../../src/domain/app-settings.js";
import { ApiError } from "../../src/errors.js";
import { readDescriptionFile } from "../../src/catalog/build/read-descriptions.js";
import { REPO_DESCRIPTIONS_DIR } from "../../src/catalog/build/repo-descriptions.js";

const ok = { "200": { description: "ok" } };
const doc = (servers: unknown[], paths: Record<string, unknown>) => ({ openapi: "3.0.3", info: { title: "t", version: "1" }, servers, paths });
const regionServer = {
  url: "https://{region}.app.acme.invalid",
  variables: { region: { default: "us", enum: ["us", "eu"], description: "Region" } },
};
const effOf = (app: ReturnType<typeof compileExtraApp>["app"]): EffectiveApp => ({ app, baseUrl: app.baseUrl, auth: app.auth, oauthClient: null, scopes: null, operatorHosts: new Set() });
const connection = (variables: Record<string, string>) => ({ credentials: { type: "none" as const }, authType: "none", variables });

describe("servers on an operation or path item", () => {
  it("keeps the app's connection variables as placeholders, filled per connection as the app's", () => {
    const { app, tools } = compileExtraApp(
      "regional",
      doc([regionServer], {
        "/capture": { post: { operationId: "capture", servers: [{ url: "https://{region}.ingest.app.acme.invalid/", variables: { region: { default: "us" } } }], responses: ok } },
        "/things": { get: { operationId: "things", responses: ok } },
      }),
    );
    expect(app.baseUrl).toBe("https://{region}.app.acme.invalid");
    const capture = tools.find((t) => t.http.path === "/capture")!;
    expect(capture.http.baseUrl).toBe("https://{region}.ingest.app.acme.invalid");
    expect(tools.find((t) => t.http.path === "/things")!.http.baseUrl).toBeUndefined();
    expect(ownServerUrl(effOf(app), { baseUrl: capture.http.baseUrl! }, connection({ region: "eu" }))).toBe("https://eu.ingest.app.acme.invalid");
    // A value that would leave its place is refused, as for the app's base URL.
    expect(() => ownServerUrl(effOf(app), { baseUrl: capture.http.baseUrl! }, connection({ region: "eu.evil.example" }))).toThrow(ApiError);
  });

  it("maps the connection's value to the one another host needs (x-patchbay-values), and checks the map", () => {
    const residency = { url: "https://{host}/api/query", variables: { host: { default: "q.acme.invalid", enum: ["q.acme.invalid", "eu.q.acme.invalid"], description: "Residency" } } };
    const ingest = (values: unknown) => ({
      post: { operationId: "track", servers: [{ url: "https://{host}", variables: { host: { default: "in.acme.invalid", "x-patchbay-values": values } } }], responses: ok },
    });
    const { app, tools } = compileExtraApp("residency", doc([residency], { "/track": ingest({ "q.acme.invalid": "in.acme.invalid", "eu.q.acme.invalid": "in-eu.acme.invalid" }) }));
    const track = tools[0]!;
    expect(track.http).toMatchObject({ baseUrl: "https://{host}", baseUrlValues: { host: { "q.acme.invalid": "in.acme.invalid", "eu.q.acme.invalid": "in-eu.acme.invalid" } } });
    const server = { baseUrl: track.http.baseUrl!, values: track.http.baseUrlValues };
    expect(ownServerUrl(effOf(app), server, connection({ host: "eu.q.acme.invalid" }))).toBe("https://in-eu.acme.invalid");
    expect(ownServerUrl(effOf(app), server, connection({ host: "q.acme.invalid" }))).toBe("https://in.acme.invalid");
    // A value the map does not know is not sent as it is.
    expect(() => ownServerUrl(effOf(app), server, connection({ host: "other.acme.invalid" }))).toThrow(/Connect the app again/);
    // Every value the connection may hold needs a value here; each must fit its place.
    expect(() => compileExtraApp("residency", doc([residency], { "/track": ingest({ "q.acme.invalid": "in.acme.invalid" }) }))).toThrow(/no value for eu\.q\.acme\.invalid/);
    expect(() => compileExtraApp("residency", doc([residency], { "/track": ingest({ "q.acme.invalid": "in.acme.invalid/x", "eu.q.acme.invalid": "a.acme.invalid" }) }))).toThrow(/must be a host name/);
  });

  it("ignores servers that are the app's, that only downgrade its scheme, that name a placeholder host, or that have a variable nothing fills", () => {
    const { tools } = compileExtraApp(
      "plain",
      doc([{ url: "https://api.acme.invalid/v1" }], {
        "/same": { servers: [{ url: "https://api.acme.invalid/v1/" }], get: { operationId: "same", responses: ok } },
        "/http": { get: { operationId: "http", servers: [{ url: "http://api.acme.invalid/v1" }], responses: ok } },
        "/placeholder": { get: { operationId: "placeholder", servers: [{ url: "https://your-server.example.net" }], responses: ok } },
        "/unfilled": { get: { operationId: "unfilled", servers: [{ url: "https://{tenant}.files.acme.invalid" }], responses: ok } },
        "/defaulted": { get: { operationId: "defaulted", servers: [{ url: "https://files.acme.invalid/{version}", variables: { version: { default: "v2" } } }], responses: ok } },
        "/relative": { get: { operationId: "relative", servers: [{ url: "/v2" }], responses: ok } },
      }),
    );
    const base = (path: string) => tools.find((t) => t.http.path === path)!.http.baseUrl;
    expect([base("/same"), base("/http"), base("/placeholder"), base("/unfilled")]).toEqual([undefined, undefined, undefined, undefined]);
    expect(base("/defaulted")).toBe("https://files.acme.invalid/v2");
    // A relative server is put under the provider's host, as the app's own is.
    expect(base("/relative")).toBe("https://plain/v2");
  });

  it("is not read for a custom REST connector, whose owner gives the one address (no server context)", () => {
    const d = doc([{ url: "https://api.acme.invalid" }], { "/up": { post: { servers: [{ url: "https://169.254.169.254" }], responses: ok } } });
    const item = d.paths["/up"] as { post: Record<string, unknown> };
    const draft = compileOperation("post", "/up", item, item.post, { doc: d, skipParams: new Set(), oauthSchemes: new Set() });
    expect(draft.http.baseUrl).toBeUndefined();
  });
});

describe("the repository's descriptions with operations on another host", () => {
  const compiled = (app: string) => compileExtraApp(app, readDescriptionFile(`${REPO_DESCRIPTIONS_DIR}${app}.yaml`));
  const own = (c: ReturnType<typeof compiled>, method: string, path: string) => {
    const tool = c.tools.find((t) => t.http.method === method && t.http.path === path);
    expect(tool, `${method} ${path}`).toBeDefined();
    return { baseUrl: tool!.http.baseUrl!, values: tool!.http.baseUrlValues };
  };

  it("Dropbox: upload and download at content.dropboxapi.com, the rest at api.dropboxapi.com", () => {
    const c = compiled("dropbox");
    expect(c.app.baseUrl).toBe("https://api.dropboxapi.com");
    expect(own(c, "POST", "/2/files/upload").baseUrl).toBe("https://content.dropboxapi.com");
    expect(own(c, "POST", "/2/files/download").baseUrl).toBe("https://content.dropboxapi.com");
    expect(c.tools.find((t) => t.http.path === "/2/files/list_folder")!.http.baseUrl).toBeUndefined();
    const upload = c.tools.find((t) => t.http.path === "/2/files/upload")!;
    expect(upload.http).toMatchObject({ contentType: "application/octet-stream", bodyMode: "property" });
    expect(upload.inputSchema.required).toEqual(["Dropbox-API-Arg", "body"]);
  });

  it("PostHog: capture and batch at the connection's region's ingestion host", () => {
    const c = compiled("posthog");
    for (const path of ["/i/v0/e/", "/batch/"]) {
      const server = own(c, "POST", path);
      expect(server.baseUrl).toBe("https://{region}.i.posthog.com");
      expect(ownServerUrl(effOf(c.app), server, connection({ region: "eu" }))).toBe("https://eu.i.posthog.com");
    }
  });

  it("Mixpanel: track and import at the Ingestion API host of the connection's data residency", () => {
    const c = compiled("mixpanel");
    for (const path of ["/track", "/import"]) {
      const server = own(c, "POST", path);
      const at = (host: string) => ownServerUrl(effOf(c.app), server, connection({ host }));
      expect([at("mixpanel.com"), at("eu.mixpanel.com"), at("in.mixpanel.com")]).toEqual(["https://api.mixpanel.com", "https://api-eu.mixpanel.com", "https://api-in.mixpanel.com"]);
    }
  });
});
