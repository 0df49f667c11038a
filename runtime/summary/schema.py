"""The compaction summary, schema ``compaction_summary.v1``.

A summary is *data about* the dropped part of a history, never instructions: every item says
which messages it came from (``source_ids``) so that validation can check it against those
messages and a rollback can find them again. The same pydantic models are published as JSON
Schema (``tiermem schema summary``) and, in a strict variant, sent to OpenAI as the structured
output format.
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Annotated, Any, Final, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "FACT_STATUSES",
    "SCHEMA_VERSION",
    "CompactionSummary",
    "Decision",
    "Fact",
    "FactStatus",
    "OpenQuestion",
    "ToolResultDigest",
    "summary_json_schema",
]

SCHEMA_VERSION: Final = "compaction_summary.v1"

FactStatus = Literal[
    "constraint",
    "preference",
    "excluded",
    "chosen",
    "observed",
    "superseded",
    "open",
]
"""What a fact means for the task.

- ``constraint``: a limit or requirement the user set (budget cap, deadline, "no auto-booking").
- ``preference``: a soft wish ("direct trains preferred").
- ``excluded``: an option ruled out ("G123").
- ``chosen``: an option selected ("G7301").
- ``observed``: something a tool returned or the conversation stated (prices, times, events).
- ``superseded``: an older value replaced by a newer source with the same key.
- ``open``: something not settled yet.
"""

FACT_STATUSES: tuple[str, ...] = get_args(FactStatus)

SourceIds = Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=1)]


class _Item(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Fact(_Item):
    """One keyed piece of task state, e.g. ``budget.one_way_max = "200 CNY"`` (constraint).

    Two facts with the same ``key`` describe the same thing; when they differ, the one from the
    newer source wins and the older becomes ``superseded`` (see ``merge_summaries``).
    """

    key: str = Field(min_length=1, max_length=200)
    value: str = Field(max_length=2000)
    status: FactStatus
    confidence: float = Field(ge=0.0, le=1.0)
    source_ids: SourceIds
    pinned: bool = False


class Decision(_Item):
    """A decision taken in the dropped part, with the reason given for it when there was one."""

    text: str = Field(min_length=1, max_length=2000)
    reason: str | None = Field(default=None, max_length=2000)
    source_ids: SourceIds


class OpenQuestion(_Item):
    """A question the user asked that was not answered in the summarized messages."""

    text: str = Field(min_length=1, max_length=2000)
    source_ids: SourceIds


class ToolResultDigest(_Item):
    """A bounded digest of one tool call and its result (name, key arguments, figures, ids)."""

    tool_call_id: str = Field(min_length=1)
    tool_name: str
    digest: str = Field(max_length=4000)
    source_ids: SourceIds


class CompactionSummary(_Item):
    """The whole summary of everything dropped so far (``compaction_summary.v1``).

    ``summary_version`` starts at 1 and grows by one per compaction; ``previous_version`` is the
    version this one was merged from (``None`` for the first); ``restored_from`` is set when the
    version was created by a rollback to an older one.
    """

    schema_version: Literal["compaction_summary.v1"] = SCHEMA_VERSION
    summary_version: int = Field(ge=1)
    previous_version: int | None = Field(default=None, ge=1)
    restored_from: int | None = Field(default=None, ge=1)
    source_message_ids: list[str] = Field(default_factory=list)
    facts: list[Fact] = Field(default_factory=list)
    decisions: list[Decision] = Field(default_factory=list)
    open_questions: list[OpenQuestion] = Field(default_factory=list)
    tool_result_digests: list[ToolResultDigest] = Field(default_factory=list)
    created_at: datetime

    def all_source_ids(self) -> set[str]:
        """Every message id any item refers to (for validation against the summarized range)."""
        ids: set[str] = set(self.source_message_ids)
        items: list[Fact | Decision | OpenQuestion | ToolResultDigest] = [
            *self.facts,
            *self.decisions,
            *self.open_questions,
            *self.tool_result_digests,
        ]
        for item in items:
            ids.update(item.source_ids)
        return ids


# Keywords OpenAI strict structured outputs reject or ignore; stripped from the strict variant.
_STRICT_DROP = frozenset(
    {"default", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "format"}
)


def summary_json_schema(*, strict: bool = False) -> dict[str, Any]:
    """The JSON Schema of ``CompactionSummary``.

    Args:
        strict: return the variant accepted by OpenAI strict structured outputs: every property
            required (fields with a default must be emitted too; the nullable ones stay
            nullable), ``additionalProperties: false`` everywhere,
            no defaults or numeric/length bounds (pydantic still enforces them on parse).

    Returns:
        A fresh dict the caller may modify.
    """
    schema = CompactionSummary.model_json_schema(mode="validation")
    if not strict:
        return schema
    strict_schema: dict[str, Any] = _make_strict(copy.deepcopy(schema))
    return strict_schema


def _make_strict(node: Any) -> Any:
    if isinstance(node, list):
        return [_make_strict(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {k: _make_strict(v) for k, v in node.items() if k not in _STRICT_DROP}
    if out.get("type") == "object" and "properties" in out:
        # Every field is emitted; the ones that may be absent are already ``X | None``.
        out["required"] = list(out["properties"])
        out["additionalProperties"] = False
    if "const" in out:
        # ``enum`` of one value is the most widely supported spelling of a constant.
        out["enum"] = [out.pop("const")]
        out.setdefault("type", "string")
    return out
