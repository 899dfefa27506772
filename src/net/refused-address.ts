/** The error of an outbound request to an address the guard refuses; its message says why and how to allow it. */
export class RefusedAddress extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: string,
  ) {
    const where = host === address ? address : `${host} (${address})`;
    super(`refused to connect to ${where}: it is ${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} address, and requests to loopback, private and link-local addresses are blocked (set PATCHBAY_ALLOW_PRIVATE_NETWORK=true to allow them)`);
    this.name = "RefusedAddress";
  }
}
