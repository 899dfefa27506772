"""Error answers become one PatchbayError with code, status, message and request_id. Offline, against a stub."""
import json
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from patchbay import Patchbay, PatchbayError


class Stub(BaseHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        if self.path.startswith("/api/v1/triggers"):
            self.answer(501, {"error": {"code": "not_implemented", "message": "Not built yet.", "requestId": "req_body"}})
        elif self.path.startswith("/api/v1/runs"):
            self.answer(502, b"<html>Bad gateway</html>", content_type="text/html", request_id="req_proxy")
        else:
            self.answer(200, [{"id": "a"}], headers={"Patchbay-Next-Cursor": "next"})

    def answer(self, status, body, content_type="application/json", request_id="req_header", headers=None) -> None:
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("X-Request-Id", request_id)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)


class ErrorMappingTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), Stub)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.client = Patchbay(api_key="patchbay_sk_test", base_url=f"http://127.0.0.1:{cls.server.server_port}")

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.shutdown()
        cls.server.server_close()

    def test_surfaces_501_not_implemented(self) -> None:
        with self.assertRaises(PatchbayError) as caught:
            self.client.triggers.list()
        e = caught.exception
        self.assertEqual((e.code, e.status, e.message, e.request_id), ("not_implemented", 501, "Not built yet.", "req_body"))

    def test_reports_an_answer_that_is_not_a_patchbay_error(self) -> None:
        with self.assertRaises(PatchbayError) as caught:
            self.client.runs.list()
        self.assertEqual((caught.exception.code, caught.exception.status, caught.exception.request_id),
                         ("unexpected_response", 502, "req_proxy"))

    def test_reports_an_unreachable_service(self) -> None:
        with self.assertRaises(PatchbayError) as caught:
            Patchbay(api_key="k", base_url="http://127.0.0.1:9").me()
        self.assertEqual((caught.exception.code, caught.exception.status), ("network_error", 0))

    def test_pages_carry_the_next_cursor(self) -> None:
        page = self.client.apps.list(limit=1)
        self.assertEqual((list(page), page.next_cursor), ([{"id": "a"}], "next"))


class ConfigurationTest(unittest.TestCase):
    def test_reads_the_key_and_address_from_the_environment(self) -> None:
        from unittest import mock
        with mock.patch.dict("os.environ", {"PATCHBAY_API_KEY": "patchbay_sk_env", "PATCHBAY_BASE_URL": "http://example.test:1/"}):
            client = Patchbay()
        self.assertEqual((client._transport.api_key, client.base_url), ("patchbay_sk_env", "http://example.test:1"))

    def test_defaults_to_localhost(self) -> None:
        from unittest import mock
        with mock.patch.dict("os.environ", {}, clear=True):
            self.assertEqual(Patchbay().base_url, "http://localhost:3000")


if __name__ == "__main__":
    unittest.main()
