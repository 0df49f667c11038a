"""Large tool results through a summarizing compaction: linear time on any input (issue 12).

A Chat Completions session (8k usable tokens) whose tool calls return about 1 MiB each, of
ten kinds (``tests/runtime/summary/large_inputs.py``: search results as JSON, English and
Chinese prose, dense numbers, dense dates, one run without spaces, digits only, whitespace
runs, many secrets, many injection attempts), compacted once by
``Compactor(summarizer=ExtractiveSummarizer())`` from a cold start, as ``/context`` does.

Reports CPU seconds (``time.process_time``; the machine is shared, wall time mostly measures
the neighbours) for:

- the whole compaction with 1, 2, 5 and 10 such results (the growth shows linearity), and how
  much of it is the token counter (tiktoken over the raw text: the provider receives it);
- each kind alone: compaction, ``sanitize_text`` of the result, and the text validation reads.

Usage: python bench/large_tool_results.py [--repeat N] [--size BYTES] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runtime import Budget, Compactor
from runtime.messages import Message, ToolResult
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.sanitize import sanitize_text
from runtime.summary.validate import message_source_text
from runtime.tokens import TiktokenCounter
from tests.runtime.summary.large_inputs import KINDS, MIB, chat_history, tool_result

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)


def _cpu(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median CPU seconds of ``repeat`` runs, and the last run's result."""
    times, result = [], None
    for _ in range(repeat):
        started = time.process_time()
        result = run()
        times.append(time.process_time() - started)
    return statistics.median(times), result


def _compact(history: list[dict[str, Any]]) -> dict[str, Any]:
    compactor = Compactor(
        budget=Budget(8192, max_output_tokens=1024, tool_reserve=0, safety_margin=0),
        summarizer=ExtractiveSummarizer(),
    )
    report: dict[str, Any] = compactor.compact(history, now=NOW).report
    return report


def _count_only(history: list[dict[str, Any]]) -> None:
    counter = TiktokenCounter()
    for entry in history:
        counter.count_text(entry.get("content") or "")


def _scaling(size: int, repeat: int) -> list[dict[str, Any]]:
    rows = []
    kinds = list(KINDS)
    for n in (1, 2, 5, 10):
        history = chat_history([kinds[i % len(kinds)] for i in range(n)], size=size)
        cpu, report = _cpu(lambda h=history: _compact(h), repeat)
        tokens, _ = _cpu(lambda h=history: _count_only(h), repeat)
        rows.append(
            {
                "results": n,
                "cpu_s": round(cpu, 3),
                "token_count_cpu_s": round(tokens, 3),
                "rest_cpu_s": round(cpu - tokens, 3),
                "strategy": report["strategy"],
                "fallback": report["fallback"],
            }
        )
        print(
            f"{n:>2} x {size // 1024} KiB: {cpu:6.2f} s CPU "
            f"(token counting {tokens:5.2f} s, the rest {cpu - tokens:5.2f} s), "
            f"strategy={report['strategy']} fallback={report['fallback']}"
        )
    return rows


def _per_kind(size: int, repeat: int) -> list[dict[str, Any]]:
    rows = []
    for kind in KINDS:
        text = tool_result(kind, size=size)
        history = chat_history([kind], size=size)
        message = Message(
            id="m1",
            index=1,
            role="tool",
            text=text,
            raw={},
            tool_results=(ToolResult("c1", text),),
        )
        compact, _ = _cpu(lambda h=history: _compact(h), repeat)
        sanitize, _ = _cpu(lambda t=text: sanitize_text(t), repeat)
        source, _ = _cpu(lambda m=message: message_source_text(m), repeat)
        rows.append(
            {
                "kind": kind,
                "compact_cpu_s": round(compact, 3),
                "sanitize_ms": round(sanitize * 1000, 1),
                "source_text_ms": round(source * 1000, 1),
            }
        )
        print(
            f"{kind:>11}: compact {compact:5.2f} s, sanitize_text {sanitize * 1000:6.1f} ms, "
            f"validation's source text {source * 1000:6.1f} ms"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--size", type=int, default=MIB)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    out = {
        "size": args.size,
        "repeat": args.repeat,
        "scaling": _scaling(args.size, args.repeat),
        "per_kind": _per_kind(args.size, args.repeat),
    }
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
