/** /agent/site.json: what the site is, its sections, its endpoints, the MCP endpoint, the purchase flow, contact. */
import { docPages, SKILL_PATH } from "../content/public-pages.js";

export function siteDescription(opts: { baseUrl: string; agentUrl: string; lastModified: Date; requestsPerSecond: number }) {
  const { agentUrl } = opts;
  const link = (title: string, path: string, type: string) => ({ title, url: `${agentUrl}${path}`, type });
  return {
    name: "Patchbay",
    description: "A connected-apps service for AI agents: connect third-party apps once, then find and run their operations as tools through one API key (REST, MCP, JavaScript and Python clients).",
    url: agentUrl,
    lastModified: opts.lastModified.toISOString(),
    sections: [
      ...docPages().map((d) => ({ title: d.title, path: d.path, url: `${agentUrl}${d.path}`, description: firstParagraph(d.text) })),
      { title: "App catalog", path: "/apps", url: `${agentUrl}/sitemap.xml`, description: "One page per app (/apps/<id>) with its tools and trigger types." },
      { title: "Purchasing guide", path: SKILL_PATH, url: `${agentUrl}${SKILL_PATH}`, description: "The steps an agent follows to buy a subscription." },
    ],
    links: [
      link("OpenAPI description", "/openapi.json", "application/json"),
      link("Search the public content", "/agent/search?q={query}", "application/json"),
      link("Read a page as Markdown", "/agent/read?path={path}", "application/json"),
      link("llms.txt", "/llms.txt", "text/plain"),
      link("API catalog (RFC 9727)", "/.well-known/api-catalog", "application/linkset+json"),
      link("MCP server card", "/.well-known/mcp/server-card.json", "application/json"),
      link("UCP profile", "/.well-known/ucp", "application/json"),
      link("ACP discovery", "/.well-known/acp.json", "application/json"),
      link("Products", "/agent/commerce/products", "application/json"),
      link("Web Bot Auth key directory", "/.well-known/http-message-signatures-directory", "application/http-message-signatures-directory+json"),
      link("Sitemap", "/sitemap.xml", "application/xml"),
    ],
    mcp: { url: `${agentUrl}/mcp`, serverCard: `${agentUrl}/.well-known/mcp/server-card.json` },
    purchase: {
      products: `${agentUrl}/agent/commerce/products`,
      skill: `${agentUrl}${SKILL_PATH}`,
      steps: [
        `GET ${agentUrl}/agent/commerce/products for the offers.`,
        `Create a checkout session: POST ${agentUrl}/agent/commerce/ucp/checkout-sessions (UCP), POST ${agentUrl}/agent/commerce/acp/checkout_sessions (ACP), or the MCP tool create_checkout.`,
        "Send the buyer to the session's continue_url: terms first, then the processor's hosted checkout page, where the buyer pays.",
      ],
    },
    contact: { url: `${opts.baseUrl}/docs` },
    access: { requestsPerSecond: opts.requestsPerSecond, signatures: "web-bot-auth" },
  };
}

function firstParagraph(markdown: string): string {
  return markdown.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, " ").trim()).find((p) => p && !p.startsWith("#")) ?? "";
}
