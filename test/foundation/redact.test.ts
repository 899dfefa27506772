/**
 * Redaction for the runs log (src/domain/redact.ts): secret fields by name, token-shaped text anywhere (names
 * included), cuts of deep and long values. Field names are judged once and remembered: the same name must be judged
 * the same way every time, and a name holding a token is never remembered (it is redacted each time).
 */
import { describe, expect, it } from "vitest";
import { REDACTED, redactedJson, redactValue } from "../../src/domain/redact.js";

describe("redactValue", () => {
  it("replaces fields whose name says secret, whatever their case and separators, every time it meets them", () => {
    const value = { "API-Key": "abc", access_token: "t", Password: "p", client_secret: "s", name: "Ann", keys: ["a"] };
    for (let i = 0; i < 3; i++) {
      expect(redactValue(value)).toEqual({ "API-Key": REDACTED, access_token: REDACTED, Password: REDACTED, client_secret: REDACTED, name: "Ann", keys: ["a"] });
    }
  });

  it("replaces token-shaped text in values and in field names, on every call", () => {
    const token = "sk_live_0123456789abcdef";
    for (let i = 0; i < 3; i++) {
      const out = redactValue({ note: `use ${token} here`, [token]: "x", short: "sk_l", url: "https://x.test/a?key=v1&ok=2" }) as Record<string, unknown>;
      expect(out.note).toBe(`use ${REDACTED} here`);
      expect(Object.keys(out)).toContain(REDACTED);
      expect(JSON.stringify(out)).not.toContain(token);
      expect(out.short).toBe("sk_l");
      expect(out.url).toBe(`https://x.test/a?key=${REDACTED}&ok=2`);
    }
  });

  it("keeps a field named __proto__ as a field (as JSON.parse made it), redacted like any other", () => {
    const parsed = JSON.parse('{"__proto__":{"token":"t1","a":1},"b":2}');
    const out = redactValue(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(out))).toEqual(JSON.parse('{"__proto__":{"token":"[REDACTED]","a":1},"b":2}'));
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
  });

  it("cuts lists at 50 items and nesting past 8 levels", () => {
    expect((redactValue(Array.from({ length: 80 }, (_, i) => i)) as unknown[]).length).toBe(50);
    let deep: unknown = "end";
    for (let i = 0; i < 12; i++) deep = { d: deep };
    expect(JSON.stringify(redactValue(deep))).toContain('"[…]"');
  });
});

describe("redactedJson", () => {
  it("is the redacted value's JSON, or a truncated preview past the size", () => {
    expect(redactedJson({ password: "p", a: [1, 2] })).toBe(`{"password":"${REDACTED}","a":[1,2]}`);
    const big = redactedJson({ text: "x".repeat(10_000) }, 1000);
    expect(Buffer.byteLength(big)).toBeLessThanOrEqual(1000);
    expect(JSON.parse(big)).toMatchObject({ truncated: true });
  });
});
