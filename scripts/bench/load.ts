/**
 * One load run with autocannon's programmatic API. Latencies are taken from autocannon's per-response event
 * (fractional milliseconds) rather than its histogram, which keeps whole milliseconds only: a sub-millisecond
 * added latency would otherwise read as 0 or 1.
 */
import { createRequire } from "node:module";

export interface Request {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Target extends Request {
  url: string;
  /** Several requests, sent in turn by each connection (mixed load); `path` etc. then come from each entry. */
  requests?: Request[];
}

export interface Measure {
  /** 2xx answers per second. */
  rps: number;
  /** Milliseconds, from the 2xx answers. */
  p50: number;
  p99: number;
  requests: number;
  /** Socket errors, timeouts and non-2xx answers. */
  errors: number;
}

type Instance = Promise<AutocannonResult> & { on(event: "response", cb: (client: unknown, status: number, bytes: number, ms: number) => void): void; stop(): void };
interface AutocannonResult {
  requests: { average: number; total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: Record<string, unknown>) => Instance;

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `seconds` of load with `connections` keep-alive connections; `rate`: at most that many requests per second in all. */
export async function measure(target: Target, opts: { connections: number; seconds: number; rate?: number }): Promise<Measure> {
  let times = new Float64Array(1 << 16);
  let n = 0;
  const run = autocannon({
    url: target.url,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    requests: target.requests,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    timeout: 10,
  });
  run.on("response", (_client, status, _bytes, ms) => {
    if (status < 200 || status >= 300) return;
    if (n === times.length) {
      const bigger = new Float64Array(times.length * 2);
      bigger.set(times);
      times = bigger;
    }
    times[n++] = ms;
  });
  const result = await run;
  const sorted = times.subarray(0, n).sort();
  return {
    rps: result["2xx"] / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
