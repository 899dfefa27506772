from typing import Optional

from .._http import Page, Resource, compact
from ..types import Run


class Runs(Resource):
    """The account's tool runs and app requests."""

    def list(self, limit: Optional[int] = None, cursor: Optional[str] = None) -> "Page[Run]":
        """The latest runs (25 a page), newest first; a ``Page`` (see ``next_cursor``)."""
        return self._t.call("listRuns", query=compact(limit=limit, cursor=cursor), page=True)
