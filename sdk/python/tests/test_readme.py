"""The README's examples are valid Python and call the client's methods with arguments they accept. Offline."""
import ast
import inspect
import re
import unittest
from pathlib import Path
from typing import Any, Optional

import patchbay
from patchbay import Patchbay

README = Path(__file__).resolve().parents[1] / "README.md"


def examples():
    return re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), re.S)


def chain(node: ast.AST) -> Optional[list]:
    """`patchbay.tools.find` -> ["patchbay", "tools", "find"]; `Patchbay().request` -> ["Patchbay()", "request"]."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.insert(0, node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return [node.id, *parts]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Patchbay":
        return ["Patchbay()", *parts]
    return None


class ReadmeTest(unittest.TestCase):
    def test_every_example_compiles_and_calls_real_methods(self) -> None:
        client = Patchbay(api_key="patchbay_sk_test", base_url="http://127.0.0.1:9")
        roots: dict = {"patchbay": client, "Patchbay()": client, "webhooks": patchbay.webhooks, "Patchbay": Patchbay}
        blocks = examples()
        self.assertGreaterEqual(len(blocks), 4)
        checked = 0
        for block in blocks:
            tree = ast.parse(block)
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                parts = chain(node.func)
                if not parts or parts[0] not in roots or len(parts) < 2 and parts[0] != "Patchbay":
                    continue
                target: Any = roots[parts[0]]
                for name in parts[1:]:
                    self.assertTrue(hasattr(target, name), f"README calls {'.'.join(parts)}, which does not exist")
                    target = getattr(target, name)
                if not callable(target) or isinstance(target, type) and target is not Patchbay:
                    continue
                args = [None] * len(node.args)
                kwargs = {k.arg: None for k in node.keywords if k.arg}
                try:
                    inspect.signature(target).bind(*args, **kwargs)
                except TypeError as error:
                    self.fail(f"README calls {'.'.join(parts)} with arguments it does not take: {error}")
                checked += 1
        self.assertGreater(checked, 15)


if __name__ == "__main__":
    unittest.main()
