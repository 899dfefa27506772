/**
 * A redis-server of the test's own on a spare port (never the shared one on 6379), to be killed and restarted, and
 * stand-ins for the faults a dependency can have: a port that accepts connections and then never answers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server, type Socket } from "node:net";

/** A port free right now on 127.0.0.1. */
export async function sparePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface OwnRedis {
  port: number;
  url: string;
  /** Ends the server (SIGKILL: no goodbye to the clients) and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await sparePort();
  let child: ChildProcess;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout!.on("data", (d) => {
        out += d;
        if (out.includes("Ready to accept connections")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    },
    restart: start,
  };
}

/** A TCP server that accepts connections, reads what it is sent and never answers. */
export async function silentPort(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("data", () => {});
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
