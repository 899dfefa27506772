/**
 * `npm run report:top-apps`: the top-100 check (issue 15) through a real server and loopback stand-ins, printed as a
 * table (present / connectable / core actions found / usable per app, then totals). The same check is the floor of
 * test/catalog/top-apps.test.ts. `--json` prints the rows as JSON instead.
 */
import { ensureCatalog } from "../src/catalog/index.js";
import { testCatalogDir } from "../test/helpers/catalog-dir.js";
import { startTestServer } from "../test/helpers/server.js";
import { formatTable, loadTopApps, TopAppsCheck, totalsOf } from "../test/catalog/top-apps/check-top-apps.js";

await ensureCatalog(testCatalogDir);
const server = await startTestServer();
const check = new TopAppsCheck(server);
try {
  await check.start();
  const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const apps = loadTopApps().filter((a) => !only.length || only.includes(a.app));
  const rows = await check.checkAll(apps);
  if (process.argv.includes("--json")) console.log(JSON.stringify({ rows, totals: totalsOf(rows) }, null, 2));
  else console.log(formatTable(rows));
} finally {
  await check.stop();
  await server.stop();
}
