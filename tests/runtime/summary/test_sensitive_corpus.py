"""Sensitive data in tool results never reaches a summary (issue 12, "Sensitive data").

Every text of ``tests/data/attacks/sensitive.jsonl`` (e-mails, phones, cards also in
full-width digits, IBANs, passports, API keys ours included, passwords, PEM keys, CVVs, ids,
addresses, dates of birth; written without reading the sanitizer) is the result of a tool
call early in a session, in each of the three wire formats. The session is compacted with the
extractive summarizer so that the tool round is summarized, and leaks are counted by literal
search for the planted values and their variants (not by the sanitizer's own patterns) in every
string of the summary, the report (snapshot, validation, diff), the state and the returned
messages, the kept verbatim tool result excepted (it is what the provider receives anyway).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from runtime import Budget, Compactor
from runtime.messages import Format
from runtime.summary.extractive import ExtractiveSummarizer
from tests.suite_profile import share

CORPUS = Path(__file__).parents[2] / "data" / "attacks" / "sensitive.jsonl"
RECORDS = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)
# Older tool rounds with benign results: their digests are evicted first (oldest first) when the
# summary is over its budget, so the sensitive round, the newest, is the one summarized.
SEARCH = json.dumps(
    [{"train": f"G{7300 + i}", "depart": f"0{i}:05", "price_cny": 500 + i} for i in range(9)]
)
_STOPS = " ".join(f"Train G73{i:02d} stops at station number {i} on the way." for i in range(18))
# They fill the window (the target less the summary and recall shares), so every tool round
# before them is summarized.
RECENT = [f"Thanks. Tell me about the stops: {_STOPS}", "Fine, keep it in mind."]


def _chat(rounds: list[tuple[str, str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "You are a travel agent."}]
    for call_id, text in rounds:
        function = {"name": "lookup", "arguments": "{}"}
        call = {"id": call_id, "type": "function", "function": function}
        out += [
            {"role": "user", "content": "Please look it up."},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": call_id, "content": text},
            {"role": "assistant", "content": "Done."},
        ]
    return out


def _anthropic(rounds: list[tuple[str, str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for call_id, text in rounds:
        use = {"type": "tool_use", "id": call_id, "name": "lookup", "input": {}}
        result = {"type": "tool_result", "tool_use_id": call_id, "content": text}
        out += [
            {"role": "user", "content": "Please look it up."},
            {"role": "assistant", "content": [use]},
            {"role": "user", "content": [result]},
            {"role": "assistant", "content": "Done."},
        ]
    return out


def _responses(rounds: list[tuple[str, str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "developer", "content": "You are a travel agent."}]
    for call_id, text in rounds:
        out += [
            {"role": "user", "content": "Please look it up."},
            {"type": "function_call", "call_id": call_id, "name": "lookup", "arguments": "{}"},
            {"type": "function_call_output", "call_id": call_id, "output": text},
            {"role": "assistant", "content": "Done."},
        ]
    return out


BUILDERS = {"openai-chat": _chat, "anthropic": _anthropic, "openai-responses": _responses}


def _history(fmt: Format, text: str) -> list[dict[str, Any]]:
    rounds = [(f"call_{i}", SEARCH) for i in range(8)] + [("call_secret", text)]
    history = BUILDERS[fmt](rounds)
    for i, line in enumerate(RECENT):
        history.append({"role": "user" if i % 2 == 0 else "assistant", "content": line})
    return history


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _carries_raw(entry: object, text: str) -> bool:
    """Whether ``entry`` is the tool result itself, kept verbatim in the window."""
    return any(s == text for s in _strings(entry))


def _outputs(fmt: Format, text: str) -> tuple[list[str], dict[str, Any]]:
    compactor = Compactor(
        budget=Budget(2000, max_output_tokens=0, tool_reserve=0, safety_margin=0),
        summarizer=ExtractiveSummarizer(),
        summary_budget=0.75,
    )
    result = compactor.compact(_history(fmt, text), now=NOW)
    report = result.report.model_dump(mode="json")
    state = result.state.to_dict()
    for group in state["recall_index"]["groups"]:
        # a group's content digest (24 hex characters: "9515587d6b1f...") may hold a CVV's
        # three digits by chance, like a message id; its terms and body are still searched
        group[2] = ""
    kept = [m for m in result.messages if not _carries_raw(m, text)]
    return [*_strings(report), *_strings(state), *_strings(kept)], report


# Message ids are content digests ("m14-82ffa1b291ad"): a three-digit CVV can occur in one by
# chance, and a digest reveals nothing.
_MESSAGE_ID = re.compile(r"\bm\d+-[0-9a-f]{12}\b")


def _leaks(record: dict[str, Any], strings: list[str]) -> list[str]:
    values = [*record["planted"], *record.get("variants", [])]
    texts = [_MESSAGE_ID.sub(" ", s) for s in strings]
    return [v for v in values if any(v in t for t in texts)]


@pytest.mark.parametrize("fmt", sorted(BUILDERS))
def test_no_planted_value_reaches_summary_snapshot_or_context(fmt: Format) -> None:
    leaks: dict[str, list[str]] = {}
    summarized = 0
    records = share(RECORDS, sorted(BUILDERS).index(fmt), len(BUILDERS))
    for record in records:
        strings, report = _outputs(fmt, record["text"])
        assert report["strategy"] == "summary" and report["fallback"] is None, record["id"]
        digests = report["summary"]["tool_result_digests"]
        summarized += any(d["tool_call_id"] == "call_secret" for d in digests)
        found = _leaks(record, strings)
        if found:
            leaks[record["id"]] = found
    assert summarized == len(records)  # every tool result was read into the summary
    assert leaks == {}, f"{sum(map(len, leaks.values()))} leaked values: {leaks}"


def test_the_search_finds_a_planted_value() -> None:
    """The leak search itself: a value left in clear is found."""
    record = RECORDS[0]
    assert _leaks(record, [f"x {record['planted'][0]} y"]) == [record["planted"][0]]
