/** Reference: a bare Koa app answering GET /api/v1/me with a constant body (no auth, no validation, no database). */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Koa from "koa";
import { announceReady } from "./child-process.js";
import { ME_BODY } from "./me-body.js";

const app = new Koa();
app.use((ctx) => {
  if (ctx.method === "GET" && ctx.path === "/api/v1/me") ctx.body = ME_BODY;
  else ctx.status = 404;
});
const server = http.createServer(app.callback());
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  announceReady({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }, () => new Promise((r) => (server.close(() => r()), server.closeAllConnections())));
});
