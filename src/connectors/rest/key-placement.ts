/**
 * Where a REST connector's key goes: as given (`bearer`, `basic`, `header:<Name>`, `query:<name>`), else where the
 * description's security scheme says, else `bearer`; and the key placed there on a request.
 */
import { authMethods } from "../../catalog/build/auth-methods.js";
import type { AuthMethod } from "../../catalog/types.js";
import type { Credentials } from "../../connect/credentials.js";

export function keyInOf(doc: Record<string, any>, base: string, given: string | undefined): string {
  if (given) return given;
  // The schemes the operations use; else the ones the description declares without using them.
  const declared = { ...doc, security: Object.keys(doc.components?.securitySchemes ?? {}).map((k) => ({ [k]: [] })) };
  const method = [...authMethods(doc, base), ...authMethods(declared, base)].find((m) => m.type !== "none");
  if (!method) return "bearer";
  if (method.type === "apiKey" && method.in === "header") return `header:${method.name}`;
  if (method.type === "apiKey" && method.in === "query") return `query:${method.name}`;
  if (method.type === "basic") return "basic";
  return "bearer";
}

/** The query parameter or header that carries the key (not a tool input). */
export const keyParamOf = (keyIn: string): string | null => (/^(header|query):/.test(keyIn) ? keyIn.slice(keyIn.indexOf(":") + 1) : null);

/** The key as connection credentials and the auth method that places them (the same code places connection tokens). */
export function keyCredentials(keyIn: string, key: string | null): { credentials: Credentials; method: AuthMethod | undefined; authType: string } {
  if (key === null) return { credentials: { type: "none" }, method: undefined, authType: "none" };
  if (keyIn === "basic") {
    const colon = key.indexOf(":");
    return { credentials: { type: "basic", username: colon < 0 ? key : key.slice(0, colon), password: colon < 0 ? "" : key.slice(colon + 1) }, method: { type: "basic" }, authType: "basic" };
  }
  const param = keyParamOf(keyIn);
  if (param) return { credentials: { type: "apiKey", apiKey: key }, method: { type: "apiKey", in: keyIn.startsWith("query:") ? "query" : "header", name: param }, authType: "apiKey" };
  return { credentials: { type: "bearer", token: key }, method: { type: "bearer" }, authType: "bearer" };
}
