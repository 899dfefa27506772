/** The discovery documents of the agent host, each checked against its standard's schema or grammar. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { acpDiscoveryValidator, haveProtocols, skipNotice, ucpProfileValidator } from "./protocol-schemas.js";

let server: TestServer;
let agentUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  agentUrl = server.service.services.config.agentUrl;
}, 120_000);
afterAll(() => server?.stop());

describe("absent on purpose", () => {
  it("has no OAuth authorization-server or protected-resource metadata (404)", async () => {
    for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/oauth-protected-resource"]) {
      const res = await server.call("GET", path, { key: null });
      expect(res.status).toBe(404);
    }
  });
});

describe("GET /llms.txt", () => {
  it("follows the llms.txt format: H1, blockquote summary, H2 sections of link lists, Optional last", async () => {
    const res = await server.call("GET", "/llms.txt", { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (res.body as string).split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.filter((l) => /^# /.test(l))).toHaveLength(1);
    const firstH2 = lines.findIndex((l) => l.startsWith("## "));
    expect(lines.slice(1, firstH2).find((l) => l.trim())).toMatch(/^> \S/);
    const sections = lines.slice(firstH2).join("\n").split(/^## /m).filter(Boolean);
    expect(sections.at(-1)!.split("\n")[0]).toBe("Optional");
    for (const section of sections) {
      const items = section.split("\n").slice(1).filter((l) => l.trim());
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).toMatch(/^- \[[^\]]+\]\((https?:\/\/[^)\s]+)\)(: .+)?$/);
    }
    expect(res.body).toContain(`${agentUrl}/docs/quick-start.md`);
  });

  it("links only pages that answer", async () => {
    const links = [...(await server.call("GET", "/llms.txt", { key: null })).body.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((m: RegExpMatchArray) => m[1]!);
    for (const link of links.filter((l: string) => !l.includes("/agent/commerce/"))) {
      const res = await fetch(link.replace(agentUrl, server.url));
      expect.soft(res.status, link).toBe(200);
    }
  });
});

describe("GET /.well-known/api-catalog", () => {
  it("is an RFC 9727 linkset with the profile parameter, anchored at the API, linking its description", async () => {
    const res = await server.call("GET", "/.well-known/api-catalog", { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    expect(res.headers.get("link")).toBe(`<${agentUrl}/.well-known/api-catalog>; rel="api-catalog"`);
    const body = res.body;
    expect(Object.keys(body)).toEqual(["linkset"]);
    for (const context of body.linkset) {
      expect(new URL(context.anchor).href).toBeTruthy();
      for (const [rel, targets] of Object.entries(context).filter(([k]) => k !== "anchor")) {
        expect(Array.isArray(targets), rel).toBe(true);
        for (const t of targets as { href: string }[]) expect(new URL(t.href).href).toBeTruthy();
      }
    }
    expect(body.linkset[0]["service-desc"][0].href).toBe(`${agentUrl}/openapi.json`);
  });

  it("answers HEAD with the Link header and no body", async () => {
    const res = await fetch(`${server.url}/.well-known/api-catalog`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("link")).toContain('rel="api-catalog"');
    expect(await res.text()).toBe("");
  });
});

describe("GET /.well-known/ucp", () => {
  skipNotice("the UCP profile schema check");
  it.skipIf(!haveProtocols)("validates against UCP 2026-04-08's discovery profile schema", async () => {
    const res = await server.call("GET", "/.well-known/ucp", { key: null });
    const validate = ucpProfileValidator();
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
  });

  it("names the REST shopping service on this host and the checkout capability, cacheable", async () => {
    const res = await server.call("GET", "/.well-known/ucp", { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    expect(res.body.ucp.services["dev.ucp.shopping"][0]).toMatchObject({ transport: "rest", endpoint: `${agentUrl}/agent/commerce/ucp` });
    expect(Object.keys(res.body.ucp.capabilities)).toEqual(["dev.ucp.shopping.checkout"]);
  });
});

describe("GET /.well-known/acp.json", () => {
  skipNotice("the ACP discovery schema check");
  it.skipIf(!haveProtocols)("validates against ACP 2026-04-17's DiscoveryResponse (no extra fields)", async () => {
    const res = await server.call("GET", "/.well-known/acp.json", { key: null });
    const validate = acpDiscoveryValidator();
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...res.body, extra: true })).toBe(false);
  });

  it("points at the ACP REST base on this host", async () => {
    const res = await server.call("GET", "/.well-known/acp.json", { key: null });
    expect(res.body.api_base_url).toBe(`${agentUrl}/agent/commerce/acp`);
    expect(res.body.protocol.documentation_url).toBe(`${agentUrl}/docs/pricing`);
  });
});

describe("GET /agent/skills/buy-products/SKILL.md", () => {
  it("is an Agent Skill: YAML front matter with name and description, then steps with this host's URLs", async () => {
    const res = await server.call("GET", "/agent/skills/buy-products/SKILL.md", { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/markdown");
    const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(res.body);
    expect(match).not.toBeNull();
    const front = parseYaml(match![1]!);
    expect(front.name).toBe("buy-products");
    expect(front.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(front.description.length).toBeGreaterThan(0);
    expect(front.description.length).toBeLessThanOrEqual(1024);
    expect(match![2]).toContain(`${agentUrl}/agent/commerce/products`);
    expect(match![2]).toContain(`${agentUrl}/agent/commerce/ucp/checkout-sessions`);
    expect(match![2]).toContain("continue_url");
  });
});

describe("the MCP server card", () => {
  it("is still served at both paths", async () => {
    const a = await server.call("GET", "/.well-known/mcp/server-card.json", { key: null });
    const b = await fetch(`${server.url}/mcp/server-card`);
    expect(a.status).toBe(200);
    expect(await b.json()).toEqual(a.body);
  });
});
