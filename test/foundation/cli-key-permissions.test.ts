/** `patchbay key create --permissions`: a blank or unknown list is refused, never widened to a full key. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootDir } from "../../src/db/paths.js";
import { freshDatabase } from "../helpers/server.js";
import { testCatalogDir } from "../helpers/catalog-dir.js";

let dataDir: string;
let env: NodeJS.ProcessEnv;
let drop: () => Promise<void>;
const email = "grace@example.com";
const cli = (...args: string[]) => spawnSync(process.execPath, [join(rootDir, "bin/patchbay.js"), ...args], { env, encoding: "utf8" });
const keyCount = () => cli("key", "list", "--email", email).stdout.split("\n").filter((l) => l.startsWith("key_")).length;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "patchbay-cli-perm-"));
  const db = await freshDatabase(dataDir);
  drop = db.drop;
  env = { ...process.env, PATCHBAY_DATA_DIR: dataDir, DATABASE_URL: db.url, PATCHBAY_CATALOG_DIR: testCatalogDir, REDIS_URL: "" };
  expect(cli("account", "create", "--email", email).status).toBe(0);
});
afterAll(async () => {
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe("patchbay key create --permissions", () => {
  it.each([[""], [" "], [","], [" , "]])("refuses the empty list %j and creates no key", (value) => {
    const res = cli("key", "create", "--email", email, "--project", "bot", "--permissions", value);
    expect(res.status).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toMatch(/empty list/);
    expect(res.stderr).toMatch(/read,connect,run/);
    expect(keyCount()).toBe(0);
  });

  it("refuses unknown permission names, naming each, and creates no key", () => {
    const res = cli("key", "create", "--email", email, "--project", "bot", "--permissions", "read,admin,Run");
    expect(res.status).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toMatch(/Unknown permission 'admin', 'Run'/);
    expect(keyCount()).toBe(0);
  });

  it("refuses --permissions without a value with the usage text", () => {
    const res = cli("key", "create", "--email", email, "--project", "bot", "--permissions");
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/--permissions/);
    expect(res.stderr).toMatch(/Usage/);
    expect(keyCount()).toBe(0);
  });

  it("creates a key with exactly the permissions given, and all of them when the option is left out", () => {
    expect(cli("key", "create", "--email", email, "--project", "reader", "--permissions", "read").status).toBe(0);
    expect(cli("key", "create", "--email", email, "--project", "full").status).toBe(0);
    const lines = cli("key", "list", "--email", email).stdout.split("\n");
    expect(lines.find((l) => l.includes("\treader\t"))).toMatch(/\tread\t/);
    expect(lines.find((l) => l.includes("\tfull\t"))).toMatch(/\tread,connect,run\t/);
  });
});
