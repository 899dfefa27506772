from typing import Optional

from .._http import Page, Resource, compact
from ..types import Connection, Deleted


class Connections(Resource):
    """The account's connected apps."""

    def list(self, app: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> "Page[Connection]":
        """Connections (to one app with ``app``); a ``Page`` (see ``next_cursor``)."""
        return self._t.call("listConnections", query=compact(app=app, limit=limit, cursor=cursor), page=True)

    def delete(self, id: str) -> Deleted:
        """Disconnects: the stored credentials are removed."""
        return self._t.call("deleteConnection", path={"id": id})
