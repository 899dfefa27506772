/**
 * Regression floors of tools.find on every task set it was tuned on or measured with (test/catalog/fixtures/
 * toolfind-*.json): the development set, the earlier held-out sets and held-out set A (written blind, tuned on
 * after its first run). A floor is the number of tasks answered at rank 1 and within the first 5 when it was last
 * raised (toolfind-floors.json); a change that answers fewer fails here. A task with `unknownApp` is answered when
 * the response's notice names that app and a nearest app (skipped once an app of that name joins the catalog).
 * `tsx scripts/eval-find.ts --direct --tasks <file>` prints the misses of a set.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

interface Task {
  task: string;
  /** A word the app id contains, or a list of them (any of). */
  app?: string | string[];
  accept?: { method: string; path: string }[];
  unknownApp?: string;
}

const fixtures = join(import.meta.dirname, "fixtures");
const floors = JSON.parse(readFileSync(join(fixtures, "toolfind-floors.json"), "utf8")) as Record<string, { top1: number; top5: number }>;

let catalog: DiskCatalog;
beforeAll(async () => {
  catalog = await builtCatalog();
}, BUILD_TIMEOUT_MS);

/** Whether the catalog has an app of this name (by id or name), which makes an unknown-app task moot. */
function inCatalog(name: string): boolean {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "");
  return catalog.listApps({ search: name, limit: 20 }).items.some((a) => a.id.replace(/_/g, "") === slug || a.name.toLowerCase().replace(/[^a-z0-9]+/g, "") === slug);
}

function score(tasks: Task[]): { top1: number; top5: number } {
  let top1 = 0;
  let top5 = 0;
  for (const t of tasks) {
    const answer = catalog.findToolsWithNotice(t.task, { limit: 5 });
    if (t.unknownApp && !t.accept?.length) {
      const n = answer.notice;
      const hit = inCatalog(t.unknownApp) || (n !== null && JSON.stringify(n).toLowerCase().includes(t.unknownApp.toLowerCase()) && n.nearestApps.length > 0);
      if (hit) top1++, top5++;
      continue;
    }
    const apps = Array.isArray(t.app) ? t.app : [t.app!];
    const rank = answer.matches.findIndex(
      (m) => apps.some((w) => m.tool.app.includes(w)) && t.accept!.some((a) => a.method.toUpperCase() === m.tool.http.method && a.path === m.tool.http.path),
    );
    if (rank === 0) top1++;
    if (rank >= 0) top5++;
  }
  return { top1, top5 };
}

describe("tools.find regression floors", () => {
  for (const [file, floor] of Object.entries(floors)) {
    it(`${file}: at least ${floor.top1} first and ${floor.top5} in the first 5`, () => {
      const tasks = JSON.parse(readFileSync(join(fixtures, file), "utf8")) as Task[];
      const got = score(tasks);
      const figures = `top-1 ${got.top1}, top-5 ${got.top5} of ${tasks.length}`;
      expect(got.top1, figures).toBeGreaterThanOrEqual(floor.top1);
      expect(got.top5, figures).toBeGreaterThanOrEqual(floor.top5);
    });
  }
});
