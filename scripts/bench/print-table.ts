/** The console table: path | Patchbay rps, p50, p99 | reference rps, p50, p99 | ratio. */
import type { Row, Stats, WebhookRow } from "./summarize.js";

const num = (n: number | undefined | null, digits = 0) => (n === undefined || n === null || !Number.isFinite(n) ? "—" : n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }));
const ms = (n: number | undefined | null) => (n === undefined || n === null || !Number.isFinite(n) ? "—" : n < 10 ? n.toFixed(2) : n.toFixed(1));
const figures = (s: Stats | null | undefined) => (s ? `${num(s.rps).padStart(7)} ${ms(s.p50).padStart(7)} ${ms(s.p99).padStart(7)}` : `${"—".padStart(7)} ${"—".padStart(7)} ${"—".padStart(7)}`);

/** A ratio as a percentage: with a tenth below 100 %, so that a figure near a goal (49.5 %) is not rounded onto it. */
export const percent = (ratio: number) => `${(ratio * 100).toFixed(ratio < 1 ? 1 : 0)} %`;

export function printRows(rows: Row[], out: (line: string) => void = console.log) {
  out(`${"path".padEnd(36)} | ${"Patchbay rps".padStart(7)}  p50 ms  p99 ms | ${"reference".padEnd(24)}     rps  p50 ms  p99 ms | ratio  | added p50 / p99 (ms): loaded; one at a time`);
  out("-".repeat(150));
  for (const r of rows) {
    if (r.error && !r.patchbay) {
      out(`${r.label.padEnd(36)} | FAILED: ${r.error}`);
      continue;
    }
    const ratio = r.ratio === null ? "  —   " : percent(r.ratio).padStart(6);
    const one = r.addedLatencyOneAtATime ? `; +${ms(r.addedLatencyOneAtATime.p50)} / +${ms(r.addedLatencyOneAtATime.p99)}` : "";
    const alone = r.oneAtATime ? `one at a time: ${num(r.oneAtATime.rps)} rps, p50 ${ms(r.oneAtATime.p50)} / p99 ${ms(r.oneAtATime.p99)} ms` : "";
    const added = r.addedLatency ? `+${ms(r.addedLatency.p50)} / +${ms(r.addedLatency.p99)}${one}` : r.p50Ratio !== null ? `p50 ${r.p50Ratio.toFixed(2)}×` : alone;
    out(`${r.label.padEnd(36)} | ${figures(r.patchbay)} | ${(r.reference?.name ?? "").padEnd(24)} ${figures(r.reference?.stats)} | ${ratio} | ${added}`);
    for (const [name, s] of Object.entries(r.others)) out(`${"".padEnd(36)} | ${"".padEnd(23)} | ${name.padEnd(24)} ${figures(s)} |`);
    if (r.patchbay?.errors) out(`${"".padEnd(36)} | ${r.patchbay.errors} errors (non-2xx, timeouts, socket errors)`);
  }
}

export function printWebhooks(rows: WebhookRow[], out: (line: string) => void = console.log) {
  out(`${"webhook delivery, inbound → delivered".padEnd(40)} | events/s | p50 ms | p99 ms | delivered/sent | errors`);
  for (const w of rows) {
    if (w.error) {
      out(`${w.label.padEnd(40)} | FAILED: ${w.error}`);
      continue;
    }
    out(`${w.label.padEnd(40)} | ${num(w.stats.eventsPerSecond).padStart(8)} | ${ms(w.stats.p50).padStart(6)} | ${ms(w.stats.p99).padStart(6)} | ${`${w.stats.delivered}/${w.stats.sent}`.padStart(14)} | ${w.stats.errors}`);
  }
}
