"""``tiermem compact`` through the real typer app: output shape, state file, bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from api.cli import _register, app
from runtime.recall import RecallConfig

_register()
runner = CliRunner()
SMALL = ["--context-limit", "1000", "--max-output-tokens", "0", "--tool-reserve", "0"]
SMALL += ["--safety-margin", "0"]


def history(turns: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "You book trains."}]
    for i in range(turns):
        role = "user" if i % 2 == 0 else "assistant"
        out.append({"role": role, "content": " ".join(f"t{i}w{j}" for j in range(20))})
    return out


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["compact", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, value: Any, name: str = "in.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(value), encoding="utf-8")
    return str(path)


def test_prints_messages_and_report(tmp_path: Path) -> None:
    entries = history(40)
    code, out, err = run(write(tmp_path, entries), *SMALL, "--summarizer", "none")
    assert code == 0, err
    body = json.loads(out)
    assert set(body) == {"messages", "report"}
    report = body["report"]
    assert report["strategy"] == "window" and report["triggered"]
    assert body["messages"][0] == entries[0] and body["messages"][-1] == entries[-1]
    assert report["compacted_tokens"] <= report["target_tokens"]
    assert len(report["ids"]) == len(body["messages"])


def test_summarizer_defaults_to_extractive(tmp_path: Path) -> None:
    """The CLI summarizes by default (issue 3); the library default stays window-only."""
    entries = history(40)
    # room for at least one summary item (an empty skeleton is never adopted, issue 10)
    code, out, err = run(write(tmp_path, entries), *SMALL, "--context-limit", "2500")
    assert code == 0, err
    report = json.loads(out)["report"]
    assert report["triggered"] and report["strategy"] == "summary", report["fallback"]
    assert report["snapshot"]["summarizer"] == "extractive"
    assert report["ids"][1] == "summary-v1"


def test_stdin_and_output_file(tmp_path: Path) -> None:
    out_path = tmp_path / "out.json"
    code, out, err = run("-", "-o", str(out_path), stdin=json.dumps(history(3)))
    assert code == 0, err
    assert out == ""
    body = json.loads(out_path.read_text(encoding="utf-8"))
    assert body["report"]["strategy"] == "none"
    assert body["messages"] == history(3)


def test_anthropic_payload_keeps_system(tmp_path: Path) -> None:
    payload = {
        "system": "Be careful.",
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "hi"}]},
            {"role": "assistant", "content": [{"type": "text", "text": "hello"}]},
        ],
    }
    code, out, err = run(write(tmp_path, payload))
    assert code == 0, err
    body = json.loads(out)
    assert body["system"] == "Be careful."
    assert body["messages"] == payload["messages"]
    assert body["report"]["format"] == "anthropic"


def test_pins_and_state_file(tmp_path: Path) -> None:
    entries = history(40)
    state = tmp_path / "state.json"
    code, out, err = run(write(tmp_path, entries), *SMALL, "--state", str(state))
    assert code == 0, err
    first = json.loads(out)
    pin = next(i for i in first["report"]["dropped_ids"] if i.startswith("m3-"))
    saved = json.loads(state.read_text(encoding="utf-8"))
    assert saved["cut_id"] == first["report"]["cut_id"]
    entries.append({"role": "user", "content": "and then?"})
    code, out, err = run(write(tmp_path, entries), *SMALL, "--state", str(state), "--pin", pin)
    assert code == 0, err
    second = json.loads(out)
    assert second["report"]["strategy"] == "none"  # the state's window plus one message
    assert second["report"]["pinned_ids"] == [pin]
    assert pin in second["report"]["ids"]


@pytest.mark.parametrize(
    ("args", "stdin", "needle"),
    [
        (["-"], "not json", "not JSON"),
        (["-", "--format", "yaml"], "[]", "unknown format"),
        (["-"], '{"foo": 1}', "format"),
        (["-"], json.dumps([{"role": "tool", "tool_call_id": "c1", "content": "x"}]), "orphan"),
        (["-", "--max-output-tokens", "-1"], "[]", "max_output_tokens"),
        (["-", "--target", "0.9"], "[]", "target"),
        (["-", "--context-limit", "100"], "[]", "usable"),
        (["-", "--encoding", "nope"], "[]", "encoding"),
        (["-", "--summarizer", "magic"], "[]", "summarizer"),
        (["/no/such/file.json"], None, "cannot read"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], stdin: str | None, needle: str) -> None:
    code, out, err = run(*args, stdin=stdin)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert needle in err
    assert "Traceback" not in err


def test_bad_state_file_exits_2(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text("{broken", encoding="utf-8")
    code, _, err = run(write(tmp_path, history(2)), "--state", str(state))
    assert code == 2 and "state" in err


def test_extractive_summarizer_injects_a_summary(tmp_path: Path) -> None:
    entries = [{"role": "system", "content": "You book trains."}]
    for i in range(60):
        text = (
            f"Day {i}: the budget stays under 200 CNY, no auto-booking please."
            if i % 2 == 0
            else "Noted."
        )
        entries.append({"role": "user" if i % 2 == 0 else "assistant", "content": text})
    # room for at least one summary item (an empty skeleton is never adopted, issue 10)
    args = ["--context-limit", "1100", *SMALL[2:], "--summarizer", "extractive"]
    code, out, err = run(write(tmp_path, entries), *args)
    assert code == 0, err
    body = json.loads(out)
    report = body["report"]
    assert report["strategy"] == "summary", report["fallback"]
    assert report["ids"][1] == "summary-v1"
    assert "<compaction_summary trust='untrusted'" in body["messages"][1]["content"]
    assert report["summary_validation"]["passed"]
    assert report["compacted_tokens"] <= report["target_tokens"]


def test_clear_tool_results_flag(tmp_path: Path) -> None:
    huge = " ".join(f"row{j} price {100 + j} CNY" for j in range(700))
    entries = history(100)
    call = {"id": "call_big", "type": "function", "function": {"name": "search", "arguments": "{}"}}
    entries[-30:-30] = [  # an old but not too old tool result, alone over the window's share
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_big", "content": huge},
    ]
    path = write(tmp_path, entries)
    # sized against the whole target as the window's (as tests/runtime/compaction/test_clearing)
    limits = ["--context-limit", "10000", *SMALL[2:], "--no-recall"]
    code, out, err = run(path, *limits, "--clear-tool-results")
    assert code == 0, err
    report = json.loads(out)["report"]
    assert [e["tool_call_ids"] for e in report["cleared"]] == [["call_big"]]
    code, out, _ = run(path, *limits)
    assert code == 0 and json.loads(out)["report"]["cleared"] == []
    code, out, err = run(path, *limits, "--clear-tool-results", "--summarizer", "none")
    assert code == 2 and "needs a summarizer" in err


def test_summary_budget_option(tmp_path: Path) -> None:
    path = write(tmp_path, history(80))
    code, out, err = run(path, *SMALL, "--summary-budget", "0.5")
    assert code == 0, err
    assert json.loads(out)["report"]["triggered"] is True
    code, _, err = run(path, *SMALL, "--summary-budget", "1.5")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_recall_options(tmp_path: Path) -> None:
    """``--recall`` by default (the report's recall step runs), ``--no-recall`` turns it off,
    a summary share plus recall share above 0.9 exits 2 with one line."""
    path = write(tmp_path, history(40))
    code, out, err = run(path, *SMALL, "--summarizer", "none")
    assert code == 0, err
    assert json.loads(out)["report"]["recall"]["enabled"] is True
    code, out, err = run(path, *SMALL, "--summarizer", "none", "--no-recall")
    assert code == 0, err
    assert json.loads(out)["report"]["recall"]["reason"] == "disabled"
    code, out, err = run(path, *SMALL, "--summary-budget", "0.5", "--recall-share", "0.5")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "0.9" in err
    code, out, err = run(path, *SMALL, "--recall-share", "1.5")
    assert code == 2 and len(err.strip().splitlines()) == 1
    # only the summary share raised: the default recall share shrinks to fit beside it
    code, out, err = run(path, *SMALL, "--summary-budget", "0.75")
    assert code == 0, err
    report = json.loads(out)["report"]
    assert report["recall"]["enabled"] is True
    assert report["recall"]["reserve_tokens"] == int(0.15 * report["target_tokens"])


def test_the_recall_share_help_names_the_librarys_default() -> None:
    # the CLI imports the runtime lazily, so its help states the default as text
    result = runner.invoke(app, ["compact", "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0
    assert f"Default {RecallConfig().share}," in " ".join(result.stdout.split())
