"""Erasure hygiene (issue 5): no cache held by a used Compactor or TiktokenCounter keeps text.

A user's erasure deletes rows; an in-process cache keyed or valued by message text, a ``name``
or a tool name would keep that personal data alive for the process's lifetime. These tests use
a compactor on a history full of unique markers (names, tool names, arguments, results, text),
then walk every object reachable from the compactor and its counter and look for any marker in
any string they hold.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import Any

import tiktoken

from runtime import Budget, Compactor, forget_cached_text
from runtime.hygiene import text_caches
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.tokens import TiktokenCounter

MARK = "zqxjmarker"


def _history(turns: int) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = [{"role": "system", "content": "You are a travel agent."}]
    for i in range(turns):
        call_id = f"call_{MARK}{i}"
        entries += [
            {"role": "user", "name": f"{MARK}name{i}", "content": f"{MARK}text{i} " * 40},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {
                            "name": f"{MARK}tool{i}",
                            "arguments": f'{{"q": "{MARK}arg{i}"}}',
                        },
                    }
                ],
            },
            {"role": "tool", "tool_call_id": call_id, "content": f"{MARK}result{i} " * 30},
            {"role": "assistant", "name": f"{MARK}bot{i}", "content": f"{MARK}reply{i}"},
        ]
    return entries


def _strings(root: object) -> Iterator[str]:
    """Every str reachable from ``root`` through attributes and containers (bounded walk)."""
    seen: set[int] = set()
    stack: list[object] = [root]
    while stack and len(seen) < 200_000:
        obj = stack.pop()
        if id(obj) in seen or isinstance(
            obj, types.ModuleType | types.FunctionType | type | tiktoken.Encoding
        ):
            continue
        seen.add(id(obj))
        if isinstance(obj, str):
            yield obj
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        elif isinstance(obj, types.MethodType):
            stack.append(obj.__self__)
        else:
            stack.extend(getattr(obj, "__dict__", {}).values())
            for slot in getattr(type(obj), "__slots__", ()):
                stack.append(getattr(obj, slot, None))


def _leaks(root: object) -> list[str]:
    return [s[:80] for s in _strings(root) if MARK in s]


def test_used_counter_holds_no_input_string() -> None:
    counter = TiktokenCounter()
    compactor = Compactor(Budget(4_000, max_output_tokens=500, tool_reserve=0), counter=counter)
    history = _history(30)
    state = None
    for end in range(5, len(history) + 1, 7):
        result = compactor.compact(history[:end], state=state)
        state = result.state
    assert counter.encoded_texts > 0
    assert len(counter._short) > 0  # the role/name cache was used ...
    assert _leaks(counter) == []  # ... and holds digests only
    assert _leaks(compactor) == []


def test_summarizing_compactor_holds_no_input_string() -> None:
    compactor = Compactor(
        Budget(4_000, max_output_tokens=500, tool_reserve=0),
        summarizer=ExtractiveSummarizer(),
    )
    history = _history(30)
    result = compactor.compact(history)
    assert result.report["strategy"] == "summary"
    assert MARK in str(result.messages)  # the output carries the text, the compactor does not
    assert _leaks(compactor) == []


def test_walker_finds_a_planted_string() -> None:
    counter = TiktokenCounter()
    counter._short[b"k"] = 1
    assert _leaks(counter) == []
    counter.__dict__["planted"] = {f"{MARK}name": 1}
    assert _leaks(counter) == [f"{MARK}name"]


def test_forget_cached_text_empties_the_summary_helpers_caches() -> None:
    compactor = Compactor(
        Budget(4_000, max_output_tokens=500, tool_reserve=0),
        summarizer=ExtractiveSummarizer(),
    )
    compactor.compact(_history(30))
    caches = text_caches()
    names = {getattr(c, "__qualname__", "") for c in caches}
    # Neither clause splitting (a caller-owned ClauseCache now, digests only) nor quantity
    # extraction (memoized per validation call) keeps a module-level cache on message text.
    assert names == set()
    assert forget_cached_text() == len(caches)
    assert all(c.cache_info().currsize == 0 for c in text_caches())  # type: ignore[attr-defined]


def test_no_module_of_the_runtime_keeps_text_after_a_compaction() -> None:
    compactor = Compactor(
        Budget(4_000, max_output_tokens=500, tool_reserve=0),
        summarizer=ExtractiveSummarizer(),
    )
    history = _history(30)
    for i, entry in enumerate(e for e in history if e["role"] == "user"):
        entry["content"] = (
            f"Turn {i}: my budget is at most {100 + i} CNY, {MARK}text{i}, no booking"
        )
    result = compactor.compact(history)
    assert result.report.strategy == "summary"
    assert len(compactor.clauses) > 0  # validation judged clauses, in the compactor's cache
    modules = [m for n, m in list(sys.modules.items()) if n.split(".")[0] == "runtime" and m]
    assert len(modules) > 20
    assert [name for m in modules for name in _leaks(vars(m))] == []
