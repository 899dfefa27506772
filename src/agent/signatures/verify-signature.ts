/**
 * One RFC 9421 verifier for every signature we check (agents' requests, and our own key directory's answer): the
 * `Signature-Input` is parsed as an RFC 8941 dictionary (structured-headers), the signature base is rebuilt and the
 * bytes verified by http-message-sig / web-bot-auth, and around it we check what the profile demands: the tag, the
 * covered components, `created` (a minute of clock skew) and `expires` (lifetime at most 24 h) and the key.
 */
import { parseDictionary, isInnerList } from "structured-headers";
import { verify, type RequestLike, type ResponseRequestPair } from "http-message-sig";
import { verifierFromJWK } from "web-bot-auth/crypto";

export interface VerifyOptions {
  tag: string;
  /** Components the signature must cover, as they appear in Signature-Input (`@authority`, `"@authority";req`). */
  mustCover: string[];
  /** The public key for a keyid (of the signature labelled `label`), or undefined when the signer has none by that id. */
  keyFor(keyid: string, label: string): Promise<JsonWebKey | undefined>;
  now?: Date;
  /** Longest accepted `expires - created`, in seconds (24 h). */
  maxLifetimeSeconds?: number;
  /** Clock skew allowed on `created` (a signature from a clock slightly ahead), in seconds. */
  skewSeconds?: number;
}

export interface VerifiedSignature {
  label: string;
  keyid: string;
  created: Date;
  expires: Date;
}

/** Why a signature was refused; the message is safe to show the client. */
export class SignatureRefused extends Error {}

type Headers = Record<string, string | string[] | undefined>;

export async function verifySignature(message: RequestLike | ResponseRequestPair, headers: Headers, opts: VerifyOptions): Promise<VerifiedSignature> {
  const input = one(headers["signature-input"], "Signature-Input");
  let dictionary: ReturnType<typeof parseDictionary>;
  try {
    dictionary = parseDictionary(input);
  } catch {
    throw new SignatureRefused("Signature-Input is not an RFC 8941 dictionary");
  }
  if (dictionary.size !== 1) throw new SignatureRefused("Signature-Input must hold exactly one signature");
  const [label, member] = [...dictionary][0]!;
  if (!isInnerList(member)) throw new SignatureRefused("Signature-Input must list the covered components");
  const [components, params] = member;
  const covered = components.map(([name, p]) => `"${String(name)}"${[...p.keys()].map((k) => `;${k}`).join("")}`);
  for (const want of opts.mustCover) {
    if (!covered.includes(want.startsWith('"') ? want : `"${want}"`)) throw new SignatureRefused(`the signature must cover ${want}`);
  }
  const tag = params.get("tag");
  if (tag !== opts.tag) throw new SignatureRefused(`the signature's tag must be "${opts.tag}"`);
  const keyid = params.get("keyid");
  if (typeof keyid !== "string" || !keyid) throw new SignatureRefused("the signature has no keyid");
  const created = params.get("created");
  const expires = params.get("expires");
  if (typeof created !== "number" || typeof expires !== "number") throw new SignatureRefused("the signature needs created and expires");
  const now = (opts.now ?? new Date()).getTime() / 1000;
  const skew = opts.skewSeconds ?? 60;
  if (created > now + skew) throw new SignatureRefused("the signature was created in the future");
  if (expires < now) throw new SignatureRefused("the signature has expired");
  if (expires < created || expires - created > (opts.maxLifetimeSeconds ?? 86_400)) throw new SignatureRefused("the signature's lifetime (expires - created) must be at most 24 hours");
  const key = await opts.keyFor(keyid, label);
  if (!key) throw new SignatureRefused(`the signer has no key '${keyid.slice(0, 100)}'`);
  if (key.kty !== "OKP" || key.crv !== "Ed25519") throw new SignatureRefused("only Ed25519 keys are accepted");
  const check = await verifierFromJWK(key);
  try {
    // http-message-sig itself refuses a signature past `expires` (no skew there), which is the stricter rule.
    await verify(message, (data, signature, p) => check(data, signature, { keyid, created: p.created!, expires: p.expires!, tag: opts.tag as "web-bot-auth" }));
  } catch (err) {
    const text = (err as Error).message;
    throw new SignatureRefused(/expired/i.test(text) ? "the signature has expired" : /invalid signature/.test(text) ? "the signature does not match the request" : `the signature cannot be checked: ${text}`);
  }
  return { label, keyid, created: new Date(created * 1000), expires: new Date(expires * 1000) };
}

function one(value: string | string[] | undefined, name: string): string {
  if (Array.isArray(value)) {
    if (value.length !== 1) throw new SignatureRefused(`send one ${name} header`);
    return value[0]!;
  }
  if (!value) throw new SignatureRefused(`${name} is missing`);
  return value;
}
