/**
 * Two Patchbay instances on PostgreSQL + Redis behind nginx (an upstream block with both), loaded once with
 * GET /me and the proxy: shows that the scale-out setup works under load, and which instance answered how much.
 */
import { join } from "node:path";
import { cpus } from "node:os";
import { measure, type Measure } from "./load.js";
import { startNginx } from "./nginx.js";
import type { Patchbay } from "./patchbay.js";
import { patchbayTargets } from "./targets.js";

export interface MultiInstanceResult {
  instances: number;
  paths: Record<string, Measure>;
  /** Requests each instance answered, from nginx's access log ($upstream_addr). */
  perInstance: Record<string, number>;
  note: string;
}

export const SCALING_NOTE =
  `This machine has ${cpus().length} cores shared by the load generator, nginx, PostgreSQL, Redis and both instances, so ` +
  "scaling cannot be shown here: two instances only split the same two cores. What would show it: ≥ 4 cores for the " +
  "instances (one per instance, plus the database and Redis on their own), and the load generator on another machine.";

export async function multiInstance(instances: Patchbay[], logDir: string, opts: { connections: number; seconds: number }): Promise<MultiInstanceResult | null> {
  const nginx = await startNginx(join(logDir, "nginx-multi"), instances.map((i) => i.url), { countUpstreams: true });
  if (!nginx) return null;
  try {
    const all = patchbayTargets({ ...instances[0]!, url: nginx.url });
    const paths: Record<string, Measure> = {};
    for (const id of ["me", "proxy"]) {
      const t = all.find((x) => x.id === id)!;
      await t.check();
      paths[id] = await measure(t.target, opts);
    }
    const byPort = Object.fromEntries(instances.map((i, n) => [new URL(i.url).host, `instance ${n + 1} (${new URL(i.url).host})`]));
    const perInstance: Record<string, number> = {};
    for (const [addr, count] of Object.entries(nginx.upstreamCounts())) perInstance[byPort[addr] ?? addr] = count;
    return { instances: instances.length, paths, perInstance, note: SCALING_NOTE };
  } finally {
    await nginx.stop();
  }
}
