from typing import Any, Dict, Optional, Union

from .._http import Page, Resource, compact
from ..types import CustomConnector, Deleted


class CustomConnectors(Resource):
    """The account's own connectors: a remote MCP server, or any REST API by its OpenAPI description."""

    def list(self, limit: Optional[int] = None, cursor: Optional[str] = None) -> "Page[CustomConnector]":
        """The account's custom connectors; a ``Page`` (see ``next_cursor``)."""
        return self._t.call("listCustomConnectors", query=compact(limit=limit, cursor=cursor), page=True)

    def create(self, name: str, url: Optional[str] = None, spec: Union[Dict[str, Any], str, None] = None,
               base: Optional[str] = None, key: Optional[str] = None, key_in: Optional[str] = None) -> CustomConnector:
        """Adds an MCP server (``name``, ``url``, ``key``) or a REST API (``name``, ``spec``, ``base``, ``key``, ``key_in``)."""
        if (url is None) == (spec is None):
            raise ValueError("Give url (an MCP server) or spec (a REST API), not both.")
        if url is not None:
            body = compact(name=name, url=url, key=key)
        else:
            body = compact(name=name, spec=spec, base=base, key=key, keyIn=key_in)
        return self._t.call("createCustomConnector", body=body)

    def delete(self, id: str) -> Deleted:
        """Removes the connector; its tools disappear at once."""
        return self._t.call("deleteCustomConnector", path={"id": id})

    def refresh(self, id: str) -> CustomConnector:
        """Reads the connector's tools again (the MCP server's list, or the stored description compiled again)."""
        return self._t.call("refreshCustomConnector", path={"id": id})
