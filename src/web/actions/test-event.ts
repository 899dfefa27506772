/** The activity page's action: send a test event through a trigger, then show it. */
import type { Handler } from "../../dispatch/types.js";
import { Reply } from "../../dispatch/types.js";
import { callerOf } from "../../handlers/caller-of.js";
import { sendTestEvent } from "../../events/send-test-event.js";

/** POST /activity/triggers/{id}/test-event: 303 to the activity page, at the trigger, naming the event. */
export const sendWebTestEvent: Handler<"sendWebTestEvent"> = async ({ path }, ctx) => {
  const { eventId } = await sendTestEvent(ctx.services, callerOf(ctx).accountId, path.id);
  const location = `/activity?tested=${encodeURIComponent(eventId)}#trg-${encodeURIComponent(path.id)}`;
  return new Reply(undefined as never, { status: 303, headers: { Location: location } });
};
