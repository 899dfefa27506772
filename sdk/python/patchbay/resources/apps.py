from typing import List, Optional

from .._http import Page, Resource, compact
from ..types import App, AppWithStatus, ConnectLink


class Apps(Resource):
    """Apps Patchbay can connect, with this account's connection status."""

    def list(self, search: Optional[str] = None, category: Optional[str] = None, limit: Optional[int] = None,
             cursor: Optional[str] = None) -> "Page[AppWithStatus]":
        """Apps with this account's connection status; a ``Page`` (see ``next_cursor``)."""
        return self._t.call("listApps", query=compact(search=search, category=category, limit=limit, cursor=cursor), page=True)

    def search(self, text: str, category: Optional[str] = None, limit: Optional[int] = None,
               cursor: Optional[str] = None) -> "Page[AppWithStatus]":
        """Apps matching words in their id, name or description."""
        return self.list(search=text, category=category, limit=limit, cursor=cursor)

    def get(self, app: str) -> AppWithStatus:
        """One app, with its ways to sign in."""
        return self._t.call("getApp", path={"app": app})

    def connect(self, app: str, redirect_url: Optional[str] = None, label: Optional[str] = None,
                scopes: Optional[List[str]] = None) -> ConnectLink:
        """A single-use sign-in link (``url``, valid 15 minutes): send it to the user to connect the app."""
        return self._t.call("connectApp", path={"app": app}, body=compact(redirectUrl=redirect_url, label=label, scopes=scopes))


class Catalog(Resource):
    """The public app catalog; needs no key."""

    def list(self, search: Optional[str] = None, category: Optional[str] = None, limit: Optional[int] = None,
             cursor: Optional[str] = None) -> "Page[App]":
        """Apps of the catalog; a ``Page`` (see ``next_cursor``)."""
        return self._t.call("listCatalog", query=compact(search=search, category=category, limit=limit, cursor=cursor), page=True)
