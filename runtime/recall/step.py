"""The recall step: the best evicted groups for the latest user message, as one data block.

``recall`` runs on every call, compacting or not. Its query is the text of the latest
user-authored message in the context about to be sent (tool output carried in a user message
is not the user's text; tiermem's own data blocks are not either), with the terms of the
summary's open questions added at a lower weight (a short follow-up such as "and the return?"
then still finds what the open question was about), widened by the terms its own best hits
share (``runtime.recall.feedback``: a question rarely repeats the words of every turn it
needs). Candidates are the indexed groups (the
ones compactions evicted, summarized or not) minus every group with a message in the context
(kept verbatim, pinned, held out) or named in ``exclude_ids``, and minus those that are no longer
in the history as indexed (edited, erased, purged: see ``runtime.recall.groups.still_in_history``).
Groups scoring below ``RecallConfig.floor`` are never recalled: no hit above it, no block.

The block goes immediately before the group holding the latest user-authored message, so it
never lands between a call and its results: a group is a call with all its results (on
Anthropic, a user message carrying ``tool_result`` blocks is inside the group of the call it
answers, so the block is never put into or before such a message alone). Pass-through items
that only lead that message into its group (a Responses ``compaction`` item, an
``item_reference``) stay in front of the block: it goes right before the message itself
(``place_block``).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from runtime.blocks import is_data_block
from runtime.errors import BudgetError
from runtime.messages import JSON, Format, Message
from runtime.recall.dates import named_date_terms
from runtime.recall.feedback import widened, widened_scores
from runtime.recall.fill import fill_block
from runtime.recall.groups import authored_text
from runtime.recall.index import RecallIndex, ScoredGroup
from runtime.recall.terms import terms
from runtime.summary.schema import CompactionSummary
from runtime.tokens import TokenCounter

__all__ = [
    "Recall",
    "RecallConfig",
    "RecallHit",
    "history_entries",
    "insertion_group",
    "is_user_authored",
    "place_block",
    "query_terms",
    "recall",
    "search_query",
    "with_block",
]


@dataclass(frozen=True, slots=True)
class RecallConfig:
    """How recall behaves.

    Attributes:
        enabled: whether recall runs at all.
        share: share of the compaction target reserved for the recall block (the rest goes to
            the summary reserve and the window). Between compactions the block gets
            ``min(share x target, usable - context)`` tokens, which the lowered trigger keeps
            at the whole reserve (``runtime.compaction.recalling.trigger_tokens``). 0.5: on
            LoCoMo conversations 0-4, 0.4 / 0.5 / 0.6 keep 73.6% / 76.6% / 77.2% at 4k and
            81.4% / 82.6% / 83.3% at 8k, and the same within a point at 16k; 0.5 leaves the
            window a quarter of the target beside the summary's default quarter.
        floor: minimum BM25 score of a recalled group; below it nothing is recalled (a
            group matching a single common term scores well below 1; on LoCoMo
            conversations 0-4 at 16k, 1.0 instead of 2.0 fills the reserve the room leaves).
        max_groups: at most this many groups in one block, a bound on the block's shape
            only: the budget is the limit that binds (on LoCoMo conversations 0-4, 20
            instead of 6 lifts evidence retention at 8k from 75% to 81%, 40 instead of 20 at
            16k from 85% to 87%, 80 instead of 40 at 16k from 88.6% to 89.7%: multi-hop
            questions need several turns).
        max_chars: length limit of each recalled text after sanitizing.
        open_question_weight: weight of the summary's open-question terms in the query
            (0 leaves them out); the user's own terms weigh 1.
        feedback_groups: the query is widened by the terms of its best this many hits at
            or above the floor (``runtime.recall.feedback``; 0 switches feedback off). On
            LoCoMo conversations 0-4 with max_groups 80, 20 groups, 20 terms at 0.5 lift
            retention from 77.0% / 82.8% / 89.7% to 77.9% / 84.5% / 91.6% at 4k / 8k / 16k;
            10-30 groups, 20-30 terms and weights 0.3-0.7 all land within a point of it.
        feedback_terms: at most this many terms are added.
        feedback_weight: weight of the best added term (the others in proportion).
        date_weight: weight of the date terms of the dates the query names
            (``runtime.recall.dates``: a group is indexed with the day, month and year it was
            said; 0 leaves the query's dates out). On LoCoMo conversations 0-4, 1.0 lifts
            retention from 85.4% / 92.1% to 86.2% / 92.4% at 8k / 16k; 2, 3 and 5 land within
            0.1 point of it.

    Raises:
        BudgetError: ``share`` outside [0, 0.9], a negative ``floor`` or weight, a weight
            above 1, ``max_groups < 1``, negative feedback counts, or ``max_chars < 64``.
    """

    enabled: bool = True
    share: float = 0.5
    floor: float = 1.0
    max_groups: int = 80
    max_chars: int = 2000
    open_question_weight: float = 0.3
    feedback_groups: int = 20
    feedback_terms: int = 20
    feedback_weight: float = 0.5
    date_weight: float = 1.0

    def __post_init__(self) -> None:
        _check_number("recall share", self.share, low=0.0, high=0.9)
        _check_number("recall floor", self.floor, low=0.0, high=None)
        _check_number("open_question_weight", self.open_question_weight, low=0.0, high=1.0)
        _check_number("feedback_weight", self.feedback_weight, low=0.0, high=1.0)
        _check_number("date_weight", self.date_weight, low=0.0, high=None)
        for name in ("feedback_groups", "feedback_terms"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise BudgetError(f"recall {name} must be a non-negative integer, got {value!r}")
        if isinstance(self.max_groups, bool) or not isinstance(self.max_groups, int):
            raise BudgetError(f"recall max_groups must be an integer, got {self.max_groups!r}")
        if self.max_groups < 1:
            raise BudgetError(f"recall max_groups must be at least 1, got {self.max_groups}")
        if isinstance(self.max_chars, bool) or not isinstance(self.max_chars, int):
            raise BudgetError(f"recall max_chars must be an integer, got {self.max_chars!r}")
        if self.max_chars < 64:
            raise BudgetError(f"recall max_chars must be at least 64, got {self.max_chars}")


def _check_number(name: str, value: object, *, low: float, high: float | None) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise BudgetError(f"{name} must be a finite number, got {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"in [{low}, {high}]" if high is not None else f"at least {low}"
        raise BudgetError(f"{name} must be {bound}, got {value}")


@dataclass(frozen=True, slots=True)
class RecallHit:
    """One recalled group: its message ids, score, tokens in the block, first timestamp."""

    ids: tuple[str, ...]
    score: float
    tokens: int
    at: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The hit as a report entry."""
        return {
            "ids": list(self.ids),
            "score": round(self.score, 3),
            "tokens": self.tokens,
            "at": self.at,
        }


@dataclass(frozen=True, slots=True)
class Recall:
    """What the recall step decided for one call.

    Attributes:
        message: the data message to insert (``None``: no block).
        position: insert it before the context group at this position (``None``: no block).
        hits: the recalled groups, in history order.
        tokens: the message's tokens (0 without a block).
        budget_tokens: the room the step was given.
        reason: why there is no block (``disabled``, ``no_user_message``, ``no_query_terms``,
            ``no_room``, ``empty_index``, ``below_floor``, ``not_in_history``, ``too_large``),
            ``None`` when there is one.
    """

    message: Message | None = None
    position: int | None = None
    hits: tuple[RecallHit, ...] = ()
    tokens: int = 0
    budget_tokens: int = 0
    reason: str | None = None

    @property
    def ids(self) -> tuple[str, ...]:
        """Every recalled message id, in history order."""
        return tuple(i for hit in self.hits for i in hit.ids)

    def to_report(self) -> dict[str, Any]:
        """The step as report entries (``recalled``, ``recall_tokens``, ...)."""
        return {
            "recalled": [hit.to_dict() for hit in self.hits],
            "recall_tokens": self.tokens,
            "recall_budget_tokens": self.budget_tokens,
            "recall_reason": self.reason,
        }


def is_user_authored(message: Message) -> bool:
    """Whether ``message`` is a user turn with text the user wrote (not a tiermem data block,
    not only tool results)."""
    if message.role != "user":
        return False
    text = authored_text(message).strip()
    return bool(text) and not is_data_block(text)


def insertion_group(groups: Sequence[Sequence[Message]]) -> int | None:
    """Position of the group holding the latest user-authored message (``None``: none)."""
    for position in range(len(groups) - 1, -1, -1):
        if any(is_user_authored(m) for m in groups[position]):
            return position
    return None


def _latest_user_text(group: Sequence[Message]) -> str:
    for message in reversed(group):
        if is_user_authored(message):
            return authored_text(message)
    return ""


def query_terms(
    text: str,
    summary: CompactionSummary | None = None,
    *,
    open_question_weight: float = 0.3,
    date_weight: float = 0.0,
) -> dict[str, float]:
    """Query term -> weight: the text's terms at 1, the summary's open questions' at
    ``open_question_weight`` (a term in both keeps weight 1), and the date terms of the dates
    the text names at ``date_weight`` (``runtime.recall.dates``; 0 leaves them out)."""
    weights: dict[str, float] = {}
    if summary is not None and open_question_weight > 0:
        for question in summary.open_questions:
            for term in terms(question.text):
                weights[term] = open_question_weight
    for term in terms(text):
        weights[term] = 1.0
    if date_weight > 0:
        weights.update(dict.fromkeys(named_date_terms(text), date_weight))
    return weights


def search_query(
    index: RecallIndex, query: Mapping[str, float], config: RecallConfig
) -> dict[str, float]:
    """The query recall searches ``index`` with: ``query`` widened by feedback
    (``runtime.recall.feedback``) as ``config`` says."""
    return widened(index, query, **_feedback(config))


def _feedback(config: RecallConfig) -> dict[str, Any]:
    """``config``'s feedback settings as ``runtime.recall.feedback``'s keywords."""
    return {
        "floor": config.floor,
        "groups": config.feedback_groups,
        "terms": config.feedback_terms,
        "weight": config.feedback_weight,
    }


def _none(reason: str, budget: int) -> Recall:
    return Recall(reason=reason, budget_tokens=max(budget, 0))


def recall(
    index: RecallIndex,
    *,
    context: Sequence[Sequence[Message]],
    entries: Sequence[JSON],
    fmt: Format,
    budget_tokens: int,
    counter: TokenCounter,
    summary: CompactionSummary | None = None,
    exclude_ids: Collection[str] = (),
    config: RecallConfig | None = None,
) -> Recall:
    """Choose the groups to recall for the latest user message and render their block.

    Args:
        index: the evicted groups.
        context: the groups about to be sent after the prefix (and the summary), in order.
        entries: the whole raw history (recalled groups are read back from it).
        fmt: its wire format.
        budget_tokens: the most the block may cost (its message included).
        counter: counts the block.
        summary: the current summary (open questions for the query, superseded values).
        exclude_ids: further message ids never to recall (e.g. pinned ones).
        config: recall settings (default ``RecallConfig()``).

    Never raises for the history's content: a group that cannot be read back is skipped.
    """
    config = config if config is not None else RecallConfig()
    if not config.enabled:
        return _none("disabled", budget_tokens)
    position = insertion_group(context)
    if position is None:
        return _none("no_user_message", budget_tokens)
    query = query_terms(
        _latest_user_text(context[position]),
        summary,
        open_question_weight=config.open_question_weight,
        date_weight=config.date_weight,
    )
    if not query:
        return _none("no_query_terms", budget_tokens)
    if budget_tokens <= 0:
        return _none("no_room", budget_tokens)
    if not len(index):
        return _none("empty_index", budget_tokens)
    exclude = set(exclude_ids)
    exclude.update(m.id for group in context for m in group)
    # search_query's query, scored without scoring the question's own terms twice
    scores = widened_scores(index, query, **_feedback(config))
    hits = index.ranked(scores, exclude=exclude, limit=config.max_groups * 3)
    hits = [hit for hit in hits if hit.score >= config.floor]
    if not hits:
        return _none("below_floor", budget_tokens)
    return _fill(hits, position, entries, fmt, budget_tokens, counter, summary, config)


def _fill(
    hits: Sequence[ScoredGroup],
    position: int,
    entries: Sequence[JSON],
    fmt: Format,
    budget: int,
    counter: TokenCounter,
    summary: CompactionSummary | None,
    config: RecallConfig,
) -> Recall:
    """The block of the best hits within ``budget`` (``runtime.recall.fill``), listing the
    chosen groups in history order."""
    filled = fill_block(hits, entries, fmt, budget, counter, summary, config.max_groups)
    if isinstance(filled, str):
        return _none(filled, budget)
    return Recall(
        message=filled.message,
        position=position,
        hits=tuple(
            RecallHit(c.group.ids, c.score, c.group.tokens, c.group.at) for c in filled.chosen
        ),
        tokens=filled.tokens,
        budget_tokens=budget,
    )


_LEADING: frozenset[str] = frozenset({"message", "reasoning"})
"""Item types that never lead a user message past the block (a reasoning item belongs with
the item after it; a message is a turn of its own)."""


def place_block(group: Sequence[Message], block: Message) -> list[Message]:
    """``group`` with ``block`` before it, or right before its latest user-authored message
    when only pass-through items (no call, no result, no message, no reasoning) come first."""
    for at in range(len(group) - 1, -1, -1):
        if is_user_authored(group[at]):
            break
    else:
        return [block, *group]
    head = group[:at]
    if head and all(
        m.item_type not in _LEADING and not m.tool_calls and not m.tool_results for m in head
    ):
        return [*head, block, *group[at:]]
    return [block, *group]


def with_block(context: Sequence[Sequence[Message]], outcome: Recall) -> tuple[Message, ...]:
    """The context's messages in order, the recall message inserted where ``outcome`` says
    (unchanged when there is no block)."""
    out: list[Message] = []
    for position, group in enumerate(context):
        if position == outcome.position and outcome.message is not None:
            out.extend(place_block(group, outcome.message))
        else:
            out.extend(group)
    return tuple(out)


def history_entries(payload: JSON) -> Sequence[JSON]:
    """The entry list of a payload (a list, or an object's ``messages`` / ``input``)."""
    if isinstance(payload, list):
        return payload
    if isinstance(payload, dict):
        for key in ("messages", "input"):
            value = payload.get(key)
            if isinstance(value, list):
                return value
    return []
