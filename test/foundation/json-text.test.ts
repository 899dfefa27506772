/** Answers holding catalog schemas send each schema's stored text (src/http/json-text.ts); everything else is plain JSON. The MCP text block (src/mcp/tool-results.ts) is cut from the same marked JSON. */
import { describe, expect, it } from "vitest";
import { jsonLength, rememberJsonText, toJsonBody, toJsonText } from "../../src/http/json-text.js";
import { SCHEMAS_LEFT_OUT, textOf } from "../../src/mcp/tool-results.js";

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

describe("toJsonBody", () => {
  const registered = (i: number) => {
    // Characters past Latin-1 and past the BMP in the stored text and around it: the bytes must be UTF-8 all the same.
    const schema = { type: "object", description: `“Schéma” ${i} 🚀 ${"y".repeat(3000)}` };
    rememberJsonText(schema, JSON.stringify(schema));
    return Object.freeze(schema);
  };

  it("a large answer is the UTF-8 bytes of the same JSON; a small one stays text", () => {
    const big = { tools: Array.from({ length: 12 }, (_, i) => ({ name: `T${i} — ü`, inputSchema: registered(i) })), notice: "ünïcode ✓" };
    const body = toJsonBody(big);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect((body as Buffer).equals(Buffer.from(JSON.stringify(big), "utf8"))).toBe(true);
    // The same registered parts again (their bytes now kept): the same bytes.
    expect((toJsonBody(big) as Buffer).equals(body as Buffer)).toBe(true);
    const small = { tools: [{ name: "One", inputSchema: { type: "object" } }] };
    expect(toJsonBody(small)).toBe(JSON.stringify(small));
    const plainLarge = { text: "z".repeat(40_000) };
    expect(toJsonBody(plainLarge)).toBe(JSON.stringify(plainLarge));
  });
});

describe("the MCP text block from marked JSON", () => {
  const tool = (i: number, registered: boolean) => {
    const inputSchema = { type: "object", properties: { ["field" + i]: { type: "string", description: "x".repeat(600) } } };
    if (registered) rememberJsonText(inputSchema, JSON.stringify(inputSchema));
    return { name: `T${i}`, app: "a", description: `tool ${i}`, inputSchema: Object.freeze(inputSchema), http: { method: "GET", path: "/x" }, variants: [{ name: `T${i}_B` }] };
  };
  const lean = (answer: { tools: Record<string, unknown>[] }) => JSON.stringify({ ...answer, tools: answer.tools.map(({ inputSchema: _, ...rest }) => rest) }) + SCHEMAS_LEFT_OUT;

  it("a large answer loses its schemas (first, middle or last field), registered or not, the same way", () => {
    const big = { tools: Array.from({ length: 40 }, (_, i) => tool(i, true)), notice: null };
    expect(textOf(big)).toBe(lean(big));
    const unregistered = { tools: Array.from({ length: 40 }, (_, i) => tool(i, false)), notice: null };
    expect(textOf(unregistered)).toBe(lean(unregistered));
    const mixed = { tools: [tool(1, true), tool(2, false), ...Array.from({ length: 30 }, (_, i) => tool(i, true))] };
    expect(textOf(mixed)).toBe(lean(mixed));
    const schemaFirst = { tools: Array.from({ length: 40 }, (_, i) => ({ inputSchema: tool(i, true).inputSchema, name: `S${i}` })) };
    expect(textOf(schemaFirst)).toBe(lean(schemaFirst));
    const schemaOnly = { tools: Array.from({ length: 40 }, (_, i) => ({ inputSchema: tool(i, true).inputSchema })) };
    expect(textOf(schemaOnly)).toBe(lean(schemaOnly));
  });

  it("a small answer is its whole JSON, schemas included", () => {
    const small = { tools: [tool(1, true)] };
    expect(textOf(small)).toBe(JSON.stringify(small));
    expect(textOf({ ok: true })).toBe('{"ok":true}');
  });
});
