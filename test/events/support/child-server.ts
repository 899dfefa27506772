/** `bin/server.js` in a child process, as `npm start` runs it; resolves once it logs the address it listens on. */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { rootDir } from "../../../src/db/paths.js";

export interface ChildServer {
  url: string;
  proc: ChildProcess;
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function startChildServer(env: NodeJS.ProcessEnv): Promise<ChildServer> {
  const proc = spawn(process.execPath, [join(rootDir, "bin/server.js")], { env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env } });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const look = () => {
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    proc.stdout!.on("data", look);
    proc.once("exit", (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  return {
    url,
    proc,
    output: () => out,
    async kill(signal) {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
    },
  };
}
