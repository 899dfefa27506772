/**
 * Checks a delivery's signature with an independent implementation: Python's hmac module, in a subprocess.
 * Answers true only when `sha256=` + hex HMAC-SHA256(secret, timestamp + "." + body) equals the header.
 */
import { spawnSync } from "node:child_process";

const SCRIPT = `
import hashlib, hmac, json, sys
d = json.load(sys.stdin)
expected = "sha256=" + hmac.new(d["secret"].encode(), (d["timestamp"] + ".").encode() + d["body"].encode(), hashlib.sha256).hexdigest()
print("valid" if hmac.compare_digest(expected, d["signature"]) else "invalid")
`;

export function verifyWithPython(input: { secret: string; timestamp: string; body: string; signature: string }): boolean {
  const run = spawnSync("python3", ["-c", SCRIPT], { input: JSON.stringify(input), encoding: "utf8" });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  return run.stdout.trim() === "valid";
}
