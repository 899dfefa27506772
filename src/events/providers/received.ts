import type { Received } from "../types/trigger-type.js";

/** An accepted request that is not an event of the trigger's kind (a ping, another action): 200, nothing stored. */
export const ignored = (why: string): Received => ({ kind: "reply", status: 200, body: { received: true, ignored: why } });

export const eventOf = (payload: unknown): Received => ({ kind: "event", payload });
