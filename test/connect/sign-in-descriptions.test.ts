/**
 * What the catalog compiler reads of a description's sign-in facts (standard OpenAPI plus x-patchbay-* extensions):
 * connection variables from servers[0].variables, one method per security requirement (several schemes in one
 * object = one form with several fields), secrets in the URL, OAuth facts; and how values are filled into a URL.
 */
import { describe, expect, it } from "vitest";
import { authMethods } from "../../src/catalog/build/auth-methods.js";
import { fillTemplate, serverVariables } from "../../src/catalog/build/connection-variables.js";
import { scopeParameters } from "../../src/connect/oauth/start-authorization.js";
import { placeCredentials, credentialsFromFields } from "../../src/connect/credentials.js";

const doc = (over: Record<string, unknown>) => ({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths: {}, ...over });

describe("fillTemplate", () => {
  const template = "https://{subdomain}.zendesk.com/api/v2";
  it("refuses a host value that is not one DNS label (another host, a path, credentials)", () => {
    for (const v of ["evil.com", "a/b", "x@evil.com", "a b", "", "-a"]) expect(() => fillTemplate(template, { subdomain: v }), v).toThrow();
  });
  it("refuses a path value that is not one segment, and an origin that is not https", () => {
    expect(() => fillTemplate("https://api.telegram.org/bot{token}", { token: "1/../2" })).toThrow(/one path segment/);
    expect(() => fillTemplate("{instance_url}/services", { instance_url: "http://evil.example" })).toThrow(/https origin/);
    expect(() => fillTemplate("{instance_url}/services", { instance_url: "https://a.example/x" })).toThrow(/https origin/);
  });
  it("fills good values in", () => {
    expect(fillTemplate(template, { subdomain: "acme" })).toBe("https://acme.zendesk.com/api/v2");
    expect(fillTemplate("https://api.telegram.org/bot{token}", { token: "123:AB-c_d" })).toBe("https://api.telegram.org/bot123:AB-c_d");
    expect(fillTemplate("{instance_url}/services", { instance_url: "https://acme.my.salesforce.com" })).toBe("https://acme.my.salesforce.com/services");
  });
});

describe("serverVariables", () => {
  it("makes a host label under a fixed domain a connection variable, with its description as label; placeholders are not pre-filled", () => {
    const s = serverVariables(doc({ servers: [{ url: "https://{subdomain}.zendesk.com/api/{version}", variables: { subdomain: { default: "your-subdomain", description: "Your subdomain" }, version: { default: "v2" } } }] }), "zendesk.com");
    expect(s.baseUrl).toBe("https://{subdomain}.zendesk.com/api/v2");
    expect(s.variables).toEqual([{ name: "subdomain", label: "Your subdomain" }]);
  });
  it("honours enum and default, x-patchbay-pattern and x-patchbay-from", () => {
    const s = serverVariables(
      doc({
        servers: [{
          url: "https://{region}.api.example.com/{cloud}",
          variables: {
            region: { default: "eu", enum: ["eu", "us"] },
            cloud: { default: "x", "x-patchbay-from": { request: { url: "https://api.example.com/me" }, pick: "0.id" } },
          },
        }],
      }),
      "example.com",
    );
    expect(s.variables).toEqual([
      { name: "region", label: "Region", default: "eu", enum: ["eu", "us"] },
      { name: "cloud", label: "Cloud", from: { request: { url: "https://api.example.com/me" }, pick: "0.id" } },
    ]);
  });
  it("refuses a credential as a token field of a plain variable", () => {
    const s = serverVariables(doc({ servers: [{ url: "{base}/v1", variables: { base: { default: "https://x.example", "x-patchbay-from": { tokenField: "access_token" } } } }] }), "x.example");
    expect(s.variables).toEqual([]);
  });
  it("makes a secret in the path a credential field placed in the URL, never a variable", () => {
    const d = doc({ servers: [{ url: "https://api.telegram.org/bot{token}", variables: { token: { default: "123:ABC", description: "The bot's token." } } }] });
    const s = serverVariables(d, "telegram.org");
    expect(s.baseUrl).toBe("https://api.telegram.org/bot{token}");
    expect(s.variables).toEqual([]);
    expect(authMethods(d, s.baseUrl, s.secretFields)).toEqual([{ type: "apiKey", fields: [{ name: "token", label: "The bot's token", placement: { in: "url", variable: "token" } }] }]);
  });
});

describe("authMethods", () => {
  const schemes = {
    key: { type: "apiKey", in: "query", name: "key", "x-patchbay-label": "API key" },
    token: { type: "apiKey", in: "query", name: "token", "x-patchbay-label": "Token" },
    sid: { type: "http", scheme: "basic", "x-patchbay-labels": { username: "Account SID", password: "Auth token" } },
  };
  it("makes several schemes in one requirement one method with a field each, and does not offer them alone", () => {
    const methods = authMethods(doc({ components: { securitySchemes: schemes }, security: [{ key: [], token: [] }] }), "https://api.trello.com/1");
    expect(methods).toEqual([
      { type: "apiKey", in: "query", name: "key", fields: [{ name: "key", label: "API key", placement: { in: "query", name: "key" } }, { name: "token", label: "Token", placement: { in: "query", name: "token" } }] },
    ]);
  });
  it("names HTTP Basic's two fields as the description says", () => {
    const [m] = authMethods(doc({ components: { securitySchemes: schemes }, security: [{ sid: [] }] }), "https://api.twilio.com");
    expect(m!.fields!.map((f) => f.label)).toEqual(["Account SID", "Auth token"]);
  });
  it("reads the OAuth facts and keeps OAuth URLs with variables as templates", () => {
    const [m] = authMethods(
      doc({
        components: {
          securitySchemes: {
            o: {
              type: "oauth2",
              flows: { authorizationCode: { authorizationUrl: "https://{shop}.myshopify.com/admin/oauth/authorize", tokenUrl: "https://{shop}.myshopify.com/admin/oauth/access_token", scopes: { a: "", b: "" } } },
              "x-patchbay-scope-separator": ",",
              "x-patchbay-scope-params": { user_scope: ["b"] },
              "x-patchbay-token-field": "authed_user.access_token",
              "x-patchbay-token-placement": { in: "header", name: "X-Shopify-Access-Token" },
            },
          },
        },
        security: [{ o: [] }],
      }),
      "https://{shop}.myshopify.com/admin/api/2025-01",
    );
    expect(m).toMatchObject({ authorizeUrl: "https://{shop}.myshopify.com/admin/oauth/authorize", scopeSeparator: ",", tokenField: "authed_user.access_token", tokenPlacement: { in: "header", name: "X-Shopify-Access-Token" } });
    expect(scopeParameters(m!, ["a", "b", "c"])).toEqual({ scope: "a,c", user_scope: "b" });
  });
});

describe("placeCredentials", () => {
  it("puts every field where its method says", () => {
    const [m] = authMethods(doc({ components: { securitySchemes: { k: { type: "apiKey", in: "header", name: "X-Key", "x-patchbay-prefix": "Token " }, s: { type: "http", scheme: "basic" } } }, security: [{ k: [], s: [] }] }), "https://x.example");
    const req = { url: new URL("https://x.example/a"), headers: {} as Record<string, string> };
    placeCredentials(req, credentialsFromFields(m!, { k: "abc", username: "u", password: "p" }), m);
    expect(req.headers).toEqual({ "x-key": "Token abc", authorization: `Basic ${Buffer.from("u:p").toString("base64")}` });
  });
});
