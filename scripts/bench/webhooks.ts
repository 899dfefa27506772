/**
 * Webhook delivery, inbound → delivered: a generic webhook trigger whose webhookUrl is a receiver in this process.
 *   - throughput: events POSTed to /hooks/<token> by `concurrency` senders for `seconds`; events/s from the first
 *     POST to the last delivery;
 *   - latency: `latencyEvents` events at a steady `rate` per second, well below that; p50 / p99 from each inbound
 *     POST to its arrival at the receiver.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { percentile } from "./load.js";

export interface WebhookMeasure {
  eventsPerSecond: number;
  p50: number;
  p99: number;
  sent: number;
  delivered: number;
  /** Inbound answers other than 202, and events not delivered within the wait. */
  errors: number;
}

export interface Receiver {
  url: string;
  /** seq → when it first arrived (performance.now()). */
  arrived: Map<number, number>;
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const arrived = new Map<number, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const seq = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { payload?: { seq?: number } }).payload?.seq;
      if (typeof seq === "number" && !arrived.has(seq)) arrived.set(seq, performance.now());
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrived,
    stop: () => new Promise<void>((r) => (server.close(() => r()), server.closeAllConnections())),
  };
}

/** Creates a generic webhook trigger delivering to `webhookUrl`; returns its inbound URL on `url`. */
export async function createWebhookTrigger(url: string, key: string, webhookUrl: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/triggers`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ source: "webhook", name: "bench", webhookUrl }),
  });
  if (res.status !== 201) throw new Error(`POST /triggers answered ${res.status}: ${await res.text()}`);
  const { trigger } = (await res.json()) as { trigger: { inboundUrl: string } };
  return `${url}${new URL(trigger.inboundUrl).pathname}`;
}

let nextSeq = 1;

export async function measureWebhooks(inbound: string, receiver: Receiver, opts: { concurrency: number; seconds: number; latencyEvents: number; rate: number }): Promise<WebhookMeasure> {
  const sentAt = new Map<number, number>();
  let errors = 0;
  const send = async (seq: number) => {
    sentAt.set(seq, performance.now());
    const res = await fetch(inbound, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seq, order: { id: seq, total: "9.90" } }) }).catch(() => null);
    if (res?.status !== 202) errors++;
    await res?.arrayBuffer();
  };
  const delivered = (seqs: number[]) => seqs.filter((s) => receiver.arrived.has(s)).length;
  const waitFor = async (seqs: number[], ms: number) => {
    const deadline = Date.now() + ms;
    while (delivered(seqs) < seqs.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  };

  const burst: number[] = [];
  const started = performance.now();
  const stopAt = started + opts.seconds * 1000;
  await Promise.all(Array.from({ length: opts.concurrency }, async () => {
    while (performance.now() < stopAt) {
      const seq = nextSeq++;
      burst.push(seq);
      await send(seq);
    }
  }));
  await waitFor(burst, 60_000);
  const last = Math.max(...burst.map((s) => receiver.arrived.get(s) ?? 0));
  const eventsPerSecond = delivered(burst) / ((last - started) / 1000);

  const steady: number[] = [];
  for (let i = 0; i < opts.latencyEvents; i++) {
    const due = performance.now() + 1000 / opts.rate;
    const seq = nextSeq++;
    steady.push(seq);
    await send(seq);
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  await waitFor(steady, 30_000);
  const latencies = steady.filter((s) => receiver.arrived.has(s)).map((s) => receiver.arrived.get(s)! - sentAt.get(s)!).sort((a, b) => a - b);
  const all = [...burst, ...steady];
  return {
    eventsPerSecond,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    sent: all.length,
    delivered: delivered(all),
    errors: errors + all.length - delivered(all),
  };
}
