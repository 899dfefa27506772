/**
 * `pip install <repo>/sdk/python` into a fresh virtual environment, as the Python README says: the package imports
 * and verifies a delivery there. pip needs setuptools from an index: PATCHBAY_PIP_INDEX_URL, else the machine's local
 * index at /opt/pypi/simple when it exists, else PyPI.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rootDir } from "../../src/db/paths.js";

const index = process.env.PATCHBAY_PIP_INDEX_URL || (existsSync("/opt/pypi/simple") ? "file:///opt/pypi/simple" : undefined);

describe("the Python client installed from the repository", () => {
  it("pip installs into a fresh venv, imports, and refuses a parsed body in webhooks.verify", async () => {
    const dir = await mkdtemp(join(tmpdir(), "patchbay-pip-"));
    try {
      execFileSync("python3", ["-m", "venv", join(dir, "venv")], { stdio: "pipe" });
      const python = join(dir, "venv/bin/python");
      // A copy, so that the build's egg-info and build/ stay out of the repository.
      const source = join(dir, "sdk-python");
      await cp(join(rootDir, "sdk/python"), source, { recursive: true, filter: (f) => !/(^|\/)(build|__pycache__|[^/]*\.egg-info)$/.test(f) });
      execFileSync(python, ["-m", "pip", "install", "--quiet", ...(index ? ["--index-url", index] : []), source], { cwd: dir, stdio: "pipe" });
      const out = execFileSync(
        python,
        ["-c", "import patchbay, patchbay.webhooks as w\ntry:\n  w.verify({'a': 1}, {}, 's')\nexcept TypeError as e:\n  print('site-packages' in patchbay.__file__, 'raw request body' in str(e))"],
        { cwd: dir, encoding: "utf8" },
      );
      expect(out.trim()).toBe("True True");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
