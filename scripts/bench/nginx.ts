/**
 * Debian's nginx as a reference proxy and as the load balancer of the multi-instance check: started by the bench
 * with a generated config in a temp dir (`-p <dir> -c <conf>`, `daemon off;`, pid and logs in the dir), one worker,
 * on a free loopback port. Absent binary → null, and the bench says it skipped.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { join } from "node:path";

export const NGINX = "/usr/sbin/nginx";

export interface Nginx {
  url: string;
  /** How many requests each upstream address answered (from the access log; only when `countUpstreams`). */
  upstreamCounts(): Record<string, number>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, "127.0.0.1");
    sock.once("connect", () => (sock.destroy(), resolve(true)));
    sock.once("error", () => resolve(false));
  });
}

/** nginx proxying to the given upstream URLs (an `upstream` block with keep-alive connections). */
export async function startNginx(dir: string, upstreams: string[], opts: { countUpstreams?: boolean } = {}): Promise<Nginx | null> {
  if (!existsSync(NGINX)) return null;
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const servers = upstreams.map((u) => `    server ${new URL(u).host};`).join("\n");
  const accessLog = join(dir, "access.log");
  const conf = `
daemon off;
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  ${opts.countUpstreams ? `log_format up '$upstream_addr';\n  access_log ${accessLog} up;` : "access_log off;"}
  client_body_temp_path ${join(dir, "body")};
  proxy_temp_path ${join(dir, "proxy")};
  fastcgi_temp_path ${join(dir, "fastcgi")};
  uwsgi_temp_path ${join(dir, "uwsgi")};
  scgi_temp_path ${join(dir, "scgi")};
  keepalive_requests 100000;
  upstream backend {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
  }
}
`;
  const confFile = join(dir, "nginx.conf");
  writeFileSync(confFile, conf);
  const proc = spawn(NGINX, ["-p", dir, "-e", join(dir, "error.log"), "-c", confFile], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  proc.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  for (let i = 0; i < 100 && !(await answers(port)); i++) {
    if (proc.exitCode !== null) throw new Error(`nginx exited (${proc.exitCode}): ${stderr}${readFileSync(join(dir, "error.log"), "utf8")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    upstreamCounts() {
      const counts: Record<string, number> = {};
      if (!existsSync(accessLog)) return counts;
      for (const line of readFileSync(accessLog, "utf8").split("\n")) if (line) counts[line] = (counts[line] ?? 0) + 1;
      return counts;
    },
    async stop() {
      if (proc.exitCode !== null) return;
      proc.kill("SIGQUIT"); // graceful: finish open requests, then exit
      const force = setTimeout(() => proc.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(force);
    },
  };
}
