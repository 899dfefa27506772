/**
 * When to try again: three attempts in all; the waits before the 2nd and the 3rd come from
 * PATCHBAY_DELIVERY_RETRY_DELAYS (default 10 s and 60 s). A receiver's `Retry-After` (seconds or an HTTP date)
 * lengthens the wait, up to one hour; it never shortens it.
 */
export const MAX_ATTEMPTS = 3;
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** Milliseconds to wait after failed attempt `attempt` (1-based), or null when it was the last. */
export function retryDelayMs(delaysSeconds: readonly number[], attempt: number, retryAfter: string | undefined, now = Date.now()): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const base = (delaysSeconds[attempt - 1] ?? delaysSeconds.at(-1) ?? 0) * 1000;
  return Math.max(base, Math.min(retryAfterMs(retryAfter, now) ?? 0, MAX_RETRY_AFTER_MS));
}

export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
