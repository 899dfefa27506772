"""The client against a running Patchbay: PATCHBAY_BASE_URL and PATCHBAY_API_KEY name it (skipped without)."""
import os
import unittest

from patchbay import Patchbay, PatchbayError

LIVE = bool(os.environ.get("PATCHBAY_BASE_URL") and os.environ.get("PATCHBAY_API_KEY"))


@unittest.skipUnless(LIVE, "set PATCHBAY_BASE_URL and PATCHBAY_API_KEY to run against a live server")
class LiveTest(unittest.TestCase):
    client: Patchbay

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = Patchbay()

    # Failures first.
    def test_rejects_a_bad_key_with_unauthorized(self) -> None:
        with self.assertRaises(PatchbayError) as caught:
            Patchbay(api_key="patchbay_sk_not_a_real_key").me()
        e = caught.exception
        self.assertEqual((e.code, e.status), ("unauthorized", 401))
        self.assertTrue(e.request_id)
        self.assertTrue(e.message)

    def test_answers_not_found_for_an_unknown_app(self) -> None:
        with self.assertRaises(PatchbayError) as caught:
            self.client.apps.get("no_such_app_anywhere")
        self.assertEqual((caught.exception.code, caught.exception.status), ("not_found", 404))

    def test_answers_not_found_for_an_unknown_tool(self) -> None:
        with self.assertRaises(PatchbayError) as caught:
            self.client.tools.get("NO_SUCH_TOOL_ANYWHERE")
        self.assertEqual(caught.exception.status, 404)

    def test_refuses_to_run_a_tool_or_call_an_app_that_is_not_connected(self) -> None:
        tool = next(t for t in self.client.tools.list(app="github", limit=200) if not t["inputSchema"].get("required"))
        for call in (lambda: self.client.tools.run(tool["name"], {}),
                     lambda: self.client.request("github", method="GET", path="/user")):
            with self.assertRaises(PatchbayError) as caught:
                call()
            self.assertEqual((caught.exception.code, caught.exception.status), ("app_not_connected", 409))

    def test_answers_not_found_for_deleting_an_unknown_connection(self) -> None:
        with self.assertRaises(PatchbayError) as caught:
            self.client.connections.delete("conn_unknown")
        self.assertEqual((caught.exception.code, caught.exception.status), ("not_found", 404))

    def test_surfaces_an_operation_not_built_yet(self) -> None:
        candidates = [
            lambda: self.client.triggers.list(),
            lambda: self.client.custom_connectors.list(),
            lambda: self.client.triggers.types(app="github"),
        ]
        for call in candidates:
            try:
                call()
            except PatchbayError as e:
                if e.status == 501:
                    self.assertEqual(e.code, "not_implemented")
                    self.assertTrue(e.request_id)
                    return
                raise
        self.skipTest("every candidate operation is built: nothing answers 501 any more")

    # Then what works.
    def test_custom_connector_lifecycle_against_the_server_itself(self) -> None:
        """A REST connector whose API is Patchbay's own /me: create, tools, definitions, run, refresh, delete."""
        base = os.environ["PATCHBAY_BASE_URL"].rstrip("/")
        spec = {
            "openapi": "3.0.3",
            "info": {"title": "Patchbay itself", "version": "1"},
            "servers": [{"url": base + "/api/v1"}],
            "components": {"securitySchemes": {"key": {"type": "http", "scheme": "bearer"}}},
            "security": [{"key": []}],
            "paths": {"/me": {"get": {"operationId": "getMe", "summary": "The account behind the key.", "responses": {"200": {"description": "ok"}}}}},
        }
        connector = self.client.custom_connectors.create(name="pyself", spec=spec, key=os.environ["PATCHBAY_API_KEY"])
        try:
            self.assertEqual((connector["app"], connector["keyIn"], connector["hasKey"], connector["toolCount"]), ("custom_pyself", "bearer", True, 1))
            self.assertIn(connector["id"], [c["id"] for c in self.client.custom_connectors.list()])
            openai = self.client.tools.definitions(app="custom_pyself", format="openai")
            anthropic = self.client.tools.definitions(app="custom_pyself", format="anthropic")
            self.assertEqual(len(openai), 1)
            self.assertEqual(anthropic[0]["name"], "CUSTOM_PYSELF_GET_ME")
            result = self.client.tools.run("CUSTOM_PYSELF_GET_ME", {})
            self.assertTrue(result["successful"])
            self.assertTrue(result["data"]["id"].startswith("acct_"))
            self.assertEqual(self.client.custom_connectors.refresh(connector["id"])["toolCount"], 1)
        finally:
            self.assertEqual(self.client.custom_connectors.delete(connector["id"]), {"id": connector["id"], "deleted": True})
        with self.assertRaises(PatchbayError) as caught:
            self.client.tools.get("CUSTOM_PYSELF_GET_ME")
        self.assertEqual(caught.exception.status, 404)

    def test_me_is_the_account_behind_the_key(self) -> None:
        me = self.client.me()
        self.assertTrue(me["id"].startswith("acct_"))
        self.assertIn("read", me["key"]["permissions"])

    def test_lists_and_searches_apps_with_a_cursor(self) -> None:
        page = self.client.apps.list(limit=2)
        self.assertEqual(len(page), 2)
        self.assertTrue(page.next_cursor)
        following = self.client.apps.list(limit=2, cursor=page.next_cursor)
        self.assertNotEqual([a["id"] for a in page], [a["id"] for a in following])
        self.assertIn("github", [a["id"] for a in self.client.apps.search("github")])

    def test_gets_an_app_with_its_connection_status(self) -> None:
        app = self.client.apps.get("github")
        self.assertEqual((app["id"], app["connectionStatus"]), ("github", "not_connected"))

    def test_reads_the_catalog_without_a_key(self) -> None:
        apps = Patchbay(api_key="").catalog.list(search="github", limit=5)
        self.assertIn("github", [a["id"] for a in apps])

    def test_lists_gets_and_finds_tools(self) -> None:
        tools = self.client.tools.list(app="github", limit=3)
        self.assertEqual(len(tools), 3)
        self.assertTrue(all(t["app"] == "github" for t in tools))
        tool = self.client.tools.get(tools[0]["name"])
        self.assertEqual((tool["name"], tool["inputSchema"].get("type")), (tools[0]["name"], "object"))
        found = self.client.tools.find("create an issue on github", app="github", limit=5)["tools"]
        self.assertTrue(0 < len(found) <= 5)
        self.assertTrue(all(t["name"].startswith("GITHUB_") for t in found))

    def test_builds_tool_definitions_in_both_formats(self) -> None:
        count = self.client.apps.get("github")["toolCount"]
        openai = self.client.tools.definitions(app="github", format="openai")
        self.assertEqual(len(openai), count)
        self.assertEqual(set(openai[0]), {"type", "function"})
        self.assertEqual(openai[0]["type"], "function")
        self.assertEqual(set(openai[0]["function"]), {"name", "description", "parameters"})
        self.assertEqual(openai[0]["function"]["parameters"]["type"], "object")
        anthropic = self.client.tools.definitions(app="github", format="anthropic")
        self.assertEqual(len(anthropic), count)
        self.assertEqual(set(anthropic[0]), {"name", "description", "input_schema"})
        self.assertEqual(anthropic[0]["input_schema"]["type"], "object")
        self.assertEqual([d["function"]["name"] for d in openai], [d["name"] for d in anthropic])

    def test_keeps_at_most_limit_definitions_and_says_so(self) -> None:
        count = self.client.apps.get("github")["toolCount"]
        some = self.client.tools.definitions(app="github", format="openai", limit=128)
        self.assertEqual((len(some), some.total, some.truncated), (128, count, True))
        best = self.client.tools.definitions(app="github", format="anthropic", task="create an issue", limit=5)
        self.assertLessEqual(len(best), 5)
        self.assertIn("GITHUB_ISSUES_CREATE", [d["name"] for d in best])
        with self.assertRaises(ValueError):
            self.client.tools.definitions(format="openai")
        with self.assertRaises(ValueError):
            self.client.tools.definitions(app="github", limit=0)

    def test_lists_connections_and_runs(self) -> None:
        self.assertIsInstance(self.client.connections.list(), list)
        self.assertIsInstance(self.client.runs.list(), list)

    def test_creates_a_sign_in_link(self) -> None:
        link = self.client.apps.connect("github", label="tests")
        self.assertTrue(link["url"].startswith("http"))
        self.assertEqual(link["app"], "github")
        self.assertTrue(link["expiresAt"])


if __name__ == "__main__":
    unittest.main()
