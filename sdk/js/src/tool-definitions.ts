/**
 * Tool definitions in the two model vendors' styles, built from Patchbay tools, so a model can be handed an
 * app's tools as they are and its calls passed to `tools.run`.
 */
import type { ApiTool } from "../../../generated/client/index.js";

export type ToolDefinitionFormat = "openai" | "anthropic";

/** A JSON Schema of type object. */
export type ObjectSchema = { type: "object"; [keyword: string]: unknown };

/** OpenAI function calling (Chat Completions `tools`). */
export interface OpenAIToolDefinition {
  type: "function";
  function: { name: string; description: string; parameters: ObjectSchema };
}

/** Anthropic tool use (Messages API `tools`). */
export interface AnthropicToolDefinition {
  name: string;
  description: string;
  input_schema: ObjectSchema;
}

export type ToolDefinition<F extends ToolDefinitionFormat> = F extends "openai" ? OpenAIToolDefinition : AnthropicToolDefinition;

export function assertFormat(format: string): asserts format is ToolDefinitionFormat {
  if (format !== "openai" && format !== "anthropic") {
    throw new TypeError(`Unknown tool definition format "${format}": use "openai" or "anthropic".`);
  }
}

export function toolDefinition<F extends ToolDefinitionFormat>(tool: ApiTool, format: F): ToolDefinition<F> {
  const schema: ObjectSchema = { ...tool.inputSchema, type: "object" };
  if (format === "openai") {
    return { type: "function", function: { name: tool.name, description: tool.description, parameters: schema } } as ToolDefinition<F>;
  }
  return { name: tool.name, description: tool.description, input_schema: schema } as ToolDefinition<F>;
}
