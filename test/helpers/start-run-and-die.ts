/**
 * A process that starts a tool run early (startRun with `early`), prints the run's id once the start has been handed
 * to the database, and kills itself with SIGKILL at once: what dies mid-call with a read under way.
 * Arguments: the database URL, an account id.
 */
import { databaseTarget } from "../../src/db/target.js";
import { openDb } from "../../src/db/client.js";
import { startRun } from "../../src/domain/runs.js";

const [url, accountId] = process.argv.slice(2) as [string, string];
const db = await openDb(databaseTarget(url));
const run = await startRun(db, { accountId, tool: "github_get_repository", appId: "github", arguments: { owner: "o", repo: "r" } }, { early: true });
process.stdout.write(`${run.id}\n`, () => process.kill(process.pid, "SIGKILL"));
