"""Verify trigger deliveries (and sign test ones).

A delivery carries ``x-patchbay-timestamp`` (unix seconds), ``x-patchbay-signature`` (``sha256=`` + the lowercase
hex HMAC-SHA256, keyed with the trigger's signing secret, of ``timestamp + "." + raw body``) and
``x-patchbay-event-id``.
"""
import hashlib
import hmac
import json
import re
import time
from typing import Any, Dict, Mapping, Optional, Union

from .errors import PatchbayError

TIMESTAMP_HEADER = "x-patchbay-timestamp"
SIGNATURE_HEADER = "x-patchbay-signature"
EVENT_ID_HEADER = "x-patchbay-event-id"

_SIGNATURE = re.compile(r"sha256=[0-9a-f]{64}")
_TIMESTAMP = re.compile(r"[0-9]{1,12}")


def _bytes(body: Union[bytes, bytearray, memoryview, str]) -> bytes:
    return body.encode("utf-8") if isinstance(body, str) else bytes(body)


def _signature(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def _header(headers: Mapping[str, Any], name: str) -> Optional[str]:
    """The header's single value, any case; None when absent or given more than once."""
    values = []
    for key, value in headers.items():
        if key.lower() != name or value is None:
            continue
        values.extend(value if isinstance(value, (list, tuple)) else [value])
    return values[0] if len(values) == 1 and isinstance(values[0], str) else None


def _reject(message: str) -> PatchbayError:
    return PatchbayError("invalid_signature", 0, message)


def verify(raw_body: Union[bytes, bytearray, str], headers: Mapping[str, Any], secret: str,
           tolerance_seconds: int = 300, now: Optional[float] = None) -> Any:
    """Checks a delivery before its body is trusted and returns the parsed body.

    Args:
        raw_body: the body exactly as received, before any JSON parsing.
        headers: the delivery's headers (any mapping; names in any case).
        secret: the trigger's ``signingSecret``, from ``triggers.create``.
        tolerance_seconds: how far the timestamp may be from now, either way (default 300).
        now: the current time in unix seconds (for tests).

    Raises:
        PatchbayError: code ``invalid_signature`` for a missing or malformed header, a timestamp too old or too
            far in the future, or a signature that does not match (compared in constant time).
    """
    if not isinstance(raw_body, (bytes, bytearray, memoryview, str)):
        raise TypeError(
            f"webhooks.verify needs the raw request body (bytes or str, exactly as received), got {type(raw_body).__name__}: "
            "the signature covers the bytes sent, which a parsed body no longer has. In Flask: request.get_data(); "
            "in Django: request.body; in FastAPI/Starlette: await request.body()."
        )
    if not secret:
        raise _reject("No signing secret given.")
    timestamp = _header(headers, TIMESTAMP_HEADER)
    signature = _header(headers, SIGNATURE_HEADER)
    if timestamp is None or signature is None:
        raise _reject(f"Missing {TIMESTAMP_HEADER} or {SIGNATURE_HEADER} header.")
    if not _TIMESTAMP.fullmatch(timestamp):
        raise _reject(f"Malformed {TIMESTAMP_HEADER} header: expected unix seconds.")
    if not _SIGNATURE.fullmatch(signature):
        raise _reject(f"Malformed {SIGNATURE_HEADER} header: expected sha256= and 64 lowercase hex digits.")
    age = int(time.time() if now is None else now) - int(timestamp)
    if age > tolerance_seconds:
        raise _reject(f"The delivery's timestamp is {age} s old, more than the {tolerance_seconds} s allowed.")
    if age < -tolerance_seconds:
        raise _reject(f"The delivery's timestamp is {-age} s in the future, more than the {tolerance_seconds} s allowed.")
    body = _bytes(raw_body)
    if not hmac.compare_digest(_signature(secret, timestamp, body), signature):
        raise _reject("The signature does not match the body and the secret.")
    try:
        return json.loads(body)
    except ValueError:
        raise _reject("The delivery is signed but its body is not JSON.") from None


def sign(raw_body: Union[bytes, bytearray, str], secret: str, timestamp: Optional[int] = None,
         event_id: Optional[str] = None) -> Dict[str, str]:
    """The headers Patchbay would send with this body: for testing a receiver without a live trigger."""
    ts = str(int(time.time()) if timestamp is None else timestamp)
    headers = {"content-type": "application/json", TIMESTAMP_HEADER: ts, SIGNATURE_HEADER: _signature(secret, ts, _bytes(raw_body))}
    if event_id:
        headers[EVENT_ID_HEADER] = event_id
    return headers
