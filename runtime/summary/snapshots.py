"""Versioned snapshots of a rolling summary, and manual rollback to an older version.

Before a new summary version replaces the current one, the rolling step produces a
``SnapshotRecord``: which messages the version covers (first and last id, count, sha256 of
their contents), the schema version, the summarizer and model, the time, the diff against the
previous version and the validation result, plus the summary itself. Records are
session-agnostic values; ``InMemorySnapshotStore`` keeps them for library users and the
service persists the same records (``to_dict``/``from_dict``) in its database.

``rollback`` never rewrites history: it creates version N+1 equal in content to version v with
``restored_from=v``, and tells the caller where v's coverage ended (``cut_index``), so the
messages summarized after v are kept raw or summarized again, never lost.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from pydantic import ValidationError

from runtime.errors import SnapshotError
from runtime.messages import Message
from runtime.summary.diff import SummaryDiff, diff_summaries
from runtime.summary.polarity import clause_cache
from runtime.summary.schema import CompactionSummary
from runtime.summary.validate import CheckResult, ValidationReport, validate_summary

__all__ = [
    "InMemorySnapshotStore",
    "RollbackOutcome",
    "SnapshotError",
    "SnapshotRecord",
    "SnapshotStore",
    "make_snapshot",
    "messages_sha256",
    "rollback",
]


def messages_sha256(messages: Sequence[Message]) -> str:
    """sha256 over the content digests of ``messages`` in order (the covered range's hash)."""
    hasher = hashlib.sha256()
    for message in messages:
        hasher.update(message.digest.encode())
        hasher.update(b"\n")
    return hasher.hexdigest()


@dataclass(frozen=True)
class SnapshotRecord:
    """One summary version as it was adopted.

    Attributes:
        version: the version's ``summary_version``.
        previous_version: the version it replaced (``None`` for the first).
        restored_from: the older version it restores, for versions made by ``rollback``.
        first_message_id: first message the version covers (``None`` when it covers none).
        last_message_id: last message it covers.
        message_count: how many messages it covers.
        messages_sha256: ``messages_sha256`` of those messages, to detect an edited history.
        cut_index: ``Message.index`` of the first message NOT covered; a rollback to this
            version rewinds the compactor's cut here.
        schema_version: the summary's, ``compaction_summary.v2`` (``v1`` for versions written
            before it, and for restores of them).
        summarizer: the summarizer's name (``rollback`` for restored versions).
        model: the model that produced it, if any.
        created_at: when it was produced (the caller's clock).
        diff: ``SummaryDiff.to_dict()`` against the previous version.
        validation: ``ValidationReport.to_dict()``.
        summary: the version's JSON (``CompactionSummary.model_dump(mode="json")``).
        lost: the user constraints this version could not keep, ``{source_id, clause,
            reason}`` (``runtime.summary.coverage``); records made before it read as ``[]``.
    """

    version: int
    previous_version: int | None
    restored_from: int | None
    first_message_id: str | None
    last_message_id: str | None
    message_count: int
    messages_sha256: str
    cut_index: int
    schema_version: str
    summarizer: str
    model: str | None
    created_at: datetime
    diff: dict[str, list[str]] = field(default_factory=dict)
    validation: dict[str, Any] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)
    lost: list[dict[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``created_at`` as ISO 8601)."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data["created_at"] = self.created_at.isoformat()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SnapshotRecord:
        """Inverse of ``to_dict``.

        Raises:
            SnapshotError: a field is missing.
        """
        try:
            values = {name: data[name] for name in cls.__dataclass_fields__ if name != "lost"}
        except KeyError as exc:
            raise SnapshotError(f"snapshot record lacks field {exc.args[0]!r}") from exc
        created = values["created_at"]
        values["created_at"] = (
            created if isinstance(created, datetime) else datetime.fromisoformat(created)
        )
        return cls(**values, lost=[dict(entry) for entry in data.get("lost", ())])

    def load_summary(self) -> CompactionSummary:
        """The recorded version as a model.

        Raises:
            pydantic.ValidationError: the stored JSON is not a valid summary.
        """
        return CompactionSummary.model_validate(self.summary)


@runtime_checkable
class SnapshotStore(Protocol):
    """Where snapshot records of one session's summary live (one store per session)."""

    def put(self, record: SnapshotRecord) -> None:
        """Store a record. Raises ``SnapshotError`` when its version is already stored."""
        ...

    def get(self, version: int) -> SnapshotRecord | None:
        """The record of ``version``, ``None`` when unknown."""
        ...

    def list(self) -> list[SnapshotRecord]:
        """Every record, oldest version first."""
        ...

    def latest(self) -> SnapshotRecord | None:
        """The record with the highest version, ``None`` when empty."""
        ...


class InMemorySnapshotStore:
    """A ``SnapshotStore`` in a dict, for library users and tests (not thread-safe)."""

    def __init__(self, records: Sequence[SnapshotRecord] = ()) -> None:
        self._records: dict[int, SnapshotRecord] = {}
        for record in records:
            self.put(record)

    def put(self, record: SnapshotRecord) -> None:
        """Store ``record``; versions are immutable once stored.

        Raises:
            SnapshotError: the version is already stored.
        """
        if record.version in self._records:
            raise SnapshotError(f"snapshot version {record.version} already stored")
        self._records[record.version] = record

    def get(self, version: int) -> SnapshotRecord | None:
        """The record of ``version`` or ``None``."""
        return self._records.get(version)

    def list(self) -> list[SnapshotRecord]:
        """Every record, oldest version first."""
        return [self._records[v] for v in sorted(self._records)]

    def latest(self) -> SnapshotRecord | None:
        """The newest record or ``None``."""
        return self._records[max(self._records)] if self._records else None


def make_snapshot(
    summary: CompactionSummary,
    *,
    covered: Sequence[Message],
    summarizer: str,
    model: str | None,
    diff: SummaryDiff | None,
    validation: ValidationReport | None,
    now: datetime,
    cut_index: int | None = None,
    lost: Sequence[Mapping[str, str]] = (),
) -> SnapshotRecord:
    """Build the record of ``summary`` covering the messages ``covered`` (in order).

    ``cut_index`` defaults to the index after the last covered message; ``lost`` lists the
    user constraints the version could not keep (see ``SnapshotRecord``).
    """
    if cut_index is None:
        cut_index = covered[-1].index + 1 if covered else 0
    return SnapshotRecord(
        version=summary.summary_version,
        previous_version=summary.previous_version,
        restored_from=summary.restored_from,
        first_message_id=covered[0].id if covered else None,
        last_message_id=covered[-1].id if covered else None,
        message_count=len(covered),
        messages_sha256=messages_sha256(covered),
        cut_index=cut_index,
        schema_version=summary.schema_version,
        summarizer=summarizer,
        model=model,
        created_at=now,
        diff=diff.to_dict() if diff is not None else {},
        validation=validation.to_dict() if validation is not None else {},
        summary=summary.model_dump(mode="json"),
        lost=[dict(entry) for entry in lost],
    )


@dataclass(frozen=True)
class RollbackOutcome:
    """What ``rollback`` produced.

    Attributes:
        summary: the new version N+1 (content of v, ``restored_from=v``), or ``None`` when the
            restored version failed validation and the caller must fall back to the window.
        snapshot: the stored record of N+1 (``None`` on fallback).
        cut_index: where the caller's cut rewinds to: the first message v did not cover.
        last_message_id: the last message v covered (the cut is right after it).
        fallback: ``invalid_summary`` when the restored version failed validation.
        validation: the restored version's validation.
    """

    summary: CompactionSummary | None
    snapshot: SnapshotRecord | None
    cut_index: int
    last_message_id: str | None
    fallback: str | None
    validation: ValidationReport


def _revalidate(
    restored: CompactionSummary,
    record: SnapshotRecord,
    *,
    sources: Sequence[Message] | None,
    budget_tokens: int | None,
    count_tokens: Callable[[str], int] | None,
) -> ValidationReport:
    """Validate the restored version against the messages it covered, when given."""
    recorded = ValidationReport.from_dict(record.validation) if record.validation else None
    if sources is None or budget_tokens is None or count_tokens is None:
        passed = recorded is None or recorded.passed
        offending = [] if passed else ["recorded validation failed"]
        return ValidationReport(passed, [CheckResult("recorded_validation", passed, offending)])
    covered = list(sources[: record.message_count])
    same = messages_sha256(covered) == record.messages_sha256
    history = CheckResult(
        "history", same, [] if same else ["covered messages changed since the snapshot"]
    )
    report = validate_summary(
        restored,
        sources=covered,
        previous=None,
        diff=None,
        budget_tokens=budget_tokens,
        count_tokens=count_tokens,
    )
    return ValidationReport(report.passed and same, [history, *report.checks])


def _restored_record(
    record: SnapshotRecord,
    restored: CompactionSummary,
    current: SnapshotRecord,
    validation: ValidationReport,
) -> SnapshotRecord:
    """The record of a restored version: v's coverage, the new version's identity and diff."""
    try:
        diff = diff_summaries(current.load_summary(), restored).to_dict()
    except ValidationError:
        diff = {}  # the current record is unreadable; the restore itself is still sound
    return replace(
        record,
        version=restored.summary_version,
        previous_version=restored.previous_version,
        restored_from=restored.restored_from,
        summarizer="rollback",
        created_at=restored.created_at,
        diff=diff,
        validation=validation.to_dict(),
        summary=restored.model_dump(mode="json"),
    )


@clause_cache()
def rollback(
    *,
    store: SnapshotStore,
    to_version: int,
    current_version: int,
    now: datetime,
    sources: Sequence[Message] | None = None,
    budget_tokens: int | None = None,
    count_tokens: Callable[[str], int] | None = None,
) -> RollbackOutcome:
    """Restore version ``to_version`` as a new version ``current_version + 1``.

    Args:
        store: the session's snapshot store; the new record is put there when valid.
        to_version: the version to restore (older than ``current_version``).
        current_version: the version now current.
        now: the caller's clock (``created_at`` of the new version).
        sources: the summarizable messages of the session in order, from the first one
            ``to_version`` covers; when given with ``budget_tokens`` and ``count_tokens``, the
            restored version is validated again against them (and their hash compared with the
            record's); otherwise the recorded validation result is trusted.
        budget_tokens: the summary budget for re-validation.
        count_tokens: token counter for re-validation.

    Returns:
        The outcome; ``summary`` is ``None`` (fall back to the window) when the restored version
        fails validation.

    Raises:
        SnapshotError: ``to_version`` or ``current_version`` is unknown, or ``to_version`` is
            not older than ``current_version``.
    """
    record = store.get(to_version)
    current = store.get(current_version)
    if record is None or current is None:
        missing = to_version if record is None else current_version
        raise SnapshotError(f"no snapshot of summary version {missing}")
    if to_version >= current_version:
        raise SnapshotError(f"version {to_version} is not older than current {current_version}")
    try:
        restored = record.load_summary().model_copy(
            update={
                "summary_version": current_version + 1,
                "previous_version": current_version,
                "restored_from": to_version,
                "created_at": now,
            }
        )
    except ValidationError:
        failed = CheckResult("schema", False, [f"snapshot {to_version} is not a valid summary"])
        return RollbackOutcome(
            None, None, record.cut_index, record.last_message_id, "invalid_summary",
            ValidationReport(False, [failed]),
        )  # fmt: skip
    validation = _revalidate(
        restored, record, sources=sources, budget_tokens=budget_tokens, count_tokens=count_tokens
    )
    if not validation.passed:
        return RollbackOutcome(
            None, None, record.cut_index, record.last_message_id, "invalid_summary", validation
        )
    snapshot = _restored_record(record, restored, current, validation)
    store.put(snapshot)
    return RollbackOutcome(
        restored, snapshot, record.cut_index, record.last_message_id, None, validation
    )
