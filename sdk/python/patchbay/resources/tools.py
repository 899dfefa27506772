from typing import Any, Dict, List, Literal, Optional

from .._http import Page, Resource, compact
from ..tool_definitions import ToolDefinition, tool_definition
from ..types import FindToolsResponse, RunResult, Tool


class Tools(Resource):
    """Tools (one operation of an app each, with a JSON Schema for its input): list, find, inspect, run."""

    def list(self, app: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> "Page[Tool]":
        """Tools with their input schemas (of one app with ``app``); a ``Page`` (see ``next_cursor``)."""
        return self._t.call("listTools", query=compact(app=app, limit=limit, cursor=cursor), page=True)

    def get(self, tool: str) -> Tool:
        """One tool with its input schema."""
        return self._t.call("getTool", path={"tool": tool})

    def find(self, text: str, app: Optional[str] = None, limit: Optional[int] = None) -> FindToolsResponse:
        """Tools for a task in plain words, best first: ``{"tools": [...]}``."""
        return self._t.call("findTools", body=compact(task=text, app=app, limit=limit))

    def run(self, tool: str, arguments: Optional[Dict[str, Any]] = None, connection: Optional[str] = None,
            idempotency_key: Optional[str] = None) -> RunResult:
        """Runs a tool in a connected app.

        A failure of the app's call is a result with ``successful`` False; a refusal by Patchbay (not connected,
        bad arguments) raises ``PatchbayError``. Give ``idempotency_key`` to make a retry safe.
        """
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key is not None else None
        return self._t.call("runTool", path={"tool": tool}, headers=headers,
                            body=compact(arguments=arguments if arguments is not None else {}, connection=connection))

    def definitions(self, app: str, format: Literal["openai", "anthropic"] = "openai") -> List[ToolDefinition]:
        """All the app's tools as definitions for a model, in the ``openai`` or ``anthropic`` style."""
        if format not in ("openai", "anthropic"):
            raise ValueError(f'Unknown tool definition format {format!r}: use "openai" or "anthropic".')
        tools: List[Tool] = []
        cursor: Optional[str] = None
        while True:
            page = self.list(app=app, limit=200, cursor=cursor)
            tools.extend(page)
            cursor = page.next_cursor
            if not cursor:
                return [tool_definition(tool, format) for tool in tools]
