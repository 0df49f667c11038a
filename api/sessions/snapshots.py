"""Snapshot records of a session's summary versions, in the database.

``SqlSnapshotStore`` implements the run-time tier's ``SnapshotStore`` protocol (put, get, list,
latest) for one session: the records are the run-time tier's ``SnapshotRecord`` values, stored as
their ``to_dict()`` JSON, one row per version, unique per (tenant, session, version).

``snapshot_record_for`` returns the record of a version the compactor just produced.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from api.sessions.store import dump_json, load_json
from api.sessions.tables import SessionSnapshotRow
from runtime import CompactionReport
from runtime.formats import read_history
from runtime.summary.diff import SummaryDiff
from runtime.summary.protocol import Summarizer
from runtime.summary.schema import CompactionSummary
from runtime.summary.snapshots import SnapshotRecord, make_snapshot
from runtime.summary.validate import ValidationReport

__all__ = ["SqlSnapshotStore", "snapshot_record_for"]


class SqlSnapshotStore:
    """The snapshot records of one session; tenant and session are fixed at construction.

    ``put`` only adds to the unit of work (flushes, does not commit): the caller stores the
    summary version and its snapshot in the same transaction.
    """

    def __init__(self, db: Session, *, tenant_id: str, session_id: str, user_id: str) -> None:
        self._db = db
        self._tenant_id = tenant_id
        self._session_id = session_id
        self._user_id = user_id

    def put(self, record: SnapshotRecord) -> None:
        """Add ``record`` to the unit of work and flush it.

        Raises:
            sqlalchemy.exc.IntegrityError: the version is already stored for the session (the
                unique constraint; the protocol's ``SnapshotError`` is not raised here because
                the caller's unit of work must roll back and retry on the newer state).
        """
        self._db.add(
            SessionSnapshotRow(
                tenant_id=self._tenant_id,
                session_id=self._session_id,
                user_id=self._user_id,
                version=record.version,
                record_json=dump_json(record.to_dict()),
                created_at=record.created_at,
            )
        )
        self._db.flush()

    def _rows(self) -> list[SessionSnapshotRow]:
        return list(
            self._db.exec(
                select(SessionSnapshotRow)
                .where(
                    SessionSnapshotRow.tenant_id == self._tenant_id,
                    SessionSnapshotRow.session_id == self._session_id,
                )
                .order_by(col(SessionSnapshotRow.version))
            ).all()
        )

    def get(self, version: int) -> SnapshotRecord | None:
        """The record of ``version``, or None."""
        row = self._db.exec(
            select(SessionSnapshotRow).where(
                SessionSnapshotRow.tenant_id == self._tenant_id,
                SessionSnapshotRow.session_id == self._session_id,
                SessionSnapshotRow.version == version,
            )
        ).first()
        return None if row is None else SnapshotRecord.from_dict(load_json(row.record_json))

    def list(self) -> list[SnapshotRecord]:
        """Every record, oldest version first."""
        return [SnapshotRecord.from_dict(load_json(r.record_json)) for r in self._rows()]

    def latest(self) -> SnapshotRecord | None:
        """The record of the highest version, or None."""
        rows = self._rows()
        return SnapshotRecord.from_dict(load_json(rows[-1].record_json)) if rows else None


def snapshot_record_for(
    *,
    report: CompactionReport,
    summary: CompactionSummary,
    state_until: int | None,
    entries: Sequence[Any],
    summarizer: Summarizer | None,
    now: datetime,
) -> dict[str, Any]:
    """The snapshot record (as a dict) of the summary version the compactor just produced.

    The compactor's own record (``report.snapshot``) when it made one; otherwise one is made
    here with the run-time tier's ``make_snapshot`` over the messages the summary cites, so a
    version is never stored without a record that ``rollback`` can read.
    """
    if report.snapshot is not None:
        return report.snapshot.model_dump(mode="json")
    cited = set(summary.source_message_ids)
    covered = [m for m in read_history(list(entries)).messages if m.id in cited]
    validation, diff = report.summary_validation, report.summary_diff
    record = make_snapshot(
        summary,
        covered=covered,
        summarizer="unknown" if summarizer is None else summarizer.name,
        model=None if summarizer is None else summarizer.model,
        diff=SummaryDiff.from_dict(diff.model_dump()) if diff is not None else None,
        validation=(
            ValidationReport.from_dict(validation.model_dump()) if validation is not None else None
        ),
        now=now,
        cut_index=state_until,
    )
    return record.to_dict()
