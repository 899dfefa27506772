import Ajv from "ajv";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

let catalog: DiskCatalog;
beforeAll(async () => {
  catalog = await builtCatalog();
}, BUILD_TIMEOUT_MS);

describe("tool input schemas", () => {
  it("compile as JSON Schema in Ajv's strict mode (a spread sample of 3,000 tools)", () => {
    const ajv = new Ajv({ strict: true });
    addFormats(ajv);
    const total = catalog.stats().tools;
    const step = Math.floor(total / 3000);
    const failures: string[] = [];
    for (let i = 0; i < total; i += step) {
      const tool = catalog.toolAt(i);
      try {
        ajv.compile(tool.inputSchema);
      } catch (err) {
        failures.push(`${tool.name}: ${(err as Error).message.slice(0, 120)}`);
      }
      if (i % (step * 500) === 0) ajv.removeSchema();
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it("accept valid arguments and reject missing required ones", () => {
    const ajv = new Ajv({ strict: true });
    addFormats(ajv);
    const validate = ajv.compile(catalog.getTool("GITHUB_ISSUES_CREATE")!.inputSchema);
    expect(validate({ owner: "octocat", repo: "hello", title: "Bug" })).toBe(true);
    expect(validate({ owner: "octocat", repo: "hello" })).toBe(false);
  });

  it("stay within the size bound", () => {
    const total = catalog.stats().tools;
    let largest = 0;
    for (let i = 0; i < total; i += 37) largest = Math.max(largest, JSON.stringify(catalog.toolAt(i).inputSchema).length);
    expect(largest).toBeLessThanOrEqual(24_000);
  });
});
