/**
 * Answers remembered by their key, for keys of at most `maxKeyLength` characters and at most `max` of them: all
 * forgotten at once when full, so a read costs one Map lookup and no bookkeeping. For pure functions asked again and
 * again with a few short values (a configured URL, a contract path, a key's fingerprint, a connection's credentials).
 */
export class BoundedMemo<V> {
  private readonly values = new Map<string, V>();
  constructor(
    private readonly max: number,
    private readonly maxKeyLength = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    return key.length <= this.maxKeyLength ? this.values.get(key) : undefined;
  }

  /** Remembers `value` for `key` (unless the key is too long) and returns it. */
  set(key: string, value: V): V {
    if (key.length > this.maxKeyLength) return value;
    if (this.values.size >= this.max) this.values.clear();
    this.values.set(key, value);
    return value;
  }

  /** The remembered answer for `key`, or `compute(key)` remembered. `compute` should be a function made once, not per call. */
  of(key: string, compute: (key: string) => V): V {
    const known = this.get(key);
    return known === undefined ? this.set(key, compute(key)) : known;
  }
}
