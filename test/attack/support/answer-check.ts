/**
 * A collecting checker: every answer is judged (no 5xx but declared upstream faults, the error shape on every 4xx,
 * a status the contract declares, the body schema via test/helpers/contract.ts) and every violation is kept,
 * grouped by operation + status + kind with one example request, so one run reports ALL of them.
 */
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { assertMatchesContract, ContractViolation } from "../../helpers/contract.js";
import { createBackend } from "../../../src/contract/backend.js";
import { contractDocument, operationById, type Operation } from "./contract-operations.js";
import type { RawAnswer, RawRequest } from "./raw-http.js";

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
(addFormats as unknown as typeof addFormats.default)(ajv);
for (const format of ["int32", "int64", "float", "double"]) ajv.addFormat(format, true);
ajv.addSchema({ ...contractDocument, $id: "attack-contract" });
export const isErrorShape = ajv.getSchema("attack-contract#/components/schemas/ErrorResponse")!;
const router = createBackend(contractDocument).router;

/** The operation the server routes a raw request to (by the contract), or null outside the contract. */
export function routedOperation(method: string, rawPath: string): Operation | null {
  const [pathname, search = ""] = rawPath.split("?");
  let query: Record<string, string> = {};
  try {
    query = Object.fromEntries(new URLSearchParams(search));
  } catch {}
  const matched = router.matchOperation({ method, path: pathname!, query, headers: {} });
  return matched ? operationById(matched.operationId!) : null;
}

/** Internal text that must never reach a client. */
export const INTERNAL_TEXT = /(\bat \S+ \(.*:\d+:\d+\)|\.(ts|js):\d+:\d+|node_modules|prisma|invalid `|SQLITE_|TypeError|ReferenceError|RangeError|Maximum call stack|Cannot read propert)/i;

export interface Violation {
  key: string;
  count: number;
  example: string;
  answer: string;
}

/** A status ≥ 500 that is allowed: an upstream fault (502/504) or `not_implemented` (501), when the operation declares it. */
export function allowedServerStatus(op: Operation | null, status: number, body: unknown): boolean {
  if (!op || !op.statuses.includes(String(status))) return false;
  if (status === 502 || status === 504) return true;
  return status === 501 && (body as { error?: { code?: string } } | null)?.error?.code === "not_implemented";
}

export class Collector {
  readonly byOperation = new Map<string, { requests: number; statuses: Map<number, number> }>();
  readonly violations = new Map<string, Violation>();
  total = 0;
  serverErrors = 0;
  noAnswer = 0;

  record(label: string, req: RawRequest, ans: RawAnswer, kind = "") {
    const op = routedOperation(req.method, req.path);
    this.total++;
    const row = this.byOperation.get(label) ?? { requests: 0, statuses: new Map() };
    row.requests++;
    row.statuses.set(ans.status, (row.statuses.get(ans.status) ?? 0) + 1);
    this.byOperation.set(label, row);
    for (const problem of judge(op, req, ans)) this.add(`${label} | ${ans.status} | ${problem}`, req, ans, kind);
    if (ans.status >= 500 && !allowedServerStatus(op, ans.status, ans.json)) this.serverErrors++;
    if (ans.status === 0) this.noAnswer++;
  }

  add(key: string, req: RawRequest, ans: RawAnswer, kind = "") {
    const v = this.violations.get(key);
    if (v) return void v.count++;
    this.violations.set(key, { key, count: 1, example: `${kind ? `(${kind}) ` : ""}${describeRequest(req)}`, answer: ans.error ?? `${ans.status} ${ans.text.slice(0, 300)}` });
  }

  table(): string {
    const lines = ["operation                                   requests  statuses"];
    for (const [label, row] of [...this.byOperation].sort()) {
      const statuses = [...row.statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(" ");
      lines.push(`${label.padEnd(44)}${String(row.requests).padStart(8)}  ${statuses}`);
    }
    lines.push(`TOTAL ${this.total} requests, ${this.serverErrors} answers >= 500, ${this.noAnswer} without an answer, ${this.violations.size} kinds of violation`);
    return lines.join("\n");
  }

  report(): string {
    return [...this.violations.values()].map((v) => `✗ ${v.key}  (×${v.count})\n    request: ${v.example}\n    answer:  ${v.answer}`).join("\n");
  }
}

export function describeRequest(req: RawRequest): string {
  const headers = Object.entries(req.headers ?? {})
    .map(([k, v]) => `${k}: ${(Array.isArray(v) ? v.join(" | ") : v).replace(/patchbay_sk_\w+/, "patchbay_sk_…").slice(0, 80)}`)
    .join("; ");
  const body = req.body === undefined ? "" : ` body(${req.body.length} B): ${JSON.stringify(req.body.toString().slice(0, 160))}`;
  return `${req.method} ${req.path.slice(0, 200)}${req.path.length > 200 ? `…(${req.path.length} chars)` : ""} [${headers}]${body}`;
}

/** What is wrong with an answer (empty when nothing). */
export function judge(op: Operation | null, req: RawRequest, ans: RawAnswer): string[] {
  const problems: string[] = [];
  if (ans.status === -1) return problems; // never sent
  if (ans.status === 0) return [`no answer (${ans.error})`];
  if (ans.status >= 500 && !allowedServerStatus(op, ans.status, ans.json)) problems.push("server error");
  // The sign-in pages answer HTML and the MCP door JSON-RPC: there only "no 5xx" applies.
  if (!op && /^\/(connect|mcp)(\/|$)/.test(req.path)) return problems;
  // Web pages (GET/HEAD outside /api: an HTML page, or a redirect to one such as the sign-in page) are not API
  // operations; only their state-changing actions are in the contract. There too only "no 5xx" applies.
  const html = /^text\/html/i.test(ans.headers["content-type"] ?? "") || (ans.status >= 300 && ans.status < 400 && String(ans.headers.location ?? "").startsWith("/"));
  if (!op && (req.method === "GET" || req.method === "HEAD") && !req.path.startsWith("/api/") && html) return problems;
  if (ans.status >= 400) {
    // The UCP and ACP operations declare their protocol's error body instead (checked against the contract below).
    if (ownErrorShape(op, ans.status)) {
      if (INTERNAL_TEXT.test(ans.text)) problems.push("internal text in the error message");
    } else if (!isErrorShape(ans.json)) problems.push("error body is not { error: { code, message } }");
    else if (INTERNAL_TEXT.test((ans.json as { error: { message: string } }).error.message)) problems.push("internal text in the error message");
  }
  if (op && !op.statuses.includes(String(ans.status)) && !op.statuses.includes("default")) problems.push(`status not declared (${op.statuses.join(",")})`);
  if (!op && ![404, 405].includes(ans.status) && ans.status < 500) problems.push("path outside the contract answered neither 404 nor 405");
  if (op && ans.status < 500) {
    // Body against the contract's response schema (the shared helper throws; here its verdict is collected).
    try {
      const pathOnly = req.path.split("?")[0]!;
      const contentType = ans.headers["content-type"] ?? null;
      const body = ans.json ?? ans.text;
      assertMatchesContract(req.method, safePath(pathOnly), ans.status, body, contentType);
    } catch (err) {
      if (err instanceof ContractViolation) {
        if (!/does not declare/.test(err.message)) problems.push(`contract: ${err.message.replace(/\{.*$/s, "").slice(0, 160)}`);
      } else problems.push(`checker failed: ${(err as Error).message.slice(0, 120)}`);
    }
  }
  return problems;
}

/**
 * The helper parses the path as a URL: keep a malformed escape from breaking it, and a dot segment (`..`, `%2e`),
 * which the server takes as a path parameter's value, from being resolved away.
 */
const safePath = (path: string) =>
  path
    .replace(/%(?![0-9A-Fa-f]{2})/g, "%25")
    .split("/")
    .map((segment) => (/^(\.|%2e){1,2}$/i.test(segment) ? "x" : segment))
    .join("/");

/** Whether the operation declares, for this status, an error body of its own rather than `ErrorResponse`. */
function ownErrorShape(op: Operation | null, status: number): boolean {
  if (!op) return false;
  const paths = (contractDocument as { paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }>> }).paths;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      if (operation?.operationId !== op.operationId) continue;
      const schema = operation.responses?.[String(status)]?.content?.["application/json"]?.schema;
      return Boolean(schema?.$ref) && schema!.$ref !== "#/components/schemas/ErrorResponse";
    }
  }
  return false;
}
