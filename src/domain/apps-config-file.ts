/**
 * Operator settings from a file (PATCHBAY_APPS_CONFIG), applied on start: the same settings as
 * `patchbay app configure`, for deployments configured by files rather than commands.
 *
 *   { "github": { "clientId": "...", "clientSecret": "...", "scopes": ["repo"], "baseUrl": "https://ghe.example.com/api/v3" },
 *     "box": { "serverUrls": { "https://upload.box.com": "https://box-upload.mirror.example.com" } } }
 *
 * `serverUrls` (an origin the app's operations declare as their own server → the operator's URL) is merged into what
 * is stored, as `--server-url` is; an origin given "" or null is removed.
 */
import { readFile } from "node:fs/promises";
import type { Db } from "../db/client.js";
import type { Secrets } from "../crypto/secrets.js";
import type { Catalog } from "../catalog/types.js";
import { ConfigError } from "../config.js";
import { ApiError } from "../errors.js";
import { configureApp, type AppSettingsInput } from "./app-settings.js";

const FIELDS = new Set(["clientId", "clientSecret", "scopes", "baseUrl", "authorizeUrl", "tokenUrl", "serverUrls"]);
const VAR = "PATCHBAY_APPS_CONFIG";

export async function applyAppsConfigFile(path: string, db: Db, secrets: Secrets, catalog: Catalog): Promise<string[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, "utf8"));
  } catch (err) {
    throw new ConfigError(VAR, `names a file that cannot be read as JSON (${path}): ${(err as Error).message}`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new ConfigError(VAR, `must hold an object of app id → settings (${path})`);
  const applied: string[] = [];
  for (const [appId, settings] of Object.entries(parsed)) {
    if (!catalog.getApp(appId)) throw new ConfigError(VAR, `names an app that is not in the catalog: '${appId}' (${path})`);
    const unknown = Object.keys(settings ?? {}).filter((k) => !FIELDS.has(k));
    if (unknown.length) throw new ConfigError(VAR, `has unknown settings for ${appId}: ${unknown.join(", ")}; known: ${[...FIELDS].join(", ")}`);
    try {
      await configureApp(db, secrets, appId, settings as AppSettingsInput, catalog);
    } catch (err) {
      if (err instanceof ApiError) throw new ConfigError(VAR, `${appId}: ${err.message}`);
      throw err;
    }
    applied.push(appId);
  }
  return applied;
}
