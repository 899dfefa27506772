import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { rootDir } from "../../src/db/paths.js";
import { testCatalogDir } from "../helpers/catalog-dir.js";
import { startTestServer, usingPostgres, type TestServer } from "../helpers/server.js";
import { deriveSecrets } from "../../src/crypto/secrets.js";
import { migrate } from "../../src/db/migrate.js";
import { databaseTarget } from "../../src/db/target.js";
import { openLeanReads, type LeanQuery } from "../../src/db/lean-reads.js";
import { openDb } from "../../src/db/client.js";
import { startRun } from "../../src/domain/runs.js";
import pg from "pg";
import Database from "better-sqlite3";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe("data", () => {
  it("answers /healthz once migrations have run, naming the database", async () => {
    const res = await server.call("GET", "/healthz", { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: usingPostgres() ? "postgresql" : "sqlite" });
    expect(res.body.catalog.apps).toBeGreaterThan(0);
  });

  it("applies each migration once: a second run applies nothing", async () => {
    expect(await migrate(databaseTarget(server.databaseUrl))).toEqual([]);
  });

  it("lets the CLI work on the database while the server has it open: a key it revokes is refused on the next request", async () => {
    const { key, keyId } = await server.newAccount();
    expect((await server.call("GET", "/api/v1/me", { key })).status).toBe(200);
    const env = { ...process.env, PATCHBAY_DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl, PATCHBAY_CATALOG_DIR: testCatalogDir, REDIS_URL: "" };
    const revoke = spawnSync(process.execPath, [join(rootDir, "bin/patchbay.js"), "key", "revoke", keyId], { env, encoding: "utf8" });
    expect(revoke.stderr).not.toMatch(/in use|locked|busy/i);
    expect(revoke.status).toBe(0);
    const res = await server.call("GET", "/api/v1/me", { key });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/revoked/);
  });

  it("refuses a lean write that is not the runs log's (its rows would hide from the remembered reads)", async () => {
    if (usingPostgres()) return; // the rule is SQLite's: there the runs log shares the reading connection
    const lean = await openLeanReads(databaseTarget(server.databaseUrl));
    try {
      const revoke: LeanQuery = { name: "revoke_all", sqlite: "UPDATE ApiKey SET revokedAt = ?", postgresql: "", dates: [] };
      await expect(lean.write(revoke, [new Date()])).rejects.toThrow(/not a write to the runs log/);
    } finally {
      await lean.close();
    }
  });

  it("remembers rows read on PostgreSQL until a statement changes their table, in any process (LISTEN / NOTIFY)", async () => {
    if (!usingPostgres()) return; // SQLite's remembered rows follow its data_version (the CLI test above)
    const { keyId } = await server.newAccount();
    const target = databaseTarget(server.databaseUrl);
    const lean = await openLeanReads(target);
    const other = new pg.Client({ connectionString: target.url }); // another process's connection: no local statement
    await other.connect();
    const project: LeanQuery = { name: "test_key_project", sqlite: "", postgresql: 'SELECT project FROM "ApiKey" WHERE id = $1', dates: [] };
    const read = async () => (await lean.one<{ project: string }>(project, [keyId]))?.project;
    try {
      await new Promise((r) => setTimeout(r, 1000)); // the listening connection is up
      const before = await read();
      // A change that notifies nobody (its trigger off) is not seen: the row read before is remembered.
      await other.query('ALTER TABLE "ApiKey" DISABLE TRIGGER "ApiKey_notify_change"');
      await other.query(`UPDATE "ApiKey" SET project = 'quiet-change' WHERE id = $1`, [keyId]);
      await other.query('ALTER TABLE "ApiKey" ENABLE TRIGGER "ApiKey_notify_change"');
      expect(await read()).toBe(before);
      // A change in another schema of the database (another deployment's, or another test file's) is not ours.
      await other.query('ALTER TABLE "ApiKey" DISABLE TRIGGER "ApiKey_notify_change"'); // so only the notification below tells
      await other.query(`UPDATE "ApiKey" SET project = 'other-schema-change' WHERE id = $1`, [keyId]);
      await other.query(`SELECT pg_notify('patchbay_change', 'another_deployment.ApiKey')`);
      await new Promise((r) => setTimeout(r, 50));
      expect(await read()).toBe(before);
      await other.query('ALTER TABLE "ApiKey" ENABLE TRIGGER "ApiKey_notify_change"');
      // A change that notifies is seen as soon as the notification arrives.
      await other.query(`UPDATE "ApiKey" SET project = 'heard-change' WHERE id = $1`, [keyId]);
      const deadline = Date.now() + 2000;
      let seen = await read();
      while (seen !== "heard-change" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
        seen = await read();
      }
      expect(seen).toBe("heard-change");
    } finally {
      await other.end();
      await lean.close();
    }
  });

  it("commits the runs log's writes of one turn on SQLite together, and a row that breaks a constraint fails alone", async () => {
    if (usingPostgres()) return; // PostgreSQL's grouping is the test below
    const { accountId } = await server.newAccount();
    const target = databaseTarget(server.databaseUrl);
    const lean = await openLeanReads(target);
    const file = new Database(target.url.slice("file:".length), { fileMustExist: true });
    try {
      const insert: LeanQuery = {
        name: "test_group_run",
        sqlite: "INSERT INTO Run (id, accountId, appId, status, durationMs, arguments, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)",
        postgresql: "",
        dates: [],
      };
      const prefix = `run_group_${Date.now()}_`;
      const write = (id: string) => lean.write(insert, [id, accountId, "github", "running", 0, "{}", new Date()]);
      // WAL frames written by 40 writes made in one turn: one commit writes each page it changed once; 40 commits
      // would write at least one frame each.
      file.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get();
      const done = await Promise.all(Array.from({ length: 40 }, (_, i) => write(`${prefix}${i}`)));
      expect(done.every((d) => d === true)).toBe(true);
      const frames = (file.prepare("PRAGMA wal_checkpoint(PASSIVE)").get() as { log: number }).log;
      expect(frames).toBeGreaterThan(0);
      expect(frames).toBeLessThan(20);
      // 10 more in one turn, one of them with an id already taken: only that one fails; the other 9 are written.
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => write(i === 4 ? `${prefix}7` : `${prefix}${40 + i}`)));
      expect(outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : []))).toEqual([4]);
      expect(String((outcomes[4] as PromiseRejectedResult).reason)).toMatch(/UNIQUE|PRIMARY/i);
      const count = file.prepare("SELECT count(*) AS n FROM Run WHERE id LIKE ?").get(`${prefix}%`) as { n: number };
      expect(count.n).toBe(49);
    } finally {
      file.close();
      await lean.close();
    }
  });

  it("sends writes made together on PostgreSQL as one statement, and a group one row of which fails row by row", async () => {
    if (!usingPostgres()) return; // SQLite's writes are made at once, each on its own (no round trip to save)
    const target = databaseTarget(server.databaseUrl);
    const lean = await openLeanReads(target);
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      await admin.query(`CREATE TABLE "GroupProbe" (id text PRIMARY KEY, n integer NOT NULL, at timestamp(3))`);
      // Each statement that writes the table records its transaction: distinct transactions = statements sent.
      await admin.query(`CREATE TABLE "GroupProbeStatements" (tx bigint NOT NULL)`);
      await admin.query(`CREATE FUNCTION group_probe_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO "GroupProbeStatements" VALUES (txid_current()); RETURN NULL; END $$`);
      await admin.query(`CREATE TRIGGER group_probe_statements AFTER INSERT OR UPDATE ON "GroupProbe" FOR EACH STATEMENT EXECUTE FUNCTION group_probe_count()`);
      const insert: LeanQuery = {
        name: "test_group_probe",
        sqlite: "",
        postgresql: `INSERT INTO "GroupProbe" (id, n, at) VALUES ($1, $2, $3)`,
        postgresqlMany: `INSERT INTO "GroupProbe" (id, n, at) SELECT * FROM unnest($1::text[], $2::integer[], $3::timestamp(3)[])`,
        group: "test_group_probe",
        dates: [],
      };
      const update: LeanQuery = {
        name: "test_group_probe_update",
        sqlite: "",
        postgresql: `UPDATE "GroupProbe" SET n = $1 WHERE id = $2`,
        postgresqlMany: `UPDATE "GroupProbe" SET n = v.n FROM unnest($1::integer[], $2::text[]) AS v(n, id) WHERE "GroupProbe".id = v.id`,
        group: "test_group_probe",
        dates: [],
      };
      const at = new Date("2026-01-02T03:04:05.678Z");
      const statements = async () => Number((await admin.query(`SELECT count(DISTINCT tx) AS n FROM "GroupProbeStatements"`)).rows[0].n);
      // 40 writes at once: the first two go alone (two statements may be on their way at once), the 38 made while
      // they were go together, as one statement.
      const first = await Promise.all(Array.from({ length: 40 }, (_, i) => lean.write(insert, [`row-${i}`, i, i % 2 ? null : at])));
      expect(first.every((done) => done === true)).toBe(true);
      expect(await statements()).toBe(3);
      // Updates and inserts of the same group made together: the first two alone, the other 18 in one statement of both.
      const mixed = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => lean.write(update, [1000 + i, `row-${i}`])),
        ...Array.from({ length: 10 }, (_, i) => lean.write(insert, [`row-mixed-${i}`, 2000 + i, null])),
      ]);
      expect(mixed.every((done) => done === true)).toBe(true);
      expect(await statements()).toBe(6);
      const changed = await admin.query<{ n: number }>(`SELECT n FROM "GroupProbe" WHERE n >= 1000 ORDER BY n`);
      expect(changed.rows.map((r) => r.n)).toEqual([...Array.from({ length: 10 }, (_, i) => 1000 + i), ...Array.from({ length: 10 }, (_, i) => 2000 + i)]);
      await admin.query(`DELETE FROM "GroupProbe" WHERE n >= 2000`);
      await admin.query(`UPDATE "GroupProbe" SET n = n - 1000 WHERE n >= 1000`);
      // 20 more, one of which has the id of an earlier row: its group fails as a whole and is sent row by row, so
      // only that write fails and the other 19 are written.
      const ids = Array.from({ length: 20 }, (_, i) => (i === 7 ? "row-3" : `row-${40 + i}`));
      const outcomes = await Promise.allSettled(ids.map((id, i) => lean.write(insert, [id, 40 + i, null])));
      const failed = outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : []));
      expect(failed).toEqual([7]);
      expect(String((outcomes[7] as PromiseRejectedResult).reason)).toMatch(/duplicate key/);
      const { rows } = await admin.query<{ id: string; n: number; at: Date | null }>(`SELECT id, n, at FROM "GroupProbe" ORDER BY n`);
      expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 60 }, (_, i) => i).filter((n) => n !== 47));
      expect(rows.find((r) => r.id === "row-3")).toMatchObject({ n: 3 });
      const stamped = await admin.query<{ at: string }>(`SELECT at::text AS at FROM "GroupProbe" WHERE id = 'row-2'`);
      expect(stamped.rows[0]!.at).toBe("2026-01-02 03:04:05.678"); // UTC, as Prisma stores a DateTime
      expect(rows.filter((r) => r.n % 2 === 1).every((r) => r.at === null)).toBe(true);
    } finally {
      await lean.close();
      await admin.query(`DROP TABLE IF EXISTS "GroupProbe"; DROP TABLE IF EXISTS "GroupProbeStatements"; DROP FUNCTION IF EXISTS group_probe_count()`);
      await admin.end();
    }
  });

  it("keeps a tool run's early start on PostgreSQL when the process dies right after handing it over, before it commits", async () => {
    if (!usingPostgres()) return; // SQLite hands a start over by committing it
    const { accountId } = await server.newAccount();
    const target = databaseTarget(server.databaseUrl);
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      // The account's row locked: the start reaches the server but its foreign key check waits (so it cannot commit)
      // while the process lives.
      await admin.query("BEGIN");
      await admin.query(`SELECT 1 FROM "Account" WHERE id = $1 FOR UPDATE`, [accountId]);
      const child = spawn(process.execPath, ["--import", "tsx", join(rootDir, "test/helpers/start-run-and-die.ts"), server.databaseUrl, accountId], { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      let err = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (err += d));
      const [, signal] = (await once(child, "exit")) as [number | null, string | null];
      expect(err).toBe("");
      expect(signal).toBe("SIGKILL");
      const runId = out.trim();
      expect(runId).toMatch(/^run_/);
      expect((await admin.query(`SELECT 1 FROM "Run" WHERE id = $1`, [runId])).rowCount).toBe(0);
      await admin.query("COMMIT");
      let row: { status: string } | undefined;
      for (let i = 0; i < 100 && !row; i++) {
        row = (await admin.query<{ status: string }>(`SELECT status FROM "Run" WHERE id = $1`, [runId])).rows[0];
        if (!row) await new Promise((r) => setTimeout(r, 50));
      }
      expect(row).toEqual({ status: "running" });
    } finally {
      await admin.query("ROLLBACK").catch(() => {});
      await admin.end();
    }
  });

  it("tells an early start that failed when it is awaited, and a start that waits for its commit at once", async () => {
    const db = await openDb(databaseTarget(server.databaseUrl));
    try {
      const start = { accountId: "acct_none", tool: "github_get_repository", appId: "github", arguments: {} };
      const early = await startRun(db, start, { early: true }).then((run) => run.committed).then(() => null, (err: unknown) => err);
      expect(String(early)).toMatch(/foreign key/i);
      await expect(startRun(db, start)).rejects.toThrow(/foreign key/i);
    } finally {
      await db.$disconnect();
    }
  });

  it("creates the server secret in the data dir, readable only by its owner", async () => {
    const info = await stat(join(server.dataDir, "secret"));
    expect(info.mode & 0o077).toBe(0);
  });

  it("seals secrets with AES-256-GCM and refuses a tampered value", () => {
    const secrets = deriveSecrets("x".repeat(40));
    const sealed = secrets.seal("top secret token");
    expect(sealed).not.toContain("top secret");
    expect(secrets.open(sealed)).toBe("top secret token");
    // Flip one bit of each part in turn (editing base64 text can land on padding bits and change nothing).
    const parts = sealed.split(".");
    for (const i of [1, 2, 3]) {
      const bytes = Buffer.from(parts[i], "base64url");
      bytes[0] ^= 1;
      const tampered = parts.map((p, j) => (j === i ? bytes.toString("base64url") : p)).join(".");
      expect(() => secrets.open(tampered)).toThrow();
    }
    expect(() => deriveSecrets("y".repeat(40)).open(sealed)).toThrow();
  });
});
