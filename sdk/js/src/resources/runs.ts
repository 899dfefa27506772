import { listRuns } from "../../../../generated/client/index.js";
import type { ApiRun, ListRunsData } from "../../../../generated/client/index.js";
import { callPage } from "../call.js";
import type { Context } from "./context.js";

export function runsResource({ settings }: Context) {
  return {
    /** The latest runs (25 a page), newest first; a `Page` (see `nextCursor`). */
    list: (query: ListRunsData["query"] = {}) => callPage<ApiRun>(listRuns({ ...settings, query })),
  };
}
