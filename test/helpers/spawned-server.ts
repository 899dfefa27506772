/** `npm start` as an operator runs it (bin/server.js in its own process), with its output kept for assertions. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootDir } from "../../src/db/paths.js";
import { freshDatabase } from "./server.js";
import { testCatalogDir } from "./catalog-dir.js";

export interface SpawnedServer {
  proc: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines so far, parsed. */
  logLines(): Record<string, any>[];
  /** Lines that are not JSON (the one "Patchbay is running" line is expected). */
  otherLines(): string[];
  /** Resolves with the exit code (null when killed by a signal) once the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits until the output matches, or fails after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<void>;
  /** The listening URL (waits for it). */
  url(): Promise<string>;
  /** Kills the process if still running and removes its data. */
  cleanup(): Promise<void>;
}

export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "patchbay-proc-"));
  const database = env.DATABASE_URL ? { url: env.DATABASE_URL, drop: async () => {} } : await freshDatabase(dataDir);
  const proc = spawn(process.execPath, [join(rootDir, "bin/server.js")], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      REDIS_URL: "",
      PATCHBAY_DATA_DIR: dataDir,
      PATCHBAY_CATALOG_DIR: testCatalogDir,
      DATABASE_URL: database.url,
      ...env,
    },
  });
  let out = "";
  const waiters = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d;
    for (const w of waiters) w();
  };
  proc.stdout!.on("data", onData);
  proc.stderr!.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
  const lines = () => out.split("\n").filter((l) => l.trim());
  const waitFor = (pattern: RegExp, ms = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(out)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${pattern} in the output within ${ms} ms:\n${out}`));
      }, ms);
      waiters.add(check);
      void exited.then(() => setTimeout(() => {
        if (waiters.has(check)) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`the process ended without ${pattern} in its output:\n${out}`));
        }
      }, 50));
      check();
    });
  return {
    proc,
    output: () => out,
    logLines: () => lines().filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)),
    otherLines: () => lines().filter((l) => !l.startsWith("{")),
    exited,
    waitFor,
    async url() {
      await waitFor(/"msg":"patchbay listening"/);
      return /"url":"(http:\/\/[^"]+)"/.exec(out)![1]!;
    },
    async cleanup() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill("SIGKILL");
        await exited;
      }
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
