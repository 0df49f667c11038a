"""Shared helpers of the sessions tests: a deterministic fake summarizer, histories, an app, and
the service-level helpers ``new_session`` / ``append`` / ``count_rows`` (their fixtures, a
migrated database per module and backend and fresh tenants per test, are in
``tests/api/sessions/conftest.py``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func
from sqlmodel import Session, col, select

from api.app import create_app
from api.sessions import AppendIn, AppendOut, SessionCreate, append_messages, create_session
from api.sessions.context import ContextRuntime
from runtime.summary.protocol import SummaryRequest, SummaryResponse
from runtime.summary.schema import CompactionSummary, Fact
from runtime.tokens import TiktokenCounter
from tests.api.conftest import make_settings

FIXED_NOW = datetime(2026, 9, 18, 9, 0, tzinfo=UTC)
_WORD = re.compile(r"[A-Za-z]{3,}")


class FakeSummarizer:
    """Deterministic summarizer: one ``observed`` fact per summarized message (its first word,
    no figures, so validation always passes), previous facts carried over."""

    name = "fake"
    model: str | None = None

    def __init__(self) -> None:
        self.calls: list[int] = []

    def summarize(self, request: SummaryRequest) -> SummaryResponse:
        self.calls.append(len(request.messages))
        previous = request.previous
        facts = list(previous.facts) if previous else []
        ids = list(previous.source_message_ids) if previous else []
        # One fact per chunk (its first message with a word), so the summary stays small.
        for message in request.messages:
            word = _WORD.search(message.text or "")
            if word:
                facts.append(
                    Fact(
                        key=f"topic.{word.group(0).lower()}",
                        value=word.group(0),
                        status="observed",
                        confidence=0.5,
                        source_ids=[message.id],
                    )
                )
                ids.append(message.id)
                break
        summary = CompactionSummary(
            summary_version=request.next_version,
            previous_version=previous.summary_version if previous else None,
            source_message_ids=ids,
            facts=facts,
            created_at=request.now,
        )
        return SummaryResponse(summary=summary)


def runtime_with(summarizer: Any | None) -> ContextRuntime:
    """A ``ContextRuntime`` with ``summarizer`` and a fixed clock."""
    return ContextRuntime(counter=TiktokenCounter(), summarizer=summarizer, clock=lambda: FIXED_NOW)


@contextmanager
def sessions_client(database_url: str, *, summarizer: Any | None = None) -> Iterator[TestClient]:
    """A started app over ``database_url`` whose sessions use ``summarizer`` (wall clock)."""
    app = create_app(make_settings(database_url), summarizer=summarizer)
    with TestClient(app) as client:
        yield client


def chat_history(turns: int, *, filler: int = 20, start: int = 0) -> list[dict[str, Any]]:
    """A Chat Completions history: a system prompt (when ``start`` is 0) and ``turns`` rounds
    of user question, assistant tool call, tool result, assistant answer."""
    out: list[dict[str, Any]] = []
    if start == 0:
        out.append({"role": "system", "content": "You are a travel agent."})
    for i in range(start, start + turns):
        out.append({"role": "user", "content": f"question number {i} " + "lorem ipsum " * filler})
        out.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"call_{i}",
                        "type": "function",
                        "function": {"name": "search", "arguments": f'{{"q": "{i}"}}'},
                    }
                ],
            }
        )
        out.append({"role": "tool", "tool_call_id": f"call_{i}", "content": "found " * filler})
        out.append({"role": "assistant", "content": f"answer {i}"})
    return out


# --- the service-level kit (no HTTP) ------------------------------------------------------

SMALL = {"context_limit": 3000, "max_output_tokens": 500, "tool_reserve": 100, "safety_margin": 100}
T1, T2 = (
    "t1",
    "t2",
)  # replaced per test (``tests/api/sessions/conftest.py``): the database is shared


def new_session(
    db: Session,
    tenant: str | None = None,
    user: str = "u1",
    *,
    now: datetime | None = None,
    **budget: int,
) -> str:
    """A new session of ``user`` in ``tenant`` (default: this test's ``T1``); its id."""
    body = SessionCreate(user_id=user, budget=budget or SMALL)
    return create_session(db, tenant_id=tenant or T1, body=body, now=now).id


def append(
    db: Session,
    sid: str,
    messages: list[Any],
    *,
    tenant: str | None = None,
    offset: int | None = None,
    now: datetime | None = None,
) -> AppendOut:
    """``append_messages`` for an unrestricted key of ``tenant`` (default: this test's ``T1``)."""
    body = AppendIn(messages=messages, offset=offset)
    tenant_id = tenant or T1
    return append_messages(
        db, tenant_id=tenant_id, session_id=sid, user_scope=None, body=body, now=now
    )


def count_rows(db: Session, table: Any, sid: str) -> int:
    """Rows of ``table`` belonging to session ``sid``."""
    query = select(func.count()).select_from(table).where(col(table.session_id) == sid)
    return int(db.execute(query).scalar_one())
