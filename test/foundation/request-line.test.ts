/**
 * The request line is written by hand (log.ts writeRequestLine, for speed): it must be the very line pino writes for
 * the same fields, from the root logger and from a request's child logger, and follow the logger's level.
 */
import { describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { createLogger, writeRequestLine, type RequestLineFields } from "../../src/log.js";

function capture(level: string) {
  const lines: string[] = [];
  const logger = createLogger(level, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
  return { logger, lines };
}

const samples: RequestLineFields[] = [
  { requestId: "req_0123456789abcdef", method: "POST", path: "/api/v1/apps/github/request", status: 200, ms: 3, keyId: "key_abc" },
  { requestId: "client.id-42", method: "GET", path: '/api/v1/apps?q="quoted"\\back\nline\u2028é😀', status: 404, ms: 0 },
  { method: "DELETE", path: "/api/v1/connections/conn_1", status: 204, ms: 12345, keyId: 'k"ey\u0001' },
];

describe("the request line", () => {
  it("is the line pino writes for the same fields, from the root and from a child logger", () => {
    for (const fields of samples) {
      const ours = capture("info");
      const pinos = capture("info");
      const withoutUndefined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      for (const [logger, write] of [
        [ours.logger, (l: typeof ours.logger) => writeRequestLine(l, fields)],
        [pinos.logger, (l: typeof ours.logger) => l.info(withoutUndefined, "request")],
      ] as const) {
        write(logger);
        write(logger.child({ requestId: "req_child" }));
      }
      expect(ours.lines.length).toBe(2);
      // Same text but for the time each was written at.
      const untimed = (line: string) => line.replace(/"time":\d+/, '"time":0');
      expect(ours.lines.map(untimed)).toEqual(pinos.lines.map(untimed));
      expect(JSON.parse(ours.lines[0]!)).toMatchObject({ level: 30, service: "patchbay", msg: "request", ...withoutUndefined });
      expect(Math.abs(JSON.parse(ours.lines[0]!).time - Date.now())).toBeLessThan(5000);
    }
  });

  it("is not written when the logger's level is above info, and is when it is lowered again", () => {
    const { logger, lines } = capture("warn");
    writeRequestLine(logger, samples[0]!);
    expect(lines).toEqual([]);
    logger.level = "debug";
    writeRequestLine(logger, samples[0]!);
    expect(lines.length).toBe(1);
  });
});
