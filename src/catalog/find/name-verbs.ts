/** Verbs found in operation names, by what they do; shared by the index builder and tools.find. */
import { stem } from "./analyze.js";

export type Intent = "create" | "read" | "list" | "update" | "delete" | "search";

/** Verbs in operation names, by intent (plain words; stemmed where used). */
export const NAME_VERBS: Record<Intent, string[]> = {
  list: ["list", "index", "browse", "enumerate"],
  read: ["get", "retrieve", "read", "show", "fetch", "view", "download", "describe", "export", "check", "info", "compute", "calculate"],
  create: ["create", "add", "insert", "new", "post", "send", "upload", "submit", "generate", "register", "import", "invite", "publish", "start", "book", "write", "reply", "append"],
  update: ["update", "patch", "modify", "edit", "set", "replace", "change", "move", "rename", "enable", "disable", "assign", "archive", "unarchive", "restore", "untrash", "pause", "resume", "play", "complete", "merge", "lock", "unlock", "put", "toggle", "mark", "close", "reopen", "transfer"],
  delete: ["delete", "remove", "destroy", "trash", "clear", "purge", "cancel", "revoke", "unassign", "unsubscribe", "detach", "kick", "leave"],
  search: ["search", "query", "find", "lookup", "filter"],
};

/** Stems of every verb an operation name may carry. */
export const NAME_VERB_STEMS = new Set(Object.values(NAME_VERBS).flat().map(stem));

export const INTENTS: Intent[] = ["list", "read", "create", "update", "delete", "search"];
const METHOD_WORDS = new Set(["get", "post", "put", "patch", "delete", "head"]);
const VERB_INTENT = new Map<string, Intent>();
for (const [intent, verbs] of Object.entries(NAME_VERBS) as [Intent, string[]][]) for (const v of verbs) VERB_INTENT.set(v, intent);

/**
 * What an operation's name says it does, from verbs in their base form (`archiveAllCards` → update; `removed-subscribers`
 * names a thing, not an action). Words that only repeat the HTTP method (GET_, POST_) say nothing more.
 * Returns 0 for none, else 1 + the index in INTENTS.
 */
export function nameIntent(words: string[]): number {
  for (const w of words) {
    const intent = VERB_INTENT.get(w);
    if (intent && !METHOD_WORDS.has(w)) return INTENTS.indexOf(intent) + 1;
  }
  return 0;
}
