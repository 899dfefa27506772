/**
 * Web Bot Auth on an incoming request: unsigned requests stay anonymous (null); a request carrying `Signature` or
 * `Signature-Input` must verify, else it is refused with 401. The key comes from the directory that
 * `Signature-Agent` names (for the signature's label), the signature must carry `tag="web-bot-auth"` and cover
 * `@authority` (and `signature-agent`, which names the key's home).
 */
import { ApiError } from "../../errors.js";
import type { KeyDirectoryClient } from "./fetch-key-directory.js";
import { parseSignatureAgent } from "./signature-agent.js";
import { SignatureRefused, verifySignature } from "./verify-signature.js";

export interface VerifiedAgent {
  /** The agent's identity: the key location its Signature-Agent names. */
  agent: string;
  keyid: string;
}

type Headers = Record<string, string | string[] | undefined>;

/** `beforeFetch`: awaited before the agent's key directory is fetched (see KeyDirectoryClient.keyFor). */
export async function verifyAgentRequest(
  req: { method: string; url: string; headers: Headers },
  directories: KeyDirectoryClient,
  beforeFetch?: () => Promise<void>,
): Promise<VerifiedAgent | null> {
  const { headers } = req;
  if (headers.signature === undefined && headers["signature-input"] === undefined) return null;
  try {
    const agentHeader = headers["signature-agent"];
    if (typeof agentHeader !== "string" || !agentHeader) throw new SignatureRefused("a signed request needs a Signature-Agent header naming the key directory");
    const locations = parseSignatureAgent(agentHeader);
    if (locations instanceof Error) throw new SignatureRefused(locations.message);
    let location: string | undefined;
    const verified = await verifySignature({ method: req.method, url: req.url, headers: headers as Record<string, string> }, headers, {
      tag: "web-bot-auth",
      mustCover: ["@authority", "signature-agent"],
      keyFor: async (keyid, label) => {
        location = pick(locations, label);
        if (!location) throw new SignatureRefused("Signature-Agent has no entry for the signature's label");
        return directories.keyFor(location, keyid, beforeFetch);
      },
    });
    return { agent: location!, keyid: verified.keyid };
  } catch (err) {
    if (err instanceof SignatureRefused) {
      throw new ApiError("unauthorized", `Web Bot Auth: ${err.message}. Send the request unsigned, or sign it as RFC 9421 and the web-bot-auth profile require.`);
    }
    throw err;
  }
}

function pick(locations: { label: string | null; url: string }[], label: string): string | undefined {
  return (locations.find((l) => l.label === label) ?? (locations.length === 1 && locations[0]!.label === null ? locations[0] : undefined))?.url;
}
