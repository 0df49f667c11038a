"""Runs the tour: four steps in order, each recorded with its checks.

``run_demo`` never raises for a failed check or an aborted step; the record says what held.
Errors that mean the demo cannot run at all (the database URL cannot be parsed or reached)
are raised as ``DemoSetupError`` so the CLI can print one line.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from api.demo.library import compaction_step, replay_trip, rollback_step
from api.demo.recall import recall_step
from api.demo.record import DemoRecord, StepAborted, StepRecord
from api.demo.scenario import trip_history
from api.demo.service import service_step

__all__ = ["DemoSetupError", "run_demo"]

TITLES = {
    "compaction": "The history outgrows a small budget; Compactor + extractive summarizer",
    "rollback": "Roll back to an earlier summary version (library level)",
    "recall": "Ask about an evicted turn: recall brings it back verbatim (library level)",
    "service": "The service in process: keys, session, /context, task end, profile, erasure",
}


class DemoSetupError(RuntimeError):
    """The demo cannot start: the database URL is unusable."""


@contextmanager
def _database(database_url: str | None) -> Iterator[str]:
    if database_url is not None:
        yield database_url
        return
    with tempfile.TemporaryDirectory(prefix="tiermem-demo-") as folder:
        yield f"sqlite:///{Path(folder) / 'demo.db'}"


def _shown(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError as exc:
        raise DemoSetupError(f"invalid database URL: {exc}") from None


def _run(record: DemoRecord, name: str, body: Callable[[StepRecord], None]) -> StepRecord:
    step = StepRecord(len(record.steps) + 1, name, TITLES[name])
    record.steps.append(step)
    try:
        body(step)
    except StepAborted as exc:
        step.check("step completed", False, str(exc))
    return step


def run_demo(
    database_url: str | None = None, *, on_step: Callable[[StepRecord], None] | None = None
) -> DemoRecord:
    """Run the four steps and return what each showed and checked.

    Args:
        database_url: where the service step stores its data (default: a temporary SQLite file,
            removed afterwards).
        on_step: called with each step's record as soon as the step is done (for live output).

    Raises:
        DemoSetupError: the database URL cannot be parsed or the database cannot be used.
    """
    with _database(database_url) as url:
        record = DemoRecord(database=_shown(url))
        replay = replay_trip(trip_history())
        for name, body in (
            ("compaction", lambda step: compaction_step(replay, step)),
            ("rollback", lambda step: rollback_step(replay, step)),
            ("recall", lambda step: recall_step(replay.history, step)),
            ("service", lambda step: _service(url, step)),
        ):
            step = _run(record, name, body)
            if on_step is not None:
                on_step(step)
        return record


def _service(url: str, step: StepRecord) -> None:
    try:
        service_step(url, step)
    except (ArgumentError, SQLAlchemyError) as exc:
        raise DemoSetupError(f"database error: {str(exc).splitlines()[0]}") from None
