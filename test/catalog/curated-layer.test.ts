import { describe, expect, it } from "vitest";
import { CURATED_APPS, DROPPED_SOURCES } from "../../src/catalog/curated.js";
import { describeSource, descriptionsDir, listSources } from "../../src/catalog/build/read-descriptions.js";

const sources = new Set(listSources(descriptionsDir()).map((f) => describeSource(f).source));

describe("the curated layer", () => {
  it("gives each curated app a unique slug id and a name", () => {
    const ids = CURATED_APPS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CURATED_APPS) {
      expect(c.id).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
      expect(c.name.trim()).not.toBe("");
    }
  });

  it("names only descriptions that exist, each claimed by at most one app (product views read their API's)", () => {
    const claimed = CURATED_APPS.filter((c) => !c.paths).flatMap((c) => c.sources);
    expect(claimed.filter((s) => !sources.has(s))).toEqual([]);
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it("drops only descriptions that exist, and never a curated one", () => {
    for (const d of DROPPED_SOURCES) expect([...sources].some((s) => d.match.test(s)), String(d.match)).toBe(true);
    for (const s of CURATED_APPS.flatMap((c) => c.sources)) expect(DROPPED_SOURCES.some((d) => d.match.test(s)), s).toBe(false);
  });
});
