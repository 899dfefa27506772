/**
 * One operation, three doors: REST and MCP both call `invoke` with an operationId, validated input and the caller.
 * The permission the contract names for the operation (x-patchbay-permission) is checked here, once.
 */
import { operations, type OperationId } from "../../generated/operations.gen.ts";
import { ApiError } from "../errors.js";
import type { Caller } from "../gate/caller.js";
import type { Services } from "../services.js";
import { Reply, type HandlerMap, type Input } from "./types.js";

export interface Dispatcher {
  invoke<Op extends OperationId>(operationId: Op, input: Input<Op>, caller: Caller | null, requestId: string): Promise<Reply<unknown>>;
}

export function createDispatcher(services: Services, handlers: HandlerMap): Dispatcher {
  return {
    async invoke(operationId, input, caller, requestId) {
      const op = operations[operationId];
      if (op.authenticated && !caller) throw new ApiError("unauthorized", "An API key is required: send `Authorization: Bearer patchbay_sk_...`.");
      if (op.permission !== "none" && caller && !caller.key.permissions.includes(op.permission)) {
        throw new ApiError(
          "insufficient_permission",
          `This operation needs the '${op.permission}' permission; this key has ${caller.key.permissions.join(", ") || "none"}. Create a key with it: patchbay key create --permissions ${op.permission}`,
        );
      }
      const out = await handlers[operationId](input, { caller, services, requestId });
      const reply = out instanceof Reply ? out : new Reply(out);
      return new Reply(reply.body, { ...reply.opts, status: reply.opts.status ?? op.successStatus });
    },
  };
}
