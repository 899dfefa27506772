/**
 * What tools.find answers besides the ranked tools: near-duplicates folded into a match (`variants`) and a notice
 * when the task names an app that is not in the catalog. A catalog that cannot say more (a custom-tools index, an
 * older catalog) answers with the matches only.
 */
import type { Catalog, FindOptions, ToolMatch } from "../types.js";

export interface ToolVariant {
  name: string;
  app: string;
  http: { method: string; path: string };
}

/** A match with the same operation by other paths or in a beta copy (`/users/{id}/messages` beside `/me/messages`). */
export interface FoundTool extends ToolMatch {
  variants?: ToolVariant[];
}

/** Something the caller should know about a find's answer: the task names an app that is not in the catalog. */
export interface FindNotice {
  code: "app_not_in_catalog";
  /** The app named in the task, as it is usually written ("Dropbox"). */
  app: string;
  message: string;
  /** Catalog apps whose tools answer the task instead, best first. */
  nearestApps: string[];
}

export interface FindAnswer {
  matches: FoundTool[];
  notice: FindNotice | null;
}

/** A catalog that answers a find with its notice (and, when it can, off the event loop: findToolsWithNoticeAsync). */
export interface AnsweringCatalog {
  findToolsWithNotice(task: string, opts: FindOptions): FindAnswer;
  findToolsWithNoticeAsync?(task: string, opts: FindOptions): Promise<FindAnswer>;
}

/** The find answer of any catalog: with the notice when the catalog gives one. */
export function findAnswer(catalog: Catalog, task: string, opts: FindOptions): FindAnswer {
  const answering = catalog as Catalog & Partial<AnsweringCatalog>;
  return answering.findToolsWithNotice ? answering.findToolsWithNotice(task, opts) : { matches: catalog.findTools(task, opts), notice: null };
}

/** findAnswer, ranked on the catalog's find thread when it has one running (find-thread.ts). */
export function findAnswerAsync(catalog: Catalog, task: string, opts: FindOptions): Promise<FindAnswer> {
  const answering = catalog as Catalog & Partial<AnsweringCatalog>;
  return answering.findToolsWithNoticeAsync ? answering.findToolsWithNoticeAsync(task, opts) : Promise.resolve(findAnswer(catalog, task, opts));
}
