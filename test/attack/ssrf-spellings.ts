/**
 * Spellings of internal addresses for SSRF tests, as URLs aimed at a receiver's `port`: loopback in every notation
 * (decimal, octal, hex, short forms, IPv4-mapped / -compatible / NAT64 / 6to4 / Teredo IPv6, percent-encoded, IDN
 * fullwidth digits, trailing dots), private, link-local, CGNAT, benchmark and metadata ranges, and URL tricks
 * (userinfo, fragments, backslashes). Any door that takes a user-given URL can run the whole table.
 */
import { readFileSync } from "node:fs";

export interface Spelling {
  /** How the table prints it. */
  name: string;
  url: string;
  /** The address leads to this machine (a receiver on loopback would see the request if it got through). */
  loopback: boolean;
}

const LOOPBACK_HOSTS = [
  "127.0.0.1", "127.1", "127.0.1", "0x7f.1", "0x7f.0.0.1", "0x7F.0x00.0x00.0x01", "0177.0.0.1", "0177.1", "017700000001", "2130706433", "0x7f000001",
  "127.000.000.001", "127.0.0.1.", "127.127.127.127", "0.0.0.0", "0", "localhost", "localhost.", "LOCALHOST.", "LocalHost", "sub.localhost",
  "[::1]", "[0:0:0:0:0:0:0:1]", "[0::1]", "[::]", "[::ffff:127.0.0.1]", "[::FFFF:7F00:1]", "[0:0:0:0:0:ffff:127.0.0.1]", "[::ffff:0:127.0.0.1]",
  "[::127.0.0.1]", "[64:ff9b::7f00:1]", "[64:ff9b::127.0.0.1]", "[2002:7f00:1::]", "[2002:7f00:0001::1]",
  // Teredo: client address 127.0.0.1 obfuscated (XOR ffff:ffff) in the last 32 bits.
  "[2001:0:4136:e378:8000:63bf:80ff:fffe]",
  "%31%32%37.0.0.1", "%31%32%37%2e%30%2e%30%2e%31", "１２７.０.０.１", "127。0。0。1", "①②⑦.⓪.⓪.①",
];

const INTERNAL_HOSTS = [
  "169.254.169.254", "[::ffff:169.254.169.254]", "[::ffff:a9fe:a9fe]", "0xa9fea9fe", "2852039166", "metadata.google.internal",
  "10.0.0.1", "012.0.0.1", "172.16.0.1", "172.31.255.254", "192.168.1.5", "0xc0.0xa8.1.5", "100.64.0.1", "198.18.0.1", "198.19.255.254",
  "[fc00::1]", "[fd00:ec2::254]", "[fe80::1]", "[::ffff:10.0.0.1]", "224.0.0.1", "255.255.255.255", "[ff02::1]", "192.0.0.1", "240.0.0.1",
];

/** Names from /etc/hosts that lead to loopback (besides localhost), e.g. the machine's own name. */
function hostsFileLoopbackNames(): string[] {
  try {
    return readFileSync("/etc/hosts", "utf8")
      .split("\n")
      .map((l) => l.replace(/#.*/, "").trim().split(/\s+/))
      .filter(([ip]) => ip && /^(127\.|::1$)/.test(ip))
      .flatMap(([, ...names]) => names)
      .filter((n) => n && !/^localhost/i.test(n) && !/^ip6-/.test(n))
      .slice(0, 3);
  } catch {
    return [];
  }
}

export function ssrfSpellings(port: number, path = "/ssrf"): Spelling[] {
  const at = (host: string) => `http://${host}:${port}${path}`;
  return [
    ...LOOPBACK_HOSTS.map((h) => ({ name: h, url: at(h), loopback: true })),
    ...hostsFileLoopbackNames().map((h) => ({ name: `${h} (/etc/hosts → loopback)`, url: at(h), loopback: true })),
    ...INTERNAL_HOSTS.map((h) => ({ name: h, url: at(h), loopback: false })),
    // URL tricks: the host a parser sees is loopback even though another name appears in the text.
    { name: "127.0.0.1#@example.com", url: `http://127.0.0.1:${port}#@example.com`, loopback: true },
    { name: "example.com@127.0.0.1", url: `http://example.com@127.0.0.1:${port}${path}`, loopback: true },
    { name: "user:pass@127.0.0.1", url: `http://user:pass@127.0.0.1:${port}${path}`, loopback: true },
    { name: "127.0.0.1\\@example.com", url: `http://127.0.0.1:${port}\\@example.com${path}`, loopback: true },
    { name: "127.0.0.1?@example.com", url: `http://127.0.0.1:${port}?@example.com`, loopback: true },
    { name: "https://127.0.0.1", url: `https://127.0.0.1:${port}${path}`, loopback: true },
    { name: "HTTP://LOCALHOST", url: `HTTP://LOCALHOST:${port}${path}`, loopback: true },
    { name: "localhost with tab", url: `http://local\thost:${port}${path}`, loopback: true },
  ];
}

/** `localtest.me` resolves to 127.0.0.1 on the public internet; offline it does not resolve and is left out. */
export const ONLINE_ONLY_NAMES = ["localtest.me"];
