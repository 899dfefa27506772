import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogTool, DiskCatalog } from "../../src/catalog/index.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

const NAME = /^[A-Z0-9]+(_[A-Z0-9]+)*$/;
const PROPERTY = /^[a-zA-Z0-9_.-]{1,64}$/;

let catalog: DiskCatalog;
const tools: CatalogTool[] = [];
beforeAll(async () => {
  catalog = await builtCatalog();
  let cursor: string | undefined;
  do {
    const page = catalog.listTools({ limit: 1000, cursor });
    tools.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}, BUILD_TIMEOUT_MS);

/** Collects what breaks a rule for every tool, so one run reports all offenders, not the first. */
function offenders(check: (t: CatalogTool) => string | null): string[] {
  const out: string[] = [];
  for (const t of tools) {
    const problem = check(t);
    if (problem) out.push(`${t.name}: ${problem}`);
  }
  return out.slice(0, 20);
}

describe("every tool (all of them, not a sample)", () => {
  it("is listed once, in full", () => {
    expect(tools.length).toBe(catalog.stats().tools);
  });

  it("has an upper-snake-case name of at most 64 characters", () => {
    expect(offenders((t) => (t.name.length > 64 ? "longer than 64" : NAME.test(t.name) ? null : "not upper snake case"))).toEqual([]);
  });

  it("has a name that starts with its app's id in upper case", () => {
    expect(offenders((t) => (t.name.startsWith(`${t.app.toUpperCase()}_`) && catalog.getApp(t.app) ? null : `app ${t.app}`))).toEqual([]);
  });

  it("has a unique name", () => {
    const seen = new Set<string>();
    expect(offenders((t) => (seen.has(t.name) ? "duplicate" : (seen.add(t.name), null)))).toEqual([]);
  });

  it("has an input schema of type object without $ref, oneOf, anyOf or allOf at the top", () => {
    expect(
      offenders((t) => {
        const s = t.inputSchema;
        if (s.type !== "object") return "type is not object";
        for (const k of ["$ref", "oneOf", "anyOf", "allOf"]) if (k in s) return `top-level ${k}`;
        if (JSON.stringify(s).includes('"$ref"')) return "a $ref inside";
        return null;
      }),
    ).toEqual([]);
  });

  it("has valid property names, each mapped to a place in the request", () => {
    expect(
      offenders((t) => {
        const props = Object.keys((t.inputSchema.properties ?? {}) as object);
        const bad = props.find((p) => !PROPERTY.test(p));
        if (bad) return `property ${bad}`;
        const mapped = new Set(t.http.params.map((p) => p.name));
        const unmapped = props.find((p) => !mapped.has(p));
        if (unmapped) return `property ${unmapped} has no param`;
        if (t.http.bodyMode === "property" && !t.http.params.some((p) => p.in === "body" && p.name === "body")) return "body property missing";
        return null;
      }),
    ).toEqual([]);
  });

  it("has a description and a path relative to its app's base URL", () => {
    expect(offenders((t) => (!t.description ? "no description" : t.http.path.startsWith("/") ? null : `path ${t.http.path}`))).toEqual([]);
  });
});
