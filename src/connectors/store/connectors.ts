/**
 * Custom connectors of an account: every query is scoped to the account, so no caller reaches another's. The key
 * is stored sealed (AES-256-GCM, as connection credentials are) and never leaves this module in a view.
 */
import type { Db } from "../../db/client.js";
import { leanReads, type LeanQuery } from "../../db/lean-reads.js";
import { ApiError, notFound } from "../../errors.js";
import { keyset, toPage } from "../../domain/pagination.js";
import type { CustomTool, ReadTools, Skipped } from "../types.js";
import { MAX_SKIPPED_SHOWN } from "../types.js";

export interface NewConnector {
  id: string;
  accountId: string;
  kind: "mcp" | "rest";
  name: string;
  appId: string;
  url: string;
  keySealed: string | null;
  keyIn: string | null;
  spec: string | null;
}

/** Refuses a name the account already uses (checked before the server is contacted, and again by the unique index). */
export async function assertNameFree(db: Db, accountId: string, appId: string) {
  const taken = await db.customConnector.findUnique({ where: { accountId_appId: { accountId, appId } }, select: { id: true } });
  if (taken) throw conflictOf(appId, taken.id);
}

export async function createConnector(db: Db, input: NewConnector, read: ReadTools) {
  await assertNameFree(db, input.accountId, input.appId);
  try {
    return await db.customConnector.create({ data: { ...input, ...toolFields(read) } });
  } catch (err) {
    // Two registrations of the same name raced: the unique (accountId, appId) index kept one.
    if ((err as { code?: string }).code === "P2002") throw conflictOf(input.appId, "(just created)");
    throw err;
  }
}

const conflictOf = (appId: string, id: string) =>
  new ApiError("conflict", `This account already has a custom connector named like that (app ${appId}, ${id}); delete it or choose another name.`);

function toolFields(read: ReadTools) {
  return {
    tools: JSON.stringify(read.tools),
    toolCount: read.tools.length,
    transport: read.transport,
    skipped: JSON.stringify(read.skipped.slice(0, MAX_SKIPPED_SHOWN)),
    refreshedAt: new Date(),
  };
}

export async function saveTools(db: Db, accountId: string, id: string, read: ReadTools) {
  const { count } = await db.customConnector.updateMany({ where: { id, accountId }, data: toolFields(read) });
  if (!count) throw notFound("custom connector", id);
  return connectorOrThrow(db, accountId, id);
}

export async function connectorOrThrow(db: Db, accountId: string, id: string) {
  const row = await db.customConnector.findFirst({ where: { id, accountId } });
  if (!row) throw notFound("custom connector", id);
  return row;
}

export async function listConnectors(db: Db, accountId: string, opts: { limit: number; cursor?: string }) {
  const { where, orderBy } = keyset(opts.cursor);
  const rows = await db.customConnector.findMany({ where: { accountId, ...where }, orderBy, take: opts.limit + 1, omit: { tools: true, spec: true } });
  return toPage(rows, opts.limit);
}

export async function deleteConnector(db: Db, accountId: string, id: string) {
  const { count } = await db.customConnector.deleteMany({ where: { id, accountId } });
  if (!count) throw notFound("custom connector", id);
}

/** Whether the account has any connector: one prepared statement (read on every tools.find; most accounts have none). */
const HAS_CONNECTORS: LeanQuery = {
  name: "has_custom_connectors",
  sqlite: "SELECT 1 AS found FROM CustomConnector WHERE accountId = ? LIMIT 1",
  postgresql: 'SELECT 1 AS found FROM "CustomConnector" WHERE "accountId" = $1 LIMIT 1',
  dates: [],
};

/** The account's connectors' versions (id and when their tools were read): cheap, for caches. */
export async function connectorVersions(db: Db, accountId: string) {
  const lean = leanReads(db);
  if (lean && !(await lean.one(HAS_CONNECTORS, [accountId]))) return [];
  return db.customConnector.findMany({ where: { accountId }, select: { id: true, refreshedAt: true }, orderBy: { id: "asc" } });
}

/** Every tool of the account's connectors, or of one of its apps. */
export async function accountTools(db: Db, accountId: string, appId?: string): Promise<CustomTool[]> {
  const rows = await db.customConnector.findMany({ where: { accountId, ...(appId ? { appId } : {}) }, select: { tools: true }, orderBy: { appId: "asc" } });
  return rows.flatMap((r) => JSON.parse(r.tools) as CustomTool[]);
}

/** One tool by name: its app is the longest `custom_*` app id of the account that prefixes the name. */
export async function accountTool(db: Db, accountId: string, name: string): Promise<CustomTool | undefined> {
  const rows = await db.customConnector.findMany({ where: { accountId }, select: { appId: true, tools: true } });
  for (const r of rows.filter((r) => name.startsWith(`${r.appId.toUpperCase()}_`)).sort((a, b) => b.appId.length - a.appId.length)) {
    const tool = (JSON.parse(r.tools) as CustomTool[]).find((t) => t.name === name);
    if (tool) return tool;
  }
  return undefined;
}

export const appExists = async (db: Db, accountId: string, appId: string) =>
  (await db.customConnector.count({ where: { accountId, appId } })) > 0;

type Row = Awaited<ReturnType<typeof listConnectors>>["items"][number];

export const connectorView = (c: Row) => ({
  id: c.id,
  kind: c.kind as "mcp" | "rest",
  name: c.name,
  app: c.appId,
  url: c.url,
  keyIn: c.keyIn,
  hasKey: c.keySealed !== null,
  toolCount: c.toolCount,
  transport: c.transport as "streamable_http" | "sse" | null,
  skipped: JSON.parse(c.skipped) as Skipped[],
  refreshedAt: c.refreshedAt.toISOString(),
  createdAt: c.createdAt.toISOString(),
});
