/**
 * A REST connector's description as the user gave it (an object, or JSON or YAML text) → an OpenAPI 3 document
 * for the compiler, plus the operations that cannot be used and why. What makes the whole description unusable
 * (not JSON/YAML, no version, `paths` missing or not an object, too big) is a 400 naming the place as a JSON
 * pointer; an operation with a broken part (a `$ref` that does not resolve, parameters that are not a list) is
 * skipped with the reason and its pointer.
 */
import { parse as parseYaml } from "yaml";
import { invalid } from "../../errors.js";
import { HTTP_METHODS } from "../../catalog/build/read-descriptions.js";
import { MAX_TOOLS, type Skipped } from "../types.js";
import { swagger2ToOpenApi3 } from "./swagger2-to-openapi3.js";

type Json = Record<string, any>;

export const MAX_DESCRIPTION_BYTES = 1024 * 1024;

export interface Operation {
  method: (typeof HTTP_METHODS)[number];
  path: string;
  pointer: string;
}

export interface ReadDescription {
  /** The description as given, parsed. */
  original: Json;
  /** OpenAPI 3.x (a Swagger 2.0 description converted). */
  doc: Json;
  operations: Operation[];
  skipped: Skipped[];
}

export const pointerOf = (...parts: string[]) => parts.map((p) => `/${p.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

export function parseDescription(spec: unknown): Json {
  let doc: unknown = spec;
  if (typeof spec === "string") {
    if (Buffer.byteLength(spec) > MAX_DESCRIPTION_BYTES) throw invalid(`spec is larger than ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MB.`);
    try {
      doc = /^\s*[{[]/.test(spec) ? JSON.parse(spec) : parseYaml(spec, { maxAliasCount: 100 });
    } catch (err) {
      throw invalid(`spec is not valid JSON or YAML: ${(err as Error).message.split("\n")[0]!.slice(0, 200)}`);
    }
  } else if (JSON.stringify(spec).length > MAX_DESCRIPTION_BYTES) throw invalid(`spec is larger than ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MB.`);
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw invalid("spec must be an OpenAPI or Swagger document (an object); pointer: '' (the root).");
  return doc as Json;
}

export function readDescription(spec: unknown): ReadDescription {
  const original = parseDescription(spec);
  const swagger = original.swagger !== undefined;
  if (swagger && original.swagger !== "2.0") throw invalid(`spec at /swagger: only Swagger 2.0 is accepted, got '${String(original.swagger).slice(0, 20)}'.`);
  if (!swagger && !/^3\.[01]\.\d+$/.test(String(original.openapi ?? ""))) {
    throw invalid(`spec at /openapi: must be '3.0.x' or '3.1.x' (or give /swagger '2.0'), got ${original.openapi === undefined ? "nothing" : `'${String(original.openapi).slice(0, 20)}'`}.`);
  }
  if (original.paths === undefined) throw invalid("spec at /paths: missing; a description needs its operations under paths.");
  if (!original.paths || typeof original.paths !== "object" || Array.isArray(original.paths)) throw invalid("spec at /paths: must be an object of path items.");
  const operations: Operation[] = [];
  const skipped: Skipped[] = [];
  for (const [path, item] of Object.entries(original.paths as Json)) {
    const itemPointer = pointerOf("paths", path);
    if (!item || typeof item !== "object" || Array.isArray(item)) {
      skipped.push({ item: itemPointer, reason: `${itemPointer} must be an object (a path item).` });
      continue;
    }
    if (!path.startsWith("/")) {
      skipped.push({ item: itemPointer, reason: `${itemPointer}: a path must start with '/'.` });
      continue;
    }
    const itemProblem = problemIn(original, item.parameters === undefined ? undefined : { parameters: item.parameters }, itemPointer);
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      const pointer = pointerOf("paths", path, method);
      const problem = itemProblem ?? (op && typeof op === "object" && !Array.isArray(op) ? problemIn(original, op, pointer) : `${pointer} must be an object (an operation).`);
      if (problem) skipped.push({ item: `${method.toUpperCase()} ${path}`, reason: problem });
      else operations.push({ method, path, pointer });
    }
  }
  if (operations.length > MAX_TOOLS) throw invalid(`spec has ${operations.length} operations; a connector takes at most ${MAX_TOOLS}.`);
  if (operations.length === 0) {
    throw invalid(skipped.length ? `spec has no usable operation; the first problem: ${skipped[0]!.reason}` : "spec at /paths: no operations (get, post, put, patch, delete, ...).");
  }
  return { original, doc: swagger ? swagger2ToOpenApi3(original) : original, operations, skipped };
}

/** The first problem in an operation (or a path item's shared parameters): parameter lists, `$ref`s that do not resolve. */
function problemIn(doc: Json, op: Json | undefined, pointer: string): string | null {
  if (!op) return null;
  if (op.parameters !== undefined && !Array.isArray(op.parameters)) return `${pointer}/parameters must be a list.`;
  for (const [i, p] of ((op.parameters ?? []) as unknown[]).entries()) {
    if (!p || typeof p !== "object") return `${pointer}/parameters/${i} must be an object.`;
    const param = p as Json;
    if (param.$ref === undefined && (typeof param.name !== "string" || typeof param.in !== "string")) return `${pointer}/parameters/${i} needs a name and an in (string).`;
  }
  if (op.requestBody !== undefined && (!op.requestBody || typeof op.requestBody !== "object")) return `${pointer}/requestBody must be an object.`;
  return badRef(doc, op, pointer, new Set());
}

/** The first `$ref` under `node` (following the ones it reaches) that is not a pointer into this document that resolves. */
function badRef(doc: Json, node: unknown, pointer: string, seen: Set<string>): string | null {
  if (!node || typeof node !== "object") return null;
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) {
      const found = badRef(doc, v, `${pointer}/${i}`, seen);
      if (found) return found;
    }
    return null;
  }
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === "$ref") {
      if (typeof v !== "string") return `${pointer}/$ref must be a string.`;
      if (seen.has(v)) continue;
      seen.add(v);
      if (!v.startsWith("#")) return `${pointer}/$ref '${v.slice(0, 200)}' points outside the document; only references within it are followed.`;
      const target = resolve(doc, v);
      if (target === undefined) return `${pointer}/$ref '${v.slice(0, 200)}' does not resolve.`;
      const found = badRef(doc, target, v.slice(1), seen);
      if (found) return found;
      continue;
    }
    if (k === "example" || k === "examples" || k === "x-examples") continue;
    const found = badRef(doc, v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, seen);
    if (found) return found;
  }
  return null;
}

function resolve(doc: Json, ref: string): unknown {
  if (ref === "#") return doc;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    if (!node || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}
