/**
 * The CPU instructions one find with no app named costs (the bench's four tasks), counted by valgrind's callgrind:
 * a figure that does not move with the machine's load, unlike a time (this machine's references moved by up to 2×
 * between rounds; instructions repeat to ~0.2 %). `npm run bench:find-instructions` (about 3 minutes).
 * find-rounds.ts is built with esbuild (as the server runs it) and run under `node --predictable` (V8 on one thread:
 * no concurrent compiler or collector whose timing changes the count) for 50 and 150 rounds; the difference over
 * the 400 finds between them leaves out start-up, opening the catalog and warming up. Memory stalls are not counted:
 * compare instructions between versions of the code, and times only within one run.
 */
import { spawn, spawnSync } from "node:child_process";

if (spawnSync("valgrind", ["--version"]).status !== 0) {
  console.log("valgrind is not installed: apt-get install -y valgrind");
  process.exit(1);
}
// (bin/run-built.js is plain JavaScript without types: imported by a computed name, typed here.)
const runBuilt = new URL("../../bin/run-built.js", import.meta.url).href;
const { builtEntry } = (await import(runBuilt)) as { builtEntry: (entry: string) => Promise<string> };
const main = await builtEntry("scripts/bench/find-rounds.ts");
/** Instructions counted over a run of `rounds` rounds (both runs at once: valgrind runs a program on one core). */
const count = (rounds: number) =>
  new Promise<number>((done, fail) => {
    const child = spawn("valgrind", ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--smc-check=all-non-file", process.execPath, "--predictable", main, String(rounds)], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (code) => {
      const collected = /Collected : (\d+)/.exec(err);
      if (code === 0 && collected) done(Number(collected[1]));
      else fail(new Error(`valgrind run of ${rounds} rounds failed (exit ${code}): ${err.slice(-500)}`));
    });
  });
process.stdout.write("counting instructions of 50 and 150 rounds of 4 finds under callgrind (~3 min)...\n");
const [few, many] = await Promise.all([count(50), count(150)]);
const perFind = (many - few) / 400;
console.log(`${(perFind / 1e6).toFixed(2)} M instructions per find with no app named (50 rounds: ${few.toLocaleString("en")}, 150 rounds: ${many.toLocaleString("en")})`);
