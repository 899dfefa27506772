/**
 * Deliveries survive a crash: a server process killed with SIGKILL while an event is stored but not yet delivered
 * (its receiver has not answered) delivers the event after it is started again on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { freshDatabase, startTestServer } from "../helpers/server.js";
import { testCatalogDir } from "../helpers/catalog-dir.js";
import { client } from "../helpers/http.js";
import { startReceiver, type Receiver } from "./support/receiver.js";
import { startChildServer, type ChildServer } from "./support/child-server.js";
import { waitFor } from "./support/wait-for.js";

let dataDir: string;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let key: string;
let to: Receiver;
const children: ChildServer[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "patchbay-restart-"));
  database = await freshDatabase(dataDir);
  const seed = await startTestServer({}, { dataDir, databaseUrl: database.url });
  key = (await seed.newAccount()).key;
  await seed.stop();
  to = await startReceiver();
});
afterAll(async () => {
  for (const child of children) await child.kill("SIGTERM");
  await to?.stop();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const env = {
  PATCHBAY_CATALOG_DIR: testCatalogDir,
  REDIS_URL: process.env.REDIS_URL ?? "",
  PATCHBAY_REDIS_PREFIX: `test-restart-${randomBytes(4).toString("hex")}`,
  PATCHBAY_ALLOW_PRIVATE_NETWORK: "true",
  PATCHBAY_DELIVERY_TIMEOUT_SECONDS: "2",
  PATCHBAY_DELIVERY_RETRY_DELAYS: "0.2,0.2",
  PATCHBAY_RATE_LIMIT_PER_MINUTE: "100000",
};

async function start() {
  const child = await startChildServer({ ...env, PATCHBAY_DATA_DIR: dataDir, DATABASE_URL: database.url });
  children.push(child);
  return child;
}

describe("a server killed between storing and delivering an event", () => {
  it("delivers the event once it is started again", async () => {
    const first = await start();
    const call = client(first.url, key);
    const created = await call("POST", "/api/v1/triggers", { body: { source: "webhook", name: "crash test", webhookUrl: to.url } });
    expect(created.status).toBe(201);
    const { trigger } = created.body;

    to.script({ status: 200, hang: true }); // the first delivery never gets an answer
    const inbound = await fetch(trigger.inboundUrl.replace(/^http:\/\/localhost:\d+/, first.url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ order: 7 }) });
    expect(inbound.status).toBe(202);
    const { event } = await inbound.json();
    await waitFor(() => to.requests.length === 1, "the delivery to start");

    await first.kill("SIGKILL");
    expect(first.proc.signalCode).toBe("SIGKILL");

    const second = await start();
    const delivered = await waitFor(async () => {
      const [e] = (await client(second.url, key)("GET", `/api/v1/events?trigger=${trigger.id}`)).body;
      return e?.delivery.status === "delivered" ? e : null;
    }, "the delivery after the restart", 40_000, 200);
    expect(delivered).toMatchObject({ id: event, payload: { order: 7 } });
    // The killed attempt left no record; the one after the restart is the first recorded attempt.
    expect(delivered.delivery.attempts).toEqual([expect.objectContaining({ number: 1, status: 200, error: null })]);
    expect(to.requests.map((r) => r.headers["x-patchbay-event-id"])).toEqual([event, event]);
    expect(to.requests[1]!.json).toMatchObject({ id: event, payload: { order: 7 } });
  }, 90_000);
});
