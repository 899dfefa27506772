import type { KeyPermission } from "../domain/keys.js";

/** Who is calling: the account and the key it used (or, on the web pages, its signed-in session). */
export interface Caller {
  accountId: string;
  email: string;
  accountCreatedAt: Date;
  key: {
    id: string;
    project: string;
    preview: string;
    permissions: KeyPermission[];
    createdAt: Date;
    lastUsedAt: Date | null;
  };
  /** Set when the caller is a signed-in browser (gate/session.ts): `key` then stands for the session, with every permission. */
  session?: { id: string };
}
