import { beforeAll, describe, expect, it } from "vitest";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

let catalog: DiskCatalog;
beforeAll(async () => {
  catalog = await builtCatalog();
}, BUILD_TIMEOUT_MS);

const top = (task: string, opts = {}) => catalog.findTools(task, { limit: 5, ...opts });
const ops = (task: string, opts = {}) => top(task, opts).map((m) => `${m.tool.app} ${m.tool.http.method} ${m.tool.http.path}`);

describe("tools.find", () => {
  it("finds the operation a plain task asks for, in the app it names", () => {
    expect(ops("create an issue about the broken login page on GitHub")[0]).toBe("github POST /repos/{owner}/{repo}/issues");
    expect(ops("post a message in the #general Slack channel")[0]).toBe("slack POST /chat.postMessage");
    expect(ops("delete the event from my Google Calendar")[0]).toBe("googlecalendar DELETE /calendars/{calendarId}/events/{eventId}");
    expect(ops("list my Stripe customers")[0]).toBe("stripe GET /v1/customers");
  });

  it("keeps to the app named in the task", () => {
    for (const m of top("merge the pull request on GitHub")) expect(m.tool.app).toBe("github");
    expect(top("merge the pull request on GitHub")[0]!.reasons[0]).toMatch(/app named in task: github/);
  });

  it("counts a brand that is a common word only when it is capitalised", () => {
    expect(top("upload a file to Box").every((m) => m.tool.app === "box")).toBe(true);
    expect(top("put the invoice in a box and ship it").some((m) => m.tool.app === "box" && m.reasons.some((r) => r.startsWith("app named")))).toBe(false);
  });

  it("filters by the app option and returns nothing for an unknown app", () => {
    expect(top("send a message", { app: "telegram" }).every((m) => m.tool.app === "telegram")).toBe(true);
    expect(top("send a message", { app: "no_such_app" })).toEqual([]);
  });

  it("ranks connected apps first when no app is named", () => {
    const first = top("send a text message to a phone number", { connectedApps: ["twilio"] })[0]!;
    expect(first.tool.app).toMatch(/^twilio/);
    expect(first.reasons).toContain("connected app: twilio");
  });

  it("returns full tools with a score and reasons, best first, within the limit", () => {
    const matches = catalog.findTools("archive a Slack channel", { limit: 3 });
    expect(matches.length).toBe(3);
    expect(matches[0]!.tool.inputSchema.type).toBe("object");
    expect(matches[0]!.reasons.length).toBeGreaterThan(0);
    expect(matches[0]!.score).toBeGreaterThanOrEqual(matches[1]!.score);
  });

  it("answers a task with no usable words with an empty list, not an error", () => {
    expect(catalog.findTools("", {})).toEqual([]);
    expect(catalog.findTools("the and of", {})).toEqual([]);
  });
});
