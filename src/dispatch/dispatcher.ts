/**
 * One operation, three doors: REST and MCP both call `invoke` with an operationId, validated input and the caller.
 * The permission the contract names for the operation (x-patchbay-permission) is checked by `authorize`, one
 * function that each door calls before validating and that `invoke` repeats.
 */
import { operations, type OperationId } from "../../generated/operations.gen.ts";
import { ApiError } from "../errors.js";
import { PERMISSIONS } from "../domain/keys.js";
import type { Caller } from "../gate/caller.js";
import type { Services } from "../services.js";
import { Reply, type HandlerMap, type Input } from "./types.js";
import { refuseNul } from "./refuse-nul.js";

export interface Dispatcher {
  /**
   * Throws 401 / 403 when the caller may not run the operation. Every door calls it right after the gate and
   * before validating the input, so a key without the permission learns that first (403, not 400); `invoke`
   * calls it again for doors that skip it.
   */
  authorize(operationId: OperationId, caller: Caller | null): void;
  invoke<Op extends OperationId>(operationId: Op, input: Input<Op>, caller: Caller | null, requestId: string): Promise<Reply<unknown>>;
}

export function authorize(operationId: OperationId, caller: Caller | null): void {
  const op = operations[operationId];
  if (op.authenticated && !caller) throw new ApiError("unauthorized", "An API key is required: send `Authorization: Bearer patchbay_sk_...`.");
  if (op.permission !== "none" && caller && !caller.key.permissions.includes(op.permission)) {
    throw new ApiError(
      "insufficient_permission",
      `This operation needs the '${op.permission}' permission; this key has ${caller.key.permissions.join(", ") || "none"}. An operator creates a key with it: patchbay key create --email ${caller.email} --project ${JSON.stringify(caller.key.project)} --permissions ${PERMISSIONS.filter((p) => p === op.permission || caller.key.permissions.includes(p)).join(",")}`,
    );
  }
}

export function createDispatcher(services: Services, handlers: HandlerMap): Dispatcher {
  return {
    authorize,
    async invoke(operationId, input, caller, requestId) {
      const op = operations[operationId];
      authorize(operationId, caller);
      const { path, query, body } = input as { path?: unknown; query?: unknown; body?: unknown };
      refuseNul(path, "path");
      refuseNul(query, "query");
      refuseNul(body, "body");
      const out = await handlers[operationId](input, { caller, services, requestId });
      const reply = out instanceof Reply ? out : new Reply(out);
      return new Reply(reply.body, { ...reply.opts, status: reply.opts.status ?? op.successStatus });
    },
  };
}
