/**
 * tools.find on its own thread (src/catalog/find/find-thread.ts): the thread ranks on the same built catalog and the
 * server reads the tools it names, so every answer must be the one the main thread gives. A thread that cannot start
 * leaves finds on the main thread, with a warning.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { DiskCatalog } from "../../src/catalog/index.js";
import { FindThread } from "../../src/catalog/find/find-thread.js";
import type { FindAnswer } from "../../src/catalog/find/answer.js";
import type { FindOptions } from "../../src/catalog/types.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

const fixtures = join(import.meta.dirname, "fixtures");
const tasks = (file: string) => (JSON.parse(readFileSync(join(fixtures, file), "utf8")) as { task: string }[]).map((t) => t.task);

/** A logger whose lines a test can read. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: "info" }, stream), lines };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a caller sees of an answer: each tool by name, its score, reasons and variants, and the notice. */
const seen = (a: FindAnswer) => ({ tools: a.matches.map((m) => ({ name: m.tool.name, score: m.score, reasons: m.reasons, variants: m.variants ?? [] })), notice: a.notice });

describe("tools.find on its own thread", () => {
  let catalog: DiskCatalog;
  let threaded: DiskCatalog;
  beforeAll(async () => {
    catalog = await builtCatalog();
    threaded = new DiskCatalog(catalog.dir);
    threaded.startFindThread(capturedLog().log);
    await until(() => threaded.findThreadRunning, 60_000);
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await threaded?.stopFindThread();
  });

  it("gives the main thread's answer for every task of a set, with and without an app, at several limits", async () => {
    const asked: [string, FindOptions][] = [
      ...tasks("toolfind-heldout-MID14.json").map((t): [string, FindOptions] => [t, { limit: 10 }]),
      ...tasks("toolfind-heldout-MID14H.json").slice(0, 40).map((t): [string, FindOptions] => [t, { limit: 3, connectedApps: ["slack", "github"] }]),
      ["list my repos", { app: "github", limit: 5 }],
      ["send an email with dropbox sign to the client", { limit: 10 }], // an app not in the catalog: a notice
    ];
    expect(threaded.findThreadRunning).toBe(true);
    const answers = await Promise.all(asked.map(([task, opts]) => threaded.findToolsWithNoticeAsync(task, opts)));
    answers.forEach((answer, i) => expect(seen(answer), asked[i]![0]).toEqual(seen(catalog.findToolsWithNotice(...asked[i]!))));
    // The tools are the server's own (its decoded tools, with their schemas' stored text), not copies from the thread.
    expect(answers[0]!.matches[0]!.tool).toBe(threaded.getTool(answers[0]!.matches[0]!.tool.name));
  });

  it("answers on the main thread once the thread is stopped", async () => {
    const other = new DiskCatalog(catalog.dir);
    other.startFindThread(capturedLog().log);
    await until(() => other.findThreadRunning, 60_000);
    await other.stopFindThread();
    expect(other.findThreadRunning).toBe(false);
    expect(seen(await other.findToolsWithNoticeAsync("create a github issue", { limit: 5 }))).toEqual(seen(catalog.findToolsWithNotice("create a github issue", { limit: 5 })));
    other.close();
  }, 90_000);

  it("a thread that cannot open the catalog leaves finds on the main thread and says why in the log", async () => {
    const { log, lines } = capturedLog();
    const thread = new FindThread(join(catalog.dir, "no-such-catalog"), log);
    await until(() => lines.length > 0, 60_000);
    expect(lines[0]).toMatchObject({ level: 40 });
    expect(String(lines[0]!.msg)).toMatch(/tools\.find runs on the main thread from now on: the find thread failed \(it could not start: .*no-such-catalog/);
    expect(thread.running).toBe(false);
    expect(thread.find("create a github issue", { limit: 5 })).toBeNull();
    await thread.close();
  }, 90_000);
});
