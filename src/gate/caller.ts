import type { KeyPermission } from "../domain/keys.js";

/** Who is calling: the account and the key it used. */
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
}
