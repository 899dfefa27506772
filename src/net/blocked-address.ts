/**
 * Which IP addresses a user-given URL may not reach: loopback, private, link-local and the other ranges that lead
 * into the machine or its network rather than to the internet. Checked on the addresses a name resolves to.
 */
import { BlockList, isIP } from "node:net";

const RANGES: [string, number, "ipv4" | "ipv6", string][] = [
  ["0.0.0.0", 8, "ipv4", "unspecified"],
  ["127.0.0.0", 8, "ipv4", "loopback"],
  ["10.0.0.0", 8, "ipv4", "private"],
  ["172.16.0.0", 12, "ipv4", "private"],
  ["192.168.0.0", 16, "ipv4", "private"],
  ["100.64.0.0", 10, "ipv4", "private (carrier-grade NAT)"],
  ["169.254.0.0", 16, "ipv4", "link-local"],
  ["224.0.0.0", 4, "ipv4", "multicast"],
  ["240.0.0.0", 4, "ipv4", "reserved"],
  ["::", 128, "ipv6", "unspecified"],
  ["::1", 128, "ipv6", "loopback"],
  ["fc00::", 7, "ipv6", "private"],
  ["fe80::", 10, "ipv6", "link-local"],
  ["ff00::", 8, "ipv6", "multicast"],
];

const lists = RANGES.map(([network, prefix, type, kind]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, type, kind };
});

/** Why `address` is refused ("loopback", "private", "link-local", ...), or null when it is a public address. */
export function blockedKind(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const type = isIP(ip) === 4 ? "ipv4" : isIP(ip) === 6 ? "ipv6" : null;
  if (!type) return "not an IP address";
  return lists.find((l) => l.type === type && l.list.check(ip, type))?.kind ?? null;
}
