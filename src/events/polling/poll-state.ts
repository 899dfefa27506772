/** What a polling trigger remembers between polls: the ids it has seen, newest first, at most MAX_SEEN. */
const MAX_SEEN = 2000;

export interface PollState {
  seen: string[];
}

export const readPollState = (raw: string | null): PollState => (raw ? (JSON.parse(raw) as PollState) : { seen: [] });

/** The items whose ids were not seen, and the state that remembers them too. */
export function diffItems<T extends { id: string }>(state: PollState, items: T[]): { fresh: T[]; state: PollState } {
  const seen = new Set(state.seen);
  const fresh = items.filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
  const current = [...new Set(items.map((i) => i.id))];
  const keep = new Set(current);
  return { fresh, state: { seen: [...current, ...state.seen.filter((id) => !keep.has(id))].slice(0, MAX_SEEN) } };
}
