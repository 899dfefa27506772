import type { Handler } from "../dispatch/types.js";
import { callerOf } from "./caller-of.js";

/** GET /me: the account behind the key. */
export const getMe: Handler<"getMe"> = async (_input, ctx) => {
  const caller = callerOf(ctx);
  return {
    id: caller.accountId,
    email: caller.email,
    createdAt: caller.accountCreatedAt.toISOString(),
    key: {
      id: caller.key.id,
      project: caller.key.project,
      permissions: caller.key.permissions,
      preview: caller.key.preview,
      createdAt: caller.key.createdAt.toISOString(),
      lastUsedAt: caller.key.lastUsedAt?.toISOString() ?? null,
    },
  };
};
