"""Library cost against the session's length: warm calls vs LangChain's ``trim_messages``.

Run by hand (not in CI), from the repository root::

    .venv/bin/python bench/library_scaling.py [--messages 2000] [--repeat 7] [--profile warm]

Data: the 200 tau-bench airline runs in ../shared/data concatenated into one Chat history as in
``bench/bench_compaction.py`` (call ids unique), cut to ``--messages`` entries at a group
boundary; the cl100k encoder is loaded before any timing. One ``Compactor(Budget(128_000))``
with the library's defaults (recall on, share 0.4). Measured, median CPU time of ``--repeat``
runs after a warm-up:

1. ``cold``: a new compactor on the whole history (empty counter cache, and the process-wide
   sanitize and body-token memos emptied first: ``runtime.summary.edits``).
2. ``warm with state``: the compactor after one user message is appended, the state of the
   previous call threaded as that call returned it, read messages included (the agent loop's
   call: untriggered, read from the cut on, only the new message parsed).
3. ``no state, cache warm``: the same grown history without a state, on a compactor whose
   counter has already counted every message (a caller that does not keep the state); the
   same with recall off beside it (without a state there is no recall index, so every call
   indexes every evicted group again: its sanitizing and token counts come from the
   process-wide digest memos, its terms and rendering are computed anew), and the same with
   those memos emptied before each call (``stateless_memo_cold``).
4. ``trim_messages``: ``langchain_core.messages.trim_messages(strategy="last",
   include_system=True, start_on="human")`` to the same target, with a counter using the same
   encoder and the same per-message recipe (``bench_compaction.lc_token_counter``), on the
   grown history.

Goal (issue 10): warm with state at least 50x faster than ``trim_messages``, no state with a
warm cache at least 10x. ``--sizes`` repeats the warm measure at several lengths, to show the
warm call's cost does not follow the session's length. ``--profile NAME`` prints a cProfile of
one measure instead (``warm`` or ``stateless``).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_compaction import best_of, concatenate, load_runs, trim  # noqa: E402

from runtime import Budget, Compactor, RecallConfig  # noqa: E402
from runtime.recall.indexing import LINE_TOKENS  # noqa: E402
from runtime.summary.sanitize import SANITIZE_MEMO  # noqa: E402

QUESTION = {"role": "user", "content": "Can you also check the return flight?"}


def history_of(size: int) -> list[dict[str, Any]]:
    """The first ``size`` entries of the concatenation, shortened to end on a plain reply (so
    no tool round is cut short)."""
    cut = concatenate([run["traj"] for run in load_runs()])[:size]
    while cut and (cut[-1]["role"] != "assistant" or cut[-1].get("tool_calls")):
        cut = cut[:-1]
    return cut


def warm_call(compactor: Compactor, state: Any, reads: Any, grown: list[dict[str, Any]]) -> Any:
    """The call after the one on the history without the question, with the state it returned
    as it returned it: its read messages (which a call hands over to the state it returns) put
    back first, an attribute assignment, so each repetition starts where an agent loop would."""
    object.__setattr__(state, "_reads", reads)  # the bench resets what a call left
    return compactor.compact(grown, state=state)


def forget_memos() -> None:
    """Empty the process-wide digest memos (sanitizing, body tokens): a cold call pays them."""
    SANITIZE_MEMO.clear()
    LINE_TOKENS.clear()


def cold(budget: Budget, history: list[dict[str, Any]]) -> Any:
    forget_memos()
    return Compactor(budget=budget).compact(history)


def stateless_cold_memo(compactor: Compactor, grown: list[dict[str, Any]]) -> Any:
    forget_memos()
    compactor.forget_stateless_index()
    return compactor.compact(grown)


def after_previous_call(compactor: Compactor, seed: Any, grown: list[dict[str, Any]]) -> Any:
    """The stateless call after one on the history without the question: the compactor's
    index and read messages of that call (``Compactor.forget_stateless_index``'s) put back
    first, attribute assignments, so each repetition starts where a caller appending a
    message would."""
    compactor._stateless, compactor._stateless_reads = seed  # the bench resets what a call left
    return compactor.compact(grown)


def index_dropped(compactor: Compactor, grown: list[dict[str, Any]]) -> Any:
    compactor.forget_stateless_index()
    return compactor.compact(grown)


def measures(history: list[dict[str, Any]]) -> dict[str, Callable[[], Any]]:
    """Each measured call, set up (the previous call's state, a warm counter)."""
    budget = Budget(128_000)
    grown = [*history, QUESTION]
    compactor = Compactor(budget=budget)
    state = compactor.compact(history).state
    reads = state._reads  # a call hands the state's reads over to the state it returns
    stateless = Compactor(budget=budget, keep_stateless_index=True)
    stateless.compact(grown)  # every message counted once: the cache is warm
    stateless.compact(history)
    # the index and the messages of the call on the history, as the question's call finds them
    seed = (stateless._stateless, stateless._stateless_reads)
    plain = Compactor(budget=budget, recall=RecallConfig(enabled=False))
    plain.compact(grown)
    return {
        "cold": lambda: cold(budget, history),
        "warm": lambda: warm_call(compactor, state, reads, grown),
        "stateless": lambda: after_previous_call(stateless, seed, grown),
        "stateless_index_dropped": lambda: index_dropped(stateless, grown),
        "stateless_memo_cold": lambda: stateless_cold_memo(stateless, grown),
        "stateless_no_recall": lambda: plain.compact(grown),
        "trim": lambda: trim(grown, budget.target_tokens),
    }


def run(size: int, repeat: int) -> dict[str, Any]:
    history = history_of(size)
    calls = measures(history)
    cold_ms, cold = best_of(repeat, calls["cold"])
    warm_ms, warm = best_of(repeat, calls["warm"])
    stateless_ms, stateless = best_of(repeat, calls["stateless"])
    dropped_ms, _ = best_of(repeat, calls["stateless_index_dropped"])
    memo_cold_ms, _ = best_of(repeat, calls["stateless_memo_cold"])
    plain_ms, _ = best_of(repeat, calls["stateless_no_recall"])
    trim_ms, _ = best_of(max(1, repeat // 2), calls["trim"])
    return {
        "messages": len(history),
        "input_tokens": cold.report.input_tokens,
        "target_tokens": cold.report.target_tokens,
        "cold_ms": round(cold_ms, 2),
        "warm_ms": round(warm_ms, 2),
        "warm_incremental": warm.report.incremental,
        "warm_triggered": warm.report.triggered,
        "warm_recall_reason": warm.report.recall.reason,
        "warm_recalled_groups": len(warm.report.recall.recalled),
        "stateless_ms": round(stateless_ms, 2),
        "stateless_recalled_groups": len(stateless.report.recall.recalled),
        "stateless_index_dropped_ms": round(dropped_ms, 2),
        "stateless_memo_cold_ms": round(memo_cold_ms, 2),
        "stateless_no_recall_ms": round(plain_ms, 2),
        "trim_messages_ms": round(trim_ms, 1),
        "trim_vs_warm": round(trim_ms / warm_ms, 1),
        "trim_vs_stateless": round(trim_ms / stateless_ms, 1),
        "trim_vs_stateless_index_dropped": round(trim_ms / dropped_ms, 1),
        "trim_vs_stateless_no_recall": round(trim_ms / plain_ms, 1),
    }


def profile(size: int, name: str) -> None:
    call = measures(history_of(size))[name]
    call()
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(5):
        call()
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--sizes", type=str, default="", help="e.g. 500,2000,5000: warm only")
    parser.add_argument(
        "--profile",
        choices=("warm", "stateless", "stateless_memo_cold", "stateless_no_recall", "cold"),
        default=None,
    )
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    if args.profile:
        profile(args.messages, args.profile)
        return
    results: dict[str, Any] = {"main": run(args.messages, args.repeat)}
    if args.sizes:
        scaling = []
        for size in (int(s) for s in args.sizes.split(",")):
            calls = measures(history_of(size))
            warm_ms, _ = best_of(args.repeat, calls["warm"])
            stateless_ms, _ = best_of(args.repeat, calls["stateless"])
            scaling.append(
                {
                    "messages": size,
                    "warm_ms": round(warm_ms, 2),
                    "stateless_ms": round(stateless_ms, 2),
                }
            )
        results["scaling"] = scaling
    text = json.dumps(results, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
