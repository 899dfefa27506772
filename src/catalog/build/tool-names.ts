/**
 * Tool names: `<APP>_<ACTION>` in upper snake case, at most 64 characters, unique within the catalog and the same on
 * every build (they depend only on the description). The action comes from the operationId, else from the method
 * and path; words that only repeat the app's name are dropped (`calendar.events.insert` → GOOGLECALENDAR_EVENTS_INSERT).
 */
import { shortHash, words } from "./text.js";

export const MAX_TOOL_NAME = 64;

function methodVerb(method: string, path: string): string {
  const endsWithParam = /\}\/?$/.test(path);
  switch (method) {
    case "GET":
      return endsWithParam ? "get" : "list";
    case "POST":
      return "create";
    case "PUT":
      return "update";
    case "PATCH":
      return "update";
    case "DELETE":
      return "delete";
    default:
      return method.toLowerCase();
  }
}

/** Words of an action named after the method and path: `GET /repos/{owner}/{repo}/issues` → get, repos, issues. */
export function actionFromPath(method: string, path: string): string[] {
  const segments = path.split("/").filter((s) => s && !s.startsWith("{"));
  return [methodVerb(method, path), ...segments.flatMap((s) => words(s))];
}

export function actionWords(operationId: string | undefined, method: string, path: string, appId: string): string[] {
  let action = operationId ? words(operationId) : [];
  if (action.length === 0) action = actionFromPath(method, path);
  const appWords = new Set(appId.split("_"));
  const compact = appId.replace(/_/g, "");
  // One leading word that only repeats the app (`gmail.users.messages.send` → USERS_MESSAGES_SEND); just one, so
  // `tasks.tasks.insert` in Google Tasks keeps TASKS_INSERT.
  if (action.length > 1 && (appWords.has(action[0]!) || (action[0]!.length >= 4 && compact.endsWith(action[0]!)))) action.shift();
  return action;
}

/** Assigns unique names within one app; call in a deterministic order. */
export class ToolNamer {
  private readonly used = new Set<string>();
  constructor(private readonly appId: string) {}

  name(action: string[]): string {
    const prefix = this.appId.toUpperCase();
    let base = fit(prefix, action.map((w) => w.toUpperCase()));
    let name = base;
    for (let n = 2; this.used.has(name); n++) {
      const suffix = `_${n}`;
      name = base.length + suffix.length <= MAX_TOOL_NAME ? base + suffix : base.slice(0, MAX_TOOL_NAME - suffix.length).replace(/_+$/, "") + suffix;
    }
    this.used.add(name);
    return name;
  }
}

function fit(prefix: string, action: string[]): string {
  const full = [prefix, ...action].join("_");
  if (full.length <= MAX_TOOL_NAME) return full;
  // Drop repeated words first (`USERS_USER_LIST_USER` keeps its meaning as `USERS_USER_LIST`).
  const unique = action.filter((w, i) => action.indexOf(w) === i);
  const shorter = [prefix, ...unique].join("_");
  if (shorter.length <= MAX_TOOL_NAME) return shorter;
  const hash = shortHash(full).toUpperCase();
  const room = MAX_TOOL_NAME - hash.length - 1;
  const kept: string[] = [prefix];
  let length = prefix.length;
  // Keep the first words and the last one (usually the verb), trimming from the middle.
  const last = unique[unique.length - 1]!;
  for (const w of unique.slice(0, -1)) {
    if (length + 1 + w.length + 1 + last.length > room) break;
    kept.push(w);
    length += 1 + w.length;
  }
  if (length + 1 + last.length <= room) kept.push(last);
  return `${kept.join("_").slice(0, room).replace(/_+$/, "")}_${hash}`;
}
