/**
 * An agent's key directory (a JWKS), fetched through the service's one guarded client: https only (plain http only
 * where PATCHBAY_ALLOW_PRIVATE_NETWORK=true, for tests and private setups), no redirects, 64 kB, 5 s. Keys are cached
 * by (directory URL, keyid) for the answer's max-age (60 s to 24 h, 5 min when none is given). A directory that
 * could not be fetched is remembered for a minute, so that badly signed requests cannot make us call a host at
 * their own pace. Requests that need the same directory at once share one fetch; `beforeFetch` runs only when a fetch
 * is really about to start (the agent host counts it against the caller's address there, see identify-client.ts).
 */
import { jwkToKeyID, helpers } from "web-bot-auth";
import { sendOutbound, OutboundFailure } from "../../net/outbound-request.js";
import { SignatureRefused } from "./verify-signature.js";

const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5_000;
const MAX_ENTRIES = 1_000;
const FAILURE_TTL_MS = 60_000;

interface Entry {
  key: JsonWebKey | undefined;
  until: number;
}

export interface KeyDirectoryClient {
  /**
   * The key with this id (its RFC 7638 thumbprint, or its `kid`) in the directory at `url`. `beforeFetch` is awaited
   * before the directory is fetched (not on a cache hit, a remembered failure or a fetch already under way); what it
   * throws refuses the request without a fetch.
   */
  keyFor(url: string, keyid: string, beforeFetch?: () => Promise<void>): Promise<JsonWebKey | undefined>;
}

type Directory = { keys: JsonWebKey[]; maxAge: number };

export function keyDirectoryClient(opts: { allowPrivate: boolean }): KeyDirectoryClient {
  const cache = new Map<string, Entry>();
  const failed = new Map<string, { error: SignatureRefused; until: number }>();
  /** Fetches under way by directory URL; each resolves once every key of its directory is in the cache. */
  const underWay = new Map<string, Promise<number>>();
  const remember = (id: string, key: JsonWebKey | undefined, until: number) => {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(id, { key, until });
  };
  const cached = (url: string, keyid: string) => {
    const hit = cache.get(`${url} ${keyid}`);
    return hit && hit.until > Date.now() ? hit : undefined;
  };
  const refuseIfFailed = (url: string) => {
    const failure = failed.get(url);
    if (failure && failure.until > Date.now()) throw failure.error;
  };
  /** Fetches a directory and caches each of its keys by thumbprint and by `kid`; resolves with their expiry. */
  const load = (url: string) => {
    const loading = fetchDirectory(url, opts.allowPrivate)
      .then(async ({ keys, maxAge }) => {
        const until = Date.now() + maxAge * 1000;
        for (const key of keys) {
          const thumbprint = await jwkToKeyID(key, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE).catch(() => null);
          if (thumbprint) remember(`${url} ${thumbprint}`, key, until);
          const kid = (key as { kid?: unknown }).kid;
          if (typeof kid === "string" && kid && kid !== thumbprint) remember(`${url} ${kid}`, key, until);
        }
        return until;
      })
      .catch((err: unknown) => {
        if (err instanceof SignatureRefused) {
          if (failed.size >= MAX_ENTRIES) failed.delete(failed.keys().next().value!);
          failed.set(url, { error: err, until: Date.now() + FAILURE_TTL_MS });
        }
        throw err;
      })
      .finally(() => underWay.delete(url));
    underWay.set(url, loading);
    return loading;
  };
  return {
    async keyFor(url, keyid, beforeFetch) {
      let hit = cached(url, keyid);
      if (hit) return hit.key;
      refuseIfFailed(url);
      if (!underWay.has(url)) {
        await beforeFetch?.();
        // While this request waited, another may have fetched the directory, or failed to.
        hit = cached(url, keyid);
        if (hit) return hit.key;
        refuseIfFailed(url);
      }
      const until = await (underWay.get(url) ?? load(url));
      hit = cached(url, keyid);
      if (hit) return hit.key;
      // Not in the directory: remembered as absent for as long as the directory's answer may be cached.
      remember(`${url} ${keyid}`, undefined, until);
      return undefined;
    },
  };
}

async function fetchDirectory(url: string, allowPrivate: boolean): Promise<Directory> {
  const target = new URL(url);
  if (target.protocol !== "https:" && !(allowPrivate && target.protocol === "http:")) throw new SignatureRefused("the key directory must be served over https");
  let res;
  try {
    res = await sendOutbound({ url: target, method: "GET", headers: { accept: "application/http-message-signatures-directory+json, application/json" }, timeoutMs: TIMEOUT_MS, allowPrivate, maxBodyBytes: MAX_BYTES, onTooLarge: "fail" });
  } catch (err) {
    if (err instanceof OutboundFailure) throw new SignatureRefused(`the key directory ${target.origin} could not be fetched: ${err.message}`);
    throw err;
  }
  if (res.status >= 300 && res.status < 400) throw new SignatureRefused(`the key directory answered with a redirect (${res.status}); redirects are not followed`);
  if (res.status !== 200) throw new SignatureRefused(`the key directory answered ${res.status}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString("utf8"));
  } catch {
    throw new SignatureRefused("the key directory is not JSON");
  }
  const keys = (body as { keys?: unknown }).keys;
  if (!Array.isArray(keys)) throw new SignatureRefused("the key directory has no keys array");
  return { keys: keys.filter((k): k is JsonWebKey => typeof k === "object" && k !== null), maxAge: maxAgeOf(res.headers["cache-control"]) };
}

function maxAgeOf(cacheControl: string | undefined): number {
  const m = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? "");
  if (!m) return 300;
  return Math.min(86_400, Math.max(60, Number(m[1])));
}
