/**
 * A DNS lookup for outbound sockets that refuses names resolving to a blocked address. It runs when the socket
 * connects, on the very addresses it connects to, so a name cannot pass the check and then resolve elsewhere.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { blockedKind } from "./blocked-address.js";
import { RefusedAddress } from "./refused-address.js";

type Callback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export function guardedLookup(hostname: string, options: LookupOptions, callback: Callback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    for (const { address } of addresses) {
      const kind = blockedKind(address);
      if (kind) return callback(new RefusedAddress(hostname, address, kind) as NodeJS.ErrnoException, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}

/** Every address `hostname` resolves to must be allowed; throws RefusedAddress otherwise (DNS errors pass through). */
export function assertResolvesPublic(hostname: string): Promise<void> {
  return new Promise((resolve, reject) => guardedLookup(hostname, { all: true }, (err) => (err ? reject(err) : resolve())));
}
