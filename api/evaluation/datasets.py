"""Readers that turn transcript files into replayable evaluation runs.

Three shapes are recognized: LoCoMo (``conversation`` + ``qa``), tau-bench recorded trajectories
(``traj`` in OpenAI Chat format), and a plain transcript in any format ``runtime.formats`` reads
(a list of entries or an object with ``messages``/``input``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

__all__ = [
    "LOCOMO_HELD_OUT",
    "LOCOMO_TUNE",
    "DatasetError",
    "EvalQuestion",
    "EvalRun",
    "load_runs",
    "parse_locomo_datetime",
]

LOCOMO_TUNE = range(0, 5)
"""LoCoMo conversations constants may be chosen on."""

LOCOMO_HELD_OUT = range(5, 10)
"""LoCoMo conversations reported as held out: never looked at while tuning."""

JSON = Any


class DatasetError(ValueError):
    """A file that is not valid JSON or fits none of the recognized transcript shapes."""


@dataclass(frozen=True, slots=True)
class EvalQuestion:
    """A question whose answer lives in ``evidence`` (message ids) of its run."""

    question: str
    answer: str
    evidence: tuple[str, ...]
    category: int


@dataclass(frozen=True, slots=True)
class EvalRun:
    """One conversation to replay: the raw entries in their wire format and what to measure."""

    name: str
    source: str
    payload: JSON
    questions: tuple[EvalQuestion, ...] = ()
    pinned_ids: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)


_LOCOMO_DT = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})", re.I)


def parse_locomo_datetime(text: str) -> str | None:
    """``'1:56 pm on 8 May, 2023'`` -> ``'2023-05-08T13:56:00'``; None when it does not parse."""
    match = _LOCOMO_DT.search(text)
    if not match:
        return None
    hour, minute, ampm, day, month, year = match.groups()
    h = int(hour) % 12 + (12 if ampm.lower() == "pm" else 0)
    try:
        when = datetime.strptime(f"{day} {month} {year}", "%d %B %Y")
    except ValueError:
        return None
    return when.replace(hour=h, minute=int(minute)).isoformat()


def _split_evidence(items: list[str]) -> tuple[str, ...]:
    ids: list[str] = []
    for item in items:
        ids.extend(part for part in re.split(r"[;,\s]+", item) if part)
    return tuple(ids)


def _locomo_messages(conversation: dict[str, Any]) -> list[dict[str, Any]]:
    speaker_a = conversation["speaker_a"]
    numbers = sorted(
        int(key.split("_")[1])
        for key in conversation
        if re.fullmatch(r"session_\d+", key) and isinstance(conversation[key], list)
    )
    messages: list[dict[str, Any]] = []
    for number in numbers:
        stamp = parse_locomo_datetime(str(conversation.get(f"session_{number}_date_time", "")))
        for turn in conversation[f"session_{number}"]:
            text = str(turn.get("text", ""))
            if turn.get("blip_caption"):
                text += f" [shares a photo: {turn['blip_caption']}]"
            message: dict[str, Any] = {
                "id": turn["dia_id"],
                "role": "user" if turn["speaker"] == speaker_a else "assistant",
                "name": re.sub(r"[^A-Za-z0-9_-]", "_", str(turn["speaker"]))[:64],
                "content": text,
            }
            if stamp:
                message["timestamp"] = stamp
            messages.append(message)
    return messages


def _locomo_runs(data: list[dict[str, Any]], source: str) -> list[EvalRun]:
    runs: list[EvalRun] = []
    for sample in data:
        questions = tuple(
            EvalQuestion(
                question=str(qa["question"]),
                answer=str(qa["answer"]),
                evidence=_split_evidence(qa.get("evidence") or []),
                category=int(qa["category"]),
            )
            for qa in sample["qa"]
            if qa.get("category") in (1, 2, 3, 4) and qa.get("evidence") and "answer" in qa
        )
        runs.append(
            EvalRun(
                name=f"locomo:{sample.get('sample_id', len(runs))}",
                source=source,
                payload=_locomo_messages(sample["conversation"]),
                questions=questions,
                meta={
                    "dataset": "locomo",
                    "index": len(runs),
                    "held_out": len(runs) in LOCOMO_HELD_OUT,
                },
            )
        )
    return runs


def _taubench_runs(data: list[dict[str, Any]], source: str) -> list[EvalRun]:
    return [
        EvalRun(
            name=f"tau-bench:{item.get('task_id', i)}:{item.get('trial', 0)}",
            source=source,
            payload=item["traj"],
            meta={"dataset": "tau-bench", "reward": item.get("reward")},
        )
        for i, item in enumerate(data)
    ]


def _is_locomo(data: JSON) -> bool:
    return (
        isinstance(data, list)
        and bool(data)
        and all(isinstance(x, dict) and "conversation" in x and "qa" in x for x in data)
    )


def _is_taubench(data: JSON) -> bool:
    return (
        isinstance(data, list)
        and bool(data)
        and all(isinstance(x, dict) and isinstance(x.get("traj"), list) for x in data)
    )


def load_runs(path: Path) -> list[EvalRun]:
    """Read one file into evaluation runs.

    Raises:
        DatasetError: the file is not JSON or is empty.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DatasetError(f"{path}: cannot read JSON: {exc}") from exc
    if _is_locomo(data):
        return _locomo_runs(data, str(path))
    if _is_taubench(data):
        return _taubench_runs(data, str(path))
    if isinstance(data, list | dict) and data:
        pins = tuple(data.get("pinned_ids", ())) if isinstance(data, dict) else ()
        return [EvalRun(name=path.stem, source=str(path), payload=data, pinned_ids=pins)]
    raise DatasetError(f"{path}: empty or not a transcript")
