/**
 * One piece of work with a remote MCP server: connect as a client of the official SDK (Streamable HTTP; the older
 * HTTP+SSE transport when the server refuses Streamable HTTP with a 4xx), initialize, do the work, close. Every
 * request goes through the guarded fetch (address rule, size cap); the whole session has one deadline. Failures
 * become API errors: no answer in time → 504 upstream_timeout; unreachable, cut off or refusing → 502
 * upstream_error; an address Patchbay does not call → 400 naming `url`.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport, SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { McpError, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Services } from "../../services.js";
import { ApiError } from "../../errors.js";
import { guardedFetch, type GuardedFetch } from "../../net/guarded-fetch.js";
import { MAX_RESPONSE_BYTES } from "../../calls/call-app.js";

export type McpTransportKind = "streamable_http" | "sse";

export interface McpTarget {
  /** The connector's name, for messages. */
  name: string;
  url: string;
  key: string | null;
  /** The transport that worked last time; null: try Streamable HTTP, then SSE. */
  transport: McpTransportKind | null;
}

export interface McpSession {
  client: Client;
  transport: McpTransportKind;
  /** The server said its tool list changed (notifications/tools/list_changed) during the session. */
  listChanged: boolean;
}

export async function withMcpServer<T>(services: Services, target: McpTarget, work: (session: McpSession) => Promise<T>): Promise<T> {
  const timeoutMs = services.config.upstreamTimeoutMs;
  const net = guardedFetch({ timeoutMs, allowPrivate: services.config.allowPrivateNetwork, maxBytes: MAX_RESPONSE_BYTES });
  let timer: NodeJS.Timeout | undefined;
  let session: McpSession | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError("upstream_timeout", `The MCP server of '${target.name}' did not finish within ${timeoutMs / 1000} s.`)), timeoutMs);
  });
  try {
    return await Promise.race([
      (async () => {
        session = await connect(target, net);
        return work(session);
      })(),
      deadline,
    ]);
  } catch (err) {
    throw sessionError(err, net, target, timeoutMs);
  } finally {
    clearTimeout(timer);
    await session?.client.close().catch(() => {});
  }
}

async function connect(target: McpTarget, net: GuardedFetch): Promise<McpSession> {
  const headers: Record<string, string> = target.key ? { authorization: `Bearer ${target.key}` } : {};
  const url = new URL(target.url);
  const kinds: McpTransportKind[] = target.transport === "sse" ? ["sse"] : ["streamable_http", "sse"];
  for (const kind of kinds) {
    const client = new Client({ name: "patchbay", version: "1.0.0" });
    const session: McpSession = { client, transport: kind, listChanged: false };
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      session.listChanged = true;
    });
    const transport: Transport =
      kind === "streamable_http"
        ? new StreamableHTTPClientTransport(url, { fetch: net.fetch, requestInit: { headers } })
        : new SSEClientTransport(url, { fetch: net.fetch, requestInit: { headers }, eventSourceInit: { fetch: net.fetch } });
    try {
      await client.connect(transport);
      return session;
    } catch (err) {
      await client.close().catch(() => {});
      // The backwards-compatible way: a server that refuses the Streamable HTTP POST with a 4xx may speak HTTP+SSE.
      const status = httpStatusOf(err);
      const fallBack = kind === "streamable_http" && kinds.includes("sse") && status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
      if (!fallBack) throw err;
      net.failure = null;
    }
  }
  throw new Error("unreachable");
}

function httpStatusOf(err: unknown): number | undefined {
  if (err instanceof StreamableHTTPError || err instanceof SseError) return typeof err.code === "number" && err.code >= 100 ? err.code : undefined;
  return undefined;
}

function sessionError(err: unknown, net: GuardedFetch, target: McpTarget, timeoutMs: number): ApiError {
  if (err instanceof ApiError) return err;
  const server = `The MCP server of '${target.name}'`;
  const failure = net.failure;
  if (failure) {
    switch (failure.reason) {
      case "timeout":
        return new ApiError("upstream_timeout", `${server} did not answer within ${timeoutMs / 1000} s.`);
      case "refused_address":
        return new ApiError("invalid_request", `url: ${failure.message}; Patchbay calls public addresses only.`);
      case "too_large":
        return new ApiError("upstream_error", `${server} sent an answer larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB.`);
      default:
        return new ApiError("upstream_error", `${server} could not be reached or broke off its answer (${failure.message}).`);
    }
  }
  const status = httpStatusOf(err);
  if (status !== undefined) {
    const hint = status === 401 || status === 403 ? " (check the connector's key)" : "";
    return new ApiError("upstream_error", `${server} answered HTTP ${status}${hint}.`, { upstreamStatus: status });
  }
  if (err instanceof McpError) return new ApiError("upstream_error", `${server} answered with an error: ${err.message.slice(0, 300)}`);
  return new ApiError("upstream_error", `${server} did not speak MCP as expected: ${String((err as Error)?.message ?? err).slice(0, 300)}`);
}
