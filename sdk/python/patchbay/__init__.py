"""Patchbay: connected apps for AI agents. One key, every app.

    from patchbay import Patchbay
    patchbay = Patchbay()  # PATCHBAY_API_KEY, PATCHBAY_BASE_URL
    print(patchbay.tools.find("create a GitHub issue")["tools"][0]["name"])
"""
from . import webhooks
from ._http import Page
from ._operations import OPERATIONS
from .client import Patchbay
from .errors import PatchbayError

__version__ = "1.0.0"
__all__ = ["Patchbay", "PatchbayError", "Page", "webhooks", "OPERATIONS", "__version__"]
