/** Verbs found in operation names, by what they do; shared by the index builder and tools.find. */
import { stem } from "./analyze.js";

export type Intent = "create" | "read" | "list" | "update" | "delete" | "search";

/** Verbs in operation names, by intent (plain words; stemmed where used). */
export const NAME_VERBS: Record<Intent, string[]> = {
  list: ["list", "index", "browse", "enumerate"],
  read: ["get", "retrieve", "read", "show", "fetch", "view", "download", "describe", "export", "check", "info"],
  create: ["create", "add", "insert", "new", "post", "send", "upload", "submit", "generate", "register", "import", "invite", "publish", "start", "book", "write", "reply"],
  update: ["update", "patch", "modify", "edit", "set", "replace", "change", "move", "rename", "enable", "disable", "assign", "archive", "unarchive", "restore", "untrash", "pause", "resume", "play", "complete", "merge", "lock", "unlock", "put", "toggle", "mark", "close", "reopen", "transfer"],
  delete: ["delete", "remove", "destroy", "trash", "clear", "purge", "cancel", "revoke", "unassign", "unsubscribe", "detach", "kick", "leave"],
  search: ["search", "query", "find", "lookup", "filter"],
};

/** Stems of every verb an operation name may carry. */
export const NAME_VERB_STEMS = new Set(Object.values(NAME_VERBS).flat().map(stem));
