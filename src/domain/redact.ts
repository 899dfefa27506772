/**
 * What may be written down about a value that can hold credentials (a tool's arguments, an app's answer): fields
 * whose name says secret are replaced, token-shaped text is replaced wherever it appears, and the JSON is cut to a
 * size. Used for the runs log; never a way to keep a secret, only a way to keep one out.
 */

export const REDACTED = "[REDACTED]";

/** Field names whose value is a credential, compared in lower case without `-`, `_`, `.` or spaces. */
const SECRET_FIELD = /pass(word|wd|phrase)?$|^pwd$|secret|token|apikey|key$|authorization|^auth$|credential|cookie|session|signature|^sig$|^otp$|^jwt$|^pin$/;

export const isSecretField = (name: string) => SECRET_FIELD.test(name.toLowerCase().replace(/[-_.\s]/g, ""));

/** Credentials recognisable by their shape, inside any text. */
const TOKEN_SHAPES: [RegExp, string][] = [
  // Prefixed keys and tokens: Patchbay, Stripe, GitHub (personal, OAuth, installation, user, refresh, fine-grained), GitLab, Slack, Google, AWS.
  [/\b(?:patchbay_sk_|sk_live_|sk_test_|rk_live_|rk_test_|whsec_|gh[pousr]_|github_pat_|glpat-|xox[abposre]-|xapp-|ya29\.|AKIA)[0-9A-Za-z._-]{8,}/g, REDACTED],
  // JSON Web Tokens.
  [/\beyJ[0-9A-Za-z_-]{5,}\.[0-9A-Za-z_-]{5,}\.[0-9A-Za-z_-]*/g, REDACTED],
  // Authorization header values quoted in text.
  [/\b(Bearer|Basic|Token|Digest)\s+[0-9A-Za-z._~+/=-]{8,}/gi, `$1 ${REDACTED}`],
  // Secret-looking query parameters of URLs quoted in text.
  [/([?&][^=&#\s"']*(?:key|token|secret|password|sig|code|state|auth)[^=&#\s"']*=)[^&#\s"']+/gi, `$1${REDACTED}`],
  // PEM private keys.
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, REDACTED],
];

/**
 * Any of the shapes, case-insensitive: matches whenever one of them would (and sometimes when none does), so text it
 * does not match is left as it is after one scan instead of five. Most text of a run (field names, ids, words) is.
 */
const MAYBE_TOKEN = new RegExp(TOKEN_SHAPES.map(([shape]) => `(?:${shape.source})`).join("|"), "i");

/** The shortest text any shape matches (`?sig=x`): shorter text is left as it is without a scan. */
const SHORTEST_TOKEN = 6;

export function redactText(text: string): string {
  if (text.length < SHORTEST_TOKEN || !MAYBE_TOKEN.test(text)) return text;
  return TOKEN_SHAPES.reduce((t, [shape, by]) => t.replace(shape, by), text);
}

/**
 * Field names seen before, and whether each is a secret field. A run's answer repeats the same few names (its
 * envelope's, the app's); judged anew each time (a case fold, a replace and two scans per name), the two redactions of
 * a small tool run took 13-16 µs in a micro-benchmark, 6-7 µs with this map. Names holding token-shaped text are never
 * kept (they are judged, and redacted, each time); the map is emptied past its size.
 */
const knownFields = new Map<string, boolean>();
const MAX_KNOWN_FIELDS = 4096;

/** A copy with secret fields and token-shaped text replaced; deep structures and long lists are cut. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 8) return "[…]";
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const n = Math.min(value.length, 50);
    const out: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = redactValue(value[i], depth + 1);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    let secret = knownFields.get(k);
    let name = k;
    if (secret === undefined) {
      secret = isSecretField(k);
      name = redactText(k); // a name holding a token is itself redacted (its value judged by the name as written)
      if (name === k) {
        if (knownFields.size >= MAX_KNOWN_FIELDS) knownFields.clear();
        knownFields.set(k, secret);
      }
    }
    const v = secret ? REDACTED : redactValue((value as Record<string, unknown>)[k], depth + 1);
    if (name === "__proto__") Object.defineProperty(out, name, { value: v, enumerable: true, writable: true, configurable: true }); // a field of that name (JSON.parse makes one), not the prototype
    else out[name] = v;
  }
  return out;
}

/** Redacted JSON of at most `maxBytes` (UTF-8); larger values become `{ truncated: true, preview }`. */
export function redactedJson(value: unknown, maxBytes = 4096): string {
  const json = JSON.stringify(redactValue(value ?? null)) ?? "null";
  if (Buffer.byteLength(json) <= maxBytes) return json;
  let preview = json.slice(0, maxBytes - 64);
  while (Buffer.byteLength(JSON.stringify({ truncated: true, preview })) > maxBytes) preview = preview.slice(0, Math.floor(preview.length * 0.9));
  return JSON.stringify({ truncated: true, preview });
}
