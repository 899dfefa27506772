import type { OperationId } from "../../generated/operations.gen.ts";
import type { Handler } from "../dispatch/types.js";
import { ApiError } from "../errors.js";

/** The handler of an operation whose feature is not built yet: 501 in the error shape, never a fake success. */
export function notImplemented<Op extends OperationId>(operationId: Op): Handler<Op> {
  const handler: Handler<Op> = async () => {
    throw new ApiError("not_implemented", `${operationId} is part of the API contract but not available on this server yet (see the README, "Operations and permissions": the "Available" column).`);
  };
  pending.add(handler as Handler<OperationId>);
  return handler;
}

const pending = new WeakSet<Handler<OperationId>>();

/** Whether a handler is the placeholder of an operation not built yet (the README lists them). */
export const isNotImplemented = (handler: unknown) => pending.has(handler as Handler<OperationId>);
