/**
 * tools.find on a thread of its own. A find over the whole catalog costs about half a millisecond of CPU, during
 * which the event loop serves nothing else (proxied calls and tool runs wait behind it), and finds used one core
 * only. A worker thread opens the same built catalog and ranks; the server sends it the task and turns the names in
 * its answer back into its own tools (its cache of decoded tools, with their schemas' stored text). Until the thread
 * is ready, and for good if it fails, finds run on the main thread as before; the log says why. The ranking is the
 * same code on the same files either way (test/catalog/find-thread.test.ts compares the two).
 *
 * The thread costs a second copy of the search index and its tables in memory (about 150 MB) and about a second of
 * CPU at start; PATCHBAY_FIND_THREAD=false keeps finds on the main thread.
 */
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { FindOptions } from "../types.js";
import type { FindNotice, ToolVariant } from "./answer.js";

export interface FindRequestMessage {
  id: number;
  task: string;
  opts: FindOptions;
}

/** A match as the thread sends it: the tool by name. */
export interface NamedMatch {
  name: string;
  score: number;
  reasons: string[];
  variants?: ToolVariant[];
}

/** A find's answer as the thread sends it. */
export interface NamedAnswer {
  matches: NamedMatch[];
  notice: FindNotice | null;
}

/**
 * The thread's reply: its answer as JSON text (a NamedAnswer). Structured cloning the answer's objects cost about
 * 40 µs of CPU on each side per find (the arrays `map` makes are holey, which the clone writes and reads as sparse
 * arrays, entry by entry); JSON text is written and read in a few.
 */
export type FindReplyMessage = { ready: true } | { id: number; answer: string } | { id: number; error: string };

/** bin/run-built.js: the thread runs its entry built to JavaScript, as the server does, whatever loaded the server. */
const RUN_BUILT = new URL("../../../bin/run-built.js", import.meta.url).href;
const ENTRY = "src/catalog/find/find-worker.ts";
const BOOT = `import(${JSON.stringify(RUN_BUILT)}).then((m) => m.runBuilt(${JSON.stringify(ENTRY)})).catch((err) => { require("node:worker_threads").parentPort.postMessage({ failed: String((err && err.stack) || err) }); });`;

export class FindThread {
  private readonly worker: Worker;
  private ready = false;
  private failed = false;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (a: NamedAnswer) => void; reject: (e: Error) => void }>();

  constructor(dir: string, private readonly log: Logger) {
    this.worker = new Worker(BOOT, { eval: true, workerData: { dir }, execArgv: [], stdout: false, stderr: false });
    this.worker.unref();
    this.worker.on("message", (m: FindReplyMessage | { failed: string }) => this.received(m));
    this.worker.on("error", (err) => this.fail(`it stopped with an error: ${err.message}`));
    this.worker.on("exit", (code) => this.fail(`it exited (code ${code})`));
  }

  /** The thread's answer, or null when it is not there (starting, or failed): the caller then finds on its own thread. */
  find(task: string, opts: FindOptions): Promise<NamedAnswer> | null {
    if (!this.ready) return null;
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, task, opts } satisfies FindRequestMessage);
    });
  }

  /** Whether finds go to the thread now. */
  get running(): boolean {
    return this.ready;
  }

  async close(): Promise<void> {
    this.failed = true; // an exit from here on is ours
    this.ready = false;
    await this.worker.terminate();
  }

  private received(m: FindReplyMessage | { failed: string }): void {
    if ("failed" in m) return this.fail(`it could not start: ${m.failed.split("\n")[0]}`);
    if ("ready" in m) {
      this.ready = !this.failed;
      if (this.ready) this.log.info("tools.find runs on its own thread");
      return;
    }
    const waiter = this.waiting.get(m.id);
    if (!waiter) return;
    this.waiting.delete(m.id);
    if ("error" in m) waiter.reject(new Error(m.error));
    else waiter.resolve(JSON.parse(m.answer) as NamedAnswer);
  }

  private fail(why: string): void {
    const wasRunning = !this.failed;
    this.failed = true;
    this.ready = false;
    for (const { reject } of this.waiting.values()) reject(new Error(`the find thread stopped: ${why}`));
    this.waiting.clear();
    if (wasRunning) this.log.warn({ why }, `tools.find runs on the main thread from now on: the find thread failed (${why})`);
  }
}
