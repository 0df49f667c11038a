"""``examples/``: each script runs as written against the scripted model it serves itself."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SCRIPTS = sorted(p.name for p in EXAMPLES.glob("*.py") if not p.name.startswith("_"))


def test_there_is_one_example_per_ecosystem() -> None:
    assert SCRIPTS == [
        "anthropic_loop.py",
        "langgraph_agent.py",
        "openai_chat_loop.py",
        "openai_responses_loop.py",
    ]


@pytest.mark.parametrize("script", SCRIPTS)
def test_example_runs_and_compacts(script: str) -> None:
    path = EXAMPLES / script
    assert len(path.read_text().splitlines()) <= 60
    # the scripted model listens on 127.0.0.1: no proxy may stand in between
    env = {**os.environ, "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}
    done = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr
    assert "answer: TM107 is the cheapest." in done.stdout
    assert "last request" in done.stdout
    assert done.stderr == ""
    sizes = [int(n) for n in re.findall(r"sent +(\d+)", done.stdout)]
    assert len(sizes) == 9  # nine model calls, printed
    assert any(b < a for a, b in itertools.pairwise(sizes))  # the budget did bite
