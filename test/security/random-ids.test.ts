/** Ids and secrets are drawn from the system's generator through a pool (src/crypto/random.ts): never repeated, every character of the alphabet about equally likely. */
import { describe, expect, it } from "vitest";
import { base62, newId } from "../../src/crypto/random.js";

describe("random ids", () => {
  it("are base62 of the asked length, and never repeat across pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const id = base62(24);
      expect(id).toMatch(/^[0-9A-Za-z]{24}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(5000); // 5000 × 24 characters use ~30 pools of 4 kB
    expect(newId("run")).toMatch(/^run_[0-9A-Za-z]{24}$/);
    expect(base62(1)).toMatch(/^[0-9A-Za-z]$/);
    expect(base62(300)).toHaveLength(300);
  });

  it("use each of the 62 characters about equally often (no modulo bias)", () => {
    const counts = new Map<string, number>();
    const text = base62(62 * 2000);
    for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Chi-square over 61 degrees of freedom: above ~110 by chance less than once in 10,000 runs.
    const chi = [...counts.values()].reduce((sum, n) => sum + (n - 2000) ** 2 / 2000, 0);
    expect(chi).toBeLessThan(110);
  });
});
