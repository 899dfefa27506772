import { findTools, getTool, listTools, runTool } from "../../../../generated/client/index.js";
import type { ApiTool, FindToolsData, ListToolsData, RunToolData } from "../../../../generated/client/index.js";
import { call, callPage, collect } from "../call.js";
import { assertFormat, toolDefinition, type ToolDefinition, type ToolDefinitionFormat } from "../tool-definitions.js";
import type { Context } from "./context.js";

type FindOptions = Omit<FindToolsData["body"], "task">;
type RunOptions = Omit<RunToolData["body"], "arguments"> & { idempotencyKey?: string };

export interface DefinitionOptions<F extends ToolDefinitionFormat> {
  /** Every tool of this app (or, with `task`, only this app's). */
  app?: string;
  format: F;
  /** Only the tools `tools.find` ranks best for this task (at most 50). */
  task?: string;
  /** At most this many definitions. */
  limit?: number;
}

/** Definitions, saying how many tools there were to choose from and whether some were left out. */
export type ToolDefinitions<F extends ToolDefinitionFormat> = ToolDefinition<F>[] & { readonly total: number; readonly truncated: boolean };

export function toolsResource({ settings }: Context) {
  const list = (query: ListToolsData["query"] = {}) => callPage<ApiTool>(listTools({ ...settings, query }));
  return {
    /** Tools with their input schemas (of one app with `app`); a `Page` (see `nextCursor`). */
    list,
    /** One tool with its input schema. */
    get: (tool: string) => call(getTool({ ...settings, path: { tool } })),
    /** Tools for a task in plain words, best first: `{ tools }`. */
    find: (task: string, opts: FindOptions = {}) => call(findTools({ ...settings, body: { ...opts, task } })),
    /**
     * Runs a tool in a connected app. A failure of the app's call is a result with `successful: false`; a refusal
     * by Patchbay (not connected, bad arguments) throws. Give `idempotencyKey` to make a retry safe.
     */
    run: (tool: string, args: Record<string, unknown> = {}, { idempotencyKey, ...opts }: RunOptions = {}) =>
      call(
        runTool({
          ...settings,
          path: { tool },
          body: { ...opts, arguments: args },
          headers: idempotencyKey === undefined ? settings.headers : { ...settings.headers, "Idempotency-Key": idempotencyKey },
        }),
      ),
    /**
     * The tools as definitions for a model, `format` `openai` or `anthropic`: every tool of `app`, or with `task` the
     * best ones for it (`tools.find`, at most 50), at most `limit`. The array says what was left out:
     * `total` (how many there were to choose from) and `truncated`. OpenAI takes at most 128 tools per request.
     */
    definitions: async <F extends ToolDefinitionFormat>({ app, format, task, limit }: DefinitionOptions<F>): Promise<ToolDefinitions<F>> => {
      assertFormat(format);
      if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) throw new TypeError(`limit must be a whole number ≥ 1, got ${limit}.`);
      if (!app && task === undefined) throw new TypeError("Give app (every tool of the app) or task (the best tools for it).");
      const tools: ApiTool[] =
        task !== undefined
          ? (await call(findTools({ ...settings, body: { task, ...(app ? { app } : {}), limit: Math.min(limit ?? 50, 50) } }))).tools
          : await collect((cursor) => list({ app, cursor, limit: 200 }));
      const kept = tools.slice(0, limit ?? tools.length).map((tool) => toolDefinition(tool, format));
      Object.defineProperties(kept, { total: { value: tools.length }, truncated: { value: kept.length < tools.length } });
      return kept as ToolDefinitions<F>;
    },
  };
}
