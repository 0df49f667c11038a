"""LoCoMo evidence retention with recall on, at caps of 4k / 8k / 16k tokens.

Each conversation is replayed turn by turn through one ``Compactor`` (extractive summary,
recall on), the state threaded from call to call; at the end each question is asked as the
latest user message of the whole conversation (one call per question, from the replay's
state: the context a model would answer from). A question is retained when every evidence
turn is in that context verbatim (a kept message, a recalled turn, or its whole text inside
the summary) or, for answers longer than four characters, when the answer appears as whole
words in the context (the question itself is never searched, nor counted).

Constants are tuned on conversations 0-4; 5-9 are reported as held out, beside the total and
the per-conversation minimum. The recall step's own time is measured on the question calls.

    .venv/bin/python bench/recall.py [--caps 4000 8000 16000] [--conversations 0-9]
        [--share 0.4] [--floor 2.0] [--max-groups 6] [--trigger 0.8] [--target 0.8]

Needs ``../shared/data/locomo/locomo10.json``; prints a table and writes nothing.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import runtime.compaction.recalling as recalling
from runtime import Budget, Compactor
from runtime.recall import Recall, RecallConfig
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.tokens import TiktokenCounter

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "locomo10.json"
TUNE = range(0, 5)
HELD_OUT = range(5, 10)


def conversation_messages(conversation: dict[str, Any]) -> list[dict[str, Any]]:
    """LoCoMo turns as OpenAI Chat messages: speaker_a is the user, ``dia_id`` the id."""
    speaker_a = conversation["speaker_a"]
    numbers = sorted(
        int(key.split("_")[1])
        for key in conversation
        if re.fullmatch(r"session_\d+", key) and isinstance(conversation[key], list)
    )
    messages: list[dict[str, Any]] = []
    for number in numbers:
        when = str(conversation.get(f"session_{number}_date_time", ""))
        for turn in conversation[f"session_{number}"]:
            text = str(turn.get("text", ""))
            if turn.get("blip_caption"):
                text += f" [shares a photo: {turn['blip_caption']}]"
            messages.append(
                {
                    "id": turn["dia_id"],
                    "role": "user" if turn["speaker"] == speaker_a else "assistant",
                    "name": re.sub(r"[^A-Za-z0-9_-]", "_", str(turn["speaker"]))[:64],
                    "content": text,
                    "timestamp": when,
                }
            )
    return messages


def questions(sample: dict[str, Any]) -> list[dict[str, Any]]:
    """Categories 1-4 with evidence (the 1,536 questions of issue 10)."""
    out = []
    for qa in sample["qa"]:
        if qa.get("category") in (1, 2, 3, 4) and qa.get("evidence") and "answer" in qa:
            evidence: list[str] = []
            for item in qa["evidence"]:
                evidence.extend(p for p in re.split(r"[;,\s]+", item) if p)
            out.append(
                {"question": str(qa["question"]), "answer": str(qa["answer"]), "ev": evidence}
            )
    return out


def _squash(text: str) -> str:
    return " ".join(text.lower().split())


@dataclass
class Timer:
    """Times the recall step (``runtime.compaction.recalling.recall``) while ``on``."""

    on: bool = False
    ms: list[float] = field(default_factory=list)

    def wrap(self, step: Callable[..., Recall]) -> Callable[..., Recall]:
        def timed(*args: Any, **kwargs: Any) -> Recall:
            started = time.perf_counter()
            out = step(*args, **kwargs)
            if self.on:
                self.ms.append((time.perf_counter() - started) * 1000)
            return out

        return timed


def call_points(messages: Sequence[dict[str, Any]]) -> list[int]:
    """History lengths at which the agent is called: before each assistant turn starts."""
    return [
        i
        for i, m in enumerate(messages)
        if i > 0 and m["role"] == "assistant" and messages[i - 1]["role"] != "assistant"
    ]


def _text(entry: Any) -> str:
    content = entry.get("content") if isinstance(entry, dict) else None
    return content if isinstance(content, str) else json.dumps(entry, ensure_ascii=False)


def prefix_share(previous: list[Any], sent: list[Any]) -> float:
    """Share of ``sent`` (in characters of its JSON) that repeats ``previous`` from the start,
    entry by entry: what a provider's prompt cache can reuse."""
    sizes = [len(json.dumps(e, ensure_ascii=False)) for e in sent]
    same = 0
    for before, now in zip(previous, sent, strict=False):
        if before != now:
            break
        same += 1
    return sum(sizes[:same]) / max(1, sum(sizes))


def run_conversation(
    sample: dict[str, Any], make: Callable[[], Compactor], timer: Timer
) -> tuple[int, int, int, int, float]:
    """(questions, retained, verbatim-only, max tokens sent, mean prefix reuse) of one
    conversation."""
    messages = conversation_messages(sample["conversation"])
    compactor = make()
    state = None
    worst = 0
    reuse: list[float] = []
    sent: list[Any] = []
    for length in [*call_points(messages), len(messages)]:
        result = compactor.compact(messages[:length], state=state, format="openai-chat")
        state = result.state
        worst = max(worst, result.report.compacted_tokens)
        if sent:
            reuse.append(prefix_share(sent, result.messages))
        sent = result.messages
    turn_text = {m["id"]: _squash(m["content"]) for m in messages}
    retained = verbatim = 0
    items = questions(sample)
    for item in items:
        ask = {"id": "question", "role": "user", "content": item["question"]}
        timer.on = True
        result = compactor.compact([*messages, ask], state=state, format="openai-chat")
        timer.on = False
        worst = max(worst, result.report.compacted_tokens)
        kept = set(result.ids) | set(result.report.recall.recalled_ids)
        flat = _squash(
            " ".join(
                _text(e)
                for e, i in zip(result.messages, result.ids, strict=True)
                if i != "question"
            )
        )
        whole = all(e in kept or (turn_text.get(e) and turn_text[e] in flat) for e in item["ev"])
        answer = _squash(item["answer"])
        present = len(answer) > 4 and re.search(rf"(?<!\w){re.escape(answer)}(?!\w)", flat)
        verbatim += whole
        retained += bool(whole or present)
    return len(items), retained, verbatim, worst, statistics.fmean(reuse) if reuse else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--caps", type=int, nargs="+", default=[4000, 8000, 16000])
    parser.add_argument("--conversations", default="0-9")
    parser.add_argument("--share", type=float, default=RecallConfig().share)
    parser.add_argument("--floor", type=float, default=RecallConfig().floor)
    parser.add_argument("--max-groups", type=int, default=RecallConfig().max_groups)
    parser.add_argument("--summary-share", type=float, default=0.25)
    parser.add_argument("--trigger", type=float, default=0.8)
    parser.add_argument("--target", type=float, default=0.6)
    parser.add_argument("--no-recall", action="store_true", help="recall off (the baseline)")
    args = parser.parse_args()
    if not DATA.exists():
        sys.exit(f"bench/recall.py: {DATA} is absent (the shared LoCoMo data)")
    low, _, high = args.conversations.partition("-")
    chosen = range(int(low), int(high or low) + 1)
    samples = json.loads(DATA.read_text(encoding="utf-8"))
    counter = TiktokenCounter()
    timer = Timer()
    recalling.recall = timer.wrap(recalling.recall)  # type: ignore[assignment]
    config = RecallConfig(
        enabled=not args.no_recall, share=args.share, floor=args.floor, max_groups=args.max_groups
    )
    print(
        f"recall share {args.share} floor {args.floor} max_groups {args.max_groups}; summary "
        f"share {args.summary_share}; trigger {args.trigger} target {args.target}"
    )
    for cap in args.caps:
        budget = Budget(
            cap,
            max_output_tokens=0,
            tool_reserve=0,
            safety_margin=0,
            trigger=args.trigger,
            target=args.target,
        )

        def make(budget: Budget = budget) -> Compactor:
            return Compactor(
                budget=budget,
                summarizer=ExtractiveSummarizer(),
                counter=counter,
                summary_budget=args.summary_share,
                recall=config,
            )

        timer.ms.clear()
        rows = {}
        started = time.perf_counter()
        for number in chosen:
            rows[number] = run_conversation(samples[number], make, timer)
        _print_cap(cap, rows, timer.ms, time.perf_counter() - started)


def _rate(rows: dict[int, tuple[int, int, int, int, float]], part: range, at: int) -> str:
    picked = [rows[n] for n in part if n in rows]
    asked = sum(r[0] for r in picked)
    return f"{100 * sum(r[at] for r in picked) / asked:5.1f}%" if asked else "    -"


def _print_cap(
    cap: int, rows: dict[int, tuple[int, int, int, int, float]], ms: list[float], wall: float
) -> None:
    everything = range(0, 10)
    per = {n: 100 * r[1] / r[0] for n, r in rows.items() if r[0]}
    ms = ms or [0.0]
    cuts = statistics.quantiles(ms, n=20) if len(ms) > 1 else [0.0] * 19
    print(
        f"cap {cap:>5}: retained tune {_rate(rows, TUNE, 1)}  held-out {_rate(rows, HELD_OUT, 1)}"
        f"  total {_rate(rows, everything, 1)}  (verbatim only: total {_rate(rows, everything, 2)})"
        f"  min/conv {min(per.values()):.1f}% (conv {min(per, key=per.__getitem__)})"
        f"  recall p50 {statistics.median(ms):.2f} ms p95 {cuts[18]:.2f} ms"
        f"  max sent {max(r[3] for r in rows.values())} tokens"
        f"  prefix reuse {100 * statistics.fmean(r[4] for r in rows.values()):.1f}%"
        f"  [{wall:.0f} s]"
    )
    print("   per conversation: " + " ".join(f"{n}:{v:.0f}" for n, v in sorted(per.items())))


if __name__ == "__main__":
    main()
