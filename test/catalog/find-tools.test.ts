import { beforeAll, describe, expect, it } from "vitest";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { KNOWN_ELSEWHERE } from "../../src/catalog/find/app-words.js";
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

  it("recognises app names in lower case where an app stands, short names and typos", () => {
    expect(top("send a message in slack")[0]!.tool.app).toBe("slack");
    expect(top("create a zoom meeting for 3pm")[0]!.tool.app).toBe("zoom");
    expect(top("list the branches of my gh repo")[0]!.tool.app).toBe("github");
    const typo = top("mark the newsletters as read in gmial")[0]!;
    expect(typo.tool.app).toBe("gmail");
    expect(typo.reasons[0]).toMatch(/read as "gmail"/);
    expect(top("create a jria ticket for the broken checkout button")[0]!.tool.app).toBe("jira");
    // An everyday word is not an app outside an app's place.
    expect(top("put the invoice in a box and ship it").some((m) => m.reasons.some((r) => r.startsWith("app named")))).toBe(false);
  });

  it("reads values as values: a repo slug, an e-mail or a quoted title names no app", () => {
    const found = top("file a bug in kubernetes/kubernetes titled 'kubelet crashloop on arm64'");
    expect(found[0]!.reasons.some((r) => r.includes("kubernetes"))).toBe(false);
    expect(ops("open a PR to merge feature/payments-v2 into develop")[0]).toBe("github POST /repos/{owner}/{repo}/pulls");
  });

  it("uses product words to imply the app when none is named", () => {
    expect(ops("retweet the post from nasa about the launch")[0]).toMatch(/^twitter POST /);
    expect(top("spin up a 2gb droplet in fra1 with ubuntu")[0]!.tool.app).toBe("digitalocean");
  });

  it("says when the task names an app that is not in the catalog, with the nearest apps", () => {
    // A well-known app the catalog does not have (yet): the first of the list that is not in it.
    const absent = KNOWN_ELSEWHERE.find((name) => /^[A-Za-z]+$/.test(name) && !catalog.getApp(name.toLowerCase()) && catalog.listApps({ search: name, limit: 1 }).items.length === 0)!;
    const answer = catalog.findToolsWithNotice(`make a ${absent.toLowerCase()} issue for the login bug`, { limit: 5 });
    expect(answer.notice).toMatchObject({ code: "app_not_in_catalog", app: absent });
    expect(answer.notice!.nearestApps.length).toBeGreaterThan(0);
    expect(answer.matches.length).toBeGreaterThan(0);
    expect(catalog.findToolsWithNotice("create an issue on GitHub", { limit: 5 }).notice).toBeNull();
  });

  it("takes a name the catalog has never seen, where an app stands, for an app it does not have", () => {
    expect(catalog.findToolsWithNotice("create a Frobly ticket for the checkout bug", { limit: 5 }).notice).toMatchObject({ app: "Frobly" });
    expect(catalog.findToolsWithNotice("book a slot for me in frobly next week", { limit: 5 }).notice).toMatchObject({ app: "Frobly" });
    // Ordinary words and people in the same places are not apps.
    expect(catalog.findToolsWithNotice("send the summary to Priya in spanish", { limit: 5 }).notice).toBeNull();
    expect(catalog.findToolsWithNotice("put the figures in the quarterly report", { limit: 5 }).notice).toBeNull();
  });

  it("folds the same operation by another path into one match with its variants", () => {
    const found = catalog.findToolsWithNotice("list the messages in my outlook inbox", { limit: 10 }).matches;
    const keys = found.map((m) => `${m.tool.http.method} ${m.tool.http.path.replace(/^\/users\/\{[^}]+\}/, "/me")}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(found.some((m) => (m.variants ?? []).length > 0)).toBe(true);
  });

  it("answers a task with no usable words with an empty list, not an error", () => {
    expect(catalog.findTools("", {})).toEqual([]);
    expect(catalog.findTools("the and of", {})).toEqual([]);
  });
});
