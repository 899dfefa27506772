/**
 * One operation → one tool (everything but its final name): input schema from path, query and header parameters
 * and the request body, where each input goes in the HTTP request, description, scopes.
 */
import type { ToolHttp, ToolParam } from "../types.js";
import { SchemaConverter, unionOfObjects, type SchemaOptions } from "./json-schema.js";
import { operationServer, type ServerContext } from "./operation-servers.js";
import { clip, plainText } from "./text.js";

type Json = Record<string, any>;

export interface DraftTool {
  operationId: string | undefined;
  description: string;
  inputSchema: Json;
  http: ToolHttp;
  scopes: string[];
}

export interface OperationContext {
  doc: Json;
  /** Lower-cased parameter names the service supplies itself (credentials, transport noise). */
  skipParams: Set<string>;
  /** Names of the OAuth2 / OpenID schemes, whose requirements list scopes. */
  oauthSchemes: Set<string>;
  /**
   * The app's base URL and connection variables: an operation with its own `servers` gets its own base URL
   * (build/operation-servers.ts). Absent (a custom REST connector, called at the one address its owner gave): none.
   */
  servers?: ServerContext;
}

const PROPERTY_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;
const MAX_SCHEMA_BYTES = 24_000;
const MAX_DESCRIPTION = 600;
/** Tried in turn until the schema fits in MAX_SCHEMA_BYTES. */
const ATTEMPTS: SchemaOptions[] = [
  { maxDepth: 5, descriptionLength: 300, maxNodes: 1500 },
  { maxDepth: 3, descriptionLength: 160, maxNodes: 600 },
  { maxDepth: 1, descriptionLength: 100, maxNodes: 250 },
  { maxDepth: 0, descriptionLength: 80, maxNodes: 120 },
];
const ALWAYS_SKIPPED = new Set(["authorization", "content-type", "accept", "content-length", "user-agent"]);
const BODY_TYPES = [/^application\/json/, /\+json$/, /^application\/x-www-form-urlencoded/, /^multipart\/form-data/];

function sanitiseName(name: string): string {
  const clean = name.replace(/[^a-zA-Z0-9_.-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 64);
  return clean || "param";
}

function pickMediaType(content: Json): string | undefined {
  const types = Object.keys(content ?? {});
  for (const re of BODY_TYPES) {
    const t = types.find((x) => re.test(x.toLowerCase()));
    if (t) return t;
  }
  return types[0];
}

/** "List issues of a repo." from `GET /repos/{owner}/{repo}/issues`, for operations published without any text. */
export function describeFromPath(method: string, path: string): string {
  const statics = path
    .split("/")
    .filter((s) => s && !s.startsWith("{"))
    .map((s) => s.replace(/\.json$/i, "").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_.-]+/g, " ").toLowerCase());
  const single = (w: string) => w.replace(/ies$/, "y").replace(/([^s])s$/, "$1");
  const a = (w: string) => (/^[aeiou]/.test(w) ? `an ${w}` : `a ${w}`);
  const last = statics[statics.length - 1] ?? "resource";
  const parent = statics.length > 1 ? statics[statics.length - 2] : undefined;
  const item = /\}\/?$/.test(path);
  const object =
    method === "GET" && !item ? last : method === "GET" ? a(single(last)) : method === "POST" && !item ? a(single(last)) : `the ${single(last)}`;
  const verb = { GET: item ? "Get" : "List", POST: item ? "Act on" : "Create", PUT: "Replace", PATCH: "Update", DELETE: "Delete" }[method] ?? method;
  return `${verb} ${object}${parent && parent !== last ? ` of ${a(single(parent))}` : ""}.`;
}

/** A summary that only names a function (`addCards()`, `getBoardsByIdBoard`) says nothing a reader can use. */
function codeLike(text: string, operationId: unknown): boolean {
  return /^[A-Za-z_$][\w$.]*(\(\))?$/.test(text) && (text.includes("(") || /[a-z][A-Z]/.test(text) || text === operationId);
}

function toolDescription(op: Json, method: string, path: string): string {
  let summary = plainText(op.summary);
  if (summary && codeLike(summary, op.operationId)) summary = describeFromPath(method, path);
  const description = plainText(op.description);
  let text: string;
  if (summary && description) {
    text = description.toLowerCase().startsWith(summary.toLowerCase().replace(/\.$/, "")) ? description : `${summary.replace(/\.?$/, ".")} ${description}`;
  } else text = summary || description || describeFromPath(method, path);
  if (op.deprecated === true && !/deprecated/i.test(text.slice(0, 40))) text = `Deprecated. ${text}`;
  return clip(text, MAX_DESCRIPTION);
}

function scopesOf(op: Json, ctx: OperationContext): string[] {
  const reqs = Array.isArray(op.security) ? op.security : Array.isArray(ctx.doc.security) ? ctx.doc.security : [];
  const scopes = new Set<string>();
  for (const r of reqs) {
    if (!r || typeof r !== "object") continue;
    for (const [scheme, list] of Object.entries(r)) {
      if (ctx.oauthSchemes.has(scheme) && Array.isArray(list)) for (const s of list) if (typeof s === "string") scopes.add(s);
    }
  }
  return [...scopes];
}

interface Input {
  name: string;
  in: ToolParam["in"];
  schema: unknown;
  description: unknown;
  required: boolean;
}

function collectParameters(path: string, item: Json, op: Json, ctx: OperationContext, converter: SchemaConverter): Input[] {
  const byKey = new Map<string, Json>();
  for (const raw of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    const p = converter.deref<Json>(raw);
    if (!p || typeof p.name !== "string" || !["path", "query", "header"].includes(p.in)) continue;
    byKey.set(`${p.in}:${p.name}`, p);
  }
  const out: Input[] = [];
  for (const p of byKey.values()) {
    const lower = p.name.toLowerCase();
    if (p.in !== "path" && (ALWAYS_SKIPPED.has(lower) || ctx.skipParams.has(lower))) continue;
    // A header called `token` is the credential (Slack declares it on every operation); Patchbay supplies it.
    if (p.in === "header" && lower === "token") continue;
    const media = p.content && typeof p.content === "object" ? Object.values(p.content as Json)[0] : undefined;
    out.push({
      name: p.name,
      in: p.in,
      schema: p.schema ?? (media as Json | undefined)?.schema ?? { type: "string" },
      description: p.description,
      required: p.in === "path" || p.required === true,
    });
  }
  // A template variable the description does not declare is still part of the path, wherever it sits in a segment
  // (`/range(address='{address}')`): a required string input, or no call could fill it.
  for (const [, name] of requestPath(path).matchAll(/\{([^{}]+)\}/g)) {
    if (byKey.has(`path:${name}`)) continue;
    byKey.set(`path:${name}`, {});
    out.push({ name, in: "path", schema: { type: "string" }, description: undefined, required: true });
  }
  const order = { path: 0, query: 1, header: 2, body: 3 } as const;
  return out.sort((a, b) => order[a.in] - order[b.in]);
}

export function compileOperation(method: string, path: string, item: Json, op: Json, ctx: OperationContext): DraftTool {
  const httpMethod = method.toUpperCase() as ToolHttp["method"];
  const own = operationServer(item, op, ctx.servers, `${httpMethod} ${path}`);
  let draft: DraftTool | undefined;
  for (const opts of ATTEMPTS) {
    draft = build(new SchemaConverter(ctx.doc, opts), opts, httpMethod, path, item, op, ctx);
    if (JSON.stringify(draft.inputSchema).length <= MAX_SCHEMA_BYTES) break;
  }
  if (JSON.stringify(draft!.inputSchema).length > MAX_SCHEMA_BYTES) draft = trimProperties(draft!);
  return own ? { ...draft!, http: { ...draft!.http, ...own } } : draft!;
}

/** Last resort for operations with hundreds of inputs: keep the required ones, then others in order, while they fit. */
function trimProperties(draft: DraftTool): DraftTool {
  const schema = draft.inputSchema;
  const properties = schema.properties as Json;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const kept: Json = {};
  let size = 200;
  for (const pass of [true, false]) {
    for (const [name, prop] of Object.entries(properties)) {
      if (required.has(name) !== pass || name in kept) continue;
      const bytes = JSON.stringify(prop).length + name.length + 4;
      if (!pass && size + bytes > MAX_SCHEMA_BYTES) continue;
      kept[name] = prop;
      size += bytes;
    }
  }
  const params = draft.http.params.filter((p) => p.name in kept);
  return { ...draft, inputSchema: { ...schema, properties: kept }, http: { ...draft.http, params } };
}

function build(
  converter: SchemaConverter, opts: SchemaOptions, method: ToolHttp["method"], path: string, item: Json, op: Json, ctx: OperationContext,
): DraftTool {
  const properties: Json = {};
  const required: string[] = [];
  const params: ToolParam[] = [];
  const add = (input: Input, schema: Json) => {
    let name = sanitiseName(input.name);
    if (name in properties) name = sanitiseName(`${input.in}_${name}`);
    for (let n = 2; name in properties; n++) name = `${sanitiseName(`${input.in}_${input.name}`).slice(0, 58)}_${n}`;
    const description = plainText(input.description);
    properties[name] = description ? { ...schema, description: clip(description, opts.descriptionLength) } : schema;
    if (input.required) required.push(name);
    params.push({ name, in: input.in, key: input.name });
  };

  for (const input of collectParameters(path, item, op, ctx, converter)) add(input, converter.convert(input.schema, 1));

  let bodyMode: ToolHttp["bodyMode"] = null;
  let contentType: string | null = null;
  const body = converter.deref<Json>(op.requestBody);
  if (body && body.content && typeof body.content === "object") {
    const media = pickMediaType(body.content);
    if (media) {
      contentType = media;
      const schema = converter.convert((body.content as Json)[media]?.schema ?? {}, 1);
      const objectBody =
        schema.type === "object" || schema.properties
          ? schema
          : Array.isArray(schema.anyOf)
            ? unionOfObjects(schema.anyOf as Json[])
            : undefined;
      const structured = BODY_TYPES.some((re) => re.test(media.toLowerCase()));
      if (structured && objectBody && objectBody.properties && Object.keys(objectBody.properties).length > 0) {
        bodyMode = "merged";
        const req = new Set((objectBody.required as string[] | undefined) ?? []);
        for (const [name, propSchema] of Object.entries(objectBody.properties as Json)) {
          add({ name, in: "body", schema: null, description: undefined, required: body.required === true && req.has(name) }, propSchema as Json);
        }
      } else {
        bodyMode = "property";
        const bodySchema = structured && Object.keys(schema).length > 0 ? schema : { type: "string", description: `Request body (${media}).` };
        add({ name: "body", in: "body", schema: null, description: plainText(body.description) || bodySchema.description, required: body.required === true }, bodySchema);
      }
    }
  }
  const inputSchema: Json = { type: "object", properties };
  if (required.length > 0) inputSchema.required = required;
  for (const p of Object.keys(properties)) if (!PROPERTY_NAME.test(p)) throw new Error(`bad property name ${p}`);
  const graphql = graphqlOf(op, method, path, bodyMode);
  return {
    operationId: typeof op.operationId === "string" ? op.operationId : undefined,
    description: toolDescription(op, method, path),
    inputSchema,
    http: graphql
      ? { method, path: requestPath(path), params, bodyMode, contentType: "application/json", graphql }
      : { method, path: requestPath(path), params, bodyMode, contentType },
    scopes: scopesOf(op, ctx),
  };
}

/**
 * The path a request goes to: a fragment is never sent, so a description may key several operations on one endpoint
 * as `/graphql#createIssue`, `/graphql#issues` (OpenAPI allows one operation per method and path).
 */
function requestPath(path: string): string {
  const hash = path.indexOf("#");
  return hash < 0 ? path : path.slice(0, hash);
}

/**
 * `x-patchbay-graphql: { query }`: a named GraphQL operation sent as `{ query, variables }`; the request body schema
 * declares the document's variables (inputs in `params` with in="body"). A malformed one stops the build: the
 * descriptions that use it are written in this repository.
 */
function graphqlOf(op: Json, method: string, path: string, bodyMode: ToolHttp["bodyMode"]): ToolHttp["graphql"] {
  const ext = op["x-patchbay-graphql"] as Json | undefined;
  if (ext === undefined) return undefined;
  const where = `${method} ${path}`;
  if (!ext || typeof ext.query !== "string" || !/^\s*(query|mutation)\b/.test(ext.query)) {
    throw new Error(`${where}: x-patchbay-graphql.query must be a GraphQL query or mutation document`);
  }
  if (method !== "POST") throw new Error(`${where}: a GraphQL operation is sent with POST`);
  if (typeof op.operationId !== "string") throw new Error(`${where}: a GraphQL operation needs an operationId (it names the tool)`);
  if (bodyMode === "property") throw new Error(`${where}: the request body of a GraphQL operation is an object of its variables`);
  return { query: ext.query.trim() };
}
