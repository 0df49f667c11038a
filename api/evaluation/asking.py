"""Ask each question last: the context a model would answer a LoCoMo question from.

After a run is replayed turn by turn, every question of the run is asked as the latest user
message of the whole history (one ``compact`` call per question, from the replay's final
state, the state not carried from question to question). That call is what recall answers,
so what recall brings back is measured, which a retention check on the final context alone
cannot see.

A question is *retained* when every evidence turn is in the context verbatim (a kept message,
a recalled turn, or its whole text inside the summary) or, for answers longer than four
characters, when the answer appears as whole words in the context. Short answers ("yes", "3",
"May") count only through their evidence turns: they match too much by chance. The question
itself is never searched nor counted. *Verbatim* is the evidence rule alone.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast

import runtime.compaction.recalling as recalling
from api.evaluation.replay import ReplayResult
from api.evaluation.summary_text import summary_of, summary_texts
from runtime.formats import read_history
from runtime.messages import Format, Message
from runtime.recall import Recall

__all__ = [
    "QUESTION_ID",
    "AskedQuestion",
    "RecallTimer",
    "answer_present",
    "ask_questions",
    "recall_timer",
]

QUESTION_ID = "eval-question"
"""The id of the appended question message (never one of LoCoMo's ``D<n>:<m>`` ids)."""

SHORT_ANSWER = 4
"""Answers of at most this many characters count only through their evidence turns."""

JSON = Any


@dataclass(frozen=True, slots=True)
class AskedQuestion:
    """What the context of one asked question held."""

    retained: bool
    verbatim: bool
    recall_tokens: int
    context_tokens: int
    recalled_ids: tuple[str, ...]


@dataclass(slots=True)
class RecallTimer:
    """Milliseconds of each recall step run while ``on`` (see ``recall_timer``).

    ``ms`` is wall clock, ``cpu_ms`` the calling thread's CPU time over the same step: on a
    loaded machine the wall clock includes waiting for a core, which the CPU time does not.
    """

    on: bool = False
    ms: list[float] | None = None
    cpu_ms: list[float] | None = None

    def record(self, elapsed_ms: float, cpu_ms: float = 0.0) -> None:
        """Keep one step's wall and CPU time when switched on."""
        if self.on:
            if self.ms is None or self.cpu_ms is None:
                self.ms, self.cpu_ms = [], []
            self.ms.append(elapsed_ms)
            self.cpu_ms.append(cpu_ms)


@contextmanager
def recall_timer() -> Iterator[RecallTimer]:
    """Time the compactor's recall step (``runtime.compaction.recalling.recall``).

    The runtime is pure and reports no clock of its own for this step, so the evaluation wraps
    the step function for the duration of the block and restores it after.
    """
    timer = RecallTimer()
    step = vars(recalling)
    original: Callable[..., Recall] = step["recall"]

    def timed(*args: Any, **kwargs: Any) -> Recall:
        started, cpu = time.perf_counter(), time.thread_time()
        try:
            return original(*args, **kwargs)
        finally:
            wall = (time.perf_counter() - started) * 1000
            timer.record(wall, (time.thread_time() - cpu) * 1000)

    step["recall"] = timed
    try:
        yield timer
    finally:
        step["recall"] = original


def _squash(text: str) -> str:
    return " ".join(text.lower().split())


def answer_present(answer: str, flat: str) -> bool:
    """Whether an answer longer than ``SHORT_ANSWER`` appears as whole words in ``flat``.

    Whole words only: "yes" must not match "yesterday", "2" not any date.
    """
    wanted = _squash(answer)
    if len(wanted) <= SHORT_ANSWER:
        return False
    return re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", flat) is not None


def _question_entry(fmt: Format, text: str) -> dict[str, Any]:
    if fmt == "openai-responses":
        return {"id": QUESTION_ID, "type": "message", "role": "user", "content": text}
    return {"id": QUESTION_ID, "role": "user", "content": text}


def _with_question(payload: JSON, entry: dict[str, Any]) -> JSON:
    if isinstance(payload, list):
        return [*payload, entry]
    key = "messages" if "messages" in payload else "input"
    return {**payload, key: [*payload[key], entry]}


def _readable(messages: Sequence[Message]) -> str:
    parts: list[str] = []
    for message in messages:
        if message.id == QUESTION_ID:
            continue
        summary = summary_of(message.text)
        if summary is not None:
            parts.extend(summary_texts(summary))
            continue
        parts.append(message.text)
        parts.extend(call.arguments for call in message.tool_calls)
        parts.extend(res.text for res in message.tool_results)
    return _squash("\n".join(parts))


def ask_questions(
    replay: ReplayResult,
    *,
    compact: Callable[..., Any],
    stateless: bool = False,
    timer: RecallTimer | None = None,
) -> list[AskedQuestion]:
    """Ask every question of the replayed run last, from its final state, and judge each.

    Args:
        replay: the run replayed with the same ``compact``.
        compact: a bound ``Compactor.compact``.
        stateless: compact each question afresh (the ``window@cap`` baseline).
        timer: switched on around each question call, so only these recall steps are timed.
    """
    run, fmt = replay.run, cast("Format", replay.format)
    state = None if stateless else replay.final_state
    turn_text = {m.id: _squash(m.text) for m in replay.history}
    asked: list[AskedQuestion] = []
    for question in run.questions:
        if timer is not None:
            timer.on = True
        try:
            result = compact(
                _with_question(run.payload, _question_entry(fmt, question.question)),
                pinned_ids=run.pinned_ids,
                state=state,
                now=replay.now,
            )
        finally:
            if timer is not None:
                timer.on = False
        recalled = tuple(result.report.recall.recalled_ids)
        kept = set(result.ids) | set(recalled)
        sent = read_history(result.messages, format=fmt).messages
        flat = _readable(sent)
        verbatim = all(
            e in kept or bool(turn_text.get(e) and turn_text[e] in flat) for e in question.evidence
        )
        asked.append(
            AskedQuestion(
                retained=verbatim or answer_present(question.answer, flat),
                verbatim=verbatim,
                recall_tokens=result.report.recall.tokens,
                context_tokens=result.report.compacted_tokens,
                recalled_ids=recalled,
            )
        )
    return asked
