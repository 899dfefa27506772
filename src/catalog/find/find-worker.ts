/**
 * The find thread's side (find-thread.ts): opens the built catalog the server opened and answers each find with the
 * tools' names, scores, reasons and variants; the server turns the names back into its own tools.
 */
import { parentPort, workerData } from "node:worker_threads";
import { DiskCatalog } from "../open-catalog.js";
import type { FindRequestMessage, FindReplyMessage, NamedAnswer } from "./find-thread.js";

const port = parentPort!;
const catalog = new DiskCatalog((workerData as { dir: string }).dir, { checked: true });

port.on("message", ({ id, task, opts }: FindRequestMessage) => {
  let reply: FindReplyMessage;
  try {
    const answer = catalog.findToolsWithNotice(task, opts);
    const matches = answer.matches.map((m) => ({ name: m.tool.name, score: m.score, reasons: m.reasons, ...(m.variants ? { variants: m.variants } : {}) }));
    reply = { id, answer: JSON.stringify({ matches, notice: answer.notice } satisfies NamedAnswer) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies FindReplyMessage);
