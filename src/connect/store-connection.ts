import type { Services } from "../services.js";
import { newId } from "../crypto/random.js";
import { sealCredentials, type Credentials } from "./credentials.js";
import type { LinkRow } from "./links.js";

/**
 * Stores a new connection for the link's account and app, its credentials sealed. The label the caller gave when
 * making the link wins; the identity probe's (a login or e-mail at the provider) is used only when none was given.
 */
export async function storeConnection(
  services: Services,
  link: LinkRow,
  c: { credentials: Credentials; label: string | null; scopes: string[]; expiresAt: Date | null; variables?: Record<string, string> },
) {
  return services.db.connection.create({
    data: {
      id: newId("conn"),
      accountId: link.accountId,
      appId: link.appId,
      status: "active",
      authType: c.credentials.type,
      label: link.label ?? c.label,
      scopes: c.scopes.join(","),
      credentialsSealed: sealCredentials(services.secrets, c.credentials),
      expiresAt: c.expiresAt,
      // Connection variables are never secret (secret ones are credential fields, sealed above).
      variables: c.variables && Object.keys(c.variables).length ? JSON.stringify(c.variables) : null,
    },
  });
}
