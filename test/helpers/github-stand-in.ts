/**
 * The GitHub used by tests: a real OAuth 2.0 server and an API stand-in that follows GitHub's published description,
 * with the service's GitHub app pointed at both by operator configuration (as `patchbay app configure` does).
 */
import { descriptionPath, startApiStandIn, startOAuthServer } from "../fixtures/providers/index.js";
import { configureApp } from "../../src/domain/app-settings.js";
import type { TestServer } from "./server.js";

export async function githubStandIn(server: TestServer, opts: { scopes?: string[] } = {}) {
  const oauth = await startOAuthServer();
  const client = { clientId: "patchbay-gh", clientSecret: "gh-client-secret" };
  oauth.registerClient({ ...client, redirectUris: [`${server.service.services.config.baseUrl}/connect/callback`] });
  const github = await startApiStandIn({ description: descriptionPath("github"), auth: { type: "oauth2" }, oauth });
  await configureApp(server.service.services.db, server.service.services.secrets, "github", {
    ...client,
    baseUrl: github.baseUrl,
    authorizeUrl: oauth.authorizeUrl,
    tokenUrl: oauth.tokenUrl,
    ...(opts.scopes ? { scopes: opts.scopes } : {}),
  });
  return {
    oauth,
    github,
    clientSecret: client.clientSecret,
    async stop() {
      await github.stop();
      await oauth.stop();
    },
  };
}
