"""The source document's scenario as data, in one place: a Shanghai-to-Hangzhou weekend trip.

``TRIP_MESSAGES`` is the short English conversation (OpenAI Chat format with ids),
``trip_summary()`` the compaction summary of it as a summarizer reports it (facts with their
source message ids); ``install_summary`` and ``seed_session`` store a session with that summary
straight into the session tables (for the promotion and consolidation tests, which need many
idle sessions quickly). ``transcript(name)`` and ``expected()`` read the frozen long
transcripts of ``tests/data/trip`` (three phrasings, 84-88 messages each, with their expected
constraints). Tests of other phrasings (the run-time tier's Chinese fixtures) keep their own.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, cast

from sqlalchemy import Engine, update
from sqlmodel import Session, col

from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionStateRow,
    SessionSummaryRow,
)
from runtime.state import CompactionState
from runtime.summary.schema import CompactionSummary, Fact
from runtime.summary.set_aside import set_aside_to_json

T0 = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)
DATA = Path(__file__).resolve().parents[1] / "data" / "trip"
TranscriptName = Literal[
    "trip_zh_source",
    "trip_zh_variant",
    "trip_en_variant",
    "trip_zh_variant_2",
    "trip_en_variant_2",
]
TRANSCRIPTS: tuple[TranscriptName, ...] = (
    "trip_zh_source",
    "trip_zh_variant",
    "trip_en_variant",
    "trip_zh_variant_2",  # reworded 2026-12-05, before the extractor saw them
    "trip_en_variant_2",
)

TRIP_MESSAGES = [
    {
        "id": "m1",
        "role": "user",
        "content": (
            "Plan a weekend trip Shanghai to Hangzhou: leave the morning of 2026-09-19, one-way "
            "at most 200 CNY (I usually keep one-way under 200 CNY), back in Shanghai before "
            "18:00 on 2026-09-20. Direct trains preferred. Do not book automatically."
        ),
    },
    {
        "id": "m2",
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {
                    "name": "search_trains",
                    "arguments": '{"from": "Shanghai", "to": "Hangzhou", "date": "2026-09-19"}',
                },
            }
        ],
    },
    {
        "id": "m3",
        "role": "tool",
        "tool_call_id": "call_1",
        "content": (
            '[{"train": "G7301", "depart": "08:05", "arrive": "09:02", "price": "73 CNY"}, '
            '{"train": "G123", "depart": "10:30", "arrive": "12:40", "price": "68 CNY"}]'
        ),
    },
    {
        "id": "m4",
        "role": "assistant",
        "content": ("G7301 (08:05, 73 CNY) fits; G123 is excluded because it arrives too late."),
    },
    {"id": "m5", "role": "user", "content": "Take G7301, but don't book it yet."},
]


def trip_summary(*, version: int = 1, budget_confidence: float = 0.95) -> CompactionSummary:
    """The trip's summary: constraints, the choice, the exclusion and the observed prices."""

    def fact(key: str, value: str, status: str, ids: list[str], conf: float = 0.9) -> Fact:
        return Fact(key=key, value=value, status=status, confidence=conf, source_ids=ids)

    return CompactionSummary(
        summary_version=version,
        source_message_ids=["m1", "m2", "m3", "m4", "m5"],
        facts=[
            fact("budget.one_way_max", "200 CNY", "constraint", ["m1"], budget_confidence),
            fact("trip.departure_date", "2026-09-19", "constraint", ["m1"]),
            fact("trip.return_deadline", "2026-09-20T18:00", "constraint", ["m1"]),
            fact("train.direct_preferred", "true", "preference", ["m1"], 0.6),
            fact("booking.auto_allowed", "false", "constraint", ["m1", "m5"]),
            fact("train.chosen", "G7301", "chosen", ["m4", "m5"]),
            fact("train.excluded", "G123", "excluded", ["m4"]),
            fact("price.g7301", "73 CNY", "observed", ["m3"]),
            fact("price.g123", "68 CNY", "observed", ["m3"]),
        ],
        created_at=T0,
    )


def install_summary(
    engine: Engine,
    *,
    tenant: str,
    session_id: str,
    user: str,
    summary: CompactionSummary,
    covers: int = len(TRIP_MESSAGES),
    set_aside: Sequence[Fact] = (),
) -> None:
    """Store ``summary`` as the session's current summary version, covering the first
    ``covers`` messages (as the compaction state records it), with ``set_aside`` the items
    the version had no room for (its lost list, as the state carries it)."""
    state = CompactionState(
        format="openai-chat",
        summary=summary.model_dump(mode="json"),
        summary_version=summary.summary_version,
        summary_until_index=covers,
        set_aside=set_aside_to_json(set_aside),
    )
    with Session(engine) as db:
        db.add(
            SessionSummaryRow(
                tenant_id=tenant,
                session_id=session_id,
                user_id=user,
                version=summary.summary_version,
                summarizer="test",
                summary_json=summary.model_dump_json(),
            )
        )
        db.execute(
            update(SessionStateRow)
            .where(col(SessionStateRow.tenant_id) == tenant)
            .where(col(SessionStateRow.session_id) == session_id)
            .values(summary_version=summary.summary_version, state_json=state.to_json())
        )
        db.commit()


def seed_session(
    engine: Engine,
    *,
    tenant: str,
    session_id: str,
    user: str,
    updated_at: datetime,
    summary: CompactionSummary | None = None,
    history: Sequence[dict[str, Any]] | None = None,
) -> None:
    """A session row, its state and (optionally) its current summary, idle since ``updated_at``.

    With a summary the session also holds ``history`` (default ``TRIP_MESSAGES``, the messages
    the trip summary cites): promotion and consolidation check facts against them.
    """
    with Session(engine) as db:
        db.add(
            AgentSessionRow(
                tenant_id=tenant,
                id=session_id,
                user_id=user,
                format="openai-chat",
                budget_json=json.dumps({"context_limit": 8000, "max_output_tokens": 1000}),
                created_at=updated_at,
                updated_at=updated_at,
            )
        )
        db.add(
            SessionStateRow(
                tenant_id=tenant, session_id=session_id, user_id=user, updated_at=updated_at
            )
        )
        db.commit()
    if summary is not None:
        store_history(
            engine,
            tenant=tenant,
            session_id=session_id,
            user=user,
            messages=cast("list[dict[str, Any]]", TRIP_MESSAGES) if history is None else history,
        )
        install_summary(engine, tenant=tenant, session_id=session_id, user=user, summary=summary)


def store_history(
    engine: Engine, *, tenant: str, session_id: str, user: str, messages: Sequence[dict[str, Any]]
) -> None:
    """Append ``messages`` (raw entries with ids) to a seeded session's stored history."""
    with Session(engine) as db:
        for position, message in enumerate(messages):
            raw = json.dumps(message)
            db.add(
                SessionMessageRow(
                    tenant_id=tenant,
                    session_id=session_id,
                    position=position,
                    user_id=user,
                    message_id=str(message.get("id", f"p{position}")),
                    role=str(message.get("role", "user")),
                    digest=hashlib.sha256(raw.encode()).hexdigest(),
                    raw_json=raw,
                )
            )
        db.commit()


def transcript(name: TranscriptName) -> list[dict[str, Any]]:
    """One frozen transcript of ``tests/data/trip`` (Chat Completions messages with ids)."""
    messages: list[dict[str, Any]] = json.loads((DATA / f"{name}.json").read_text("utf-8"))
    return messages


def expected() -> dict[str, Any]:
    """``tests/data/trip/expected.json`` with ``expected_2.json``'s files: constraints,
    choices, the exclusion, the questions (a file of ``expected_2`` has its own)."""
    data: dict[str, Any] = json.loads((DATA / "expected.json").read_text("utf-8"))
    more: dict[str, Any] = json.loads((DATA / "expected_2.json").read_text("utf-8"))
    data["files"] = {**data["files"], **more["files"]}
    return data


def why_question(name: TranscriptName) -> dict[str, Any]:
    """The "why was G123 excluded" question for ``name``: its own, or its language's."""
    facts = expected()["files"][f"{name}.json"]
    if "question" in facts:
        own: dict[str, Any] = facts["question"]
        return own
    [question] = [q for q in expected()["questions"] if q["lang"] == facts["lang"]]
    return cast("dict[str, Any]", question)
