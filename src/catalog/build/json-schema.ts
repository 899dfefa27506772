/**
 * Turns an OpenAPI 3.0/3.1 schema into the plain JSON Schema that both OpenAI function tools and Anthropic tools
 * accept: `$ref`s resolved (local pointers only), cycles cut, `allOf` merged, `nullable`/`readOnly`/`xml`/`example`
 * and vendor keywords dropped, formats and patterns kept only when a validator understands them, size bounded.
 */
import { clip, plainText } from "./text.js";

type Json = Record<string, unknown>;

/** Formats that Ajv with ajv-formats knows; any other format is dropped rather than failing strict validation. */
const FORMATS = new Set([
  "date", "time", "date-time", "duration", "uri", "uri-reference", "uri-template", "url", "email", "hostname",
  "ipv4", "ipv6", "regex", "uuid", "json-pointer", "relative-json-pointer", "byte", "int32", "int64", "float",
  "double", "password", "binary",
]);
const TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);
const MAX_ENUM = 100;
const MAX_ALTERNATIVES = 8;

export interface SchemaOptions {
  /** Levels of nesting expanded below the property itself. */
  maxDepth: number;
  /** Characters kept of each description. */
  descriptionLength: number;
  /** Nodes converted before everything further is left as `{}`. */
  maxNodes: number;
}

export class SchemaConverter {
  private nodes = 0;
  constructor(private readonly root: Json, private readonly opts: SchemaOptions) {}

  /** Resolves a local JSON pointer (`#/components/schemas/Pet`); undefined when it does not resolve. */
  resolve(ref: string): unknown {
    if (!ref.startsWith("#/")) return undefined;
    let node: unknown = this.root;
    for (const raw of ref.slice(2).split("/")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      if (node === null || typeof node !== "object") return undefined;
      node = (node as Json)[key];
    }
    return node;
  }

  /** Follows `$ref` chains on a non-schema object (parameter, request body). */
  deref<T = Json>(value: unknown, seen = 0): T | undefined {
    if (!value || typeof value !== "object") return undefined;
    const ref = (value as Json).$ref;
    if (typeof ref === "string") return seen > 20 ? undefined : this.deref<T>(this.resolve(ref), seen + 1);
    return value as T;
  }

  convert(schema: unknown, depth = 0, stack: string[] = []): Json {
    if (!schema || typeof schema !== "object" || Array.isArray(schema)) return {};
    if (++this.nodes > this.opts.maxNodes) return {};
    const s = schema as Json;
    if (typeof s.$ref === "string") {
      const ref = s.$ref;
      const target = this.resolve(ref);
      if (target === undefined) return {};
      if (stack.includes(ref) || stack.length > 40) {
        const t = (target as Json)?.type;
        return typeof t === "string" && TYPES.has(t) ? { type: t } : {};
      }
      const out = this.convert(target, depth, [...stack, ref]);
      const description = this.description(s.description);
      return description && !out.description ? { ...out, description } : out;
    }
    if (Array.isArray(s.allOf) && s.allOf.length > 0) return this.convertAllOf(s, depth, stack);
    const alternatives = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null) as unknown[] | null;
    if (alternatives && alternatives.length > 0) return this.convertAlternatives(s, alternatives, depth, stack);
    return this.convertPlain(s, depth, stack);
  }

  private description(value: unknown): string | undefined {
    const text = plainText(value);
    return text ? clip(text, this.opts.descriptionLength) : undefined;
  }

  private typeOf(s: Json): string | string[] | undefined {
    let t = s.type;
    if (t === "file") return "string";
    if (Array.isArray(t)) {
      const kept = t.filter((x): x is string => typeof x === "string" && TYPES.has(x) && x !== "null");
      t = kept.length === 1 ? kept[0] : kept.length > 1 ? kept : undefined;
      return t as string | string[] | undefined;
    }
    if (typeof t === "string" && TYPES.has(t) && t !== "null") return t;
    if (s.properties && typeof s.properties === "object") return "object";
    if (s.items && typeof s.items === "object") return "array";
    return undefined;
  }

  private convertPlain(s: Json, depth: number, stack: string[]): Json {
    const out: Json = {};
    const type = this.typeOf(s);
    if (Array.isArray(type)) {
      // Several types: one alternative per type (a union `type` array trips strict validators).
      const alternatives = type.map((t) => this.convertPlain({ ...s, type: t, description: undefined }, depth, stack));
      const description = this.description(s.description ?? s.title);
      return description ? { anyOf: alternatives, description } : { anyOf: alternatives };
    }
    if (type !== undefined) out.type = type;
    const description = this.description(s.description ?? s.title);
    if (description) out.description = description;
    if (Array.isArray(s.enum)) {
      const values = s.enum.filter((v) => v !== null && ["string", "number", "boolean"].includes(typeof v));
      if (values.length > 0 && values.length <= MAX_ENUM) out.enum = [...new Set(values)];
    }
    if (s.const !== undefined && s.const !== null && typeof s.const !== "object") out.const = s.const;
    if (s.default !== undefined && s.default !== null && typeof s.default !== "object") {
      if (!out.enum || (out.enum as unknown[]).includes(s.default)) out.default = s.default;
    }
    if (typeof s.format === "string" && FORMATS.has(s.format) && (type === "string" || type === "number" || type === "integer")) {
      out.format = s.format;
    }
    if (type === "string") this.copyStringLimits(s, out);
    if (type === "number" || type === "integer") this.copyNumberLimits(s, out);
    if (type === "array") {
      out.items = depth >= this.opts.maxDepth ? {} : this.convert(s.items, depth + 1, stack);
      for (const k of ["minItems", "maxItems"] as const) if (isCount(s[k])) out[k] = s[k];
      if (s.uniqueItems === true) out.uniqueItems = true;
    }
    if (type === "object") {
      if (depth < this.opts.maxDepth) this.copyObject(s, out, depth, stack);
    }
    return out;
  }

  private copyObject(s: Json, out: Json, depth: number, stack: string[]): void {
    const props = s.properties && typeof s.properties === "object" ? (s.properties as Json) : undefined;
    if (props) {
      const properties: Json = {};
      for (const [name, raw] of Object.entries(props)) {
        const target = this.deref<Json>(raw);
        if (target?.readOnly === true) continue;
        properties[name] = this.convert(raw, depth + 1, stack);
      }
      out.properties = properties;
      if (Array.isArray(s.required)) {
        const required = s.required.filter((r): r is string => typeof r === "string" && r in properties);
        if (required.length > 0) out.required = [...new Set(required)];
      }
    }
    const extra = s.additionalProperties;
    if (extra && typeof extra === "object" && Object.keys(extra as Json).length > 0) {
      out.additionalProperties = this.convert(extra, depth + 1, stack);
    }
  }

  private copyStringLimits(s: Json, out: Json): void {
    if (isCount(s.minLength)) out.minLength = s.minLength;
    if (isCount(s.maxLength)) out.maxLength = s.maxLength;
    if (typeof s.pattern === "string" && s.pattern.length <= 300 && isValidPattern(s.pattern)) out.pattern = s.pattern;
  }

  private copyNumberLimits(s: Json, out: Json): void {
    const num = (v: unknown) => typeof v === "number" && Number.isFinite(v);
    if (num(s.minimum)) out.minimum = s.minimum;
    if (num(s.maximum)) out.maximum = s.maximum;
    if (s.exclusiveMinimum === true && num(s.minimum)) {
      out.exclusiveMinimum = s.minimum;
      delete out.minimum;
    } else if (num(s.exclusiveMinimum)) out.exclusiveMinimum = s.exclusiveMinimum;
    if (s.exclusiveMaximum === true && num(s.maximum)) {
      out.exclusiveMaximum = s.maximum;
      delete out.maximum;
    } else if (num(s.exclusiveMaximum)) out.exclusiveMaximum = s.exclusiveMaximum;
    if (num(s.multipleOf) && (s.multipleOf as number) > 0) out.multipleOf = s.multipleOf;
  }

  /** allOf: objects are merged into one object; otherwise the first meaningful part wins. */
  private convertAllOf(s: Json, depth: number, stack: string[]): Json {
    const parts = (s.allOf as unknown[]).map((p) => this.convert(p, depth, stack));
    const { allOf: _ignored, ...rest } = s;
    if (Object.keys(rest).some((k) => k === "properties" || k === "type" || k === "items")) parts.push(this.convertPlain(rest, depth, stack));
    const objects = parts.filter((p) => p.type === "object" || p.properties);
    if (objects.length === 0) {
      const first = parts.find((p) => Object.keys(p).length > 0) ?? {};
      const description = this.description(s.description);
      return description ? { ...first, description } : first;
    }
    const merged: Json = { type: "object" };
    const properties: Json = {};
    const required = new Set<string>();
    for (const p of objects) {
      Object.assign(properties, p.properties ?? {});
      for (const r of (p.required as string[] | undefined) ?? []) required.add(r);
      if (!merged.description && p.description) merged.description = p.description;
      if (p.additionalProperties) merged.additionalProperties = p.additionalProperties;
    }
    const description = this.description(s.description);
    if (description) merged.description = description;
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.size > 0) merged.required = [...required].filter((r) => r in properties);
    if ((merged.required as string[] | undefined)?.length === 0) delete merged.required;
    return merged;
  }

  /** oneOf/anyOf: kept as `anyOf` (oneOf rejects overlapping alternatives); null alternatives dropped. */
  private convertAlternatives(s: Json, alternatives: unknown[], depth: number, stack: string[]): Json {
    const converted: Json[] = [];
    for (const alt of alternatives.slice(0, MAX_ALTERNATIVES)) {
      const target = this.deref<Json>(alt);
      if (target && (target.type === "null" || (Array.isArray(target.enum) && target.enum.length === 1 && target.enum[0] === null))) continue;
      converted.push(this.convert(alt, depth, stack));
    }
    const { oneOf: _a, anyOf: _b, ...rest } = s;
    const base = this.convertPlain(rest, depth, stack);
    if (converted.length === 0) return base;
    if (converted.length === 1 || converted.some((c) => Object.keys(c).length === 0)) {
      const only = converted.length === 1 ? { ...converted[0]! } : {};
      if (base.description && !only.description) only.description = base.description;
      return only;
    }
    const out: Json = { anyOf: converted };
    if (base.description) out.description = base.description;
    return out;
  }
}

function isCount(v: unknown): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= 0;
}

function isValidPattern(p: string): boolean {
  try {
    new RegExp(p, "u");
    return true;
  } catch {
    return false;
  }
}

/** Merges alternative object schemas into one object whose properties are the union (used for top-level bodies). */
export function unionOfObjects(alternatives: Json[]): Json | undefined {
  if (alternatives.length === 0 || !alternatives.every((a) => a.type === "object" || a.properties)) return undefined;
  const properties: Json = {};
  let required: Set<string> | undefined;
  for (const a of alternatives) {
    Object.assign(properties, (a.properties as Json | undefined) ?? {});
    const r = new Set((a.required as string[] | undefined) ?? []);
    required = required ? new Set([...required].filter((x) => r.has(x))) : r;
  }
  const out: Json = { type: "object", properties };
  if (required && required.size > 0) out.required = [...required];
  return out;
}
