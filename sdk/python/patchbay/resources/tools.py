from typing import Any, Dict, List, Literal, Optional

from .._http import Page, Resource, compact
from ..tool_definitions import ToolDefinition, tool_definition
from ..types import FindToolsResponse, RunResult, Tool


class ToolDefinitions(List[ToolDefinition]):
    """Tool definitions, saying how many tools there were to choose from (``total``) and whether some were left out."""

    def __init__(self, items: List[ToolDefinition], total: int) -> None:
        super().__init__(items)
        self.total = total
        self.truncated = len(items) < total


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

    def definitions(self, app: Optional[str] = None, format: Literal["openai", "anthropic"] = "openai",
                    task: Optional[str] = None, limit: Optional[int] = None) -> "ToolDefinitions":
        """The tools as definitions for a model, in the ``openai`` or ``anthropic`` style.

        Every tool of ``app``, or with ``task`` the best ones for it (``tools.find``, at most 50), at most ``limit``.
        The list's ``total`` (how many there were to choose from) and ``truncated`` say what was left out. OpenAI
        takes at most 128 tools per request.
        """
        if format not in ("openai", "anthropic"):
            raise ValueError(f'Unknown tool definition format {format!r}: use "openai" or "anthropic".')
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
            raise ValueError(f"limit must be a whole number >= 1, got {limit!r}.")
        if app is None and task is None:
            raise ValueError("Give app (every tool of the app) or task (the best tools for it).")
        tools: List[Tool] = []
        if task is not None:
            tools = list(self.find(task, app=app, limit=min(limit or 50, 50))["tools"])
        else:
            cursor: Optional[str] = None
            while True:
                page = self.list(app=app, limit=200, cursor=cursor)
                tools.extend(page)
                cursor = page.next_cursor
                if not cursor:
                    break
        kept = tools[: limit if limit is not None else len(tools)]
        return ToolDefinitions([tool_definition(tool, format) for tool in kept], total=len(tools))
