"""Importing the run-time tier loads no server, HTTP or database code (issue 9).

Each check runs in a fresh interpreter, so what other tests imported cannot hide a leak: it
imports ``runtime``, ``runtime.adapters`` and then every module of the package (the OpenAI
adapter included: it imports ``openai`` only when a summarizer is built), and lists which of
the forbidden top-level packages ended up in ``sys.modules``.

Two private modules exist to be imported lazily, only once a caller uses LangChain/LangGraph
(they subclass the SDK's own classes, so they import it at module level, and LangChain brings
``httpx``): ``SDK_BRIDGES``. They are checked apart, against the server and tier packages; the
walk fails if another module starts importing an SDK at module level.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

FORBIDDEN = (
    "sqlalchemy",
    "sqlmodel",
    "fastapi",
    "starlette",
    "httpx",
    "openai",
    "anthropic",
    "casbin",
    "apscheduler",
    "api",
    "longterm",
    "policy",
    "storage",
)
SERVER = tuple(p for p in FORBIDDEN if p not in {"httpx", "openai", "anthropic"})
SDK_BRIDGES = ("runtime.adapters._langchain_middleware", "runtime.adapters._langgraph_state")

_PROBE = textwrap.dedent(
    """
    import importlib, json, pkgutil, sys
    imported = []
    for name in {first}:
        importlib.import_module(name)
        imported.append(name)
    if {walk}:
        import runtime
        for info in pkgutil.walk_packages(runtime.__path__, prefix="runtime."):
            if info.name not in {skip}:
                importlib.import_module(info.name)
                imported.append(info.name)
    loaded = sorted({{m.split(".")[0] for m in sys.modules}} & set({forbidden}))
    print(json.dumps({{"imported": imported, "loaded": loaded}}))
    """
)


def _probe(
    first: list[str], *, walk: bool = False, forbidden: tuple[str, ...] = FORBIDDEN
) -> dict[str, list[str]]:
    code = _PROBE.format(first=first, walk=walk, skip=list(SDK_BRIDGES), forbidden=list(forbidden))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    result: dict[str, list[str]] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("name", ["runtime", "runtime.adapters"])
def test_importing_the_package_loads_no_server_code(name: str) -> None:
    assert _probe([name])["loaded"] == []


def test_importing_every_runtime_module_loads_no_server_code() -> None:
    found = _probe(["runtime", "runtime.adapters"], walk=True)
    assert "runtime.adapters.openai_summarizer" in found["imported"]
    assert "runtime.compaction.compactor" in found["imported"]
    assert found["loaded"] == []


def test_the_sdk_bridges_load_no_server_code() -> None:
    found = _probe(["runtime", *SDK_BRIDGES], forbidden=SERVER)
    assert found["loaded"] == []


def test_the_probe_sees_a_forbidden_import() -> None:
    assert _probe(["runtime", "sqlalchemy"])["loaded"] == ["sqlalchemy"]
