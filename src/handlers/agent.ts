/** The agent host's operations: public content, discovery documents, the site's key directory. */
import type { Handler } from "../dispatch/types.js";
import { Reply } from "../dispatch/types.js";
import { publicContent } from "../agent/content/open-content.js";
import { searchContent } from "../agent/content/search-content.js";
import { readContent } from "../agent/content/read-content.js";
import { siteDescription } from "../agent/discovery/site-description.js";
import { llmsTxt } from "../agent/discovery/llms-txt.js";
import { apiCatalog, apiCatalogLink, API_CATALOG_TYPE } from "../agent/discovery/api-catalog.js";
import { ucpProfile } from "../agent/discovery/ucp-profile.js";
import { acpDiscovery } from "../agent/discovery/acp-discovery.js";
import { skillGuide } from "../agent/discovery/skill-guide.js";
import { siteKeys } from "../agent/signatures/site-keys.js";
import { signedDirectory } from "../agent/signatures/sign-directory.js";

type Headers = Record<string, string | undefined> | undefined;

export const getAgentSite: Handler<"getAgentSite"> = async (_input, { services }) => {
  const { config } = services;
  return siteDescription({ baseUrl: config.baseUrl, agentUrl: config.agentUrl, lastModified: publicContent(services).lastModified, requestsPerSecond: config.agentRequestsPerSecond });
};

export const searchAgentContent: Handler<"searchAgentContent"> = async ({ query }, { services }) => {
  const page = searchContent(publicContent(services), services.config.agentUrl, query.q, query.limit ?? 10, query.cursor);
  return new Reply({ query: query.q, ...page }, { nextCursor: page.nextCursor });
};

export const readAgentContent: Handler<"readAgentContent"> = async ({ query, headers }, { services }) => {
  const { etag, ...page } = readContent(publicContent(services), services.config.agentUrl, { path: query?.path, url: query?.url });
  const given = (headers as Headers)?.["if-none-match"];
  if (given && given.split(",").map((t) => t.trim().replace(/^W\//, "")).includes(etag)) return new Reply(undefined as never, { status: 304, headers: { ETag: etag } });
  return new Reply(page, { headers: { ETag: etag, "Last-Modified": new Date(page.lastModified).toUTCString() } });
};

export const getLlmsTxt: Handler<"getLlmsTxt"> = async (_input, { services }) =>
  new Reply(llmsTxt(services.config.agentUrl) as never, { headers: { "Content-Type": "text/plain; charset=utf-8" } });

export const getApiCatalog: Handler<"getApiCatalog"> = async (_input, { services: { config } }) =>
  new Reply(apiCatalog(config.baseUrl, config.agentUrl) as never, { headers: { "Content-Type": API_CATALOG_TYPE, Link: apiCatalogLink(config.agentUrl) } });

export const getUcpProfile: Handler<"getUcpProfile"> = async (_input, { services }) =>
  new Reply(ucpProfile(services.config.agentUrl) as never, { headers: { "Cache-Control": "public, max-age=300" } });

export const getAcpDiscovery: Handler<"getAcpDiscovery"> = async (_input, { services }) =>
  new Reply(acpDiscovery(services.config.agentUrl) as never, { headers: { "Cache-Control": "public, max-age=300" } });

export const getBuyProductsSkill: Handler<"getBuyProductsSkill"> = async (_input, { services }) =>
  new Reply(skillGuide(services.config.agentUrl) as never, { headers: { "Content-Type": "text/markdown; charset=utf-8" } });

/** Signed for the authority the client asked (`"@authority";req`), which is this host's. */
export const getSignaturesDirectory: Handler<"getSignaturesDirectory"> = async (input, { services: { config } }) => {
  const host = (input as { headers?: Headers }).headers?.host ?? new URL(config.agentUrl).host;
  const { body, headers: signed } = await signedDirectory(await siteKeys(config.dataDir), host);
  return new Reply(body as never, { headers: signed });
};
