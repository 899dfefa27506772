/**
 * `patchbay`: set up a server without a browser. Uses the same environment as the service (DATABASE_URL,
 * PATCHBAY_DATA_DIR, PATCHBAY_SECRET), so keys made here work there.
 *
 *   patchbay account create --email <e> [--password <p>]
 *   patchbay key create --email <e> --project <name> [--permissions read,connect,run]   (prints the key alone)
 *   patchbay key list --email <e>
 *   patchbay key revoke <keyId>
 *   patchbay app configure <app> [--client-id <id> --client-secret <secret>] [--scopes <a,b>] [--base-url <url>]
 *                                [--authorize-url <url>] [--token-url <url>]
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.js";
import { ApiError } from "../errors.js";
import { openCliContext } from "./context.js";
import { accountByEmail, createAccount } from "../domain/accounts.js";
import { createKey, listKeys, parsePermissions, revokeKey } from "../domain/keys.js";
import { configureApp } from "../domain/app-settings.js";
import { openCatalog } from "../catalog/index.js";

const USAGE = `Usage:
  patchbay account create --email <e> [--password <p>]
  patchbay key create --email <e> --project <name> [--permissions read,connect,run]
  patchbay key list --email <e>
  patchbay key revoke <keyId>
  patchbay app configure <app> [--client-id <id> --client-secret <secret>] [--scopes <a,b>] [--base-url <url>]
                               [--authorize-url <url>] [--token-url <url>]`;

async function main(argv: string[]): Promise<number> {
  const [noun, verb, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      project: { type: "string" },
      permissions: { type: "string" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      scopes: { type: "string" },
      "base-url": { type: "string" },
      "authorize-url": { type: "string" },
      "token-url": { type: "string" },
    },
  });
  const need = (name: keyof typeof values) => {
    const value = values[name];
    if (!value) throw new UsageError(`--${name} is required.`);
    return value;
  };
  const command = `${noun ?? ""} ${verb ?? ""}`.trim();
  if (!["account create", "key create", "key list", "key revoke", "app configure"].includes(command)) throw new UsageError(noun ? `Unknown command '${command}'.` : "");

  const ctx = await openCliContext(loadConfig());
  try {
    switch (command) {
      case "account create": {
        const account = await createAccount(ctx.db, need("email"), values.password);
        console.log(`Created account ${account.id} for ${account.email}. Next: patchbay key create --email ${account.email} --project <name>`);
        return 0;
      }
      case "key create": {
        const account = await accountByEmail(ctx.db, need("email"));
        const permissions = values.permissions ? parsePermissions(values.permissions) : undefined;
        const { key, record } = await createKey(ctx.db, ctx.secrets, account.id, need("project"), permissions);
        console.error(`Created key ${record.id} (${record.permissions}) for project '${record.project}'. It is shown once: store it now.`);
        console.log(key);
        return 0;
      }
      case "key list": {
        const account = await accountByEmail(ctx.db, need("email"));
        const keys = await listKeys(ctx.db, account.id);
        if (!keys.length) console.log("No keys.");
        for (const k of keys) {
          const state = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : "active";
          console.log([k.id, k.preview + "…", k.project, k.permissions, `created ${k.createdAt.toISOString()}`, `last used ${k.lastUsedAt?.toISOString() ?? "never"}`, state].join("\t"));
        }
        return 0;
      }
      case "key revoke": {
        const keyId = positionals[0];
        if (!keyId) throw new UsageError("Give the key's id: patchbay key revoke <keyId> (see patchbay key list).");
        const key = await revokeKey(ctx.db, keyId);
        console.log(`Revoked ${key.id} (project '${key.project}'). Requests with it are refused from now on.`);
        return 0;
      }
      case "app configure": {
        const appId = positionals[0];
        if (!appId) throw new UsageError("Give the app's id: patchbay app configure <app> --client-id <id> --client-secret <secret>");
        const catalog = await openCatalog(loadConfig().catalogDir);
        if (!catalog.getApp(appId)) throw new ApiError("not_found", `No app '${appId}' in the catalog. Search it: curl '<base_url>/api/v1/catalog?search=${appId}'`);
        await configureApp(ctx.db, ctx.secrets, appId, {
          clientId: values["client-id"],
          clientSecret: values["client-secret"],
          scopes: values.scopes?.split(",").map((x) => x.trim()).filter(Boolean),
          baseUrl: values["base-url"],
          authorizeUrl: values["authorize-url"],
          tokenUrl: values["token-url"],
        });
        console.log(`Configured ${appId}. OAuth redirect URI to register with the provider: ${loadConfig().baseUrl}/connect/callback`);
        return 0;
      }
    }
    return 2;
  } finally {
    await ctx.close();
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError) {
      if (err.message) console.error(err.message);
      console.error(USAGE);
      process.exit(2);
    }
    if (err instanceof ApiError || err instanceof ConfigError) {
      console.error(`Error: ${err.message}`);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);
