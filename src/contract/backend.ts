/**
 * openapi-backend over the contract: routing by operationId and request validation. Its own Ajv speaks draft-07;
 * the contract is OpenAPI 3.1 (JSON Schema 2020-12), so validators are built with Ajv's 2020 build instead.
 */
import { OpenAPIBackend, type Document, type Operation, type Request } from "openapi-backend";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export function createBackend(document: Record<string, unknown>) {
  const api = new OpenAPIBackend<Document>({
    definition: document as unknown as Document,
    quick: true,
    validate: true,
    coerceTypes: true,
    customizeAjv: (original: { formats?: Record<string, unknown> }, ajvOpts: object) => {
      const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ ...ajvOpts, strict: false, allErrors: false });
      (addFormats as unknown as typeof addFormats.default)(ajv);
      for (const [name, format] of Object.entries(original.formats ?? {})) if (!ajv.formats[name]) ajv.addFormat(name, format as never);
      return ajv as never;
    },
  });
  api.init();
  prepareRouter(api.router);
  return api;
}

export type Backend = ReturnType<typeof createBackend>;

type Router = OpenAPIBackend<Document>["router"];

/**
 * openapi-backend 5.21 rebuilds its flat operation list (lodash over every path) and a RegExp per templated path on
 * each `matchOperation`, `getOperation` and request validation: 0.16–0.27 ms a call, several calls a request. The
 * contract is immutable once loaded, so the list is built once and matching uses prepared patterns. Same rules as
 * the library: an exact path with the method first; else the templated paths that match, most literal characters
 * first, the first with the method. The validator shares this router, so it benefits too.
 */
function prepareRouter(router: Router): void {
  const operations = router.getOperations();
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const exact = new Map<string, Operation<Document>>();
  for (const op of operations) if (!exact.has(`${op.method} ${op.path}`)) exact.set(`${op.method} ${op.path}`, op);
  const templates = operations
    .map((op) => ({ op, pattern: new RegExp(templatePattern(op.path)), literal: op.path.replace(/\{.*?\}/g, "").length }))
    .sort((a, b) => b.literal - a.literal); // Array.prototype.sort is stable, as lodash's orderBy
  // A `{param}` matches one whole segment, so a template can only match paths with as many segments: each request
  // tests the few templates of its length instead of every one (3 routings a request: web, agent and REST doors).
  const bySegments = new Map<number, typeof templates>();
  for (const t of templates) {
    const n = segmentCount(t.op.path);
    bySegments.set(n, [...(bySegments.get(n) ?? []), t]);
  }
  const match = (req: Request, strict?: boolean) => {
    const { path, method } = router.normalizeRequest(req);
    const notFound = () => {
      if (strict) throw Error("404-notFound: no route matches request");
      return undefined;
    };
    if (!(router as unknown as { isUnderApiRoot(p: string): boolean }).isUnderApiRoot(path)) return notFound();
    const relative = router.normalizePath(path);
    const hit = exact.get(`${method} ${relative}`);
    if (hit) return hit;
    const matching = (bySegments.get(segmentCount(relative)) ?? []).filter((t) => t.pattern.test(relative));
    if (!matching.length) return notFound();
    const found = matching.find((t) => t.op.method === method)?.op;
    if (!found && strict) throw Error("405-methodNotAllowed: this method is not registered for the route");
    return found;
  };
  Object.assign(router, {
    getOperations: () => operations,
    getOperation: (operationId: string) => byId.get(operationId),
    matchOperation: match,
  });
}

/** Path segments (`/a/b` → 2); a template's `{param}` never spans a `/`. */
function segmentCount(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}

/** The library's own conversion: `{param}` matches one path segment, literal parts are escaped. */
const templatePattern = (path: string) =>
  `^${path.replace(/\{[^}]+\}/g, "\0").split("\0").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")}$`;
