"""The backends the long-term conformance suite runs on: SQLite, PostgreSQL and the fake."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import Engine, text
from sqlmodel import Session

from longterm.gate import GateDecision, ObjectAttributes, PolicyGate, Principal
from longterm.memory_store import InMemoryLongtermStore
from longterm.sql_store import SqlLongtermStore
from longterm.store import LongtermStore
from longterm.testing import AllowAllGate
from longterm.vocabulary import Action
from tests.databases import migrated_engine

__all__ = ["BACKENDS", "LONGTERM_TABLES", "Backend", "EngineCache", "SwitchGate", "open_backend"]

BACKENDS = ("sqlite", "postgresql", "memory")
LONGTERM_TABLES = (
    "lt_preferences",
    "lt_preference_history",
    "lt_events",
    "lt_audit_log",
    "lt_idempotency_keys",
    "lt_erasure_receipts",
)


@dataclass
class SwitchGate:
    """A gate whose decisions a test can swap (``inner``); allows everything by default."""

    inner: PolicyGate = field(default_factory=AllowAllGate)

    def decide(self, *, subject: Principal, action: Action, obj: ObjectAttributes) -> GateDecision:
        return self.inner.decide(subject=subject, action=action, obj=obj)


@dataclass
class Backend:
    """One store under test, the gate it asks, and how to commit what it did."""

    name: str
    store: LongtermStore
    gate: SwitchGate
    commit: Callable[[], None]


class EngineCache:
    """Migrated engines created on first use, one per SQL backend, disposed at the end."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.stack = ExitStack()
        self.engines: dict[str, Engine] = {}

    def get(self, backend: str) -> Engine:
        if backend not in self.engines:
            place = self.directory / backend
            place.mkdir(exist_ok=True)
            self.engines[backend] = self.stack.enter_context(migrated_engine(backend, place))
        return self.engines[backend]

    def close(self) -> None:
        self.stack.close()


def open_backend(name: str, engines: EngineCache) -> Iterator[Backend]:
    """A fresh store of backend ``name`` (SQL tables emptied first)."""
    gate = SwitchGate()
    if name == "memory":
        yield Backend(name, InMemoryLongtermStore(gate=gate), gate, lambda: None)
        return
    engine = engines.get(name)
    with engine.begin() as conn:
        for table in LONGTERM_TABLES:
            conn.execute(text(f"DELETE FROM {table}"))
    with Session(engine, expire_on_commit=False) as db:
        yield Backend(name, SqlLongtermStore(db, gate=gate), gate, db.commit)
