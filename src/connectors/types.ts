/**
 * A custom connector's tools have the catalog's record shape (name `CUSTOM_<NAME>_<ACTION>`, app `custom_<name>`,
 * description, JSON Schema input) plus how they run: an HTTP operation of the connector's API (rest), or a tool of
 * its MCP server (mcp, `http` null).
 */
import type { CatalogTool, ToolHttp } from "../catalog/types.js";

export interface CustomTool extends Omit<CatalogTool, "http"> {
  http: ToolHttp | null;
  /** The connector it belongs to. */
  connector: string;
  /** mcp: the tool's name on the server. */
  mcpName?: string;
}

export interface Skipped {
  item: string;
  reason: string;
}

/** What reading a connector's tools gives (registration and refresh). */
export interface ReadTools {
  tools: CustomTool[];
  skipped: Skipped[];
  transport: "streamable_http" | "sse" | null;
}

/** Where a REST connector's key goes: `bearer`, `basic`, `header:<Name>`, `query:<name>`. */
export type KeyIn = string;

export const MAX_TOOLS = 2000;
export const MAX_SKIPPED_SHOWN = 100;

export const isCustomTool = (tool: unknown): tool is CustomTool => typeof (tool as CustomTool | undefined)?.connector === "string";
