import { createHash, randomBytes } from "node:crypto";

/** A PKCE pair (RFC 7636, S256): the verifier stays with us (sealed), the challenge goes to the provider. */
export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}
