"""The closing pass at task end (``policy.closing``): which messages no summary covers yet.

Since pinned groups are held out of the summary (kept verbatim in the context), a pinned message
before the summary's end is uncovered too, with the rest of its group (a pinned tool call is
read with its results), and so is a group the state records as held out whose pin was removed
since. Without that, a consented constraint in a pinned message was never a candidate.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Engine, update
from sqlmodel import Session, col

from api.sessions.source import SqlSessionSource
from api.sessions.tables import SessionMessageRow, SessionPinRow, SessionStateRow
from policy.candidates import candidates_from_summary
from policy.closing import closing_summary, uncovered_messages
from runtime.formats import read_history
from runtime.state import CompactionState
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.schema import CompactionSummary
from tests.scenarios.trip import T0, TRIP_MESSAGES, seed_session

NOW = datetime(2026, 9, 20, 20, 0, tzinfo=UTC)
SYSTEM = {"id": "s0", "role": "system", "content": "You are a travel agent."}
HISTORY: list[Any] = [
    SYSTEM,
    *TRIP_MESSAGES,
]  # s0, m1 (constraints), m2 call, m3 result, m4, m5


def _ids(*, until: int, pins: tuple[str, ...] = (), held: tuple[str, ...] = ()) -> list[str]:
    messages = read_history(HISTORY, format="openai-chat").messages
    return [m.id for m in uncovered_messages(messages, until=until, pins=pins, held_out=held)]


@pytest.mark.parametrize(
    ("until", "pins", "held", "expected"),
    [
        (0, (), (), ["m1", "m2", "m3", "m4", "m5"]),  # never compacted: all but the system
        (6, (), (), []),  # everything covered
        (4, (), (), ["m4", "m5"]),  # the tail
        (6, ("m1",), (), ["m1"]),  # a pinned message before the summary's end
        (6, ("m3",), (), ["m2", "m3"]),  # a pinned tool result: its whole group
        (6, ("m2",), (), ["m2", "m3"]),  # a pinned tool call: with its result
        (6, (), ("m2",), ["m2", "m3"]),  # held out, pin removed since: still uncovered
        (5, ("m1",), (), ["m1", "m5"]),  # pinned + tail, in history order, once each
        (0, ("m1", "m5"), ("m1",), ["m1", "m2", "m3", "m4", "m5"]),  # no duplicates
        (6, ("s0",), (), []),  # system/developer entries are never read
        (6, ("nope",), ("gone",), []),  # unknown pins and marks read nothing
    ],
)
def test_uncovered_messages_table(
    until: int, pins: tuple[str, ...], held: tuple[str, ...], expected: list[str]
) -> None:
    assert _ids(until=until, pins=pins, held=held) == expected


def test_a_history_that_does_not_group_is_read_message_by_message() -> None:
    orphan = {"id": "x1", "role": "tool", "tool_call_id": "call_missing", "content": "{}"}
    messages = read_history([*HISTORY, orphan], format="openai-chat").messages
    got = uncovered_messages(messages, until=6, pins=("x1",))
    assert [m.id for m in got] == ["x1"]


def _store(
    engine: Engine, *, session_id: str, pins: tuple[str, ...], state: CompactionState
) -> None:
    seed_session(engine, tenant="t1", session_id=session_id, user="u1", updated_at=T0)
    with Session(engine) as db:
        for position, message in enumerate(HISTORY):
            raw = json.dumps(message)
            db.add(
                SessionMessageRow(
                    tenant_id="t1",
                    session_id=session_id,
                    position=position,
                    user_id="u1",
                    message_id=str(message["id"]),
                    role=str(message["role"]),
                    digest=hashlib.sha256(raw.encode()).hexdigest(),
                    raw_json=raw,
                )
            )
        for pin in pins:
            db.add(
                SessionPinRow(tenant_id="t1", session_id=session_id, message_id=pin, user_id="u1")
            )
        db.execute(
            update(SessionStateRow)
            .where(col(SessionStateRow.tenant_id) == "t1")
            .where(col(SessionStateRow.session_id) == session_id)
            .values(state_json=state.to_json(), summary_version=1)
        )
        db.commit()


def _run(engine: Engine, session_id: str, summary: CompactionSummary) -> tuple[Any, int]:
    sessions = SqlSessionSource()
    with Session(engine) as db:
        found = sessions.get_session(db, tenant_id="t1", session_id=session_id)
        assert found is not None
        return closing_summary(
            db, found, summary, sessions=sessions, summarizer=ExtractiveSummarizer(), now=NOW
        )


# A summary that covers the whole history but, the compactor having held the pinned m1 out of
# its chunk, holds nothing of what m1 said.
COVERED = CompactionSummary(
    summary_version=1, source_message_ids=["m2", "m3", "m4", "m5"], created_at=T0
)
STATE = CompactionState(
    format="openai-chat",
    summary=COVERED.model_dump(mode="json"),
    summary_version=1,
    summary_until_index=6,
)


@pytest.mark.parametrize(
    ("pins", "state", "read"),
    [
        (("m1",), STATE, 1),  # pinned now
        ((), replace(STATE, held_out=((1, "m1"),)), 1),  # pin removed
        ((), STATE, 0),  # covered, not pinned: nothing to read
    ],
    ids=["pinned", "held-out", "covered"],
)
def test_closing_pass_reads_pinned_and_held_out_messages(
    sqlite_url: str,
    engine_for: Callable[[str], Engine],
    pins: tuple[str, ...],
    state: CompactionState,
    read: int,
) -> None:
    engine = engine_for(sqlite_url)
    _store(engine, session_id="s1", pins=pins, state=state)
    extended, count = _run(engine, "s1", COVERED)
    assert count == read
    keys = {c.key for c in candidates_from_summary(extended, session_id="s1")}
    if read:
        assert extended is not None and extended.summary_version == 2
        assert "travel.budget.one_way_max" in keys
        budget = next(f for f in extended.facts if f.key.startswith("budget."))
        assert budget.source_ids == ["m1"]
    else:
        assert extended is COVERED
        assert keys == set()
