/**
 * Reference: a plain Node http proxy to the upstream (BENCH_UPSTREAM), piping requests and answers through a
 * keep-alive agent. What a proxy costs in Node with nothing else to do.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { announceReady } from "./child-process.js";

const upstream = new URL(process.env.BENCH_UPSTREAM!);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const server = http.createServer((req, res) => {
  const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  out.on("error", () => res.writeHead(502).end());
  req.pipe(out);
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  announceReady({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }, () => new Promise((r) => (server.close(() => r()), server.closeAllConnections())));
});
