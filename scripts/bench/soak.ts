/**
 * `npm run bench -- --soak 300`: mixed load on the embedded setup (SQLite) for N seconds: autocannon cycling
 * through proxy, tool run, find and MCP find_tools, while a sender here posts webhooks in (20/s) that Patchbay
 * delivers out to the receiver. The server's RSS is sampled every 5 s; the report gives min / max after a warm-up,
 * the drift from the start to the end of the run (flat ± 10 % is the goal), and every error.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Options } from "./options.js";
import type { References } from "./references.js";
import { startPatchbay } from "./patchbay.js";
import { patchbayTargets } from "./targets.js";
import { measure } from "./load.js";
import { createWebhookTrigger, type Receiver } from "./webhooks.js";
import { median } from "./summarize.js";

const SAMPLE_MS = 5_000;
const HOOKS_PER_SECOND = 20;

export async function soak(opts: Options, refs: References, receiver: Receiver, logDir: string, outDir: string) {
  const [pb] = await startPatchbay({ name: "soak", database: "sqlite", redis: false }, refs.upstream, logDir);
  try {
    const targets = patchbayTargets(pb!);
    const mixed = ["proxy", "run", "find-no-app", "mcp-find", "find-app"].map((id) => targets.find((t) => t.id === id)!);
    for (const t of mixed) await t.check();
    const inbound = await createWebhookTrigger(pb!.url, pb!.key, receiver.url);
    console.log(`Soak: ${opts.soak} s of mixed load (${mixed.map((t) => t.label.replace("Patchbay ", "")).join(", ")}; ${opts.connections} connections) + ${HOOKS_PER_SECOND} webhooks/s in and out, SQLite; RSS every ${SAMPLE_MS / 1000} s`);

    const samples: { t: number; rssMB: number }[] = [];
    const t0 = Date.now();
    const sample = () => samples.push({ t: Math.round((Date.now() - t0) / 1000), rssMB: Math.round(pb!.rss() / 1024 / 1024) });
    sample();
    const sampler = setInterval(() => {
      sample();
      const last = samples.at(-1)!;
      const line = `soak ${last.t}/${opts.soak} s, RSS ${last.rssMB} MB`;
      process.stderr.write(process.stderr.isTTY ? `\r\x1b[K${line}` : `${line}\n`);
    }, SAMPLE_MS);

    let hookErrors = 0;
    let hooksSent = 0;
    const deliveredBefore = receiver.arrived.size;
    let sending = true;
    const sender = (async () => {
      let seq = 10_000_000;
      while (sending) {
        const due = Date.now() + 1000 / HOOKS_PER_SECOND;
        seq++;
        hooksSent++;
        const res = await fetch(inbound, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seq }) }).catch(() => null);
        if (res?.status !== 202) hookErrors++;
        await res?.arrayBuffer();
        await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      }
    })();
    const load = await measure({ url: pb!.url, requests: mixed.flatMap((t) => t.target.requests!) }, { connections: opts.connections, seconds: opts.soak });
    sending = false;
    await sender;
    clearInterval(sampler);
    sample();
    const deadline = Date.now() + 30_000;
    while (receiver.arrived.size - deliveredBefore < hooksSent - hookErrors && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const delivered = receiver.arrived.size - deliveredBefore;
    if (process.stderr.isTTY) process.stderr.write("\n");

    // Drift: the last minute against the first minute after a warm-up (a fifth of the run, at most 60 s).
    const warmup = Math.min(60, opts.soak / 5);
    const settled = samples.filter((s) => s.t >= warmup);
    const window = Math.max(1, Math.round(60_000 / SAMPLE_MS));
    const first = median(settled.slice(0, window).map((s) => s.rssMB));
    const last = median(settled.slice(-window).map((s) => s.rssMB));
    const min = Math.min(...settled.map((s) => s.rssMB));
    const max = Math.max(...settled.map((s) => s.rssMB));
    const drift = (last - first) / first;
    const errors = load.errors + hookErrors + (hooksSent - hookErrors - delivered);
    const report = {
      date: new Date(t0).toISOString(),
      seconds: opts.soak,
      connections: opts.connections,
      requests: load.requests,
      rps: load.rps,
      p50: load.p50,
      p99: load.p99,
      webhooks: { sent: hooksSent, accepted: hooksSent - hookErrors, delivered },
      errors,
      rss: { warmupSeconds: warmup, minMB: min, maxMB: max, firstMinuteMB: first, lastMinuteMB: last, drift, flat: Math.abs(drift) <= 0.1 && (max - min) / min <= 0.2 },
      samples,
    };
    console.log(`mixed load: ${load.requests} requests, ${load.rps.toFixed(0)} rps, p50 ${load.p50.toFixed(2)} ms, p99 ${load.p99.toFixed(2)} ms, ${load.errors} errors`);
    console.log(`webhooks: ${hooksSent} sent, ${hooksSent - hookErrors} accepted, ${delivered} delivered`);
    console.log(`RSS after ${warmup.toFixed(0)} s warm-up: min ${min} MB, max ${max} MB; first minute ${first} MB → last minute ${last} MB: drift ${(drift * 100).toFixed(1)} % (goal: flat ± 10 %)`);
    console.log(`errors: ${errors}`);
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, "soak.json"), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Wrote ${relative(process.cwd(), join(outDir, "soak.json"))}`);
  } finally {
    await pb!.stop();
  }
}
