/**
 * The contract's operations as the attack suites need them, read from generated/openapi.json at run time: method,
 * path, permission, MCP tool name, parameters and JSON body schema with every $ref resolved, declared statuses.
 * Also a minimal VALID value for a schema (for "allowed" calls that must get past validation).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export type Schema = Record<string, any>;

export interface Param {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  permission: "read" | "connect" | "run" | "none";
  mcpTool: string | null;
  authenticated: boolean;
  params: Param[];
  body: Schema | null;
  bodyRequired: boolean;
  statuses: string[];
}

const documentPath = fileURLToPath(new URL("../../../generated/openapi.json", import.meta.url));
export const contractDocument = JSON.parse(readFileSync(documentPath, "utf8")) as Schema;

/** Resolves every `#/components/...` $ref (the contract has no cycles in request shapes). */
export function resolve(schema: unknown, seen: string[] = []): any {
  if (Array.isArray(schema)) return schema.map((s) => resolve(s, seen));
  if (!schema || typeof schema !== "object") return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) {
    if (seen.includes(ref)) return {};
    const target = ref.replace(/^#\//, "").split("/").reduce((node: any, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], contractDocument);
    return resolve(target, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolve(v, seen)]));
}

export const operations: Operation[] = Object.entries(contractDocument.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op && typeof op === "object" && op.operationId)
    .map(([method, op]) => {
      const params = ((resolve(op.parameters) as Schema[] | undefined) ?? []).filter((p) => p.in !== "cookie");
      const content = (op.requestBody as Schema | undefined)?.content?.["application/json"];
      const security = (op.security ?? contractDocument.security ?? []) as Schema[];
      return {
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path,
        permission: (op["x-patchbay-permission"] ?? "none") as Operation["permission"],
        mcpTool: (op["x-patchbay-mcp-tool"] as string | undefined) ?? null,
        authenticated: security.some((s) => Object.keys(s).length > 0),
        params: params.map((p) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: p.schema ?? {} })),
        body: content ? (resolve(content.schema) as Schema) : null,
        bodyRequired: Boolean((op.requestBody as Schema | undefined)?.required),
        statuses: Object.keys(op.responses ?? {}),
      } satisfies Operation;
    }),
);

export const operationById = (id: string) => {
  const op = operations.find((o) => o.operationId === id);
  if (!op) throw new Error(`no operation ${id} in the contract`);
  return op;
};

/** The path with its parameters filled (values percent-encoded unless `raw`). */
export function fillPath(op: Operation, values: Record<string, string>, raw = false): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name] ?? "x";
    return raw ? v : encodeURIComponent(v);
  });
}

/** A small value valid against `schema` (first branch of a union; required properties only). */
export function minimalValid(schema: Schema | undefined, hint = ""): unknown {
  if (!schema || typeof schema !== "object") return "x";
  if ("const" in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.allOf) return minimalValid(Object.assign({}, ...schema.allOf.map((s: Schema) => s), { allOf: undefined }), hint);
  if (schema.anyOf || schema.oneOf) {
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[];
    return minimalValid(branches.find((b) => b.type !== "null") ?? branches[0], hint);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object":
    case undefined: {
      if (!schema.properties && type === undefined) return "x";
      const out: Record<string, unknown> = {};
      for (const name of (schema.required as string[] | undefined) ?? []) out[name] = minimalValid(schema.properties?.[name], name);
      return out;
    }
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalValid(schema.items, hint));
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return true;
    case "null":
      return null;
    default: {
      if (schema.format === "uri" || /url$/i.test(hint)) return "https://example.com/hook";
      if (schema.format === "date-time") return new Date(0).toISOString();
      if (schema.pattern === "^/") return "/";
      const min = schema.minLength ?? 1;
      return "x".repeat(Math.max(1, min));
    }
  }
}

/** Minimal valid path/query/header values of an operation (required ones only). */
export function minimalParams(op: Operation, overrides: Record<string, string> = {}) {
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const p of op.params) {
    if (!p.required && !(p.name in overrides)) continue;
    const value = overrides[p.name] ?? String(minimalValid(p.schema, p.name));
    (p.in === "path" ? path : p.in === "query" ? query : headers)[p.in === "header" ? p.name.toLowerCase() : p.name] = value;
  }
  return { path, query, headers };
}

/** The collection an id path parameter belongs to: `/api/v1/triggers/{id}` → `/api/v1/triggers`. */
export function collectionOf(op: Operation): string | null {
  const m = /^(.*)\/\{id\}(\/.*)?$/.exec(op.path);
  return m ? m[1]! : null;
}
