/**
 * REST answers as MCP tool results: the JSON as structured content, and a text block beside it for clients that
 * read only text. The MCP specification (2025-06-18, "Structured Content") says a tool returning structured content
 * SHOULD also return the serialized JSON as text, for backwards compatibility; sending it whole doubles every
 * answer (and escapes it once more inside the JSON-RPC message). So: an answer up to TEXT_LIMIT gets its whole
 * compact JSON as text; a larger one gets the same JSON without the tools' `inputSchema`/`outputSchema` (the bulk
 * of `find_tools` and `list_tools` answers), ending with a note that says where they are: in `structuredContent`,
 * and one tool at a time through `get_tool`. docs/mcp.md says so to client authors.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ApiError } from "../errors.js";
import type { Reply } from "../dispatch/types.js";
import { jsonLength, markedJsonText, markerPattern, splice, splicedLength } from "../http/json-text.js";

/** Characters of JSON sent whole as text. */
export const TEXT_LIMIT = 16 * 1024;
const SCHEMA_KEYS = new Set(["inputSchema", "outputSchema"]);
export const SCHEMAS_LEFT_OUT = "\n\n(The tools' inputSchema and outputSchema are left out of this text; they are in structuredContent, or ask get_tool for one tool.)";

/**
 * Structured content must be an object: a list (a JSON array on REST) is given as `{ items, nextCursor }`; the
 * text is the REST body (whole, or without schemas when large). A tool run that the app refused
 * (`successful: false`) is an error result.
 */
export function successResult(reply: Reply<unknown>): CallToolResult {
  const body = reply.body;
  const structured = Array.isArray(body) ? { items: body, nextCursor: reply.opts.nextCursor ?? null } : (body as Record<string, unknown>);
  const failedRun = !Array.isArray(body) && (body as { successful?: boolean })?.successful === false;
  return { content: [{ type: "text", text: textOf(body) }], structuredContent: structured, ...(failedRun ? { isError: true } : {}) };
}

/** The text block: the compact JSON, or past TEXT_LIMIT the JSON without tool schemas and a note saying so. */
export function textOf(body: unknown): string {
  return fromMarkedJson(body) ?? textByCopy(body);
}

/** A schema field's name in JSON text, as a RegExp source (the names of SCHEMA_KEYS). */
const SCHEMA_FIELD = `"(?:${[...SCHEMA_KEYS].join("|")})":`;
const SCHEMA_MARKED = new RegExp(`(,?)${SCHEMA_FIELD}${markerPattern}(,?)`, "g");
const SCHEMA_NOT_MARKED = new RegExp(`${SCHEMA_FIELD}(?!")`);
const HAS_SCHEMA = new RegExp(SCHEMA_FIELD);

/**
 * The text from one serialization in which the catalog's schemas are markers (http/json-text.ts): the whole JSON is
 * the markers spliced, the lean one the markers' fields cut out, with no copy of the answer and no second pass over
 * it (measured: ~35 → ~17 µs for a find answer). Null when a schema field holds something else (a custom tool's
 * schema, which has no stored text): then the answer is copied without its schema fields (textByCopy).
 */
function fromMarkedJson(body: unknown): string | null {
  const { text, parts } = markedJsonText(body);
  if (SCHEMA_NOT_MARKED.test(text)) return null;
  if (!parts.length) return text.length <= TEXT_LIMIT || !HAS_SCHEMA.test(text) ? text : null;
  if (splicedLength(text, parts) <= TEXT_LIMIT) return splice(text, parts);
  const lean = text.replace(SCHEMA_MARKED, (_m, before: string, after: string) => (before && after ? "," : ""));
  // A marker left outside a schema field, or a schema field left (a string, or deeper than the copy looks): the copy's way.
  return LEFT.test(lean) ? null : lean + SCHEMAS_LEFT_OUT;
}

const LEFT = new RegExp(`${markerPattern}|${SCHEMA_FIELD}`);

function textByCopy(body: unknown): string {
  const left: unknown[] = [];
  const lean = withoutSchemas(body, 3, left);
  if (!left.length) return JSON.stringify(body);
  const leanText = JSON.stringify(lean);
  if (fitsWhole(leanText.length, left)) return JSON.stringify(body);
  return leanText + SCHEMAS_LEFT_OUT;
}

/**
 * Whether the whole JSON stays within TEXT_LIMIT: the lean text plus each schema left out (`,"inputSchema":` and
 * its JSON), added up schema by schema and given up as soon as the sum passes the limit, so a large answer (a find
 * with ten tools) is not serialized whole a second time just to learn that it is too large.
 */
function fitsWhole(leanLength: number, left: unknown[]): boolean {
  let length = leanLength;
  for (const schema of left) {
    if (length > TEXT_LIMIT) return false;
    length += ',"outputSchema":'.length + jsonLength(schema);
  }
  return length <= TEXT_LIMIT;
}

/** A copy of the top `depth` levels without schema fields, which go to `left` (what lies deeper is shared, not copied). */
function withoutSchemas(value: unknown, depth: number, left: unknown[]): unknown {
  if (depth === 0 || !value || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => withoutSchemas(item, depth - 1, left));
  const copy: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SCHEMA_KEYS.has(key)) left.push(v);
    else copy[key] = withoutSchemas(v, depth - 1, left);
  }
  return copy;
}

/** A refused call (bad arguments, missing permission, unknown record, upstream failure): the REST error body. */
export function errorResult(err: ApiError, requestId: string): CallToolResult {
  const body = { error: { code: err.code, message: err.message, requestId, ...(err.upstreamStatus !== undefined ? { upstreamStatus: err.upstreamStatus } : {}) } };
  return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body, isError: true };
}
