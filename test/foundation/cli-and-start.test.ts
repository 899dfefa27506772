/** The `patchbay` CLI and `npm start` as a user runs them: separate processes on one data dir. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootDir } from "../../src/db/paths.js";
import { freshDatabase } from "../helpers/server.js";
import { testCatalogDir } from "../helpers/catalog-dir.js";
import { client } from "../helpers/http.js";
import { loadConfig } from "../../src/config.js";

let dataDir: string;
let env: NodeJS.ProcessEnv;
let drop: () => Promise<void>;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "patchbay-cli-"));
  const db = await freshDatabase(dataDir);
  drop = db.drop;
  env = { ...process.env, PATCHBAY_DATA_DIR: dataDir, DATABASE_URL: db.url, PATCHBAY_CATALOG_DIR: testCatalogDir, REDIS_URL: "" };
});
afterAll(async () => {
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

const cli = (...args: string[]) => spawnSync(process.execPath, [join(rootDir, "bin/patchbay.js"), ...args], { env, encoding: "utf8" });

describe("patchbay CLI", () => {
  it("creates an account, and refuses a second one with the same e-mail", () => {
    const first = cli("account", "create", "--email", "ada@example.com", "--password", "correct horse");
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Created account acct_/);
    const again = cli("account", "create", "--email", "ada@example.com");
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  });

  it("prints a new key alone on stdout", () => {
    const res = cli("key", "create", "--email", "ada@example.com", "--project", "bot", "--permissions", "read,run");
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/^patchbay_sk_[0-9A-Za-z]{43}\n$/);
  });

  it("refuses unknown permissions and unknown accounts with a message saying what to do", () => {
    const bad = cli("key", "create", "--email", "ada@example.com", "--project", "bot", "--permissions", "read,admin");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/read,connect,run/);
    const nobody = cli("key", "create", "--email", "nobody@example.com", "--project", "bot");
    expect(nobody.stderr).toMatch(/patchbay account create/);
  });

  it("lists keys without showing them, and revokes one", () => {
    const list = cli("key", "list", "--email", "ada@example.com");
    expect(list.status).toBe(0);
    const id = /^(key_\w+)/m.exec(list.stdout)![1];
    expect(list.stdout).not.toMatch(/patchbay_sk_[0-9A-Za-z]{43}/);
    const revoke = cli("key", "revoke", id);
    expect(revoke.status).toBe(0);
    expect(cli("key", "list", "--email", "ada@example.com").stdout).toMatch(/revoked/);
  });

  it("prints usage for an unknown command", () => {
    const res = cli("frobnicate");
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/Usage/);
  });
});

describe("npm start (bin/server.js)", () => {
  it("serves a key made by the CLI, logs JSON lines with request ids, and never logs the key", async () => {
    const key = cli("key", "create", "--email", "ada@example.com", "--project", "web").stdout.trim();
    const proc = spawn(process.execPath, [join(rootDir, "bin/server.js")], { env: { ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" } });
    let out = "";
    proc.stdout.on("data", (d) => (out += d));
    proc.stderr.on("data", (d) => (out += d));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
        proc.stdout.on("data", () => {
          const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      const call = client(url, key);
      expect((await call("GET", "/healthz", { key: null })).status).toBe(200);
      expect((await call("GET", "/api/v1/me")).body.email).toBe("ada@example.com");
      expect((await call("GET", "/api/v1/me", { key: key.slice(0, -1) + (key.endsWith("x") ? "y" : "x") })).status).toBe(401);
      await new Promise((r) => setTimeout(r, 200));
      const lines = out.split("\n").filter((l) => l.startsWith("{"));
      expect(lines.some((l) => JSON.parse(l).requestId?.startsWith("req_"))).toBe(true);
      expect(out).not.toContain(key.slice(12));
    } finally {
      proc.kill("SIGTERM");
    }
  });

  it("stops on a bad setting with a message naming the variable", () => {
    const res = spawnSync(process.execPath, [join(rootDir, "bin/server.js")], { env: { ...env, PORT: "eighty" }, encoding: "utf8" });
    expect(res.status).toBe(78);
    expect(res.stderr).toMatch(/PORT must be an integer/);
  });
});

describe("configuration", () => {
  it.each([
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["REDIS_URL", "localhost:6379"],
    ["PATCHBAY_BASE_URL", "not a url"],
    ["PATCHBAY_AGENT_URL", "ftp://x"],
    ["PATCHBAY_SECRET", "short"],
    ["LOG_LEVEL", "loud"],
  ])("refuses a bad %s, naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} `));
  });

  it("has defaults for the embedded setup", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, redisUrl: null, baseUrl: "http://localhost:3000", agentUrl: "http://localhost:3000" });
    expect(config.databaseUrl).toMatch(/^file:.*data\/patchbay\.db$/);
  });
});
