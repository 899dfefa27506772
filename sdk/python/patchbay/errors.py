"""The one error type the client raises."""
from typing import Optional


class PatchbayError(Exception):
    """An error answer from Patchbay, or a failure to reach it, or a delivery that failed verification.

    Attributes:
        code: machine-readable code: one of the service's closed set (``unauthorized``, ``not_found``,
            ``not_implemented``, ...) or the client's own ``invalid_signature``, ``network_error``,
            ``unexpected_response``.
        status: the HTTP status; 0 when there was no answer (network errors, webhook verification).
        message: what went wrong and what to do next.
        request_id: the request's id (``X-Request-Id``), to quote to support.
        upstream_status: for upstream errors, the status the connected app answered with.
    """

    def __init__(self, code: str, status: int, message: str, request_id: Optional[str] = None,
                 upstream_status: Optional[int] = None) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.message = message
        self.request_id = request_id
        self.upstream_status = upstream_status

    def __str__(self) -> str:
        where = f" (request {self.request_id})" if self.request_id else ""
        return f"{self.code} [{self.status}]: {self.message}{where}"

    def __repr__(self) -> str:
        return (f"PatchbayError(code={self.code!r}, status={self.status!r}, message={self.message!r}, "
                f"request_id={self.request_id!r})")
