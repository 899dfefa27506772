/**
 * Headers a caller asks Patchbay to send to an app are checked before anything goes out: a name must be an
 * RFC 9110 token (so no `:authority` pseudo-header, no spaces) and a value a field-value (no CR, LF or NUL, no
 * character beyond one byte), which is also what `fetch` accepts. A bad one is the caller's 400, not a 502.
 */
import { invalid } from "../errors.js";

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export function checkHeaders(headers: Record<string, unknown> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    const shown = JSON.stringify(name.slice(0, 40));
    if (!TOKEN.test(name)) throw invalid(`headers: ${shown} is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only).`);
    if (typeof value !== "string") throw invalid(`headers.${name} must be a string.`);
    if (!FIELD_VALUE.test(value)) throw invalid(`headers.${name} has a character a header value cannot carry (a line break, NUL, or beyond \\u00ff).`);
  }
}
