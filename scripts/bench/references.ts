/** The reference servers, each in its own process: the upstream, a plain Node proxy, bare Koa, bare openapi-backend, and nginx. */
import { join } from "node:path";
import { startChild, logPath, type Child } from "./child-process.js";
import { startNginx, NGINX, type Nginx } from "./nginx.js";

export interface References {
  upstream: string;
  nodeProxy: string;
  koa: string;
  openapiBackend: string;
  nginx: string | null;
  skipped: string[];
  stop(): Promise<void>;
}

export async function startReferences(logDir: string): Promise<References> {
  const children: Child<{ url: string }>[] = [];
  let nginx: Nginx | null = null;
  const stop = async () => {
    await nginx?.stop();
    for (const c of children.reverse()) await c.stop();
  };
  try {
    const start = async (script: string, env: NodeJS.ProcessEnv = {}) => {
      const c = await startChild<{ url: string }>(script, { env, logFile: logPath(logDir, script.replace(/\.ts$/, "")) });
      children.push(c);
      return c.info.url;
    };
    const upstream = await start("upstream-server.ts");
    const nodeProxy = await start("node-proxy-server.ts", { BENCH_UPSTREAM: upstream });
    const koa = await start("bare-koa-server.ts");
    const openapiBackend = await start("bare-openapi-backend-server.ts");
    nginx = await startNginx(join(logDir, "nginx-reference"), [upstream]);
    const skipped = nginx ? [] : [`nginx proxy_pass: skipped, ${NGINX} is not installed (apt-get install nginx-light)`];
    return { upstream, nodeProxy, koa, openapiBackend, nginx: nginx?.url ?? null, skipped, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
