/**
 * The MCP tools are faces of contract operations (x-patchbay-mcp-tool). Each tool's input schema is derived here
 * from its operation's path, query and header parameters and its JSON body, with $refs resolved; nothing is
 * written twice by hand. `toInput` splits a tool call's arguments back into the operation's input.
 */
import type { OperationId } from "../../generated/operations.gen.ts";

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: Schema;
}

export interface McpTool {
  name: string;
  operationId: OperationId;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, Schema>; required: string[]; additionalProperties: false };
  /** Splits arguments into the operation's input (path, query, headers, body). */
  toInput(args: Record<string, unknown>): { path: Record<string, unknown>; query: Record<string, unknown>; headers: Record<string, string>; body: unknown };
}

/** Header parameters get a camelCase argument name: `Idempotency-Key` → `idempotencyKey`. */
const argName = (p: Parameter) => (p.in === "header" ? p.name.toLowerCase().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) : p.name);

export function mcpToolsFromContract(doc: { paths: Record<string, Record<string, Schema>>; components?: Record<string, Record<string, Schema>> }): McpTool[] {
  const resolve = (schema: unknown, seen: string[] = []): unknown => {
    if (Array.isArray(schema)) return schema.map((s) => resolve(s, seen));
    if (!schema || typeof schema !== "object") return schema;
    const ref = (schema as { $ref?: string }).$ref;
    if (ref) {
      if (seen.includes(ref)) throw new Error(`cyclic $ref ${ref} in an MCP tool's input`);
      const [, kind, key] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? [];
      const target = (doc.components as Record<string, Record<string, Schema>> | undefined)?.[kind]?.[key];
      if (!target) throw new Error(`unresolved $ref ${ref}`);
      return resolve(target, [...seen, ref]);
    }
    return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolve(v, seen)]));
  };

  const tools: McpTool[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      const name = op["x-patchbay-mcp-tool"] as string | undefined;
      if (!name) continue;
      const params = ((resolve(op.parameters) as Parameter[] | undefined) ?? []).filter((p) => p.in !== "cookie");
      const properties: Record<string, Schema> = {};
      const required: string[] = [];
      const add = (prop: string, schema: Schema, isRequired: boolean) => {
        if (properties[prop]) throw new Error(`${name}: argument '${prop}' comes from two places in the contract`);
        properties[prop] = schema;
        if (isRequired) required.push(prop);
      };
      for (const p of params) add(argName(p), { ...(resolve(p.schema) as Schema), ...(p.description ? { description: p.description } : {}) }, Boolean(p.required));
      const requestBody = op.requestBody as { required?: boolean; content?: Record<string, { schema?: Schema }> } | undefined;
      const bodySchema = resolve(requestBody?.content?.["application/json"]?.schema) as Schema | undefined;
      const bodyProps = Object.keys((bodySchema?.properties as Record<string, Schema> | undefined) ?? {});
      for (const prop of bodyProps) {
        add(prop, (bodySchema!.properties as Record<string, Schema>)[prop], Boolean(requestBody?.required) && ((bodySchema!.required as string[] | undefined) ?? []).includes(prop));
      }
      tools.push({
        name,
        operationId: op.operationId as OperationId,
        description: [op.summary, op.description].filter(Boolean).join("\n\n") as string,
        inputSchema: { type: "object", properties, required, additionalProperties: false },
        toInput(args) {
          const input = { path: {} as Record<string, unknown>, query: {} as Record<string, unknown>, headers: {} as Record<string, string>, body: undefined as unknown };
          for (const p of params) {
            const value = args[argName(p)];
            if (value === undefined) continue;
            if (p.in === "header") input.headers[p.name.toLowerCase()] = String(value);
            else if (p.in === "path" || p.in === "query") input[p.in][p.name] = value;
          }
          if (bodySchema) {
            const body = Object.fromEntries(bodyProps.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
            input.body = body;
          }
          return input;
        },
      });
    }
  }
  return tools;
}
