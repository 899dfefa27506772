import AjvModule from "ajv";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

// CommonJS default exports, as NodeNext sees them.
const Ajv = AjvModule as unknown as typeof AjvModule.default;
const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

let catalog: DiskCatalog;
beforeAll(async () => {
  catalog = await builtCatalog();
}, BUILD_TIMEOUT_MS);

describe("tool input schemas", () => {
  it.each([
    ["draft-07", () => new Ajv({ strict: true })],
    ["2020-12", () => new Ajv2020({ strict: true })],
  ])("compile as %s JSON Schema in Ajv's strict mode (a spread sample of 3,000 tools)", (_draft, make) => {
    const ajv = make();
    addFormats(ajv as InstanceType<typeof Ajv>);
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
