/**
 * Calls a connected app's own API with the account's credentials: the one path behind `POST /apps/{app}/request`
 * and every tool run. Timeouts, a response size cap and upstream failures become clear errors; an OAuth 401 gets
 * one refresh and one retry.
 */
import type { Services } from "../services.js";
import { assertReachable, privateAllowed, serverOrigin, type EffectiveApp } from "../domain/app-settings.js";
import { ApiError, invalid } from "../errors.js";
import { methodOf, placeCredentials, type Credentials } from "../connect/credentials.js";
import { refreshConnection, useConnection, type ConnectionInUse } from "../connect/use-connection.js";
import { appBaseUrl, buildUrl, isTemplate, ownServerUrl, sampleBaseUrl, type OwnServer } from "./build-url.js";
import { blockedHost } from "../net/blocked-address.js";
import { recordConnectionUse } from "../domain/usage.js";
import { parseBody, safeResponseHeaders } from "./read-response.js";
import { OutboundFailure, sendOutbound, type OutboundResponse } from "../net/outbound-request.js";

export interface AppCall {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  body?: unknown;
  connection?: string;
  /**
   * A tool's own server (its operation's `servers`): the path is relative to it instead of the app's base URL. Set
   * only from the catalog (tool-request.ts), never from a caller: `POST /apps/{app}/request` keeps the app's base URL.
   */
  server?: OwnServer;
}

export interface AppAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  connection: string;
}

/** Headers the caller may not set: credentials, hop-by-hop headers and Expect (how the body is sent) are Patchbay's. */
const RESERVED_HEADERS = /^(authorization|proxy-authorization|cookie|host|content-length|connection|keep-alive|transfer-encoding|te|trailer|upgrade|expect|x-forwarded-.*|forwarded)$/i;

export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

export async function callApp(services: Services, accountId: string, eff: EffectiveApp, call: AppCall): Promise<AppAnswer> {
  for (const name of Object.keys(call.headers ?? {})) {
    if (RESERVED_HEADERS.test(name)) throw invalid(`headers.${name} cannot be set: Patchbay sets credentials, hop-by-hop headers and Expect itself.`);
  }
  const own = call.server && ownServer(eff, call.server);
  if (own) assertOwnServer(eff, own, services.config.allowPrivateNetwork);
  else assertReachable(eff, services.config.allowPrivateNetwork);
  const template = own?.baseUrl ?? eff.baseUrl;
  // The path is checked before anything is read; a base URL with connection variables is filled in per connection.
  let url = buildUrl(sampleBaseUrl(template), call.path, call.query);
  let conn = await useConnection(services, accountId, eff, call.connection);
  if (isTemplate(template)) url = buildUrl(own ? ownServerUrl(eff, own, conn) : appBaseUrl(eff, conn), call.path, call.query);
  let res = await send(services, eff, conn, url, call);
  if (res.status === 401 && (conn.credentials.type === "oauth2" || conn.credentials.type === "clientCredentials")) {
    conn = await refreshConnection(services, eff, conn);
    res = await send(services, eff, conn, url, call);
  }
  const recording = recordConnectionUse(services.db, conn.id);
  if (recording) await recording;
  const body = parseBody(res);
  if (res.status >= 500) {
    const detail = typeof body === "string" ? body.slice(0, 200) : JSON.stringify(body).slice(0, 200);
    throw new ApiError("upstream_error", `${eff.app.name} answered ${res.status}: ${detail}`, { upstreamStatus: res.status });
  }
  return { status: res.status, headers: safeResponseHeaders(res.headers), body, connection: conn.id };
}

/** A tool's own server as it is called: `origin` is the one it declares; `operatorSet` when the operator's URL replaces it. */
interface CalledServer extends OwnServer {
  origin: string;
  operatorSet: boolean;
}

/**
 * Where a tool with its own server is called: at the operator's URL for the origin it declares (`patchbay app
 * configure <app> --server-url <origin>=<url>`), the rest of the declared server's URL (its path) kept after it, or
 * else at the declared server. Placeholders the operator's URL keeps are filled per connection as the declared
 * server's are (same connection variables, same value maps, same checks of each place).
 */
function ownServer(eff: EffectiveApp, server: OwnServer): CalledServer {
  const origin = serverOrigin(server.baseUrl);
  const set = eff.serverUrls && Object.hasOwn(eff.serverUrls, origin) ? eff.serverUrls[origin] : undefined;
  if (set === undefined) return { ...server, origin, operatorSet: false };
  return { ...server, baseUrl: `${set}${server.baseUrl.slice(origin.length)}`, origin, operatorSet: true };
}

/**
 * A tool with its own server is called there (or at the operator's URL for that origin), never at the operator's base
 * URL: that setting replaces the app's main address only. While it is set (a self-hosted edition, a mirror, a
 * stand-in) and the operator has set no URL for the tool's origin, such a tool is refused instead of being sent to the
 * vendor's other host with credentials the operator routes elsewhere. Its host is checked as the app's is: a private,
 * loopback or metadata address is refused unless private addresses are allowed or the operator set it.
 */
function assertOwnServer(eff: EffectiveApp, own: CalledServer, allowPrivateNetwork: boolean): void {
  const url = new URL(sampleBaseUrl(own.baseUrl));
  const app = eff.app.name;
  if (!own.operatorSet && eff.baseUrl !== eff.app.baseUrl) {
    throw new ApiError(
      "app_not_configured",
      `This operation of ${app} is served from its own address ${own.origin}, not from ${app}'s main address, which an operator has set to ${new URL(sampleBaseUrl(eff.baseUrl)).origin}. That setting covers the main address only, so Patchbay sends this operation neither there nor to ${own.origin}. An operator can set this address too: patchbay app configure ${eff.app.id} --server-url ${own.origin}=<url>. The other operations of ${app} work as set up; POST /apps/${eff.app.id}/request calls the set address.`,
    );
  }
  if (privateAllowed(eff, url, allowPrivateNetwork)) return;
  const kind = blockedHost(url.hostname);
  if (!kind) return;
  throw new ApiError("app_not_configured", `This operation of ${app} is served from ${url.origin}, ${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} address, which Patchbay does not call.`);
}

const send = (services: Services, eff: EffectiveApp, conn: ConnectionInUse, target: URL, call: AppCall) =>
  sendWithCredentials(services, eff, conn.credentials, conn.authType, target, call);

/**
 * One HTTP call to the app with the given credentials placed as the app's auth method says, through the guarded
 * client. Failures become API errors: no answer in time → 504 upstream_timeout; cut off, unreachable or too large →
 * 502 upstream_error; an address the guard refuses → 409 app_not_configured (the operator can set the app's address).
 */
export async function sendWithCredentials(services: Services, eff: EffectiveApp, credentials: Credentials, authType: string, target: URL, call: AppCall): Promise<OutboundResponse> {
  const headers: Record<string, string> = { accept: "application/json", "user-agent": "Patchbay/1.0 (+connected apps for AI agents)" };
  if (call.headers) for (const k in call.headers) if (Object.hasOwn(call.headers, k)) headers[k.toLowerCase()] = call.headers[k]!;
  const hasBody = call.body !== undefined && call.body !== null && call.method !== "GET" && call.method !== "HEAD";
  if (hasBody) headers["content-type"] ??= "application/json";
  // The target is copied only when a credential goes in its query (the caller may send it again, after a refresh).
  let copy: URL | undefined;
  placeCredentials({ get url() { return (copy ??= new URL(target)); }, headers }, credentials, methodOf(eff.auth, credentials, authType));
  const url = copy ?? target;
  try {
    return await sendOutbound({
      url,
      method: call.method,
      headers,
      body: hasBody ? encodeBody(call.body, headers["content-type"]) : undefined,
      timeoutMs: services.config.upstreamTimeoutMs,
      allowPrivate: privateAllowed(eff, url, services.config.allowPrivateNetwork),
      maxBodyBytes: MAX_RESPONSE_BYTES,
      onTooLarge: "fail",
    });
  } catch (err) {
    if (!(err instanceof OutboundFailure)) throw err;
    throw appCallError(eff, err, services.config.upstreamTimeoutMs, call.server && serverOrigin(call.server.baseUrl));
  }
}

function appCallError(eff: EffectiveApp, err: OutboundFailure, timeoutMs: number, ownOrigin: string | undefined): ApiError {
  const app = eff.app.name;
  switch (err.reason) {
    case "timeout":
      return new ApiError("upstream_timeout", `${app} did not send its whole answer within ${timeoutMs / 1000} s.`, { upstreamStatus: err.status });
    case "too_large":
      return new ApiError("upstream_error", `${app}'s answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB, the limit of a call; ask for less (a page size, fields).`, { upstreamStatus: err.status });
    case "refused_address":
      // An operation's own host has its own setting (assertOwnServer).
      if (ownOrigin) {
        return new ApiError(
          "app_not_configured",
          `This operation of ${app} is not reachable from Patchbay: ${err.message}. An operator can point it at its real address: patchbay app configure ${eff.app.id} --server-url ${ownOrigin}=<url>`,
        );
      }
      return new ApiError(
        "app_not_configured",
        `${app} is not reachable from Patchbay: ${err.message}. An operator can point the app at its real address: patchbay app configure ${eff.app.id} --base-url <url>`,
      );
    case "invalid_request":
      return invalid(`The request to ${app} cannot be sent: ${err.message}.`);
    case "connection":
      return new ApiError("upstream_error", `${app} could not be reached or broke off its answer (${err.message}).`, { upstreamStatus: err.status });
  }
}

/** JSON by default; form-encoded (with `a[b]=c` nesting, as Stripe and others expect) when the operation says so. */
function encodeBody(body: unknown, contentType: string): string {
  if (typeof body === "string") return body;
  if (!contentType.includes("x-www-form-urlencoded")) return JSON.stringify(body);
  const form = new URLSearchParams();
  const add = (prefix: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => add(`${prefix}[${i}]`, v));
    else if (typeof value === "object") for (const [k, v] of Object.entries(value)) add(prefix ? `${prefix}[${k}]` : k, v);
    else form.append(prefix, String(value));
  };
  add("", body);
  return form.toString();
}
