/**
 * The bench's servers run in child processes of their own, so that the load generator (this process) and the
 * server under test never share an event loop, and each one's resident memory can be read from /proc.
 * A child announces itself with one IPC message `{ ready: <info> }`; its stdout and stderr go to a log file.
 * Each child runs as JavaScript built by esbuild, as `npm start` runs the service (bin/run-built.js), not through
 * tsx: tsx compiles with esbuild's keepNames, which names every function as it is made (a call of `__name` for
 * each closure a request creates, ~1 % of a proxied call in a profile), so under tsx the bench measured code that
 * users do not run.
 */
import { fork } from "node:child_process";
import { openSync, readFileSync, closeSync } from "node:fs";
import { join } from "node:path";

export interface Child<Info> {
  pid: number;
  info: Info;
  /** Resident memory now, in bytes (0 once the process is gone). */
  rss(): number;
  stop(): Promise<void>;
}

// (bin/run-built.js is plain JavaScript without types: imported by a computed name, typed here.)
const runBuilt = new URL("../../bin/run-built.js", import.meta.url).href;
const { builtEntry } = (await import(runBuilt)) as { builtEntry: (entry: string) => Promise<string> };

export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Starts scripts/bench/<script>, built; resolves when it reports ready, rejects (with its log) if it exits first. */
export async function startChild<Info>(script: string, opts: { env?: NodeJS.ProcessEnv; args?: string[]; execArgv?: string[]; logFile: string; timeoutMs?: number }): Promise<Child<Info>> {
  const main = await builtEntry(`scripts/bench/${script}`);
  const log = openSync(opts.logFile, "a");
  const proc = fork(main, opts.args ?? [], {
    execArgv: [...(opts.execArgv ?? []), "--enable-source-maps"],
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", log, log, "ipc"],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`${script} did not start within ${(opts.timeoutMs ?? 120_000) / 1000} s; log: ${opts.logFile}\n${tail(opts.logFile)}`));
    }, opts.timeoutMs ?? 120_000);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready:\n${tail(opts.logFile)}`));
    };
    proc.once("exit", early);
    proc.on("message", (msg: { ready?: Info }) => {
      if (!msg || !("ready" in msg)) return;
      clearTimeout(timer);
      proc.off("exit", early);
      proc.disconnect();
      resolve({
        pid: proc.pid!,
        info: msg.ready as Info,
        rss: () => rssOf(proc.pid!),
        async stop() {
          if (proc.exitCode !== null || proc.signalCode !== null) return;
          const force = setTimeout(() => proc.kill("SIGKILL"), 10_000);
          proc.kill("SIGTERM");
          await exited;
          clearTimeout(force);
        },
      });
    });
  });
}

function tail(file: string): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-30).join("\n");
  } catch {
    return "";
  }
}

/** In a child: report ready to the parent, and stop cleanly on SIGTERM. */
export function announceReady(info: unknown, stop: () => Promise<void>) {
  process.send?.({ ready: info });
  let stopping = false;
  process.on("SIGTERM", () => {
    if (stopping) return;
    stopping = true;
    stop().finally(() => process.exit(0));
  });
}

export const logPath = (dir: string, name: string) => join(dir, `${name}.log`);
