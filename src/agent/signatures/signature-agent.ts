/**
 * The `Signature-Agent` header (Web Bot Auth): an RFC 8941 dictionary from signature label to the agent's key
 * location, `sig1="https://agent.example"` (a directory origin) or `sig1="https://agent.example/jwks.json";type=jwks_uri`.
 * The legacy form, one bare string `"https://agent.example"`, applies to every label.
 */
import { parseDictionary, parseItem } from "structured-headers";

export interface AgentKeyLocation {
  /** The signature label it belongs to; null for the legacy string form. */
  label: string | null;
  /** Where the keys are: the directory URL (for a bare origin, its well-known path) or a JWKS URL. */
  url: string;
}

const DIRECTORY_PATH = "/.well-known/http-message-signatures-directory";

/** The locations named by a header, or an Error saying why it does not parse. */
export function parseSignatureAgent(header: string): AgentKeyLocation[] | Error {
  let entries: [string | null, unknown, Map<string, unknown>][];
  try {
    entries = [...parseDictionary(header)].map(([label, [value, params]]) => [label, value, params as Map<string, unknown>]);
  } catch {
    try {
      const [value, params] = parseItem(header);
      entries = [[null, value, params as Map<string, unknown>]];
    } catch {
      return new Error("Signature-Agent is neither an RFC 8941 dictionary nor a string");
    }
  }
  const out: AgentKeyLocation[] = [];
  for (const [label, value, params] of entries) {
    if (typeof value !== "string") return new Error(`Signature-Agent${label ? ` member ${label}` : ""} is not a string`);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return new Error(`Signature-Agent names '${value.slice(0, 100)}', which is not an absolute URL`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return new Error("Signature-Agent must name an https URL");
    const type = params.has("type") ? String(params.get("type")) : "directory";
    if (type !== "directory" && type !== "jwks_uri") return new Error(`Signature-Agent type '${type}' is not supported (directory or jwks_uri)`);
    if (type === "directory" && (url.pathname === "/" || url.pathname === "")) url.pathname = DIRECTORY_PATH;
    out.push({ label, url: url.toString() });
  }
  return out;
}
