/**
 * Every tool's name, by app, read from a built catalog's small files (names.txt is in app order, apps.json gives
 * each app's tool count): no tool record is read, so listing 100,000+ names costs a few milliseconds, where
 * `Catalog.listTools` would read and parse every record and schema.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FILES } from "./format.js";
import type { CatalogApp } from "./types.js";

export function toolNamesByApp(dir: string): Map<string, string[]> {
  const apps = JSON.parse(readFileSync(join(dir, FILES.apps), "utf8")) as CatalogApp[];
  const names = readFileSync(join(dir, FILES.names), "utf8").split("\n");
  const byApp = new Map<string, string[]>();
  let at = 0;
  for (const app of apps) {
    byApp.set(app.id, names.slice(at, at + app.toolCount));
    at += app.toolCount;
  }
  return byApp;
}
