"""Tool definitions in the two model vendors' styles, built from Patchbay tools."""
from typing import Any, Dict, Union

from .types import Tool

# OpenAI function calling: {"type": "function", "function": {"name", "description", "parameters"}}.
OpenAIToolDefinition = Dict[str, Any]
# Anthropic tool use: {"name", "description", "input_schema"}.
AnthropicToolDefinition = Dict[str, Any]
ToolDefinition = Union[OpenAIToolDefinition, AnthropicToolDefinition]


def tool_definition(tool: Tool, format: str) -> ToolDefinition:
    """One tool as a definition for a model, ``format`` ``openai`` or ``anthropic``."""
    schema = {**tool["inputSchema"], "type": "object"}
    if format == "openai":
        return {"type": "function", "function": {"name": tool["name"], "description": tool["description"], "parameters": schema}}
    if format == "anthropic":
        return {"name": tool["name"], "description": tool["description"], "input_schema": schema}
    raise ValueError(f'Unknown tool definition format {format!r}: use "openai" or "anthropic".')
