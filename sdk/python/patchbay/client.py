"""The Patchbay client: one key, every connected app."""
import os
from typing import Any, Dict, List, Optional, Union

from ._http import Transport, compact
from .resources.apps import Apps, Catalog
from .resources.connections import Connections
from .resources.custom_connectors import CustomConnectors
from .resources.runs import Runs
from .resources.tools import Tools
from .resources.triggers import Events, Triggers
from .types import Account, AppResponse, HttpMethod

DEFAULT_BASE_URL = "http://localhost:3000"
_UNSET: Any = object()


class Patchbay:
    """The Patchbay client.

    ``Patchbay()`` reads the key from ``PATCHBAY_API_KEY`` and the address from ``PATCHBAY_BASE_URL``
    (default ``http://localhost:3000``); arguments override both. Every method raises ``PatchbayError``.
    List methods return a ``Page``: a list with ``next_cursor`` (pass it back as ``cursor``).

    >>> patchbay = Patchbay()
    >>> patchbay.tools.find("star a repo on GitHub")["tools"][0]["name"]
    """

    def __init__(self, api_key: Optional[str] = None, base_url: Optional[str] = None, timeout: float = 60.0) -> None:
        self._transport = Transport(
            base_url or os.environ.get("PATCHBAY_BASE_URL") or DEFAULT_BASE_URL,
            api_key if api_key is not None else os.environ.get("PATCHBAY_API_KEY"),
            timeout,
        )
        self.apps = Apps(self._transport)
        self.catalog = Catalog(self._transport)
        self.connections = Connections(self._transport)
        self.tools = Tools(self._transport)
        self.custom_connectors = CustomConnectors(self._transport)
        self.triggers = Triggers(self._transport)
        self.events = Events(self._transport)
        self.runs = Runs(self._transport)

    @property
    def base_url(self) -> str:
        return self._transport.base_url

    def me(self) -> Account:
        """The account behind the key, and the key's permissions."""
        return self._transport.call("getMe")

    def request(self, app: str, method: HttpMethod, path: str,
                query: Optional[Dict[str, Union[str, int, float, bool, List[str]]]] = None, body: Any = _UNSET,
                headers: Optional[Dict[str, str]] = None, connection: Optional[str] = None) -> AppResponse:
        """Calls any endpoint of a connected app's own API with the account's credentials.

        ``request("github", method="GET", path="/user/repos", query={"per_page": 5})`` returns the app's answer
        (``status``, ``headers``, ``body``) whatever its status.
        """
        payload = compact(method=method, path=path, query=query, headers=headers, connection=connection)
        if body is not _UNSET:
            payload["body"] = body
        return self._transport.call("requestApp", path={"app": app}, body=payload)
