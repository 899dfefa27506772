/**
 * The API catalog (RFC 9727) at /.well-known/api-catalog: an RFC 9264 linkset with one entry for the REST API
 * (anchor: its base), linking its description (`service-desc`), docs (`service-doc`) and health (`status`).
 */
export const API_CATALOG_PROFILE = "https://www.rfc-editor.org/info/rfc9727";
export const API_CATALOG_TYPE = `application/linkset+json; profile="${API_CATALOG_PROFILE}"`;

export function apiCatalog(baseUrl: string, agentUrl: string) {
  return {
    linkset: [
      {
        anchor: `${baseUrl}/api/v1`,
        "service-desc": [{ href: `${agentUrl}/openapi.json`, type: "application/vnd.oai.openapi+json;version=3.1" }],
        "service-doc": [{ href: `${agentUrl}/docs/api`, type: "text/html" }],
        status: [{ href: `${baseUrl}/healthz`, type: "application/json" }],
      },
    ],
  };
}

/** The `Link` header of the catalog (GET and HEAD). */
export const apiCatalogLink = (agentUrl: string) => `<${agentUrl}/.well-known/api-catalog>; rel="api-catalog"`;
