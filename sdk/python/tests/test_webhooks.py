"""webhooks.verify: a delivery is trusted only with a fresh timestamp and a matching signature. Offline."""
import email.message
import json
import time
import unittest

from patchbay import PatchbayError, webhooks

SECRET = "whsec_test_secret"
BODY = json.dumps({"id": "evt_1", "type": "webhook", "payload": {"hello": "world"}}).encode()


class VerifyTest(unittest.TestCase):
    def assertRejected(self, body, headers, secret=SECRET, **kwargs) -> PatchbayError:
        with self.assertRaises(PatchbayError) as caught:
            webhooks.verify(body, headers, secret, **kwargs)
        self.assertEqual(caught.exception.code, "invalid_signature")
        return caught.exception

    def test_rejects_a_tampered_body(self) -> None:
        self.assertRejected(BODY.replace(b"world", b"w0rld"), webhooks.sign(BODY, SECRET))

    def test_rejects_the_wrong_secret(self) -> None:
        self.assertRejected(BODY, webhooks.sign(BODY, "another secret"))

    def test_rejects_an_old_timestamp(self) -> None:
        old = int(time.time()) - 301
        error = self.assertRejected(BODY, webhooks.sign(BODY, SECRET, timestamp=old))
        self.assertIn("old", error.message)

    def test_rejects_a_timestamp_in_the_future(self) -> None:
        error = self.assertRejected(BODY, webhooks.sign(BODY, SECRET, timestamp=int(time.time()) + 301))
        self.assertIn("future", error.message)

    def test_rejects_malformed_headers(self) -> None:
        good = webhooks.sign(BODY, SECRET)
        bad_cases = {
            "no signature": {"x-patchbay-timestamp": good["x-patchbay-timestamp"]},
            "no timestamp": {"x-patchbay-signature": good["x-patchbay-signature"]},
            "no sha256= prefix": {**good, "x-patchbay-signature": good["x-patchbay-signature"][7:]},
            "uppercase hex": {**good, "x-patchbay-signature": good["x-patchbay-signature"].upper().replace("SHA256=", "sha256=")},
            "short signature": {**good, "x-patchbay-signature": good["x-patchbay-signature"][:-2]},
            "timestamp not a number": {**good, "x-patchbay-timestamp": "soon"},
            "two signatures": {**good, "X-Patchbay-Signature": good["x-patchbay-signature"]},
        }
        for case, headers in bad_cases.items():
            with self.subTest(case):
                self.assertRejected(BODY, headers)

    def test_rejects_a_parsed_body_saying_it_needs_the_raw_one(self) -> None:
        for parsed in ({"type": "ping"}, ["ping"], None, 12):
            with self.assertRaises(TypeError) as caught:
                webhooks.verify(parsed, {}, "s")  # type: ignore[arg-type]
            self.assertIn("needs the raw request body", str(caught.exception))

    def test_rejects_without_a_secret(self) -> None:
        self.assertRejected(BODY, webhooks.sign(BODY, SECRET), secret="")

    def test_accepts_a_good_delivery_and_returns_the_event(self) -> None:
        event = webhooks.verify(BODY, webhooks.sign(BODY, SECRET, event_id="evt_1"), SECRET)
        self.assertEqual(event["payload"], {"hello": "world"})

    def test_accepts_text_bodies_and_headers_in_any_case(self) -> None:
        headers = {k.title(): v for k, v in webhooks.sign(BODY, SECRET).items()}
        self.assertEqual(webhooks.verify(BODY.decode(), headers, SECRET)["id"], "evt_1")

    def test_accepts_an_http_message_as_headers(self) -> None:
        message = email.message.Message()
        for k, v in webhooks.sign(BODY, SECRET).items():
            message[k] = v
        self.assertEqual(webhooks.verify(BODY, message, SECRET)["id"], "evt_1")

    def test_honours_the_tolerance(self) -> None:
        headers = webhooks.sign(BODY, SECRET, timestamp=int(time.time()) - 600)
        self.assertRejected(BODY, headers)
        self.assertEqual(webhooks.verify(BODY, headers, SECRET, tolerance_seconds=900)["id"], "evt_1")

    def test_signs_as_the_service_does(self) -> None:
        # sha256= + hex HMAC-SHA256(secret, timestamp + "." + body), computed independently.
        import hashlib
        import hmac
        headers = webhooks.sign(b"{}", "s", timestamp=1700000000)
        expected = hmac.new(b"s", b"1700000000.{}", hashlib.sha256).hexdigest()
        self.assertEqual(headers["x-patchbay-signature"], "sha256=" + expected)


if __name__ == "__main__":
    unittest.main()
