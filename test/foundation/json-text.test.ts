/** Answers holding catalog schemas send each schema's stored text (src/http/json-text.ts); everything else is plain JSON. */
import { describe, expect, it } from "vitest";
import { jsonLength, rememberJsonText, toJsonText } from "../../src/http/json-text.js";

describe("toJsonText", () => {
  // The stored text of a value in another key order than JSON.stringify would write: seeing it proves it was spliced in.
  const schema = { type: "object", properties: { b: { type: "string" }, a: { type: "integer" } } };
  const stored = '{"properties":{"a":{"type":"integer"},"b":{"type":"string"}},"type":"object"}';
  rememberJsonText(schema, stored);
  Object.freeze(schema);

  it("splices a registered value's text wherever it sits, and leaves the rest to JSON.stringify", () => {
    const answer = { tools: [{ name: "X", inputSchema: schema }, { name: "Y", inputSchema: schema }], note: "n", n: 1, nothing: null };
    const text = toJsonText(answer);
    expect(text).toBe(`{"tools":[{"name":"X","inputSchema":${stored}},{"name":"Y","inputSchema":${stored}}],"note":"n","n":1,"nothing":null}`);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(answer)));
    expect(toJsonText(schema)).toBe(stored);
  });

  it("outside toJsonText a registered value serializes as itself, and shows no extra field", () => {
    expect(JSON.stringify({ s: schema })).toBe(`{"s":${JSON.stringify({ type: "object", properties: { b: { type: "string" }, a: { type: "integer" } } })}}`);
    expect(Object.keys(schema)).toEqual(["type", "properties"]);
    expect(jsonLength(schema)).toBe(stored.length);
  });

  it("text that looks like a marker is sent as text", () => {
    const tricky = { s: "\u0000json:0123456789abcdef:0", t: '"\\u0000json:x:0"' };
    expect(toJsonText(tricky)).toBe(JSON.stringify(tricky));
    expect(toJsonText({ a: [1, "two", { three: 3 }] })).toBe('{"a":[1,"two",{"three":3}]}');
    expect(toJsonText("plain")).toBe('"plain"');
  });
});
