/**
 * A `fetch` for libraries that take one (the MCP SDK's client transports), built on the one guarded client, so
 * their requests obey the same address rule, deadline and size cap as every other outbound call. Answers are
 * streamed (an MCP server may answer with an event stream that stays open); the body is cut off past `maxBytes`.
 * The last refusal or failure is kept in `failure`, so the caller can tell a timeout (504) from an unreachable or
 * refused server (502) after the library has wrapped the error in its own.
 */
import { Readable } from "node:stream";
import { OutboundFailure, sendOutbound } from "./outbound-request.js";

export interface GuardedFetch {
  fetch: typeof fetch;
  /** The last failure of a request sent through `fetch`, if any. */
  failure: OutboundFailure | null;
}

export interface GuardedFetchOptions {
  /** Connect to status line and headers. */
  timeoutMs: number;
  allowPrivate: boolean;
  /** Bytes read of one answer before it is cut off. */
  maxBytes: number;
}

export function guardedFetch(opts: GuardedFetchOptions): GuardedFetch {
  const state: GuardedFetch = {
    failure: null,
    fetch: async (input, init = {}) => {
      const request = input instanceof Request ? input : null;
      const url = request ? request.url : String(input);
      const headers: Record<string, string> = {};
      new Headers(request?.headers ?? undefined).forEach((v, k) => (headers[k] = v));
      new Headers(init.headers).forEach((v, k) => (headers[k] = v));
      const body = init.body === undefined || init.body === null ? undefined : typeof init.body === "string" ? init.body : Buffer.from(await new Response(init.body).arrayBuffer());
      try {
        const res = await sendOutbound({
          url,
          method: init.method ?? request?.method ?? "GET",
          headers,
          body,
          timeoutMs: opts.timeoutMs,
          allowPrivate: opts.allowPrivate,
          stream: true,
          signal: init.signal ?? undefined,
        });
        const responseHeaders = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (v === undefined) continue;
          for (const item of Array.isArray(v) ? v : [v]) responseHeaders.append(k, item);
        }
        const bodyless = res.status === 204 || res.status === 304 || (init.method ?? "GET") === "HEAD";
        if (bodyless) res.stream!.resume();
        return new Response(bodyless ? null : (Readable.toWeb(capped(res.stream!, opts.maxBytes, state)) as ReadableStream), {
          status: res.status,
          statusText: res.statusText,
          headers: responseHeaders,
        });
      } catch (err) {
        if (err instanceof OutboundFailure) {
          state.failure = err;
          throw new TypeError(`fetch failed: ${err.message}`, { cause: err });
        }
        throw err;
      }
    },
  };
  return state;
}

/** The answer's bytes up to `maxBytes`; past it the stream fails (and the failure is recorded). */
function capped(source: Readable, maxBytes: number, state: GuardedFetch): Readable {
  let size = 0;
  const out = new Readable({ read: () => source.resume() });
  source.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) {
      state.failure = new OutboundFailure("too_large", `the answer is larger than ${maxBytes} bytes`);
      source.destroy();
      out.destroy(state.failure);
      return;
    }
    if (!out.push(chunk)) source.pause();
  });
  source.on("end", () => out.push(null));
  source.on("error", (err) => out.destroy(err)); // an answer cut off arrives as an error (an OutboundFailure)
  out.on("close", () => source.destroy());
  return out;
}
