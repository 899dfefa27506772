/**
 * sdk/js/dist is one folder shared by the test files that build, load or reinstall it (js, js-deliveries), and
 * vitest runs files in parallel processes: each of them holds this lock (an atomic mkdir) while it rebuilds or
 * reads dist, so no file loads a half-written bundle or finds dist removed under it.
 */
import { mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { distDir } from "../../scripts/sdk-build.js";

const LOCK = join(tmpdir(), `patchbay-sdk-dist-${createHash("sha256").update(distDir).digest("hex").slice(0, 12)}.lock`);
/** A lock older than this was left by a killed run. */
const STALE_MS = 10 * 60_000;

export async function withSdkDist<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await mkdir(LOCK);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const age = await stat(LOCK).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_MS) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(LOCK, { recursive: true, force: true });
  }
}
