/**
 * A test server set up for attacks: no practical rate limit, an account with every permission, and (optionally) an
 * app connected to a loopback upstream that answers 200 to everything, so calls reach the outbound code.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startTestServer, type TestServer } from "../../helpers/server.js";
import { configureApp } from "../../../src/domain/app-settings.js";
import { storeConnection } from "../../../src/connect/store-connection.js";

export interface Upstream {
  url: string;
  hits: { method: string; url: string; host: string | undefined }[];
  stop(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that records every request and answers `200 {}`. */
export async function startUpstream(): Promise<Upstream> {
  const hits: Upstream["hits"] = [];
  const server = http.createServer((req, res) => {
    hits.push({ method: req.method!, url: req.url!, host: req.headers.host });
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** The app the suites connect (an API-key app of the catalog). */
export const CONNECTED_APP = "isbndb";

/** Points `app` at `baseUrl` (as `patchbay app configure --base-url` does) and gives the account a connection to it. */
export async function connectApp(server: TestServer, accountId: string, app: string, baseUrl: string, apiKey = "attack-api-key") {
  const { db, secrets } = server.service.services;
  await configureApp(db, secrets, app, { baseUrl });
  const row = await storeConnection(server.service.services, { accountId, appId: app, label: null } as never, {
    credentials: { type: "apiKey", apiKey },
    label: null,
    scopes: [],
    expiresAt: null,
  });
  return row.id;
}

/** A tool of `app` from the catalog, one that needs no arguments when there is one (so `{}` gets past validation). */
export function toolOf(server: TestServer, app: string): string {
  const { catalog } = server.service.services;
  const items = catalog.listTools({ app, limit: 200 }).items;
  if (!items.length) throw new Error(`the catalog has no tool of ${app}`);
  const free = items.find((t) => !((catalog.getTool(t.name)?.inputSchema as { required?: string[] } | undefined)?.required ?? []).length);
  return (free ?? items[0]!).name;
}

export const attackEnv = { PATCHBAY_RATE_LIMIT_PER_MINUTE: "1000000" };

export { startTestServer };
