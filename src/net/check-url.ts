/** Checks a user-given URL before it is stored: http(s), and not an address the guard would refuse. */
import { invalid } from "../errors.js";
import { blockedHost } from "./blocked-address.js";
import { assertResolvesPublic } from "./guarded-lookup.js";
import { RefusedAddress } from "./refused-address.js";

export async function checkOutboundUrl(field: string, raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`${field} must be an absolute http or https URL, got '${raw.slice(0, 200)}'.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw invalid(`${field} must be an http or https URL, got '${url.protocol}'.`);
  if (url.username || url.password) throw invalid(`${field} must not carry a user name or password.`);
  if (allowPrivate) return url;
  const kind = blockedHost(url.hostname);
  if (kind) throw invalid(`${field}: ${new RefusedAddress(url.hostname, url.hostname, kind).message}.`);
  try {
    await assertResolvesPublic(url.hostname.replace(/^\[(.*)\]$/, "$1"));
  } catch (err) {
    // A name that does not resolve yet may later (it is judged again at every connect); an address we would refuse is refused now.
    if (err instanceof RefusedAddress) throw invalid(`${field}: ${err.message}.`);
  }
  return url;
}
