"""Triggers and signed deliveries end to end: a generic webhook trigger made with the client, an event sent to its
inbound URL, the delivery received by a local receiver and checked with patchbay.webhooks.verify.

Needs a live server that may deliver to loopback (PATCHBAY_ALLOW_PRIVATE_NETWORK=true on the server)."""
import json
import os
import threading
import unittest
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer

import patchbay
from patchbay import Patchbay, PatchbayError

LIVE = bool(os.environ.get("PATCHBAY_BASE_URL") and os.environ.get("PATCHBAY_API_KEY"))


class _Receiver(BaseHTTPRequestHandler):
    received: list = []
    arrived = threading.Event()

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        _Receiver.received.append((body, dict(self.headers.items())))
        _Receiver.arrived.set()
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args) -> None:  # keep the test output clean
        pass


@unittest.skipUnless(LIVE, "set PATCHBAY_BASE_URL and PATCHBAY_API_KEY to run against a live server")
class DeliveryTest(unittest.TestCase):
    def setUp(self) -> None:
        self.client = Patchbay()
        self.receiver = HTTPServer(("127.0.0.1", 0), _Receiver)
        threading.Thread(target=self.receiver.serve_forever, daemon=True).start()
        _Receiver.received = []
        _Receiver.arrived.clear()

    def tearDown(self) -> None:
        self.receiver.shutdown()

    def test_lists_the_event_types_of_an_app(self) -> None:
        types = self.client.triggers.types(app="github")
        self.assertIn("github.push", [t["id"] for t in types["triggers"]])

    def test_a_delivery_made_by_the_server_verifies_and_a_tampered_one_does_not(self) -> None:
        port = self.receiver.server_address[1]
        created = self.client.triggers.create(source="webhook", name="orders", webhook_url=f"http://127.0.0.1:{port}/hook")
        trigger, secret = created["trigger"], created["signingSecret"]
        self.assertIn(trigger["id"], [t["id"] for t in self.client.triggers.list()])

        request = urllib.request.Request(trigger["inboundUrl"], data=json.dumps({"order": 42}).encode(), method="POST",
                                         headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            self.assertEqual(answer.status, 202)
        self.assertTrue(_Receiver.arrived.wait(15), "no delivery arrived")

        body, headers = _Receiver.received[0]
        event = patchbay.webhooks.verify(body, headers, secret)
        self.assertEqual(event["payload"], {"order": 42})
        with self.assertRaises(PatchbayError) as tampered:
            patchbay.webhooks.verify(body.replace(b"42", b"43"), headers, secret)
        self.assertEqual(tampered.exception.code, "invalid_signature")

        events = self.client.events.list(trigger=trigger["id"])
        self.assertEqual(events[0]["id"], event["id"])
        self.client.triggers.delete(trigger["id"])
        self.assertNotIn(trigger["id"], [t["id"] for t in self.client.triggers.list()])


if __name__ == "__main__":
    unittest.main()
