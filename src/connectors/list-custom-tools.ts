/** An account's custom tools for GET /tools?app=custom_<name> and GET /tools/{tool}: visible to that account only. */
import type { Services } from "../services.js";
import { encodeCursor, decodeCursor } from "../catalog/cursor.js";
import type { CustomTool } from "./types.js";
import { CUSTOM_PREFIX } from "./names.js";
import { accountTool, accountTools, appExists } from "./store/connectors.js";

export const isCustomApp = (app: string) => app.startsWith(CUSTOM_PREFIX);

/** A custom tool of the account, by name; undefined when the name is not one (every custom tool starts with CUSTOM_). */
export async function customTool(services: Services, accountId: string, name: string): Promise<CustomTool | undefined> {
  const upper = name.toUpperCase();
  return upper.startsWith(CUSTOM_PREFIX.toUpperCase()) ? accountTool(services.db, accountId, upper) : undefined;
}

/** A page of one custom app's tools; null when the account has no such app. */
export async function listCustomTools(services: Services, accountId: string, app: string, opts: { limit: number; cursor?: string }) {
  if (!(await appExists(services.db, accountId, app))) return null;
  const tools = await accountTools(services.db, accountId, app);
  const start = opts.cursor ? decodeCursor(opts.cursor, { k: "custom-tools", a: app }) : 0;
  const end = Math.min(tools.length, start + opts.limit);
  return { items: tools.slice(start, end), nextCursor: end < tools.length ? encodeCursor({ k: "custom-tools", a: app, i: end }) : null };
}
