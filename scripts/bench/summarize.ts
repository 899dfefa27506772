/**
 * From raw measurements (one per target per round) to the rows the bench prints and charts: per path, Patchbay's
 * and its reference's median over the rounds, the median of the per-round ratios, and the added latency (Patchbay
 * minus direct, in the same round): under the bench's load (every connection busy, so it mostly reflects throughput)
 * and one request at a time (`<target>@1` samples: the time one call spends in Patchbay, the usual meaning of
 * "added latency").
 */
import type { Measure } from "./load.js";
import type { WebhookMeasure } from "./webhooks.js";

export interface Sample {
  setup: string;
  round: number;
  target: string;
  measure: Measure;
}

export interface Stats {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface Row {
  id: string;
  setup: string;
  label: string;
  patchbay: Stats | null;
  reference: { name: string; stats: Stats } | null;
  /** Patchbay rps / reference rps (median of the rounds). */
  ratio: number | null;
  /** Patchbay p50 / reference p50 (median of the rounds). */
  p50Ratio: number | null;
  /** Patchbay minus the direct call, same round (ms, median of the rounds), under the bench's load. */
  addedLatency: { p50: number; p99: number } | null;
  /** The same with one request at a time (one connection): what a single call spends in Patchbay. */
  addedLatencyOneAtATime: { p50: number; p99: number } | null;
  /**
   * Patchbay's own figures one request at a time (one connection), for a path with a latency goal and no direct
   * call to subtract (find): under the bench's 16 busy connections its p50 is mostly the queue (16 / rps).
   */
  oneAtATime: Stats | null;
  /** Other references measured beside it. */
  others: Record<string, Stats>;
  goal: string;
  error?: string;
}

export interface WebhookRow {
  setup: string;
  label: string;
  stats: Omit<WebhookMeasure, "sent" | "delivered" | "errors"> & { errors: number; sent: number; delivered: number };
  error?: string;
}

export const median = (xs: number[]): number => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** How each Patchbay path is compared: its reference target, and the goal from issue 11. */
export const ROWS: { id: string; label: string; reference: string | null; referenceName: string; others: string[]; added: boolean; goal: string }[] = [
  { id: "proxy", label: "POST /apps/{app}/request (proxy)", reference: "node-proxy", referenceName: "plain Node proxy", others: ["direct", "nginx"], added: true, goal: "≥ 50 % of the plain Node proxy; added p50 ≤ 1 ms, p99 ≤ 3 ms (one request at a time)" },
  { id: "run", label: "POST /tools/{tool}/run", reference: "proxy", referenceName: "Patchbay proxy", others: [], added: true, goal: "≥ 40 % of the proxy" },
  { id: "me", label: "GET /me", reference: "openapi-backend", referenceName: "bare openapi-backend", others: ["koa"], added: false, goal: "≥ 60 % of bare openapi-backend" },
  { id: "find-app", label: "POST /tools/find, app named", reference: null, referenceName: "", others: [], added: false, goal: "—" },
  { id: "find-no-app", label: "POST /tools/find, no app named", reference: null, referenceName: "", others: [], added: false, goal: "≥ 1,000 rps; p50 ≤ 5 ms, p99 ≤ 25 ms (one request at a time)" },
  { id: "mcp-find", label: "MCP tools/call find_tools", reference: "find-no-app", referenceName: "REST find (same tasks)", others: [], added: false, goal: "p50 ≤ 1.2× REST" },
];

const stats = (ms: Measure[]): Stats | null =>
  ms.length ? { rps: median(ms.map((m) => m.rps)), p50: median(ms.map((m) => m.p50)), p99: median(ms.map((m) => m.p99)), errors: ms.reduce((a, m) => a + m.errors, 0) } : null;

export function summarize(samples: Sample[], setup: string, failures: Record<string, string>): Row[] {
  const of = (target: string) => samples.filter((s) => s.setup === setup && s.target === target);
  const inRound = (target: string, round: number) => samples.find((s) => s.setup === setup && s.target === target && s.round === round)?.measure;
  return ROWS.map((def) => {
    const mine = of(def.id);
    const perRound = (f: (pb: Measure, ref: Measure) => number, refId: string | null) =>
      refId ? median(mine.map((s) => { const ref = inRound(refId, s.round); return ref ? f(s.measure, ref) : NaN; })) : NaN;
    const ref = def.reference ? stats(of(def.reference).map((s) => s.measure)) : null;
    const ratio = perRound((pb, r) => pb.rps / r.rps, def.reference);
    const p50Ratio = perRound((pb, r) => pb.p50 / r.p50, def.reference);
    const addedP50 = def.added ? perRound((pb, d) => pb.p50 - d.p50, "direct") : NaN;
    const addedP99 = def.added ? perRound((pb, d) => pb.p99 - d.p99, "direct") : NaN;
    const one = of(`${def.id}@1`);
    const addedOne = (f: (pb: Measure, d: Measure) => number) => median(one.map((s) => { const d = inRound("direct@1", s.round); return d ? f(s.measure, d) : NaN; }));
    const addedOneP50 = def.added ? addedOne((pb, d) => pb.p50 - d.p50) : NaN;
    const others: Record<string, Stats> = {};
    for (const o of def.others) {
      const st = stats(of(o).map((s) => s.measure));
      if (st) others[o] = st;
    }
    return {
      id: def.id,
      setup,
      label: def.label,
      patchbay: stats(mine.map((s) => s.measure)),
      reference: ref ? { name: def.referenceName, stats: ref } : null,
      ratio: Number.isFinite(ratio) ? ratio : null,
      p50Ratio: Number.isFinite(p50Ratio) ? p50Ratio : null,
      addedLatency: Number.isFinite(addedP50) ? { p50: addedP50, p99: addedP99 } : null,
      addedLatencyOneAtATime: Number.isFinite(addedOneP50) ? { p50: addedOneP50, p99: addedOne((pb, d) => pb.p99 - d.p99) } : null,
      oneAtATime: def.added ? null : stats(one.map((s) => s.measure)),
      others,
      goal: def.goal,
      ...(failures[`${setup}/${def.id}`] ? { error: failures[`${setup}/${def.id}`] } : {}),
    };
  });
}
