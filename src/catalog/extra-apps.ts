/**
 * Apps added to the built catalog at start-up from a description in hand, compiled by the catalog's own compiler:
 * the example app of `npm run demo` (src/demo/). They are listed first, found by name, and otherwise behave as
 * any catalog app.
 */
import { appFields } from "./build/app-record.js";
import { apiKeyParamNames, authMethods } from "./build/auth-methods.js";
import { serverVariables } from "./build/connection-variables.js";
import { compileOperation, type OperationContext } from "./build/compile-operation.js";
import { actionWords, ToolNamer } from "./build/tool-names.js";
import type { AuthMethod, Catalog, CatalogApp, CatalogTool, FindOptions, Page, ToolMatch } from "./types.js";
import { findAnswer, findAnswerAsync, type AnsweringCatalog, type FindAnswer } from "./find/answer.js";

export interface ExtraApp {
  app: CatalogApp;
  tools: CatalogTool[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** An OpenAPI 3 description → one app (sign-in methods optionally narrowed) and its tools. */
export function compileExtraApp(id: string, doc: Record<string, any>, opts: { name?: string; auth?: (m: AuthMethod) => boolean } = {}): ExtraApp {
  const fields = appFields(doc, id);
  const server = serverVariables(doc, id);
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, any>;
  const ctx: OperationContext = {
    doc,
    skipParams: apiKeyParamNames(doc),
    oauthSchemes: new Set(Object.keys(schemes).filter((k) => schemes[k]?.type === "oauth2")),
    servers: { provider: id, appBaseUrl: server.baseUrl, variables: server.variables, urlSecrets: server.secretFields.map((f) => f.name) },
  };
  const namer = new ToolNamer(id);
  const tools: CatalogTool[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, any>)) {
    for (const m of METHODS) {
      if (!item[m]) continue;
      const draft = compileOperation(m, path, item, item[m], ctx);
      tools.push({ name: namer.name(actionWords(draft.operationId, draft.http.method, path, id)), app: id, description: draft.description, inputSchema: draft.inputSchema, http: draft.http, scopes: draft.scopes });
    }
  }
  tools.sort((a, b) => (a.name < b.name ? -1 : 1));
  const auth = authMethods(doc, fields.baseUrl, server.secretFields).filter(opts.auth ?? (() => true));
  const variables = server.variables.length ? { variables: server.variables } : {};
  return { app: { id, ...fields, baseUrl: server.baseUrl, ...(opts.name ? { name: opts.name } : {}), auth, ...variables, toolCount: tools.length }, tools };
}

const words = (text: string) => new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2));

/** The catalog with `extras` added: listed first, looked up by id and name, found by words of their names. */
export function withExtraApps(base: Catalog, extras: ExtraApp[]): Catalog & Partial<AnsweringCatalog> {
  if (!extras.length) return base;
  const apps = new Map(extras.map((e) => [e.app.id, e]));
  const tools = new Map(extras.flatMap((e) => e.tools.map((t) => [t.name, t] as const)));
  const matchesApp = (app: CatalogApp, search?: string, category?: string) =>
    (!search || `${app.id} ${app.name} ${app.description}`.toLowerCase().includes(search.toLowerCase())) && (!category || app.categories.includes(category));
  const own = (task: string, opts: FindOptions): { mine: ToolMatch[]; only: boolean } => {
    const asked = words(task);
    const named = extras.filter((e) => opts.app === e.app.id || [...words(`${e.app.id} ${e.app.name}`)].some((w) => asked.has(w)));
    const mine: ToolMatch[] = [];
    for (const e of named) {
      for (const tool of e.tools) {
        const hits = [...words(`${tool.name} ${tool.description}`)].filter((w) => asked.has(w));
        if (hits.length) mine.push({ tool, score: hits.length, reasons: [`app named in task: ${e.app.id}`, ...hits.map((w) => `word: ${w}`)] });
      }
    }
    mine.sort((a, b) => b.score - a.score);
    return { mine, only: Boolean(opts.app && apps.has(opts.app)) };
  };
  // (An extra app asked for by id: its own tools only, the base catalog not asked.)
  const none: FindAnswer = { matches: [], notice: null };
  const merged = (mine: ToolMatch[], found: FindAnswer, opts: FindOptions): FindAnswer => ({ matches: [...mine, ...found.matches].slice(0, opts.limit ?? 10), notice: mine.length ? null : found.notice });
  const answer = (task: string, opts: FindOptions): FindAnswer => {
    const { mine, only } = own(task, opts);
    return merged(mine, only ? none : findAnswer(base, task, opts), opts);
  };
  const answerAsync = async (task: string, opts: FindOptions): Promise<FindAnswer> => {
    const { mine, only } = own(task, opts);
    return merged(mine, only ? none : await findAnswerAsync(base, task, opts), opts);
  };
  return {
    listApps(opts): Page<CatalogApp> {
      const page = base.listApps(opts);
      if (opts.cursor) return page;
      const mine = extras.map((e) => e.app).filter((a) => matchesApp(a, opts.search, opts.category));
      return { items: [...mine, ...page.items].slice(0, Math.max(opts.limit, mine.length)), nextCursor: page.nextCursor };
    },
    getApp: (id) => apps.get(id)?.app ?? base.getApp(id),
    listTools(opts): Page<CatalogTool> {
      const extra = opts.app ? apps.get(opts.app) : undefined;
      if (extra) {
        const start = opts.cursor ? Number(opts.cursor) : 0;
        const items = extra.tools.slice(start, start + opts.limit);
        return { items, nextCursor: start + opts.limit < extra.tools.length ? String(start + opts.limit) : null };
      }
      return base.listTools(opts);
    },
    getTool: (name) => tools.get(name) ?? base.getTool(name),
    toolNames: (app) => apps.get(app)?.tools.map((t) => t.name) ?? base.toolNames(app),
    findTools: (task: string, opts: FindOptions): ToolMatch[] => answer(task, opts).matches,
    findToolsWithNotice: answer,
    findToolsWithNoticeAsync: answerAsync,
    stats: () => {
      const s = base.stats();
      return { apps: s.apps + extras.length, tools: s.tools + tools.size };
    },
  };
}
