/**
 * Connection variables: the parts of an app's base URL (and OAuth URLs) that depend on the customer, taken from the
 * description's `servers[0].variables` (`https://{subdomain}.zendesk.com/api/v2`). The compiler keeps them as
 * `{name}` placeholders in the app's base URL; a connection stores their values; a call fills them in here, each
 * value checked for the place it takes in the URL, so that no value can point the app at another host.
 * The extensions are documented in src/catalog/README.md ("Connection variables and credential fields").
 */
import type { ConnectionVariable, CredentialField } from "../types.js";
import { baseUrlOf, chosenServer } from "./app-record.js";
import { clip, firstSentence, plainText } from "./text.js";

/** Where a `{name}` stands in a URL template. */
export type VariablePosition = "scheme" | "origin" | "label" | "host" | "path";

/** Names that say the variable is a credential (Telegram's `bot{token}`) when `x-patchbay-secret` is absent. */
const SECRET_NAME = /token|secret|password|api[-_]?key|credential/i;
/** Token response fields that are credentials, never a plain variable. */
const SECRET_TOKEN_FIELDS = new Set(["access_token", "refresh_token", "id_token"]);
/** Defaults that are placeholders of the description, not a value to pre-fill. */
const PLACEHOLDER = /^(your|my|example|sample|xxx|changeme|<)|\{|^(sub)?domain$|^(company|instance|tenant|shop|store|account|site|server)(name)?$/i;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const SEGMENT = /^[A-Za-z0-9._~:@!$'()*+,;=-]+$/;

/** The position of `{name}` in a template: its scheme, its whole origin, one label of its host, its whole host, or its path. */
export function positionOf(template: string, name: string): VariablePosition | null {
  const at = template.indexOf(`{${name}}`);
  if (at < 0) return null;
  if (at === 0 && !template.startsWith(`{${name}}://`)) return "origin";
  const schemeEnd = template.indexOf("://");
  if (schemeEnd < 0 || at < schemeEnd) return "scheme";
  const hostStart = schemeEnd + 3;
  const slash = template.indexOf("/", hostStart);
  const hostEnd = slash < 0 ? template.length : slash;
  if (at >= hostEnd) return "path";
  const host = template.slice(hostStart, hostEnd).replace(/:\d+$/, "");
  return host === `{${name}}` ? "host" : "label";
}

/** Why a value cannot stand at that position, or null when it can. */
export function positionProblem(position: VariablePosition, value: string): string | null {
  switch (position) {
    case "label":
      return LABEL.test(value) ? null : "must be one part of a host name: letters, digits and hyphens, no dots";
    case "host":
      return HOSTNAME.test(value) ? null : "must be a host name";
    case "path":
      return SEGMENT.test(value) && value !== "." && value !== ".." ? null : "must be one path segment (no '/', spaces or '%')";
    case "scheme":
      return value === "https" || value === "http" ? null : "must be http or https";
    case "origin": {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return "must be an https URL";
      }
      const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
      return url.protocol === "https:" && bare && value.replace(/\/$/, "") === url.origin ? null : "must be an https origin (https://host, nothing after it)";
    }
  }
}

/** Why a value does not fit the variable as declared (enum, pattern), or null. */
export function declaredProblem(variable: Pick<ConnectionVariable, "enum" | "pattern">, value: string): string | null {
  if (variable.enum && !variable.enum.includes(value)) return `must be one of ${variable.enum.join(", ")}`;
  if (variable.pattern) {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${variable.pattern})$`);
    } catch {
      return null;
    }
    if (!re.test(value)) return "does not have the expected form";
  }
  return null;
}

export class TemplateValueError extends Error {
  constructor(
    readonly variable: string,
    readonly reason: "missing" | "invalid",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Fills every `{name}` of a URL template with its value, each checked for its position (a host label stays one
 * label, a path value one segment, an origin an https origin). Throws TemplateValueError for a missing or unfit value.
 */
export function fillTemplate(template: string, values: Record<string, string | undefined>): string {
  if (!template.includes("{")) return template;
  return template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || value === "") throw new TemplateValueError(name, "missing", `no value for {${name}}`);
    const problem = positionProblem(positionOf(template, name)!, value);
    if (problem) throw new TemplateValueError(name, "invalid", `{${name}} ${problem}`);
    return value.replace(/\/$/, "");
  });
}

/** The template with neutral values in place of its variables: to check its host before any value is known. */
export function sampleOfTemplate(template: string): string {
  return template.replace(/\{([^}]+)\}/g, (_w, name: string) => {
    const position = positionOf(template, name);
    return position === "origin" ? "https://example.com" : position === "scheme" ? "https" : position === "host" ? "example.com" : "x";
  });
}

export interface ServerVariables {
  /** The base URL, `{name}` left where a connection variable or a secret goes; other variables filled with their default. */
  baseUrl: string;
  variables: ConnectionVariable[];
  /** Secret server variables: credential fields placed in the URL. */
  secretFields: CredentialField[];
}

const humanize = (name: string) => {
  const s = name.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** A short label and an optional longer description from a variable's or scheme's texts. */
export function labelOf(raw: Record<string, any>, fallback: string): { label: string; description?: string } {
  const text = plainText(raw.description);
  const label = typeof raw["x-patchbay-label"] === "string" ? raw["x-patchbay-label"] : text && text.length <= 60 ? text.replace(/\.$/, "") : fallback;
  const description = text && text.replace(/\.$/, "") !== label ? clip(firstSentence(text, 300), 300) : undefined;
  return description ? { label, description } : { label };
}

function fromOf(raw: unknown): ConnectionVariable["from"] | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const r = raw as Record<string, any>;
  if (typeof r.tokenField === "string" && r.tokenField && !SECRET_TOKEN_FIELDS.has(r.tokenField)) return { tokenField: r.tokenField };
  if (r.request && typeof r.request.url === "string" && typeof r.pick === "string") return { request: { url: r.request.url }, pick: r.pick };
  return undefined;
}

/**
 * The connection variables and secret fields of a description's first server. A variable becomes a connection
 * variable when it names one label of the host under a fixed domain (`{subdomain}.zendesk.com`), or is declared
 * with `x-patchbay-from` or `x-patchbay-pattern`, or is a whole host or origin with an `enum`; a secret one
 * (`x-patchbay-secret`, or a name such as `token`) in the path is a credential field. Others take their default.
 */
export function serverVariables(doc: Record<string, any>, provider: string): ServerVariables {
  const server = chosenServer(doc);
  const declared = (server?.variables ?? {}) as Record<string, Record<string, any>>;
  const names = Object.keys(declared).filter((n) => n && typeof declared[n] === "object");
  const template = baseUrlOf(doc, provider, new Set(names));
  const variables: ConnectionVariable[] = [];
  const secretFields: CredentialField[] = [];
  const keep = new Set<string>();
  for (const name of names) {
    const raw = declared[name]!;
    const position = positionOf(template, name);
    if (!position || position === "scheme") continue;
    const texts = labelOf(raw, humanize(name));
    if ((raw["x-patchbay-secret"] === true || SECRET_NAME.test(name)) && position === "path" && raw["x-patchbay-secret"] !== false) {
      secretFields.push({ name, ...texts, placement: { in: "url", variable: name } });
      keep.add(name);
      continue;
    }
    const enumValues = Array.isArray(raw.enum) ? raw.enum.map(String).filter((v: string) => !positionProblem(position, v)) : undefined;
    const pattern = typeof raw["x-patchbay-pattern"] === "string" ? raw["x-patchbay-pattern"] : undefined;
    const from = fromOf(raw["x-patchbay-from"]);
    const underDomain = position === "label" && /\{[^}]+\}(\.[a-z0-9-]+){2,}(:\d+)?(\/|$)/i.test(template.slice(template.indexOf(`{${name}}`)));
    const asked = Boolean(from) || Boolean(pattern) || underDomain || (position !== "path" && Boolean(enumValues?.length));
    if (!asked) continue;
    const fallback = raw.default === undefined || raw.default === null ? undefined : String(raw.default);
    const usableDefault = fallback !== undefined && !positionProblem(position, fallback) && !PLACEHOLDER.test(fallback) && fallback.toLowerCase() !== name.toLowerCase() ? fallback : undefined;
    variables.push({
      name,
      ...texts,
      ...(usableDefault !== undefined && !from ? { default: usableDefault } : {}),
      ...(enumValues?.length ? { enum: enumValues } : {}),
      ...(pattern ? { pattern } : {}),
      ...(from ? { from } : {}),
    });
    keep.add(name);
  }
  return { baseUrl: keep.size ? baseUrlOf(doc, provider, keep) : baseUrlOf(doc, provider), variables, secretFields };
}

