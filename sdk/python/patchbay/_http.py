"""Sends one contract operation over HTTP with urllib and turns the answer into data or a PatchbayError."""
import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, List, Mapping, Optional, TypeVar

from ._operations import OPERATIONS
from .errors import PatchbayError

T = TypeVar("T")

USER_AGENT = "patchbay-python/1.0.0"


class Page(List[T]):
    """A list of records with the cursor of the next page (``None`` on the last page).

    Pass ``next_cursor`` back as ``cursor`` to get the next page.
    """

    def __init__(self, items: List[T], next_cursor: Optional[str]) -> None:
        super().__init__(items)
        self.next_cursor = next_cursor


class Transport:
    def __init__(self, base_url: str, api_key: Optional[str], timeout: float) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def call(self, operation_id: str, *, path: Optional[Mapping[str, str]] = None,
             query: Optional[Mapping[str, Any]] = None, body: Any = None,
             headers: Optional[Mapping[str, str]] = None, page: bool = False) -> Any:
        """Sends the operation; returns the parsed JSON body, as a ``Page`` when ``page`` is set."""
        method, template, _ = OPERATIONS[operation_id]
        url = self.base_url + template.format(**{k: urllib.parse.quote(str(v), safe="") for k, v in (path or {}).items()})
        params = [(k, _query_value(v)) for k, v in (query or {}).items() if v is not None]
        if params:
            url += "?" + urllib.parse.urlencode(params)
        sent = {"Accept": "application/json", "User-Agent": USER_AGENT, **(headers or {})}
        if self.api_key:
            sent["Authorization"] = f"Bearer {self.api_key}"
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            sent["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, method=method, headers=sent)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                parsed = _json(response.read())
                if page:
                    return Page(parsed, response.headers.get("Patchbay-Next-Cursor"))
                return parsed
        except urllib.error.HTTPError as answer:
            raise _error_of(answer) from None
        except (urllib.error.URLError, OSError) as failure:
            reason = getattr(failure, "reason", failure)
            raise PatchbayError("network_error", 0, f"The request did not reach Patchbay: {reason}") from failure


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _json(raw: bytes) -> Any:
    return json.loads(raw) if raw else None


def _error_of(answer: urllib.error.HTTPError) -> PatchbayError:
    raw = answer.read()
    request_id = answer.headers.get("X-Request-Id")
    try:
        error = json.loads(raw)["error"]
        return PatchbayError(str(error["code"]), answer.code, str(error["message"]),
                             error.get("requestId") or request_id, error.get("upstreamStatus"))
    except (ValueError, KeyError, TypeError):
        text = raw[:200].decode("utf-8", "replace")
        return PatchbayError("unexpected_response", answer.code, f"Unexpected answer: HTTP {answer.code} {text}".rstrip(),
                             request_id)


class Resource:
    """A group of methods sharing the client's transport."""

    def __init__(self, transport: Transport) -> None:
        self._t = transport


def compact(**fields: Any) -> Dict[str, Any]:
    """The fields that were given (not None), for bodies and queries."""
    return {k: v for k, v in fields.items() if v is not None}
