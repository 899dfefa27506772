/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and prints where the busy time of its last `windowMs` went: functions by
 * self time, by total time with callees (our code and packages), and self time by where the code lives.
 * `npx tsx scripts/bench/summarize-profile.ts <file.cpuprofile> [windowMs]`.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const frameName = (f: ProfileNode["callFrame"]) => `${f.functionName || "(anonymous)"} ${f.url.replace(/^file:\/\//, "").replace(/^.*\/work\/main\//, "")}:${f.lineNumber + 1}`;
/** Where a frame's code lives: a package under node_modules, a source file of ours, or Node itself. */
const owner = (url: string) => {
  const u = url.replace(/^file:\/\//, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  if (pkg) return pkg[1]!;
  const ours = /\/work\/main\/(.*)$/.exec(u);
  if (ours) return ours[1]!;
  return u.startsWith("node:") ? "node" : u || "(native)";
};

/**
 * The busy samples of the last `windowMs` of a profile (the measured load, not start-up): the functions with the
 * most self time, and self time grouped by where the code lives, as shares of the busy time.
 */
export function summarizeProfile(file: string, windowMs: number): string[] {
  const p = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const since = p.endTime - windowMs * 1000;
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let t = p.startTime;
  let busy = 0;
  p.samples.forEach((id, i) => {
    t += p.timeDeltas[i]!;
    if (t < since) return;
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === "(idle)") return;
    busy++;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      if (!frame.url || frame.url.startsWith("node:")) continue;
      const key = frameName(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
    }
    const o = owner(node.callFrame.url);
    byOwner.set(o, (byOwner.get(o) ?? 0) + 1);
  });
  const pct = (v: number) => `${((100 * v) / busy).toFixed(1).padStart(5)} %`;
  return [
    `busy samples: ${busy}`,
    "self time by function:",
    ...[...self].sort((a, b) => b[1] - a[1]).slice(0, 45).map(([k, v]) => `${pct(v)}  ${k}`),
    "total time (with callees) by function, ours and packages':",
    ...[...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60).map(([k, v]) => `${pct(v)}  ${k}`),
    "self time by code owner:",
    ...[...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${pct(v)}  ${k}`),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of summarizeProfile(process.argv[2]!, Number(process.argv[3] ?? 1e12))) console.log(line);
}
