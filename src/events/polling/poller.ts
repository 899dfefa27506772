/**
 * Runs the polls that are due. A poll is claimed by moving the trigger's `nextPollAt` forward with a compare-and-set,
 * so each due poll runs on exactly one instance; the new events go on to delivery. A paused trigger (`enabled: false`)
 * is not polled; once resumed, its first poll reports the items that appeared meanwhile, as new.
 */
import type { Services } from "../../services.js";
import type { Intake } from "../intake.js";
import { pollTrigger } from "./poll-trigger.js";

const BATCH = 20;

export function startPoller(services: Services, intake: Intake): { stop(): Promise<void> } {
  const { db, config, log } = services;
  const running = new Set<Promise<void>>();
  let stopped = false;

  const pollOne = async (id: string, dueAt: Date) => {
    const next = new Date(Date.now() + config.pollIntervalMs);
    const { count } = await db.trigger.updateMany({ where: { id, nextPollAt: dueAt, status: "active", enabled: true }, data: { nextPollAt: next } });
    if (!count) return; // another instance took it
    const trigger = await db.trigger.findUnique({ where: { id } });
    if (!trigger) return;
    intake.stored(id, await pollTrigger(services, trigger));
  };

  const tick = async () => {
    if (stopped) return;
    const due = await db.trigger.findMany({ where: { nextPollAt: { lte: new Date() }, status: "active", enabled: true }, orderBy: { nextPollAt: "asc" }, take: BATCH, select: { id: true, nextPollAt: true } })
      .catch((err) => (log.warn({ err }, "poll sweep failed"), []));
    for (const { id, nextPollAt } of due) {
      const job = pollOne(id, nextPollAt!)
        .catch((err) => log.warn({ err, trigger: id }, "poll failed; trying again at the next interval"))
        .finally(() => running.delete(job));
      running.add(job);
    }
  };
  const timer = setInterval(() => void tick(), Math.min(1000, config.pollIntervalMs)).unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled(running);
    },
  };
}
