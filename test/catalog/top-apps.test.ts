/**
 * The top-100 check (issue 15) as a regression floor: how many of the apps agent builders use most are present,
 * connectable, have their core actions found, and are usable end to end, each through the real server and loopback
 * stand-ins (test/catalog/top-apps/check-top-apps.ts). A core action is found only when tools/find's top 5 holds one of
 * the operations test/fixtures/top-apps-core-ops.json accepts for it. `npm run report:top-apps` prints the table. The
 * floors are the numbers this check measured when they were last raised: raise them as apps are added, never lower them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { formatTable, loadCoreOps, loadTopApps, performs, TopAppsCheck, totalsOf, type AppVerdict } from "./top-apps/check-top-apps.js";

const FLOOR = { present: 100, connectable: 100, coreFound: 96, usable: 96 };

let server: TestServer;
let check: TopAppsCheck;
let rows: AppVerdict[];

beforeAll(async () => {
  server = await startTestServer();
  check = new TopAppsCheck(server);
  await check.start();
  rows = await check.checkAll(loadTopApps());
  console.log(formatTable(rows));
}, 600_000);
afterAll(async () => {
  await check?.stop();
  await server?.stop();
});

describe("the top 100 apps", () => {
  it("lists each app of the fixture once", () => {
    const ids = loadTopApps().map((a) => a.app);
    expect(ids).toHaveLength(100);
    expect(new Set(ids).size).toBe(100);
  });

  it("accept, for each core action of each app, only operations the app has", () => {
    const coreOps = loadCoreOps();
    const { catalog } = server.service.services;
    for (const entry of loadTopApps()) {
      const accepted = coreOps.get(entry.app);
      expect(accepted, entry.app).toBeDefined();
      expect([...accepted!.keys()].sort(), entry.app).toEqual([...entry.core].sort());
      const tools = catalog.getApp(entry.app) ? catalog.toolNames(entry.app).map((n) => catalog.getTool(n)!) : [];
      for (const [phrase, accept] of accepted!) {
        for (const op of accept) expect(tools.some((t) => performs(t, [op])), `${entry.app} "${phrase}": ${op.method} ${op.path}${op.operation ? `#${op.operation}` : ""}`).toBe(true);
      }
    }
  });

  it("stay at or above the floor: present, connectable, core actions found, usable", () => {
    const totals = totalsOf(rows);
    expect(totals.present).toBeGreaterThanOrEqual(FLOOR.present);
    expect(totals.connectable).toBeGreaterThanOrEqual(FLOOR.connectable);
    expect(totals.coreFound).toBeGreaterThanOrEqual(FLOOR.coreFound);
    expect(totals.usable).toBeGreaterThanOrEqual(FLOOR.usable);
  });

  it("never counts an app usable that is not present, connectable and complete", () => {
    for (const r of rows.filter((x) => x.usable)) expect(r).toMatchObject({ present: true, connectable: true, coreFound: r.coreTotal });
  });
});
