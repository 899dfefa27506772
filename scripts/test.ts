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
  // CI keeps only the tail of the output: name each failure again next to the closing line.
  for (const file of result.testResults ?? []) {
    const where = String(file.name ?? "").replace(`${process.cwd()}/`, "");
    const failures = (file.assertionResults ?? []).filter((a: { status: string }) => a.status === "failed");
    if (file.status === "failed" && failures.length === 0) console.log(`failed: ${where}: ${firstLine(file.message)}`);
    for (const a of failures) console.log(`failed: ${where} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  }
} catch {
  failed = Math.max(failed, 1);
  console.error("vitest wrote no report: it failed before running the tests (see above).");
}
rmSync(dir, { recursive: true, force: true });

function firstLine(text: unknown): string {
  return String(text ?? "").split("\n")[0]!.slice(0, 300);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
