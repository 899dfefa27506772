/**
 * Which addresses an outbound request may not reach. The rule is an allow-list: only global unicast addresses
 * (IPv4 "unicast", IPv6 inside 2000::/3) pass; everything else — loopback, private, link-local, carrier-grade NAT,
 * multicast, reserved, documentation, benchmarking — is refused. Addresses that embed an IPv4 address
 * (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, Teredo `2001::/32`, the
 * IPv4-translated range) are refused as a class: they are the usual way to smuggle 127.0.0.1 past a check.
 * Ranges come from ipaddr.js, not from hand parsing.
 */
import ipaddr from "ipaddr.js";

/** Human names for ipaddr.js ranges, for messages. */
const KIND: Record<string, string> = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local",
  loopback: "loopback",
  carrierGradeNat: "private (carrier-grade NAT)",
  private: "private",
  uniqueLocal: "private",
  deprecatedSiteLocal: "private (site-local)",
  ipv4Mapped: "IPv4-embedding (IPv4-mapped)",
  rfc6145: "IPv4-embedding (IPv4-translated)",
  rfc6052: "IPv4-embedding (NAT64)",
  "6to4": "IPv4-embedding (6to4)",
  teredo: "IPv4-embedding (Teredo)",
  reserved: "reserved",
  benchmarking: "reserved (benchmarking)",
  discard: "reserved (discard-only)",
};

/** Why `address` (an IP literal, IPv6 without brackets) is refused, or null when it is a global unicast address. */
export function blockedKind(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  const parsed = ipaddr.parse(address);
  // IPv4-mapped addresses are judged by the IPv4 address they carry (so ::ffff:8.8.8.8 is as good as 8.8.8.8
  // for a dual-stack socket), every other embedding is refused outright.
  const ip = parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  const range = ip.range();
  if (range !== "unicast") return KIND[range] ?? `reserved (${range})`;
  if (ip.kind() === "ipv6" && (ip.toByteArray()[0]! & 0xe0) !== 0x20) return "reserved (not global unicast)";
  return null;
}

/** Host names that name the machine itself or a local network, refused before any lookup (RFC 6761, RFC 8375). */
const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;
const LOCAL_NAME = /(^|\.)(localdomain|local|internal|home\.arpa|intranet|lan)\.?$/i;

/**
 * Why a URL's host (as `new URL().hostname` gives it: IPv6 in brackets, IPv4 already normalised from its decimal,
 * octal and hex spellings) is refused before resolution, or null when it must be judged by its addresses.
 */
export function blockedHost(hostname: string): string | null {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  if (ipaddr.isValid(host)) return blockedKind(host);
  if (LOOPBACK_NAME.test(host)) return "loopback";
  if (LOCAL_NAME.test(host)) return "local network";
  return null;
}
