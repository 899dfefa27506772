/**
 * Idempotency-Key for the UCP and ACP calls that change something. The first request with a key is recorded in
 * flight, then with its answer; within 24 hours the same key with the same body gets that answer again (replayed),
 * with another body a conflict (ACP: 422, UCP: 409), and while the first is still running a 409 with Retry-After.
 * Bodies are compared by a keyed fingerprint, so no guessable hash of what was sent is kept. A failed request
 * releases its key; a request in flight for over a minute is taken as abandoned.
 */
import type { Db } from "../../db/client.js";
import type { Secrets } from "../../crypto/secrets.js";
import { base62 } from "../../crypto/random.js";
import { CommerceError } from "./commerce-error.js";

const KEEP_MS = 24 * 3600 * 1000;
const ABANDONED_MS = 60 * 1000;

export interface Answer {
  status: number;
  body: unknown;
}

export async function idempotent(
  deps: { db: Db; secrets: Secrets },
  request: { scope: string; key: string; body: unknown; conflictStatus: 409 | 422 },
  run: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const { db } = deps;
  const { scope, key } = request;
  const requestHash = deps.secrets.fingerprint(`idempotency:${stableJson(request.body ?? null)}`);
  const now = Date.now();
  // Keys past their 24 hours go (all of them: the table stays small), and this key if it was abandoned in flight.
  await db.commerceIdempotencyKey.deleteMany({
    where: { OR: [{ createdAt: { lt: new Date(now - KEEP_MS) } }, { scope, key, state: "in_flight", createdAt: { lt: new Date(now - ABANDONED_MS) } }] },
  });
  const id = `idk_${base62(24)}`;
  const claimed = await db.commerceIdempotencyKey.create({ data: { id, scope, key, requestHash, state: "in_flight" } }).then(
    () => true,
    (err: { code?: string }) => (err.code === "P2002" ? false : Promise.reject(err)),
  );
  if (!claimed) {
    const earlier = await db.commerceIdempotencyKey.findUnique({ where: { scope_key: { scope, key } } });
    if (!earlier) throw new CommerceError(409, "idempotency_in_flight", "A request with this Idempotency-Key is being processed; retry in a second.", { headers: { "Retry-After": "1" } });
    if (earlier.requestHash !== requestHash) {
      throw new CommerceError(request.conflictStatus, "idempotency_conflict", "This Idempotency-Key was already used with a different request body: use a new key for a new request.");
    }
    if (earlier.state !== "done") {
      throw new CommerceError(409, "idempotency_in_flight", "A request with this Idempotency-Key is currently being processed; retry in a second.", { headers: { "Retry-After": "1" } });
    }
    return { status: earlier.status!, body: JSON.parse(earlier.body!), replayed: true };
  }
  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    await db.commerceIdempotencyKey.delete({ where: { id } }).catch(() => undefined);
    throw err;
  }
  await db.commerceIdempotencyKey.update({ where: { id }, data: { state: "done", status: answer.status, body: JSON.stringify(answer.body) } });
  return { ...answer, replayed: false };
}

/** JSON with object keys sorted, so that the same body in another key order is the same request. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
