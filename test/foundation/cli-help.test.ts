/**
 * The `patchbay` CLI as a newcomer meets it: help for every command, one-line errors for a wrong command line
 * (exit 2), the database it works on said out loud and found from any directory, and the operator's app settings
 * shown, listed and removed (never the client secret).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootDir } from "../../src/db/paths.js";
import { freshDatabase } from "../helpers/server.js";
import { testCatalogDir } from "../helpers/catalog-dir.js";
import { loadConfig } from "../../src/config.js";

let dataDir: string;
let elsewhere: string;
let env: NodeJS.ProcessEnv;
let drop: () => Promise<void>;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "patchbay-cli-help-"));
  elsewhere = await mkdtemp(join(tmpdir(), "patchbay-cli-cwd-"));
  const db = await freshDatabase(dataDir);
  drop = db.drop;
  env = { ...process.env, PATCHBAY_DATA_DIR: dataDir, DATABASE_URL: db.url, PATCHBAY_CATALOG_DIR: testCatalogDir, REDIS_URL: "", PATCHBAY_BASE_URL: "" };
  // The default address the CLI prints comes from PORT (3000 when unset), which the caller's shell may set.
  delete env.PORT;
});
afterAll(async () => {
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
  await rm(elsewhere, { recursive: true, force: true });
});

const cli = (...args: string[]) => spawnSync(process.execPath, [join(rootDir, "bin/patchbay.js"), ...args], { env, cwd: elsewhere, encoding: "utf8" });
const COMMANDS = ["account create", "key create", "key list", "key revoke", "app configure", "app show", "app list", "app unset"];

describe("patchbay command line errors", () => {
  it("answers an unknown option with one error line and the command's usage, exit 2, no stack", () => {
    const res = cli("key", "create", "--emial", "a@example.com");
    expect(res.status).toBe(2);
    const [first, ...more] = res.stderr.trim().split("\n");
    expect(first).toBe("Error: Unknown option '--emial' for 'patchbay key create'.");
    expect(more.join("\n")).toContain("Usage: patchbay key create --email <e> --project <name>");
    expect(res.stderr).not.toMatch(/ERR_PARSE_ARGS|at .*\.ts:\d+/);
  });

  it("answers an option without its value, an extra argument, and an unknown command with exit 2", () => {
    expect(cli("key", "list", "--email").stderr).toMatch(/^Error: Option '--email' needs a value\./);
    const extra = cli("key", "revoke", "key_1", "key_2");
    expect(extra.status).toBe(2);
    expect(extra.stderr).toMatch(/^Error: Unexpected argument 'key_2'/);
    const unknown = cli("key", "mint");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^Error: Unknown command 'key mint'\.\n[\s\S]*key create/);
    expect(cli().status).toBe(2);
  });

  it("refuses app configure with no setting, naming the settings", () => {
    const res = cli("app", "configure", "github");
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/^Database: .*\nError: Give at least one setting to change: --client-id, --client-secret/);
  });
});

describe("patchbay help", () => {
  it.each([["--help"], ["-h"], ["help"]])("lists every command for %s, exit 0", (flag) => {
    const res = cli(flag);
    expect(res.status).toBe(0);
    for (const name of COMMANDS) expect(res.stdout).toContain(name);
  });

  it("prints the version for --version", () => {
    const res = cli("--version");
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it.each(COMMANDS)("has help for '%s', without opening the database", (name) => {
    const res = cli(...name.split(" "), "--help");
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^Usage: patchbay ${name}`));
    expect(res.stderr).not.toContain("Database:");
  });

  it("gives the same command help for -h and for help <command>", () => {
    const long = cli("key", "create", "--help").stdout;
    expect(long).toContain("--permissions");
    expect(cli("key", "create", "-h").stdout).toBe(long);
    expect(cli("help", "key", "create").stdout).toBe(long);
  });

  it("lists a group's commands for 'patchbay key --help'", () => {
    const res = cli("key", "--help");
    expect(res.status).toBe(0);
    expect(res.stdout).toContain("key revoke");
    expect(res.stdout).not.toContain("app configure");
  });
});

describe("the database the CLI uses", () => {
  it("is said on stderr, keeping stdout to the key alone", () => {
    expect(cli("account", "create", "--email", "op@example.com").status).toBe(0);
    const res = cli("key", "create", "--email", "op@example.com", "--project", "p");
    expect(res.stderr).toContain(`(data dir ${dataDir})`);
    expect(res.stdout).toMatch(/^patchbay_sk_\w+\n$/);
  });

  it("defaults to the install's data dir, not the directory it is run from", () => {
    const config = loadConfig({});
    expect(config.dataDir).toBe(join(rootDir, "data"));
    expect(loadConfig({ PATCHBAY_DATA_DIR: "/srv/patchbay" }).dataDir).toBe("/srv/patchbay");
  });
});

describe("patchbay app show | list | unset", () => {
  it("says when an app has no settings, and lists none", () => {
    expect(cli("app", "show", "zoom").stdout).toMatch(/zoom: nothing configured/);
    expect(cli("app", "list").stdout).toMatch(/No app is configured/);
    expect(cli("app", "show", "no_such_app").stderr).toMatch(/No app 'no_such_app'/);
  });

  it("shows what is set with the secret only as 'set', and the redirect URI to register", () => {
    expect(cli("app", "configure", "zoom", "--client-id", "zoom-id", "--client-secret", "zoom-secret-value", "--scopes", "meeting:read").status).toBe(0);
    const show = cli("app", "show", "zoom");
    expect(show.status).toBe(0);
    expect(show.stdout).toContain("client id: zoom-id");
    expect(show.stdout).toContain("client secret: set");
    expect(show.stdout).toContain("scopes: meeting:read");
    expect(show.stdout).toContain("OAuth redirect URI to register with the provider: http://localhost:3000/connect/callback");
    expect(show.stdout).toContain("PATCHBAY_BASE_URL is not set here");
    expect(show.stdout + show.stderr).not.toContain("zoom-secret-value");
    expect(cli("app", "list").stdout).toMatch(/^zoom\tclient id: zoom-id/m);
  });

  it("prints the redirect URI on the server's configured base URL", () => {
    const res = spawnSync(process.execPath, [join(rootDir, "bin/patchbay.js"), "app", "show", "zoom"], {
      env: { ...env, PATCHBAY_BASE_URL: "https://patchbay.example.com" },
      encoding: "utf8",
    });
    expect(res.stdout).toContain("https://patchbay.example.com/connect/callback");
    expect(res.stdout).not.toContain("is not set here");
  });

  it("removes an app's settings with unset, and says when there were none", () => {
    expect(cli("app", "unset", "zoom").stdout).toMatch(/Removed the settings of zoom/);
    expect(cli("app", "show", "zoom").stdout).toMatch(/nothing configured/);
    expect(cli("app", "unset", "zoom").stdout).toMatch(/had no settings/);
  });
});
