/**
 * `npm run bench -- --quick` end to end: every path measured, with numbers, in the JSON it writes. It takes a
 * minute or two of both cores, so it runs only when PATCHBAY_BENCH_SMOKE=1 (CI sets it once); otherwise skipped.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootDir } from "../../src/db/paths.js";
import { ROWS } from "../../scripts/bench/summarize.js";

const enabled = process.env.PATCHBAY_BENCH_SMOKE === "1";
if (!enabled) console.log("bench smoke test skipped: set PATCHBAY_BENCH_SMOKE=1 to run `npm run bench -- --quick` (1-2 minutes)");

interface Stats {
  rps: number;
  p50: number;
  p99: number;
}

describe.skipIf(!enabled)("npm run bench -- --quick", () => {
  it("measures every path on every setup that answers and writes them with numbers to the JSON", () => {
    const out = mkdtempSync(join(tmpdir(), "patchbay-bench-smoke-"));
    try {
      const run = spawnSync("npm", ["run", "bench", "--", "--quick", "--out", out], { cwd: rootDir, encoding: "utf8", timeout: 600_000 });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      const json = JSON.parse(readFileSync(join(out, "latest.json"), "utf8")) as {
        rows: { id: string; setup: string; patchbay: Stats | null; reference: { stats: Stats } | null; error?: string }[];
        webhooks: { setup: string; stats: { eventsPerSecond: number; p50: number; p99: number }; error?: string }[];
        options: { setups: string[] };
        chart: string;
        multiInstance: { paths: Record<string, Stats>; perInstance: Record<string, number> } | null;
      };
      const pathSetups = json.options.setups.filter((s) => !s.endsWith("-redis"));
      expect(pathSetups).toContain("sqlite");
      for (const setup of pathSetups) {
        for (const def of ROWS) {
          const row = json.rows.find((r) => r.setup === setup && r.id === def.id);
          expect(row, `${setup} ${def.id}`).toBeDefined();
          expect(row!.error, `${setup} ${def.id}`).toBeUndefined();
          for (const figure of ["rps", "p50", "p99"] as const) {
            expect(Number.isFinite(row!.patchbay?.[figure]), `${setup} ${def.id} ${figure}`).toBe(true);
            if (def.reference) expect(Number.isFinite(row!.reference?.stats[figure]), `${setup} ${def.id} reference ${figure}`).toBe(true);
          }
          expect(row!.patchbay!.rps).toBeGreaterThan(0);
        }
      }
      for (const setup of json.options.setups) {
        const hooks = json.webhooks.find((w) => w.setup === setup);
        expect(hooks?.error, setup).toBeUndefined();
        expect(hooks!.stats.eventsPerSecond, setup).toBeGreaterThan(0);
        expect(Number.isFinite(hooks!.stats.p50) && Number.isFinite(hooks!.stats.p99), setup).toBe(true);
      }
      if (json.options.setups.includes("postgres-redis")) {
        for (const id of ["me", "proxy"]) expect(json.multiInstance?.paths[id]?.rps, `two instances, ${id}`).toBeGreaterThan(0);
        expect(Object.values(json.multiInstance!.perInstance).filter((n) => n > 0)).toHaveLength(2);
      }
      expect(existsSync(join(out, json.chart))).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 660_000);
});
