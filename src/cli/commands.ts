/**
 * The CLI's commands: what each takes, its help text, and what it does. `main.ts` parses the command line against
 * this table, so every command's help and its accepted options come from one place.
 */
import type { ParseArgsConfig } from "node:util";
import { loadConfig } from "../config.js";
import { ApiError } from "../errors.js";
import { openCatalog } from "../catalog/index.js";
import { accountByEmail, createAccount } from "../domain/accounts.js";
import { createKey, listKeys, parsePermissions, revokeKey } from "../domain/keys.js";
import { configureApp } from "../domain/app-settings.js";
import { listOperatorAppSettings, operatorAppSettings, unsetAppSettings, type OperatorAppSettings } from "../domain/operator-app-settings.js";
import type { CliContext } from "./context.js";

export type Values = Record<string, string | undefined>;

export class UsageError extends Error {}

export interface Command {
  /** `noun verb`, e.g. `key create`. */
  name: string;
  summary: string;
  /** The argument line after `patchbay <name>`. */
  args: string;
  /** Option name → its help line; every option takes a value. */
  options: Record<string, string>;
  /** Options that may be given more than once: their values come in `lists`, in the order given. */
  repeatable?: readonly string[];
  /** How many positional arguments it takes. */
  positionals: number;
  run(ctx: CliContext, values: Values, positionals: string[], lists: Record<string, string[]>): Promise<void>;
}

const need = (values: Values, name: string) => {
  const value = values[name];
  if (!value) throw new UsageError(`--${name} is required.`);
  return value;
};

const APP_SETTINGS = ["client-id", "client-secret", "scopes", "base-url", "authorize-url", "token-url", "server-url"];

/** `--server-url <declared origin>=<url>` (an empty URL removes the setting): origin → URL, or "" to remove. */
function serverUrlPairs(given: string[]): Record<string, string> | undefined {
  if (!given.length) return undefined;
  const out: Record<string, string> = {};
  for (const pair of given) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`--server-url takes <declared origin>=<url>, e.g. --server-url https://upload.box.com=https://box-upload.example.com; got '${pair}'.`);
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

export const COMMANDS: Command[] = [
  {
    name: "account create",
    summary: "Create an account (the owner of keys and connections).",
    args: "--email <e> [--password <p>]",
    options: { email: "the account's e-mail address", password: "a password for the web sign-in (optional)" },
    positionals: 0,
    async run(ctx, values) {
      const account = await createAccount(ctx.db, need(values, "email"), values.password);
      console.log(`Created account ${account.id} for ${account.email}. Next: patchbay key create --email ${account.email} --project <name>`);
    },
  },
  {
    name: "key create",
    summary: "Create an API key for an account; the key alone is printed on stdout, once.",
    args: "--email <e> --project <name> [--permissions read,connect,run]",
    options: { email: "the account's e-mail address", project: "what the key is for (shown in key lists)", permissions: "comma-separated subset of read,connect,run (default: all)" },
    positionals: 0,
    async run(ctx, values) {
      const account = await accountByEmail(ctx.db, need(values, "email"));
      const permissions = values.permissions === undefined ? undefined : parsePermissions(values.permissions);
      const { key, record } = await createKey(ctx.db, ctx.secrets, account.id, need(values, "project"), permissions);
      console.error(`Created key ${record.id} (${record.permissions}) for project '${record.project}'. It is shown once: store it now.`);
      console.log(key);
    },
  },
  {
    name: "key list",
    summary: "List an account's keys (ids and previews, never the keys).",
    args: "--email <e>",
    options: { email: "the account's e-mail address" },
    positionals: 0,
    async run(ctx, values) {
      const account = await accountByEmail(ctx.db, need(values, "email"));
      const keys = await listKeys(ctx.db, account.id);
      if (!keys.length) console.log("No keys.");
      for (const k of keys) {
        const state = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : "active";
        console.log([k.id, k.preview + "…", k.project, k.permissions, `created ${k.createdAt.toISOString()}`, `last used ${k.lastUsedAt?.toISOString() ?? "never"}`, state].join("\t"));
      }
    },
  },
  {
    name: "key revoke",
    summary: "Revoke a key: requests with it are refused from then on.",
    args: "<keyId>",
    options: {},
    positionals: 1,
    async run(ctx, _values, positionals) {
      const keyId = positionals[0];
      if (!keyId) throw new UsageError("Give the key's id (see patchbay key list).");
      const key = await revokeKey(ctx.db, keyId);
      console.log(`Revoked ${key.id} (project '${key.project}'). Requests with it are refused from now on.`);
    },
  },
  {
    name: "app configure",
    summary: "Set an app's OAuth client, scopes or addresses (at least one setting).",
    args: "<app> [--client-id <id> --client-secret <secret>] [--scopes <a,b>] [--base-url <url>] [--authorize-url <url>] [--token-url <url>] [--server-url <origin>=<url> ...]",
    options: {
      "client-id": "the OAuth client id registered with the provider",
      "client-secret": "its client secret (stored sealed, never shown again)",
      scopes: "comma-separated scopes to ask for instead of the catalog's defaults",
      "base-url": "the app's API address (a self-hosted edition, a regional API, a local stand-in)",
      "authorize-url": "the provider's OAuth authorization endpoint",
      "token-url": "the provider's OAuth token endpoint",
      "server-url":
        "<origin>=<url>: the address for operations served from their own host (an origin the app's operations declare, e.g. https://upload.box.com); the URL replaces that origin, the rest of the operation's address is kept; repeatable; <origin>= removes it",
    },
    repeatable: ["server-url"],
    positionals: 1,
    async run(ctx, values, positionals, lists) {
      const appId = await catalogApp(positionals[0]);
      const serverUrls = serverUrlPairs(lists["server-url"] ?? []);
      if (!APP_SETTINGS.some((name) => values[name] !== undefined) && !serverUrls) {
        throw new UsageError(`Give at least one setting to change: ${APP_SETTINGS.map((n) => `--${n}`).join(", ")}. See what is set: patchbay app show ${appId}`);
      }
      await configureApp(ctx.db, ctx.secrets, appId, {
        clientId: values["client-id"],
        clientSecret: values["client-secret"],
        scopes: values.scopes?.split(",").map((x) => x.trim()).filter(Boolean),
        baseUrl: values["base-url"],
        authorizeUrl: values["authorize-url"],
        tokenUrl: values["token-url"],
        serverUrls,
      }, serverUrls ? await openCatalog(loadConfig().catalogDir) : undefined);
      console.log(`Configured ${appId}.`);
      if (values["client-id"] !== undefined) console.log(redirectUriLine());
    },
  },
  {
    name: "app show",
    summary: "Show what the operator set for an app (the client secret only as 'set').",
    args: "<app>",
    options: {},
    positionals: 1,
    async run(ctx, _values, positionals) {
      const appId = await catalogApp(positionals[0]);
      const settings = await operatorAppSettings(ctx.db, appId);
      if (!settings) {
        console.log(`${appId}: nothing configured; it uses the catalog's description as published. Set it: patchbay app configure ${appId} --help`);
        return;
      }
      console.log(describeSettings(settings));
      if (settings.clientId) console.log(redirectUriLine());
    },
  },
  {
    name: "app list",
    summary: "List the apps the operator configured.",
    args: "",
    options: {},
    positionals: 0,
    async run(ctx) {
      const all = await listOperatorAppSettings(ctx.db);
      if (!all.length) console.log("No app is configured. Configure one: patchbay app configure <app> --help");
      for (const s of all) console.log(describeSettings(s).replace(/\n {2}/g, "\t"));
    },
  },
  {
    name: "app unset",
    summary: "Remove every setting of an app: it goes back to the catalog's description.",
    args: "<app>",
    options: {},
    positionals: 1,
    async run(ctx, _values, positionals) {
      const appId = positionals[0];
      if (!appId) throw new UsageError("Give the app's id.");
      console.log((await unsetAppSettings(ctx.db, appId)) ? `Removed the settings of ${appId}.` : `${appId} had no settings; nothing changed.`);
    },
  },
];

async function catalogApp(appId: string | undefined): Promise<string> {
  if (!appId) throw new UsageError("Give the app's id, e.g. github.");
  const catalog = await openCatalog(loadConfig().catalogDir);
  if (!catalog.getApp(appId)) throw new ApiError("not_found", `No app '${appId}' in the catalog. Search it: curl '${loadConfig().baseUrl}/api/v1/catalog?search=${encodeURIComponent(appId)}'`);
  return appId;
}

function describeSettings(s: OperatorAppSettings): string {
  const parts = [
    s.appId,
    `client id: ${s.clientId ?? "none"}`,
    `client secret: ${s.clientSecret ?? "none"}`,
    `scopes: ${s.scopes?.join(",") ?? "catalog default"}`,
    `base URL: ${s.baseUrl ?? "catalog"}`,
    ...(s.authorizeUrl ? [`authorize URL: ${s.authorizeUrl}`] : []),
    ...(s.tokenUrl ? [`token URL: ${s.tokenUrl}`] : []),
    ...Object.entries(s.serverUrls ?? {}).map(([origin, url]) => `server URL for ${origin}: ${url}`),
    `updated ${s.updatedAt.toISOString()}`,
  ];
  return parts.join("\n  ");
}

/** The redirect URI the provider must know: the server's base URL, as the server resolves it from the same settings. */
function redirectUriLine(): string {
  const config = loadConfig();
  const line = `OAuth redirect URI to register with the provider: ${config.baseUrl}/connect/callback`;
  return config.baseUrlGiven
    ? line
    : `${line}\n  (PATCHBAY_BASE_URL is not set here, so this is the default address; set it as the server has it, e.g. PATCHBAY_BASE_URL=https://patchbay.example.com)`;
}

/** parseArgs options of a command: its own, all taking a value (the repeatable ones several), plus -h/--help. */
export function parseOptions(command: Command): NonNullable<ParseArgsConfig["options"]> {
  return {
    ...Object.fromEntries(Object.keys(command.options).map((name) => [name, { type: "string" as const, ...(command.repeatable?.includes(name) ? { multiple: true } : {}) }])),
    help: { type: "boolean", short: "h" },
  };
}

export function commandHelp(command: Command): string {
  const width = Math.max(0, ...Object.keys(command.options).map((n) => n.length)) + 4;
  const options = Object.entries(command.options).map(([name, text]) => `  --${name.padEnd(width)}${text}`);
  return [
    `Usage: patchbay ${command.name}${command.args ? ` ${command.args}` : ""}`,
    "",
    command.summary,
    ...(options.length ? ["", "Options:", ...options] : []),
    `  ${"-h, --help".padEnd(width + 2)}this help`,
  ].join("\n");
}

export function generalHelp(only?: string): string {
  const shown = COMMANDS.filter((c) => !only || c.name.startsWith(`${only} `));
  const width = Math.max(...shown.map((c) => c.name.length)) + 2;
  return [
    "Usage: patchbay <command> [options]",
    "",
    "Set up a Patchbay server without a browser: accounts, keys, and the operator's app settings. Works on the same",
    "database and secret as the server (DATABASE_URL, PATCHBAY_DATA_DIR, PATCHBAY_SECRET).",
    "",
    "Commands:",
    ...shown.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    "patchbay <command> --help shows a command's options; patchbay --version its version.",
  ].join("\n");
}
