/**
 * /llms.txt in the llms.txt format: an H1 with the name, a blockquote summary, a paragraph, then H2 sections of
 * Markdown link lists (`- [title](url): notes`), the last one `Optional` (what can be skipped).
 */
import { docPages } from "../content/public-pages.js";

export function llmsTxt(agentUrl: string): string {
  const docs = docPages().map((d) => `- [${d.title}](${agentUrl}${d.path}.md)`);
  return `# Patchbay

> Patchbay is a connected-apps service for AI agents: connect third-party apps once, then find and run their
> operations as tools through one API key, over REST (/api/v1), MCP (/mcp) or the JavaScript and Python clients.

Public content needs no credential; one request per second per client (429 with Retry-After past it). Requests may
be signed with Web Bot Auth (RFC 9421). Read any page as Markdown with ${agentUrl}/agent/read?path=<path>.

## Docs

${docs.join("\n")}

## API

- [OpenAPI 3.1 description](${agentUrl}/openapi.json): every REST operation, its input and answers
- [MCP server card](${agentUrl}/.well-known/mcp/server-card.json): the MCP endpoint and how to authenticate
- [Site description](${agentUrl}/agent/site.json): sections and endpoints for agents
- [Search](${agentUrl}/agent/search?q=github): ranked search over the public content

## Purchasing

- [Buy a subscription](${agentUrl}/agent/skills/buy-products/SKILL.md): the steps an agent follows
- [UCP profile](${agentUrl}/.well-known/ucp): UCP 2026-04-08 checkout
- [ACP discovery](${agentUrl}/.well-known/acp.json): ACP 2026-04-17 checkout

## Optional

- [App catalog sitemap](${agentUrl}/sitemap.xml): one page per app, with its tools and trigger types
- [API catalog](${agentUrl}/.well-known/api-catalog): RFC 9727 linkset
- [Key directory](${agentUrl}/.well-known/http-message-signatures-directory): this site's Web Bot Auth keys
`;
}
