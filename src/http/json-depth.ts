/**
 * JSON bodies may nest at most MAX_JSON_DEPTH arrays and objects deep. Parsing deeper JSON works, but serializing
 * or walking it again (JSON.stringify, schema validation) recurses once per level and overflows the stack: a 500
 * for the caller, and a cheap way to crash a request. The check scans the raw text once, without recursion.
 */
import { invalid } from "../errors.js";

export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Throws 400 when the JSON text nests deeper than `max`; says nothing about whether it is valid JSON. */
export function checkJsonDepth(text: Buffer | string, max = MAX_JSON_DEPTH): void {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (++depth > max) throw invalid(`The JSON body nests deeper than ${max} levels of arrays and objects.`);
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) depth--;
  }
}

/** The same limit on a value already parsed (the MCP transport parses its own bodies); walks level by level, without recursion. */
export function checkValueDepth(value: unknown, max = MAX_JSON_DEPTH): void {
  const isContainer = (v: unknown): v is object => v !== null && typeof v === "object";
  let level: object[] = isContainer(value) ? [value] : [];
  for (let depth = 1; level.length; depth++) {
    if (depth > max) throw invalid(`The JSON arguments nest deeper than ${max} levels of arrays and objects.`);
    const next: object[] = [];
    for (const container of level) for (const child of Object.values(container)) if (isContainer(child)) next.push(child);
    level = next;
  }
}
