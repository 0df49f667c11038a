"""Importing ``runtime`` or an SDK helper loads no SDK and no server code."""

from __future__ import annotations

import subprocess
import sys

import pytest

HELPERS = [
    "runtime.adapters.openai_chat",
    "runtime.adapters.openai_responses",
    "runtime.adapters.anthropic_messages",
    "runtime.adapters.langchain",
    "runtime.adapters.langchain_trim",
]
NEVER = ("openai", "anthropic", "langchain_core", "langgraph", "langchain", "httpx", "sqlalchemy")
NEVER_FIRST_PARTY = ("api", "storage", "longterm", "policy")


@pytest.mark.parametrize("module", ["runtime", "runtime.adapters", *HELPERS])
def test_import_loads_no_sdk_and_no_server_code(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        f"bad = [m for m in {NEVER + NEVER_FIRST_PARTY!r} if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
