import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors.js";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

let catalog: DiskCatalog;
beforeAll(async () => {
  catalog = await builtCatalog();
}, BUILD_TIMEOUT_MS);

function invalidRequest(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("invalid_request");
    return err as ApiError;
  }
  throw new Error("expected an ApiError");
}

describe("listing apps and tools", () => {
  it("rejects a cursor that is not one of ours with invalid_request", () => {
    invalidRequest(() => catalog.listApps({ limit: 10, cursor: "not-a-cursor" }));
    invalidRequest(() => catalog.listTools({ app: "github", limit: 10, cursor: "bm90LWpzb24" }));
  });

  it("rejects a cursor from another list", () => {
    const cursor = catalog.listTools({ app: "github", limit: 10 }).nextCursor!;
    invalidRequest(() => catalog.listTools({ app: "slack", limit: 10, cursor }));
    invalidRequest(() => catalog.listApps({ limit: 10, cursor }));
    const appsCursor = catalog.listApps({ limit: 10, search: "google" }).nextCursor!;
    invalidRequest(() => catalog.listApps({ limit: 10, search: "amazon", cursor: appsCursor }));
  });

  it("pages through every tool of an app in a stable order, ending with a null cursor", () => {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = catalog.listTools({ app: "slack", limit: 50, cursor });
      names.push(...page.items.map((t) => t.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(names.length).toBe(catalog.getApp("slack")!.toolCount);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(names);
    expect(catalog.listTools({ app: "slack", limit: 5 }).items.map((t) => t.name)).toEqual(names.slice(0, 5));
  });

  it("searches apps by id, name and description, and filters by category", () => {
    const found = catalog.listApps({ search: "Calendar", limit: 50 }).items.map((a) => a.id);
    expect(found).toContain("googlecalendar");
    const messaging = catalog.listApps({ category: "messaging", limit: 1000 }).items;
    expect(messaging.length).toBeGreaterThan(0);
    expect(messaging.every((a) => a.categories.includes("messaging"))).toBe(true);
    expect(catalog.listApps({ search: "no app is called this", limit: 10 })).toEqual({ items: [], nextCursor: null });
  });

  it("answers unknown apps and tools with nothing", () => {
    expect(catalog.getApp("no_such_app")).toBeUndefined();
    expect(catalog.getTool("NO_SUCH_TOOL")).toBeUndefined();
    expect(catalog.listTools({ app: "no_such_app", limit: 10 })).toEqual({ items: [], nextCursor: null });
  });
});
