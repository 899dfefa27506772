/**
 * Sends hostile requests as they are written: raw path (malformed percent-encoding kept), repeated headers, any
 * body bytes and Content-Type / Content-Encoding. Keep-alive, a bounded number in flight. Never throws on an
 * answer; a request that gets no answer at all (reset, timeout) is reported as status 0 with the error.
 */
import http from "node:http";
import net from "node:net";

export interface RawRequest {
  method: string;
  /** Path and query exactly as sent on the request line. */
  path: string;
  /** A string[] value sends the header once per item. */
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
  error?: string;
}

export function rawClient(baseUrl: string, maxInFlight = 16) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });

  function send(req: RawRequest, timeoutMs = 30_000): Promise<RawAnswer> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (a: RawAnswer) => {
        if (!done) {
          done = true;
          resolve(a);
        }
      };
      let r: http.ClientRequest;
      const headers = { ...req.headers } as http.OutgoingHttpHeaders;
      // A body always goes with its length (chunked GETs are refused by Node's parser before the app sees them).
      if (req.body !== undefined && !Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h))) headers["content-length"] = String(Buffer.byteLength(req.body));
      try {
        r = http.request({ host: hostname, port, method: req.method, path: req.path, agent, headers });
      } catch (err) {
        // The client library refuses what no server could receive (e.g. a raw newline in a header): not a server fault.
        return finish({ status: -1, headers: {}, text: "", json: null, error: `client refused to send: ${(err as Error).message}` });
      }
      r.setTimeout(timeoutMs, () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      r.on("error", (err) => finish({ status: 0, headers: {}, text: "", json: null, error: err.message }));
      r.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", (err) => finish({ status: 0, headers: {}, text: "", json: null, error: err.message }));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown = null;
          if (String(res.headers["content-type"] ?? "").includes("json") && text) {
            try {
              json = JSON.parse(text);
            } catch {
              json = null;
            }
          }
          finish({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      });
      r.end(req.body);
    });
  }

  return { send, close: () => agent.destroy() };
}

/** One request written byte for byte on a fresh socket (for what the HTTP client would refuse to send). */
export function sendBytes(baseUrl: string, bytes: string | Buffer, timeoutMs = 10_000): Promise<{ statusLine: string; raw: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const end = () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      resolve({ statusLine: raw.split("\r\n")[0] ?? "", raw });
    };
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on("data", (c) => {
      chunks.push(c);
      // One answer is enough: stop once the headers and a Content-Length body are in.
      const raw = Buffer.concat(chunks).toString("utf8");
      const head = raw.indexOf("\r\n\r\n");
      const len = /content-length:\s*(\d+)/i.exec(raw.slice(0, head));
      if (head >= 0 && len && Buffer.byteLength(raw.slice(head + 4)) >= Number(len[1])) socket.destroy();
    });
    socket.on("close", end);
    socket.on("error", () => {});
    socket.write(bytes);
  });
}

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  });
  await Promise.all(runners);
}
