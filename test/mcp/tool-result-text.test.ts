/**
 * The text block beside structuredContent (src/mcp/tool-results.ts): small answers carry their whole JSON, as the MCP
 * specification recommends; large ones carry the JSON without the tools' schemas and say where those are, so a
 * client that reads only text can still pick a tool and ask get_tool for its input schema.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mcpClient } from "../helpers/mcp-client.js";
import { SCHEMAS_LEFT_OUT, TEXT_LIMIT } from "../../src/mcp/tool-results.js";

let server: TestServer;
let account: Awaited<ReturnType<TestServer["newAccount"]>>;
beforeAll(async () => {
  server = await startTestServer();
  account = await server.newAccount();
});
afterAll(() => server?.stop());

type Found = { tools: { name: string; inputSchema?: unknown }[] };
const textOf = (r: unknown) => ((r as { content: { type: string; text: string }[] }).content[0]!).text;

describe("MCP tool results as text", () => {
  it("leaves the input schemas out of a large find_tools answer, says where they are, and keeps every other field", async () => {
    const client = await mcpClient(server.url, account.key);
    try {
      const found = await client.callTool({ name: "find_tools", arguments: { task: "create a new customer record", limit: 25 } });
      expect(found.isError).toBeFalsy();
      const structured = found.structuredContent as Found;
      expect(JSON.stringify(structured).length).toBeGreaterThan(TEXT_LIMIT);
      const text = textOf(found);
      expect(text.endsWith(SCHEMAS_LEFT_OUT)).toBe(true);
      const outline = JSON.parse(text.slice(0, -SCHEMAS_LEFT_OUT.length)) as Found;
      expect(outline.tools.map((t) => t.name)).toEqual(structured.tools.map((t) => t.name));
      expect(outline.tools.every((t) => t.inputSchema === undefined)).toBe(true);
      expect(outline).toEqual({ ...structured, tools: structured.tools.map(({ inputSchema: _, ...rest }) => rest) });
      expect(text.length).toBeLessThan(JSON.stringify(structured).length / 2);

      // The pointer works: get_tool gives the schema the text left out.
      const one = await client.callTool({ name: "get_tool", arguments: { tool: structured.tools[0]!.name } });
      expect((one.structuredContent as { inputSchema: unknown }).inputSchema).toEqual(structured.tools[0]!.inputSchema);
    } finally {
      await client.close();
    }
  });

  it("sends the whole JSON as text when the answer is small, schemas included", async () => {
    const client = await mcpClient(server.url, account.key);
    try {
      const found = await client.callTool({ name: "find_tools", arguments: { task: "star a repository on GitHub", app: "github", limit: 1 } });
      const text = textOf(found);
      expect(text.length).toBeLessThanOrEqual(TEXT_LIMIT);
      expect(JSON.parse(text)).toEqual(found.structuredContent);
      expect((JSON.parse(text) as Found).tools[0]!.inputSchema).toBeDefined();
    } finally {
      await client.close();
    }
  });
});
