"""README runs as written: every python block executes, every shell line naming ``tiermem``
uses a command and options that exist (checked against the CLI's own help)."""

from __future__ import annotations

import re
import runpy
import shlex
from pathlib import Path

import pytest

from tests.golden.surface import cli_help

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w+)\n(.*?)^```", README, re.M | re.S)
PYTHON = [code for lang, code in BLOCKS if lang == "python"]


@pytest.mark.parametrize("index", range(len(PYTHON)))
def test_python_block_runs(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = tmp_path / f"readme_{index}.py"
    script.write_text(PYTHON[index], encoding="utf-8")
    runpy.run_path(str(script), run_name="__main__")


def _tiermem_lines() -> list[list[str]]:
    lines = []
    for lang, code in BLOCKS:
        if lang != "bash":
            continue
        for line in code.splitlines():
            for part in re.split(r"&&|\|", line.split("  #")[0]):
                words = shlex.split(part.replace("[", " ").replace("]", " "))
                for i, word in enumerate(words):
                    if word.endswith("tiermem") and (word == "tiermem" or "/" in word):
                        lines.append(words[i + 1 :])
                        break
    return lines


def test_shell_lines_name_real_commands_and_options() -> None:
    pages = cli_help()
    lines = _tiermem_lines()
    assert len(lines) >= 10
    problems = []
    for args in lines:
        command = ["tiermem"]
        for word in args:
            if word.startswith("-") or " ".join([*command, word]) not in pages:
                break
            command.append(word)
        name = " ".join(command)
        if name == "tiermem" and args and not args[0].startswith("-"):
            problems.append(f"unknown command: tiermem {args[0]}")
            continue
        for word in args:
            option = word.split("=")[0]
            if option.startswith("--") and option not in pages[name]:
                problems.append(f"{name}: no option {option}")
    assert problems == []
