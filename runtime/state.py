"""The compaction state handed back to the caller and passed in again on the next call.

The state is a small immutable value: where the kept window starts (index AND id of the first
kept message after the prefix, so that an edited or truncated history is noticed rather than
silently misread), and the rolling summary. It holds no message text besides the summary, the
summary items set aside for room (``set_aside``) and recall's index of evicted groups (both
sanitized like the summary), and it is JSON-serializable so the caller (or the service) can
persist it anywhere.

The summary is kept as its JSON (``summary``, what ``to_json`` writes) and read as a model
through ``summary_model``, parsed once per value and shared by the copies ``replace`` makes.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final, get_args

from pydantic import ValidationError

from runtime.errors import FormatError
from runtime.formats.reuse import ReadMemo
from runtime.messages import JSON, Format
from runtime.recall.index import RecallIndex
from runtime.summary.schema import CompactionSummary
from runtime.summary.set_aside import SetAside, set_aside_of_json

__all__ = ["STATE_SCHEMA", "CompactionState", "Mark", "PinnedSpan"]

PinnedSpan = tuple[int, int, tuple[str, ...]]
"""A pinned group before the cut: ``(start, end)`` entry positions and the pinned ids in it."""

STATE_SCHEMA: Final = "tiermem.compaction_state.v1"


@dataclass(frozen=True, slots=True)
class Mark:
    """A position in the history: the message's index and its id (to detect a changed history)."""

    index: int
    id: str


@dataclass(frozen=True, slots=True)
class CompactionState:
    """What ``Compactor.compact`` needs to continue a session.

    Attributes:
        format: the wire format of the history the state belongs to.
        cut_index: index of the first kept message after the prefix (``None``: nothing dropped
            yet). Messages before it are dropped unless pinned.
        cut_id: id of that message; a history whose message at ``cut_index`` has another id has
            changed, and the cut is searched by id or the state is discarded.
        summary: the current ``compaction_summary.v1`` as JSON, or ``None``; read it as a
            model with ``summary_model`` (and treat the dict as read-only).
        summary_version: version of ``summary`` (0 before the first summary).
        summary_until_index: index of the first message the summary does NOT cover (``None``:
            it covers nothing). Groups between it and the cut are dropped but not yet summarized
            (after a fallback to the window); the next summary takes them in.
        summary_until_id: id of that message.
        summary_active: whether the summary is injected into the context (false after a
            fallback to the window, while the summary itself is kept for the next roll).
        prefix_length: number of system/developer entries at the start.
        skipped_messages: entries after the prefix and before the cut.
        skipped_groups: groups after the prefix and before the cut (pinned ones included).
        skipped_tokens: their tokens.
        pinned_spans: the pinned groups before the cut (entry range and pinned ids).
        held_out: ``(index, id)`` of the first message of each group that was pinned when the
            summary rolled over it and was therefore left out of the summary (it is kept
            verbatim). Such a group stays in the context until a summary covers it: when its
            pin is removed, the next roll summarizes it.
        cleared: ``(index, id)`` of each message whose tool results are sent cleared (replaced
            by a marker naming their digest in the summary; ``clear_tool_results``). Later
            calls clear the same messages while the summary is injected.
        recall_index: the groups compactions evicted, as recall searches them
            (``runtime.recall.RecallIndex``): updated with the groups each compaction evicts,
            carried unchanged between compactions (so a warm call never rebuilds it), and
            written by ``to_dict`` only when it holds a group (a state without it reads as an
            empty index, so states written before recall existed stay readable).
        set_aside: the constraints and decisions the summary's budget could not place, which
            the next roll offers again (``runtime.summary.set_aside``; read them with
            ``set_aside_items``), as ``{"facts": [...], "decisions": [...]}`` or ``None``;
            written by ``to_dict`` only when there are some.

    The five before ``held_out`` let the next call skip re-reading the part before the cut
    when the state still applies and the trigger is not crossed (see ``Compactor.compact``).
    """

    format: Format
    cut_index: int | None = None
    cut_id: str | None = None
    summary: dict[str, Any] | None = None
    summary_version: int = 0
    summary_until_index: int | None = None
    summary_until_id: str | None = None
    summary_active: bool = False
    prefix_length: int = 0
    skipped_messages: int = 0
    skipped_groups: int = 0
    skipped_tokens: int = 0
    pinned_spans: tuple[PinnedSpan, ...] = ()
    held_out: tuple[tuple[int, str], ...] = ()
    cleared: tuple[tuple[int, str], ...] = ()
    recall_index: RecallIndex = field(default_factory=RecallIndex)
    set_aside: dict[str, Any] | None = None
    _parsed: tuple[dict[str, Any], CompactionSummary] | None = field(
        default=None, repr=False, compare=False
    )
    """``summary`` and its model, once parsed (see ``summary_model``); not part of the value."""
    _aside: tuple[dict[str, Any] | None, SetAside] | None = field(
        default=None, repr=False, compare=False
    )
    """``set_aside`` and its items, once parsed (see ``set_aside_items``); not part of the value."""
    _reads: ReadMemo | None = field(default=None, repr=False, compare=False)
    """The messages the call that returned this state read and the next one reads again, by
    entry (``runtime.formats.reuse``): the next call reuses them for the entries passed again
    unchanged, and hands them over to the state it returns (a chain of states holds one memo).
    Not part of the value, never written by ``to_dict``, left behind by pickling and copies."""

    def __getstate__(self) -> list[Any]:
        """Pickling and ``copy`` keep the value, not the messages read (``_reads``)."""
        return [None if f.name == "_reads" else getattr(self, f.name) for f in fields(self)]

    def __setstate__(self, values: list[Any]) -> None:
        for name, value in zip((f.name for f in fields(self)), values, strict=True):
            object.__setattr__(self, name, value)

    @property
    def summary_model(self) -> CompactionSummary | None:
        """The summary as a ``CompactionSummary`` (``None`` without one), parsed once.

        The model is cached on this value, tied to the identity of ``summary``: copies made by
        ``dataclasses.replace`` share it, a copy with another ``summary`` parses its own.

        Raises:
            FormatError: ``summary`` is not a valid ``compaction_summary.v1``.
        """
        data = self.summary
        if data is None:
            return None
        parsed = self._parsed
        if parsed is not None and parsed[0] is data:
            return parsed[1]
        try:
            model = CompactionSummary.model_validate(data)
        except ValidationError as exc:
            raise FormatError(f"compaction state holds an invalid summary: {exc}") from exc
        object.__setattr__(self, "_parsed", (data, model))  # a cache, not a change of value
        return model

    @property
    def set_aside_items(self) -> SetAside:
        """``set_aside`` as items, the earliest said first.

        Raises:
            FormatError: ``set_aside`` is not ``set_aside_to_json``'s form.
        """
        data = self.set_aside
        cached = self._aside
        if cached is not None and cached[0] is data:
            return cached[1]
        items = set_aside_of_json(data)
        object.__setattr__(self, "_aside", (data, items))  # a cache, not a change of value
        return items

    def with_summary(self, summary: CompactionSummary) -> CompactionState:
        """A copy holding ``summary`` (its JSON and its version), already parsed."""
        data = summary.model_dump(mode="json")
        return replace(
            self, summary=data, summary_version=summary.summary_version, _parsed=(data, summary)
        )

    @property
    def cut(self) -> Mark | None:
        """The cut as a ``Mark``, or ``None`` when nothing was dropped."""
        if self.cut_index is None or self.cut_id is None:
            return None
        return Mark(self.cut_index, self.cut_id)

    @property
    def summary_until(self) -> Mark | None:
        """First message not covered by the summary, or ``None``."""
        if self.summary_until_index is None or self.summary_until_id is None:
            return None
        return Mark(self.summary_until_index, self.summary_until_id)

    def with_cut(self, mark: Mark | None) -> CompactionState:
        """A copy with another cut."""
        return replace(
            self,
            cut_index=None if mark is None else mark.index,
            cut_id=None if mark is None else mark.id,
        )

    def to_dict(self) -> dict[str, Any]:
        """The state as a JSON-ready dict (with a ``schema`` tag)."""
        data: dict[str, Any] = {"schema": STATE_SCHEMA}
        for name in _FIELDS:
            if name not in ("recall_index", "set_aside"):
                data[name] = copy.deepcopy(getattr(self, name))
        if self.set_aside is not None:
            data["set_aside"] = copy.deepcopy(self.set_aside)
        if len(self.recall_index):
            data["recall_index"] = self.recall_index.to_dict()
        return data

    def to_json(self) -> str:
        """The state as a JSON string (sorted keys, so equal states are equal strings)."""
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: str | bytes | JSON) -> CompactionState:
        """Read a state written by ``to_json`` (a string) or ``to_dict`` (a dict).

        Raises:
            FormatError: not JSON, another schema, unknown or mistyped fields.
        """
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise FormatError(f"compaction state is not JSON: {exc.msg}") from exc
        if not isinstance(data, dict):
            raise FormatError("compaction state must be a JSON object")
        body = dict(data)
        schema = body.pop("schema", STATE_SCHEMA)
        if schema != STATE_SCHEMA:
            raise FormatError(f"compaction state schema {schema!r} is not {STATE_SCHEMA!r}")
        unknown = sorted(set(body) - set(_FIELDS))
        if unknown:
            raise FormatError(f"compaction state has unknown fields: {', '.join(unknown)}")
        _check_types(body)
        body["pinned_spans"] = _spans(body.get("pinned_spans", ()))
        body["held_out"] = _marks(body.get("held_out", ()), "held_out")
        body["cleared"] = _marks(body.get("cleared", ()), "cleared")
        index = body.pop("recall_index", None)
        body["recall_index"] = RecallIndex() if index is None else RecallIndex.from_dict(index)
        state = cls(**body)
        state.set_aside_items  # noqa: B018 - refused here rather than at the next roll, parsed once
        return state


_FIELDS: Final = tuple(f.name for f in fields(CompactionState) if not f.name.startswith("_"))
"""The state's fields, as ``to_dict`` writes them."""


def _check_types(body: dict[str, Any]) -> None:
    if body.get("format") not in get_args(Format):
        raise FormatError(f"compaction state has an unknown format {body.get('format')!r}")
    for name in ("prefix_length", "skipped_messages", "skipped_groups", "skipped_tokens"):
        value = body.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise FormatError(f"compaction state field {name} must be a non-negative integer")
    optional_int = ("cut_index", "summary_until_index")
    optional_str = ("cut_id", "summary_until_id")
    for name in optional_int:
        value = body.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise FormatError(f"compaction state field {name} must be an integer or null")
        if isinstance(value, int) and value < 0:
            raise FormatError(f"compaction state field {name} must not be negative")
    optional: list[tuple[str, type, str]] = [(name, str, "a string") for name in optional_str]
    optional += [(name, dict, "an object") for name in ("summary", "set_aside")]
    for name, kind, label in optional:
        if body.get(name) is not None and not isinstance(body[name], kind):
            raise FormatError(f"compaction state field {name} must be {label} or null")
    version = body.get("summary_version", 0)
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise FormatError("compaction state field summary_version must be a non-negative integer")
    if not isinstance(body.get("summary_active", False), bool):
        raise FormatError("compaction state field summary_active must be a boolean")


def _spans(value: Any) -> tuple[PinnedSpan, ...]:
    bad = FormatError("compaction state field pinned_spans must be [start, end, [ids]] triples")
    if not isinstance(value, list | tuple):
        raise bad
    spans: list[PinnedSpan] = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 3:
            raise bad
        start, end, ids = item
        ints = all(isinstance(x, int) and not isinstance(x, bool) for x in (start, end))
        if not ints or not 0 <= start < end or not isinstance(ids, list | tuple):
            raise bad
        if not all(isinstance(i, str) for i in ids):
            raise bad
        spans.append((start, end, tuple(ids)))
    return tuple(spans)


def _marks(value: Any, name: str) -> tuple[tuple[int, str], ...]:
    bad = FormatError(f"compaction state field {name} must be [index, id] pairs")
    if not isinstance(value, list | tuple):
        raise bad
    marks: list[tuple[int, str]] = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise bad
        index, ident = item
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise bad
        if not isinstance(ident, str):
            raise bad
        marks.append((index, ident))
    return tuple(marks)
