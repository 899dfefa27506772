"""The client covers the contract: every REST operation under /api/v1 in generated/openapi.json has an entry in
``OPERATIONS`` with the same method and path, and each entry's method really sends that operation. Offline."""
import json
import os
import unittest
from pathlib import Path
from typing import Any, Dict, List, Tuple

from patchbay import OPERATIONS, Page, Patchbay

CONTRACT = Path(os.environ.get("PATCHBAY_OPENAPI") or Path(__file__).resolve().parents[3] / "generated" / "openapi.json")
HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options")


def contract_operations() -> Dict[str, Tuple[str, str]]:
    doc = json.loads(CONTRACT.read_text("utf-8"))
    return {
        op["operationId"]: (method.upper(), path)
        for path, item in doc["paths"].items() if path.startswith("/api/v1/")
        for method, op in item.items() if method in HTTP_METHODS
    }


def attribute(client: Patchbay, dotted: str) -> Any:
    target: Any = client
    for part in dotted.split("."):
        target = getattr(target, part)
    return target


# Arguments for the methods that need some; the rest are called without.
SAMPLE_ARGS: Dict[str, Tuple[tuple, dict]] = {
    "apps.get": (("github",), {}),
    "apps.connect": (("github",), {}),
    "request": (("github",), {"method": "GET", "path": "/user"}),
    "connections.delete": (("conn_1",), {}),
    "tools.get": (("GITHUB_GET_THE_AUTHENTICATED_USER",), {}),
    "tools.find": (("create an issue",), {}),
    "tools.run": (("GITHUB_GET_THE_AUTHENTICATED_USER", {}), {}),
    "custom_connectors.create": ((), {"name": "demo", "url": "https://mcp.example.com/mcp"}),
    "custom_connectors.delete": (("cc_1",), {}),
    "custom_connectors.refresh": (("cc_1",), {}),
    "triggers.types": ((), {"app": "github"}),
    "triggers.create": ((), {"source": "webhook", "name": "demo"}),
    "triggers.update": (("trg_1",), {"enabled": False}),
    "triggers.delete": (("trg_1",), {}),
    "events.list": ((), {"trigger": "trg_1"}),
    "events.redeliver": (("evt_1",), {}),
}


class RecordingTransport:
    def __init__(self) -> None:
        self.calls: List[str] = []

    def call(self, operation_id: str, page: bool = False, **_: Any) -> Any:
        self.calls.append(operation_id)
        return Page([], None) if page else {}


class ContractCoverageTest(unittest.TestCase):
    def test_every_contract_operation_has_a_client_method(self) -> None:
        missing = sorted(set(contract_operations()) - set(OPERATIONS))
        self.assertEqual(missing, [], f"operations of {CONTRACT} the Python client lacks (add them to OPERATIONS)")

    def test_methods_and_paths_match_the_contract(self) -> None:
        contract = contract_operations()
        differ = {op: (tuple(OPERATIONS[op][:2]), contract[op]) for op in contract if op in OPERATIONS and tuple(OPERATIONS[op][:2]) != contract[op]}
        self.assertEqual(differ, {}, "client (method, path) vs contract")

    def test_the_client_has_no_operation_the_contract_lacks(self) -> None:
        self.assertEqual(sorted(set(OPERATIONS) - set(contract_operations())), [])

    def test_each_operation_is_sent_by_its_method(self) -> None:
        client = Patchbay(api_key="patchbay_sk_test", base_url="http://127.0.0.1:9")
        for op, (_, _, name) in OPERATIONS.items():
            with self.subTest(operation=op, method=name):
                recorder = RecordingTransport()
                for resource in vars(client).values():
                    if hasattr(resource, "_t"):
                        resource._t = recorder
                client._transport = recorder  # type: ignore[assignment]
                fn = attribute(client, name)
                self.assertTrue(callable(fn), f"{name} is not a method")
                args, kwargs = SAMPLE_ARGS.get(name, ((), {}))
                fn(*args, **kwargs)
                self.assertEqual(recorder.calls, [op])

    def test_a_missing_operation_would_be_caught(self) -> None:
        # The check itself: an operation added to the contract and not to the client is reported.
        contract = dict(contract_operations(), addedLater=("GET", "/api/v1/later"))
        self.assertEqual(sorted(set(contract) - set(OPERATIONS)), ["addedLater"])


if __name__ == "__main__":
    unittest.main()
