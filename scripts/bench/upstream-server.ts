/**
 * The upstream every proxy in the bench calls (Patchbay, nginx, the plain Node proxy) and the "direct" reference:
 * a node:http server on loopback answering every request with the same small JSON document, 200.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { announceReady } from "./child-process.js";

const body = JSON.stringify({ book: { isbn13: "9780134685991", title: "Effective Java", authors: ["Joshua Bloch"], pages: 412, publisher: "Addison-Wesley" } });

const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body));
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  announceReady({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }, () => new Promise((r) => (server.close(() => r()), server.closeAllConnections())));
});
