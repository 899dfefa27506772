/** The app-level fields taken from a description's info, servers and externalDocs. */
import type { CatalogApp } from "../types.js";
import { clip, firstSentence, plainText } from "./text.js";

/** The server an app is called at: the first, or the first HTTPS one when the first is plain HTTP (AWS lists http:// first). */
export function chosenServer(doc: Record<string, any>): { url?: unknown; variables?: unknown } | undefined {
  const servers = (Array.isArray(doc.servers) ? doc.servers : []) as { url?: unknown; variables?: unknown }[];
  return /^http:/i.test(String(servers[0]?.url ?? "")) ? (servers.find((x) => /^https:/i.test(String(x?.url ?? ""))) ?? servers[0]) : servers[0];
}

/**
 * The server URL with variables replaced by their defaults; a relative server is put under the provider's host.
 * Variables named in `keep` (connection variables, build/connection-variables.ts) stay `{name}` placeholders.
 */
export function baseUrlOf(doc: Record<string, any>, provider: string, keep: ReadonlySet<string> = new Set()): string {
  const server = chosenServer(doc);
  let url = typeof server?.url === "string" ? (server.url as string) : "";
  const vars = (server?.variables ?? {}) as Record<string, { default?: unknown; enum?: unknown[] }>;
  url = url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    // A credential in the URL (Telegram's bot token) stays a placeholder, never its example value.
    if (keep.has(name) || /token|secret|password|api[-_]?key|credential/i.test(name)) return whole;
    const v = vars[name];
    const value = v?.default ?? v?.enum?.[0];
    return value === undefined || value === null ? whole : String(value);
  });
  if (/^\/\//.test(url)) url = `https:${url}`;
  // A kept variable for the whole origin (`{instance_url}/services/data/v62.0`, Salesforce) is not a relative server.
  const keptOrigin = /^\{([^}]+)\}/.exec(url)?.[1];
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !(keptOrigin && keep.has(keptOrigin))) {
    const host = provider.endsWith(".local") ? "localhost" : provider;
    url = `https://${host}${url.startsWith("/") || url === "" ? "" : "/"}${url}`;
  }
  return url.replace(/\/+$/, "");
}

function httpUrl(value: unknown): string | null {
  return typeof value === "string" && /^https?:\/\//.test(value) ? value : null;
}

/** Words said twice in a row ("Files Files") once, and " - " separators ("Twilio - Chat") as a space. */
export function tidyName(name: string): string {
  const words = name.replace(/\s+-\s+/g, " ").split(/\s+/);
  return words.filter((w, i) => i === 0 || w.toLowerCase() !== words[i - 1]!.toLowerCase()).join(" ");
}

/** Name, description, categories, links: everything of an app but its id, auth and tool count. */
export function appFields(doc: Record<string, any>, provider: string): Omit<CatalogApp, "id" | "auth" | "toolCount"> {
  const info = (doc.info ?? {}) as Record<string, any>;
  const title = plainText(info.title) || provider;
  const text = plainText(info.description);
  const description = text ? clip(firstSentence(text, 300), 300) : title;
  const categories = Array.isArray(info["x-apisguru-categories"]) ? info["x-apisguru-categories"].map(String) : [];
  return {
    name: clip(tidyName(title.replace(/\s+(REST\s+)?API$/i, "").trim() || title), 80),
    description,
    categories,
    baseUrl: baseUrlOf(doc, provider),
    logoUrl: httpUrl(info["x-logo"]?.url),
    docsUrl: httpUrl(doc.externalDocs?.url) ?? httpUrl(info.contact?.url),
  };
}
