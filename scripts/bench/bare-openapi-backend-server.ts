/**
 * Reference: a bare openapi-backend handler on node:http over the same generated/openapi.json as Patchbay, with
 * the same Ajv 2020 setup: routing, a bearer-header check and request validation for GET /api/v1/me (getMe), and
 * a constant answer. What the contract-first routing costs before any of Patchbay's own work.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { OpenAPIBackend, type Document } from "openapi-backend";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { announceReady } from "./child-process.js";
import { ME_BODY } from "./me-body.js";

type Reply = { status: number; body: unknown };
const definition = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8")) as Document;
const api = new OpenAPIBackend<Document>({
  definition,
  quick: true,
  validate: true,
  coerceTypes: true,
  customizeAjv: (original: { formats?: Record<string, unknown> }, ajvOpts: object) => {
    const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ ...ajvOpts, strict: false, allErrors: false });
    (addFormats as unknown as typeof addFormats.default)(ajv);
    for (const [name, format] of Object.entries(original.formats ?? {})) if (!ajv.formats[name]) ajv.addFormat(name, format as never);
    return ajv as never;
  },
  handlers: {
    getMe: (): Reply => ({ status: 200, body: ME_BODY }),
    validationFail: (c): Reply => ({ status: 400, body: { error: { code: "invalid_request", message: String(c.validation.errors?.[0]?.message) } } }),
    unauthorizedHandler: (): Reply => ({ status: 401, body: { error: { code: "unauthorized", message: "No key." } } }),
    notFound: (): Reply => ({ status: 404, body: { error: { code: "not_found", message: "No such endpoint." } } }),
    methodNotAllowed: (): Reply => ({ status: 405, body: { error: { code: "method_not_allowed", message: "Not allowed." } } }),
    notImplemented: (): Reply => ({ status: 501, body: { error: { code: "internal", message: "Not measured." } } }),
  },
  securityHandlers: { BearerAuth: (c) => /^Bearer \S+/.test(String(c.request.headers.authorization ?? "")) },
});
api.init();

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  const reply = (await api.handleRequest({ method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers as Record<string, string> })) as Reply;
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  announceReady({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }, () => new Promise((r) => (server.close(() => r()), server.closeAllConnections())));
});
