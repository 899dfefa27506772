/**
 * The demo's webhook receiver: keeps each delivery as received (raw body and headers) and, asked with a trigger's
 * signing secret, says whether each one verifies (the JavaScript client's `webhooks.verify`).
 *   POST /deliveries                 a trigger's webhookUrl
 *   GET  /deliveries?secret=<s>      [{ eventId, triggerId, verified, reason?, body }]
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { webhooks } from "../../sdk/js/src/webhooks/index.js";

export interface Receiver {
  url: string;
  received: { headers: Record<string, string | string[] | undefined>; raw: string }[];
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Receiver["received"] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const at = new URL(req.url ?? "/", "http://receiver");
    if (at.pathname !== "/deliveries") return void res.writeHead(404).end();
    if (req.method === "POST") {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString("utf8") });
      return void res.writeHead(204).end();
    }
    const secret = at.searchParams.get("secret") ?? "";
    const answers = await Promise.all(
      received.map(async ({ headers, raw }) => {
        const seen = { eventId: headers["x-patchbay-event-id"] ?? null, triggerId: headers["x-patchbay-trigger-id"] ?? null };
        try {
          return { ...seen, verified: true, body: await webhooks.verify(raw, headers, secret) };
        } catch (err) {
          return { ...seen, verified: false, reason: (err as Error).message, body: raw };
        }
      }),
    );
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answers, null, 2));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/deliveries`,
    received,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
