/**
 * A webhook receiver on loopback: records every request (headers and raw body) and answers from a script of
 * replies (status, headers, or `hang` to never answer), then with the default reply.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  at: number;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  json: any;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answer (the connection stays open until the receiver stops). */
  hang?: boolean;
}

export interface Receiver {
  url: string;
  requests: Received[];
  /** Replies for the next requests, in order. */
  script(...replies: Reply[]): void;
  setDefault(reply: Reply): void;
  stop(): Promise<void>;
}

export async function startReceiver(defaultReply: Reply = { status: 200 }): Promise<Receiver> {
  const requests: Received[] = [];
  const queue: Reply[] = [];
  let fallback = defaultReply;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    let json: unknown = null;
    try {
      json = JSON.parse(rawBody);
    } catch {}
    requests.push({ at: Date.now(), headers: req.headers, rawBody, json });
    const reply = queue.shift() ?? fallback;
    if (reply.hang) return;
    res.writeHead(reply.status, reply.headers ?? {});
    res.end(reply.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    requests,
    script: (...replies) => void queue.push(...replies),
    setDefault: (reply) => void (fallback = reply),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
