import { findTools, getTool, listTools, runTool } from "../../../../generated/client/index.js";
import type { ApiTool, FindToolsData, ListToolsData, RunToolData } from "../../../../generated/client/index.js";
import { call, callPage, collect } from "../call.js";
import { assertFormat, toolDefinition, type ToolDefinition, type ToolDefinitionFormat } from "../tool-definitions.js";
import type { Context } from "./context.js";

type FindOptions = Omit<FindToolsData["body"], "task">;
type RunOptions = Omit<RunToolData["body"], "arguments"> & { idempotencyKey?: string };

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
    /** All the app's tools as definitions for a model: `format` `openai` or `anthropic`. */
    definitions: async <F extends ToolDefinitionFormat>({ app, format }: { app: string; format: F }): Promise<ToolDefinition<F>[]> => {
      assertFormat(format);
      const tools = await collect((cursor) => list({ app, cursor, limit: 200 }));
      return tools.map((tool) => toolDefinition(tool, format));
    },
  };
}
