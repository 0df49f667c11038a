"""Tables of the sessions API: the run-time tier's data, persisted per tenant and end user.

Every row carries ``tenant_id`` and ``user_id`` so that the store can be sharded by tenant and a
user's data can be erased without joins. Children reference their session by
``(tenant_id, session_id)`` and are deleted explicitly by the service (no cascading foreign keys:
the erase path counts what it removes, and sharded stores cannot always enforce them).

Raw messages, states, summaries and snapshots are stored as JSON *text*, not as a JSON column:
PostgreSQL ``jsonb`` reorders object keys, and the messages tiermem returns must stay
byte-identical to what the agent sent, so that provider prompt caches keep hitting.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from storage.metadata import metadata, utcnow
from storage.types import UtcDateTime

__all__ = [
    "AgentSessionRow",
    "SessionMessageRow",
    "SessionPinRow",
    "SessionRecallCountRow",
    "SessionRecallGroupRow",
    "SessionRecallTermRow",
    "SessionRetentionRow",
    "SessionSnapshotRow",
    "SessionStateRow",
    "SessionSummaryRow",
    "SessionUsageRow",
]

assert SQLModel.metadata is metadata  # the naming convention must apply to these tables


def _text() -> Column[str]:
    return Column(Text, nullable=False)


def _when() -> Column[datetime]:
    return Column(UtcDateTime(), nullable=False)


class AgentSessionRow(SQLModel, table=True):
    """One agent session (one task of one end user); ``updated_at`` is its last activity."""

    __tablename__ = "agent_sessions"
    __table_args__ = (
        Index("ix_agent_sessions_tenant_user", "tenant_id", "user_id", "created_at"),
        Index("ix_agent_sessions_tenant_updated", "tenant_id", "updated_at"),
    )

    tenant_id: str = Field(primary_key=True, max_length=128)
    id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(max_length=256)
    format: str | None = Field(default=None, max_length=32)
    budget_json: str = Field(sa_column=_text())
    system_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    tools_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    metadata_json: str = Field(default="{}", sa_column=_text())
    message_count: int = 0
    calibration_factor: float = 1.0
    calibration_samples: int = 0
    last_context_tokens: int | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class SessionMessageRow(SQLModel, table=True):
    """One entry of a session's history, exactly as the agent sent it (``raw_json``)."""

    __tablename__ = "session_messages"
    __table_args__ = (
        UniqueConstraint("tenant_id", "session_id", "message_id"),
        Index("ix_session_messages_tenant_user", "tenant_id", "user_id"),
    )

    tenant_id: str = Field(primary_key=True, max_length=128)
    session_id: str = Field(primary_key=True, max_length=64)
    position: int = Field(primary_key=True)
    user_id: str = Field(max_length=256)
    message_id: str = Field(max_length=256)
    own_id: bool = False
    role: str = Field(max_length=32)
    digest: str = Field(max_length=64)
    raw_json: str = Field(sa_column=_text())
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())
    # Set when the retention purge replaced ``raw_json`` by a tombstone (id, position and
    # ``digest`` are kept, so ids, pins, idempotent resends and stored states stay valid).
    purged_at: datetime | None = Field(default=None, sa_column=Column(UtcDateTime(), nullable=True))


class SessionRetentionRow(SQLModel, table=True):
    """A tenant's retention of raw session messages: purged ``raw_message_days`` after they
    were appended, once a summary covers them (``api.sessions.retention``)."""

    __tablename__ = "session_retention"

    tenant_id: str = Field(primary_key=True, max_length=128)
    raw_message_days: int
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class SessionPinRow(SQLModel, table=True):
    """A pinned message id: kept verbatim by every compaction, whatever its age."""

    __tablename__ = "session_pins"

    tenant_id: str = Field(primary_key=True, max_length=128)
    session_id: str = Field(primary_key=True, max_length=64)
    message_id: str = Field(primary_key=True, max_length=256)
    user_id: str = Field(max_length=256)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class SessionStateRow(SQLModel, table=True):
    """The run-time tier's ``CompactionState`` of a session; ``revision`` is its optimistic lock."""

    __tablename__ = "session_states"

    tenant_id: str = Field(primary_key=True, max_length=128)
    session_id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(max_length=256)
    revision: int = 0
    summary_version: int = 0
    state_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # The last ``/context`` call's decision (``api.sessions.decisions``), beside the state it
    # produced: what the inspector shows without compacting again.
    decision_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class SessionSummaryRow(SQLModel, table=True):
    """One version of a session's rolling summary (``compaction_summary.v1`` JSON)."""

    __tablename__ = "session_summaries"
    __table_args__ = (
        UniqueConstraint("tenant_id", "session_id", "version"),
        Index("ix_session_summaries_tenant_user", "tenant_id", "user_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(max_length=128)
    session_id: str = Field(max_length=64)
    user_id: str = Field(max_length=256)
    version: int
    previous_version: int | None = None
    restored_from: int | None = None
    summarizer: str | None = Field(default=None, max_length=64)
    model: str | None = Field(default=None, max_length=128)
    summary_json: str = Field(sa_column=_text())
    state_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class SessionSnapshotRow(SQLModel, table=True):
    """The snapshot record written before a summary version replaced the previous one."""

    __tablename__ = "session_snapshots"
    __table_args__ = (
        UniqueConstraint("tenant_id", "session_id", "version"),
        Index("ix_session_snapshots_tenant_user", "tenant_id", "user_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(max_length=128)
    session_id: str = Field(max_length=64)
    user_id: str = Field(max_length=256)
    version: int
    record_json: str = Field(sa_column=_text())
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class SessionUsageRow(SQLModel, table=True):
    """What the provider reported for one model call, beside tiermem's own count of that context."""

    __tablename__ = "session_usage"
    __table_args__ = (
        Index("ix_session_usage_session", "tenant_id", "session_id"),
        Index("ix_session_usage_tenant_user", "tenant_id", "user_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(max_length=128)
    session_id: str = Field(max_length=64)
    user_id: str = Field(max_length=256)
    input_tokens: int
    cached_input_tokens: int = 0
    output_tokens: int
    request_bytes: int | None = None
    ttft_ms: float | None = None
    queue_ms: float | None = None
    latency_ms: float | None = None
    own_tokens: int | None = None
    factor: float = 1.0
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())


RECALL_TERM_MAX = 64
"""Terms are stored cut to this many characters for narrowing (a longer run, e.g. an encoded
blob, then matches a little more; the group's exact terms are in ``terms_json``)."""


class SessionRecallGroupRow(SQLModel, table=True):
    """One evicted group as the session's recall index knows it (``runtime.recall.IndexedGroup``):
    its messages' range and ids, digest, terms with counts, and its sanitized body. Written when
    a compaction evicts the group, deleted with the session, by erasure and by the purge."""

    __tablename__ = "session_recall_groups"
    __table_args__ = (
        UniqueConstraint("tenant_id", "session_id", "ordinal"),
        Index("ix_session_recall_groups_length", "tenant_id", "session_id", "length"),
        Index("ix_session_recall_groups_tenant_user", "tenant_id", "user_id"),
    )

    tenant_id: str = Field(primary_key=True, max_length=128)
    session_id: str = Field(primary_key=True, max_length=64)
    group_key: str = Field(primary_key=True, max_length=256)
    user_id: str = Field(max_length=256)
    ordinal: int  # the group's position in the index (search breaks ties by it)
    start_position: int
    end_position: int
    ids_json: str = Field(sa_column=_text())
    digest: str = Field(max_length=64)
    terms_json: str = Field(sa_column=_text())
    length: int
    body: str = Field(sa_column=_text())
    tokens: int
    at: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class SessionRecallTermRow(SQLModel, table=True):
    """One term of one recall group: what the database narrows a query's candidates by."""

    __tablename__ = "session_recall_terms"
    __table_args__ = (Index("ix_session_recall_terms_tenant_user", "tenant_id", "user_id"),)

    tenant_id: str = Field(primary_key=True, max_length=128)
    session_id: str = Field(primary_key=True, max_length=64)
    term: str = Field(primary_key=True, max_length=RECALL_TERM_MAX)
    group_key: str = Field(primary_key=True, max_length=256)
    user_id: str = Field(max_length=256)


class SessionRecallCountRow(SQLModel, table=True):
    """How many recall groups of a session hold a term (the row with term ``""`` holds the
    whole index's group count and total length): BM25's statistics, kept up to date so that a
    warm call reads them in key lookups instead of counting the session's terms."""

    __tablename__ = "session_recall_counts"
    __table_args__ = (Index("ix_session_recall_counts_tenant_user", "tenant_id", "user_id"),)

    tenant_id: str = Field(primary_key=True, max_length=128)
    session_id: str = Field(primary_key=True, max_length=64)
    term: str = Field(primary_key=True, max_length=RECALL_TERM_MAX)
    user_id: str = Field(max_length=256)
    groups: int
    length: int = 0
