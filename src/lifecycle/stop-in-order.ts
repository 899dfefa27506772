/**
 * Stopping a process whose dependencies may be gone: each step gets its own time limit, and a step that does not
 * finish in time (Redis silent, PostgreSQL unreachable, a delivery still waiting on a slow receiver) is given up
 * and named, so that shutdown always ends within the sum of the limits.
 */
import type { Logger } from "pino";

/** True when `work` settles within `ms`; false when it is given up (it keeps running, unobserved). */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface StopStep {
  /** Named in the log line when the step is given up or fails: `HTTP server`, `events worker`, ... */
  name: string;
  ms: number;
  run(): Promise<unknown>;
}

/** Runs the steps one after the other; returns the names of those given up or failed (empty: a clean stop). */
export async function stopInOrder(steps: StopStep[], log: Logger): Promise<string[]> {
  const abandoned: string[] = [];
  for (const step of steps) {
    let error: unknown;
    const done = await settlesWithin(step.run().catch((err) => void (error = err)), step.ms);
    if (!done) {
      abandoned.push(step.name);
      log.error({ step: step.name, waitedMs: step.ms }, `stopping: gave up on the ${step.name} after ${step.ms} ms`);
    } else if (error !== undefined) {
      abandoned.push(step.name);
      log.error({ step: step.name, err: error }, `stopping: the ${step.name} failed to stop cleanly`);
    }
  }
  return abandoned;
}
