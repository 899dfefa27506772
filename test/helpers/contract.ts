/**
 * Every response a test sees is checked against the contract (generated/openapi.json): the status must be one the
 * operation declares, and the body must validate against that response's schema. Answers to paths outside the
 * contract (404, 405) must have the error shape.
 */
import { createBackend } from "../../src/contract/backend.js";
import { loadDocument } from "../../src/contract/document.js";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const document = loadDocument();
const backend = createBackend(document);
const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
(addFormats as unknown as typeof addFormats.default)(ajv);
for (const format of ["int32", "int64", "float", "double"]) ajv.addFormat(format, true);
ajv.addSchema({ ...(document as Record<string, unknown>), $id: "contract" });
const errorShape = ajv.getSchema("contract#/components/schemas/ErrorResponse")!;

export class ContractViolation extends Error {}

export function assertMatchesContract(method: string, url: string, status: number, body: unknown, contentType: string | null) {
  const { pathname, searchParams } = new URL(url, "http://x");
  const operation = backend.router.matchOperation({ method, path: pathname, query: Object.fromEntries(searchParams), headers: {} });
  if (!operation) {
    if (!errorShape(body)) throw new ContractViolation(`${method} ${pathname} → ${status}: not in the contract and not the error shape: ${JSON.stringify(body)}`);
    return;
  }
  const declared = Object.keys(operation.responses ?? {});
  if (!declared.includes(String(status)) && !declared.includes("default")) {
    throw new ContractViolation(`${operation.operationId} answered ${status}, which the contract does not declare (${declared.join(", ")}): ${JSON.stringify(body)?.slice(0, 300)}`);
  }
  const response = (operation.responses as Record<string, { content?: Record<string, unknown> }>)[String(status)];
  const mediaTypes = Object.keys(response?.content ?? {});
  if (mediaTypes.length && contentType && !mediaTypes.some((m) => contentType.startsWith(m))) {
    throw new ContractViolation(`${operation.operationId} ${status}: content type ${contentType}, contract says ${mediaTypes.join(", ")}`);
  }
  if (!mediaTypes.some((m) => m.includes("json"))) return;
  const result = backend.validateResponse(body, operation, status);
  if (result.errors?.length) {
    throw new ContractViolation(`${operation.operationId} ${status} body does not match the contract: ${JSON.stringify(result.errors.slice(0, 3))}\nbody: ${JSON.stringify(body)?.slice(0, 500)}`);
  }
}
