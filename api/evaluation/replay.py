"""Replay a run turn by turn as an agent would: compact before every model call, thread the state.

The replay only uses the public library surface (``runtime.Compactor``), so what it measures is
what a user of the library gets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from api.evaluation.datasets import EvalRun
from api.evaluation.prefix import prefix_share, request_bytes
from runtime import CompactionReport, CompactionState
from runtime.formats import read_history
from runtime.messages import Message
from runtime.protocol import find_protocol_errors

__all__ = ["ReplayResult", "ReplayStep", "model_call_points", "replay_run", "slice_payload"]

JSON = Any


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One compaction before one model call."""

    history_len: int
    report: CompactionReport
    protocol_errors: int
    prefix_reuse: float | None = None
    """Share of this request that repeats the previous one from its first byte (None: first)."""


@dataclass(slots=True)
class ReplayResult:
    """Every step of one run, plus the context sent after the last message."""

    run: EvalRun
    format: str
    steps: list[ReplayStep] = field(default_factory=list)
    final_messages: list[JSON] = field(default_factory=list)
    final_ids: list[str] = field(default_factory=list)
    final_report: CompactionReport | None = None
    final_state: CompactionState | None = None
    history: tuple[Message, ...] = ()
    now: datetime | None = None


def model_call_points(messages: tuple[Message, ...]) -> list[int]:
    """History lengths at which the agent calls the model: before each assistant turn starts."""
    points = []
    for i, message in enumerate(messages):
        if message.role == "assistant" and (i == 0 or messages[i - 1].role != "assistant"):
            points.append(i)
    return points


def slice_payload(payload: JSON, length: int) -> JSON:
    """The first ``length`` entries of a payload, keeping ``system``/``tools`` of an object."""
    if isinstance(payload, list):
        return payload[:length]
    key = "messages" if "messages" in payload else "input"
    return {**payload, key: payload[key][:length]}


def _default_now(history: tuple[Message, ...]) -> datetime:
    for message in reversed(history):
        if message.timestamp:
            try:
                stamp = datetime.fromisoformat(message.timestamp)
            except ValueError:
                continue
            return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
    return datetime(2026, 1, 1, tzinfo=UTC)


def replay_run(
    run: EvalRun,
    *,
    compact: Callable[..., Any],
    every_turn: bool = True,
    stateless: bool = False,
) -> ReplayResult:
    """Compact before each model call of ``run`` (or only once at the end), threading state.

    Args:
        run: the run to replay.
        compact: a bound ``Compactor.compact``.
        every_turn: replay turn by turn (False: one compaction of the whole history).
        stateless: never pass the previous state back (the window refilling the whole cap on
            every call, ``window@cap``); the final context is the same as one compaction at
            the end, and the replay measures what such a window gives a prompt cache.
    """
    transcript = read_history(run.payload)
    history = transcript.messages
    now = _default_now(history)
    points = model_call_points(history) if every_turn else []
    points = [p for p in points if p > 0] + [len(history)]
    result = ReplayResult(run=run, format=transcript.format, history=history, now=now)
    state = None
    previous: bytes | None = None
    for length in points:
        outcome = compact(
            slice_payload(run.payload, length), pinned_ids=run.pinned_ids, state=state, now=now
        )
        state = None if stateless else outcome.state
        errors = find_protocol_errors(outcome.messages, format=transcript.format)
        sent = request_bytes(outcome.messages)
        reuse = None if previous is None else prefix_share(previous, sent)
        previous = sent
        result.steps.append(ReplayStep(length, outcome.report, len(errors), reuse))
        result.final_messages = list(outcome.messages)
        result.final_ids = list(outcome.ids)
        result.final_report = outcome.report
        result.final_state = outcome.state
    return result
