/**
 * `npm test`: the whole suite through vitest, then one plain closing line `N passed, N failed` (what CI counts),
 * taken from vitest's JSON report. Extra arguments go to vitest (e.g. a file filter).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "patchbay-vitest-"));
const report = join(dir, "report.json");
const run = spawnSync(
  process.execPath,
  ["node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: "inherit", env: process.env },
);
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const result = JSON.parse(readFileSync(report, "utf8"));
  passed = result.numPassedTests;
  // A file that failed outside its tests (an import error, a failing beforeAll/afterAll hook) counts as one failure.
  const brokenFiles = (result.testResults ?? []).filter(
    (f: { status: string; assertionResults?: { status: string }[] }) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"),
  ).length;
  failed = result.numFailedTests + brokenFiles;
  skipped = result.numPendingTests + (result.numTodoTests ?? 0);
} catch {
  failed = Math.max(failed, 1);
  console.error("vitest wrote no report: it failed before running the tests (see above).");
}
rmSync(dir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
