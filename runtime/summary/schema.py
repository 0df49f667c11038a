"""The compaction summary, schema ``compaction_summary.v2`` (``v1`` still read).

A summary is *data about* the dropped part of a history, never instructions: every item says
which messages it came from (``source_ids``) so that validation can check it against those
messages and a rollback can find them again. The same pydantic models are published as JSON
Schema (``tiermem schema summary``) and, in a strict variant, sent to OpenAI as the structured
output format.

What v2 adds to v1 (and nothing else changes, so every v1 document is read as it is):

- ``speakers`` on every item: who wrote each cited source, ``{source_id: speaker}`` with a
  speaker of ``user``, ``assistant``, ``tool`` or ``system``. Tiermem derives it from the
  message's blocks (``runtime.summary.provenance``), never from a summarizer's claim: the
  rolling step overwrites whatever a summarizer wrote. Only a ``user`` source can make a user
  constraint, and only user-authored text can be promoted to long-term memory.
- ``quote`` on facts: the user's own clause the fact was taken from (``"单程不超过200元"``), so
  that the number and the negation survive whatever the key and value say.

A v1 document has neither (its speakers are unknown, never assumed to be the user's); a v1
document carrying either is refused, so a version is never mislabelled. A new summary version
is always written as v2; stored v1 rows are not rewritten.
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, Self, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "FACT_STATUSES",
    "SCHEMA_V1",
    "SCHEMA_VERSION",
    "SCHEMA_VERSIONS",
    "SPEAKERS",
    "CompactionSummary",
    "Decision",
    "Fact",
    "FactStatus",
    "OpenQuestion",
    "SchemaVersion",
    "Speaker",
    "SummaryItem",
    "ToolResultDigest",
    "summary_json_schema",
]

SCHEMA_VERSION: Final = "compaction_summary.v2"
"""The version every new summary is written in."""
SCHEMA_V1: Final = "compaction_summary.v1"
"""The previous version, still read everywhere (stored rows, snapshots, states, restore)."""
SchemaVersion = Literal["compaction_summary.v1", "compaction_summary.v2"]
SCHEMA_VERSIONS: tuple[str, ...] = get_args(SchemaVersion)

Speaker = Literal["user", "assistant", "tool", "system"]
"""Who wrote a source message, as tiermem derives it (``runtime.summary.provenance``).

``tool`` covers every tool output whatever role carries it (Chat ``role: tool``, Responses
``function_call_output``, an Anthropic ``tool_result`` block inside a user-role message);
``system`` covers system and developer messages.
"""
SPEAKERS: tuple[str, ...] = get_args(Speaker)

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
Speakers = dict[Annotated[str, Field(min_length=1)], Speaker]
_SPEAKERS_DOC: Final = (
    "Who wrote each cited source, {source_id: speaker}, derived by tiermem from the message's "
    "blocks (v2). An id it does not name is of unknown speaker (every id of a v1 summary), "
    "never assumed to be the user."
)


def _speakers_field() -> Any:
    return Field(default_factory=dict, description=_SPEAKERS_DOC)


class _Item(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Cited(_Item):
    """An item citing its sources (every item of a summary)."""

    if TYPE_CHECKING:  # declared by every item class, in its own field order
        source_ids: list[str]
        speakers: dict[str, Speaker]

    @model_validator(mode="after")
    def _speakers_cite_sources(self) -> Self:
        stray = set(self.speakers) - set(self.source_ids)
        if stray:
            raise ValueError(f"speakers names ids the item does not cite: {sorted(stray)}")
        return self

    def speaker_of(self, source_id: str) -> Speaker | None:
        """Who wrote ``source_id`` (None: not cited, or not known, as in a v1 summary)."""
        return self.speakers.get(source_id)

    def ids_by(self, speaker: Speaker) -> tuple[str, ...]:
        """The cited ids whose speaker is ``speaker``, in citation order."""
        return tuple(i for i in self.source_ids if self.speakers.get(i) == speaker)


class Fact(_Cited):
    """One keyed piece of task state, e.g. ``budget.one_way_max = "200 CNY"`` (constraint).

    Two facts with the same ``key`` describe the same thing; when they differ, the one from the
    newer source wins and the older becomes ``superseded`` (see ``merge_summaries``).
    """

    key: str = Field(
        description="A dotted name for what the fact is about, e.g. budget.one_way_max; facts "
        "with one key describe one thing.",
        min_length=1,
        max_length=200,
    )
    value: str = Field(
        description="The fact's value as text, figures normalized, e.g. '200 CNY'.", max_length=2000
    )
    status: FactStatus = Field(
        description="What the fact means for the task: constraint, preference, excluded, chosen, "
        "observed, superseded or open."
    )
    confidence: float = Field(description="How sure the summarizer is, 0 to 1.", ge=0.0, le=1.0)
    source_ids: SourceIds = Field(
        description="Ids of the messages the fact was taken from (at least one)."
    )
    speakers: Speakers = _speakers_field()
    pinned: bool = Field(
        default=False,
        description="Whether the fact was taken from a pinned message (kept first when the "
        "summary must shrink).",
    )
    quote: str | None = Field(
        default=None,
        max_length=2000,
        description="The user's own clause the fact was taken from, word for word (v2).",
    )


class Decision(_Cited):
    """A decision taken in the dropped part, with the reason given for it when there was one."""

    text: str = Field(
        description="The decision taken, in a sentence.", min_length=1, max_length=2000
    )
    reason: str | None = Field(
        description="The reason given for it, when there was one.", default=None, max_length=2000
    )
    source_ids: SourceIds = Field(
        description="Ids of the messages the decision was taken from (at least one)."
    )
    speakers: Speakers = _speakers_field()


class OpenQuestion(_Cited):
    """A question the user asked that was not answered in the summarized messages."""

    text: str = Field(
        description="The question, as the user asked it.", min_length=1, max_length=2000
    )
    source_ids: SourceIds = Field(description="Ids of the messages that asked it (at least one).")
    speakers: Speakers = _speakers_field()


class ToolResultDigest(_Cited):
    """A bounded digest of one tool call and its result (name, key arguments, figures, ids)."""

    tool_call_id: str = Field(
        description="The call id of the tool call the digest stands for.", min_length=1
    )
    tool_name: str = Field(description="The tool called.")
    digest: str = Field(
        description="The call's key arguments and its result's figures and ids, bounded to 4000 "
        "characters.",
        max_length=4000,
    )
    source_ids: SourceIds = Field(description="Ids of the call and result messages (at least one).")
    speakers: Speakers = _speakers_field()


SummaryItem = Fact | Decision | OpenQuestion | ToolResultDigest
"""Any item of a summary."""


class CompactionSummary(_Item):
    """The whole summary of everything dropped so far (``compaction_summary.v2``, or a v1 read
    back from storage or a caller's state).

    ``summary_version`` starts at 1 and grows by one per compaction; ``previous_version`` is the
    version this one was merged from (``None`` for the first); ``restored_from`` is set when the
    version was created by a rollback to an older one.
    """

    schema_version: SchemaVersion = Field(
        default=SCHEMA_VERSION,
        description="compaction_summary.v2 (written) or compaction_summary.v1 (still read).",
    )
    summary_version: int = Field(
        description="The version, from 1, one more per compaction that adopts a summary.", ge=1
    )
    previous_version: int | None = Field(
        description="The version this one was merged from (null for the first).", default=None, ge=1
    )
    restored_from: int | None = Field(
        description="The version a rollback restored into this one (null otherwise).",
        default=None,
        ge=1,
    )
    source_message_ids: list[str] = Field(
        description="Ids of every message the summary covers.", default_factory=list
    )
    facts: list[Fact] = Field(
        description="Keyed pieces of task state: constraints, preferences, options chosen or "
        "excluded, observations.",
        default_factory=list,
    )
    decisions: list[Decision] = Field(
        description="Decisions taken in the summarized messages, with their reasons.",
        default_factory=list,
    )
    open_questions: list[OpenQuestion] = Field(
        description="Questions the user asked that the summarized messages did not answer.",
        default_factory=list,
    )
    tool_result_digests: list[ToolResultDigest] = Field(
        description="One bounded digest per summarized tool call and its result.",
        default_factory=list,
    )
    created_at: datetime = Field(description="When this version was written (UTC, RFC 3339).")

    @model_validator(mode="after")
    def _v1_has_no_v2_fields(self) -> Self:
        if self.schema_version == SCHEMA_V1:
            if any(item.speakers for item in self.items()):
                raise ValueError("compaction_summary.v1 items carry no speakers (a v2 field)")
            if any(fact.quote is not None for fact in self.facts):
                raise ValueError("compaction_summary.v1 facts carry no quote (a v2 field)")
        return self

    def items(self) -> list[SummaryItem]:
        """Every item: facts, decisions, open questions, tool digests, in that order."""
        return [*self.facts, *self.decisions, *self.open_questions, *self.tool_result_digests]

    def all_source_ids(self) -> set[str]:
        """Every message id any item refers to (for validation against the summarized range)."""
        ids: set[str] = set(self.source_message_ids)
        for item in self.items():
            ids.update(item.source_ids)
        return ids


# Keywords OpenAI strict structured outputs reject or ignore; stripped from the strict variant.
_STRICT_DROP = frozenset(
    {"default", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "format"}
)


def summary_json_schema(*, strict: bool = False) -> dict[str, Any]:
    """The JSON Schema of ``CompactionSummary`` as tiermem writes it (``compaction_summary.v2``).

    ``schema_version`` is the constant ``compaction_summary.v2``: the schema publishes what is
    written, while the reader (``CompactionSummary``) also accepts v1.

    Args:
        strict: return the variant accepted by OpenAI strict structured outputs: every property
            required (fields with a default must be emitted too; the nullable ones stay
            nullable), ``additionalProperties: false`` everywhere,
            no defaults or numeric/length bounds (pydantic still enforces them on parse), and
            no ``speakers``: a summarizer is never asked who wrote a source, tiermem derives it
            (and overwrites any claim, see ``runtime.summary.provenance``).

    Returns:
        A fresh dict the caller may modify.
    """
    schema = CompactionSummary.model_json_schema(mode="validation")
    schema["properties"]["schema_version"] = {
        "const": SCHEMA_VERSION,
        "default": SCHEMA_VERSION,
        "title": "Schema Version",
        "type": "string",
        "description": "The summary's schema: always compaction_summary.v2 when written.",
    }
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
    if isinstance(out.get("properties"), dict):
        out["properties"].pop("speakers", None)
    if out.get("type") == "object" and "properties" in out:
        # Every field is emitted; the ones that may be absent are already ``X | None``.
        out["required"] = list(out["properties"])
        out["additionalProperties"] = False
    if "const" in out:
        # ``enum`` of one value is the most widely supported spelling of a constant.
        out["enum"] = [out.pop("const")]
        out.setdefault("type", "string")
    return out
