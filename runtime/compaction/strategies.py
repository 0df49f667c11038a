"""What a compaction sends: the context the state implies, the recency window, the summary.

``current`` is the context the caller's state implies (prefix, active summary, pinned and
held-out groups, every group from the cut on): sent as is while it stays under the trigger.
Once a call is triggered, ``window`` keeps prefix, pinned and held-out groups and the most
recent groups within the target; ``summarize`` reserves the summary budget, fits the window in
the rest and rolls the groups newly dropped (and held-out groups whose pin was removed) into
the next summary version (``roll``, over ``runtime.summary.rolling.roll_summary``); a
summarizer failure falls back to the window. With ``clear_tool_results``, old tool results
that keep the window from fitting are cleared against their digests in the summary
(``runtime.compaction.clearing``). Each returns a ``Plan``; ``runtime.compaction.result``
turns it into what ``compact`` returns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from runtime.budget import Budget
from runtime.compaction.clearing import (
    NO_CLEARING,
    Clearing,
    apply_clearing,
    clearing_marks,
    clearing_targets,
    marked_messages,
)
from runtime.compaction.reading import View
from runtime.compaction.report import (
    SanitizeReport,
    SnapshotReport,
    SummaryDiffReport,
    SummaryValidationReport,
)
from runtime.compaction.result import Plan, RollInfo
from runtime.compaction.resume import Resumed, held_marks
from runtime.compaction.summary_fit import SentSummary, fit_beside, prompt_instead
from runtime.compaction.window import WindowFit, fit_window, keep_from, with_extra
from runtime.formats import make_data_message, read_history
from runtime.messages import Format, Message
from runtime.summary.envelope import render_summary_block
from runtime.summary.polarity import ClauseCache, clause_cache
from runtime.summary.protocol import Summarizer
from runtime.summary.rolling import roll_summary
from runtime.summary.schema import CompactionSummary
from runtime.summary.set_aside import SetAside, set_aside_to_json
from runtime.tokens import TokenCounter

__all__ = [
    "RollRequest",
    "RollResult",
    "Strategies",
    "roll",
    "summary_message",
]


@dataclass(frozen=True, slots=True)
class Strategies:
    """The window and summary strategies under one compactor's settings.

    Attributes:
        budget: the token budget of a request.
        counter: counts messages and texts.
        summary_budget: share of the target reserved for the summary.
        recall_reserve: tokens of the target kept for the recall block
            (``runtime.compaction.recalling``); the window gets the rest.
        clear_tool_results: whether old tool results may be cleared (see ``Compactor``).
        clauses: the compactor's ``ClauseCache`` (summary validation's judged clauses).
    """

    budget: Budget
    counter: TokenCounter
    summary_budget: float = 0.25
    recall_reserve: int = 0
    clear_tool_results: bool = False
    clauses: ClauseCache = field(default_factory=ClauseCache)

    def current(self, view: View, resumed: Resumed) -> Plan:
        """The context the state implies, as an untriggered plan (strategy ``none``)."""
        summary = resumed.summary if resumed.active else None
        message, cost = self.summary_message(view, summary)
        pinned = view.pinned | resumed.held
        user_led = None if message is not None else view.user_led
        cut = resumed.cut or 0
        fit = keep_from(
            view.costs, base=view.base + cost, cut=cut, pinned=pinned, user_led=user_led
        )
        clearing = NO_CLEARING
        if summary is not None and resumed.state.cleared:
            kept = set(fit.kept)
            marked = marked_messages(view, resumed.state.cleared)
            clearing = self.clear(
                view, [m for m in marked if view.group_of[m.index] in kept], summary
            )
            costs = clearing.costs(view.costs)
            fit = keep_from(costs, base=view.base + cost, cut=cut, pinned=pinned, user_led=user_led)
        return Plan(
            fit=fit,
            strategy="none",
            triggered=False,
            context_tokens=fit.tokens,
            context_kept=fit.kept,
            summary_message=message,
            summary_tokens=cost,
            summary_sent="whole" if message is not None else None,
            reset=resumed.reset,
            roll=RollInfo(summary=resumed.summary if message else None),
            state=replace(resumed.state, cleared=clearing_marks(clearing)),
            replaced=clearing.replaced,
            cleared=clearing.entries,
        )

    def window(
        self, view: View, resumed: Resumed, *, current: Plan, fallback: RollInfo | None = None
    ) -> Plan:
        """The recency window (``fallback``: the failed roll that led here, if any)."""
        budget = self.budget
        fit = fit_window(
            view.costs,
            base=view.base,
            limit=budget.target_tokens - self.recall_reserve,
            usable=budget.usable,
            pinned=view.pinned | resumed.held,
            user_led=view.user_led,
        )
        state = replace(resumed.state, summary_active=False, cleared=())
        state = state.with_cut(view.mark(fit.cut))
        return Plan(
            fit=fit,
            strategy="window",
            triggered=True,
            context_tokens=current.context_tokens,
            context_kept=current.fit.kept,
            state=state,
            reset=resumed.reset,
            roll=fallback if fallback is not None else RollInfo(),
        )

    def summarize(
        self,
        view: View,
        resumed: Resumed,
        summarizer: Summarizer,
        *,
        current: Plan,
        now: datetime,
    ) -> Plan:
        """The summary strategy: reserve, window in the rest, roll the newly dropped groups."""
        budget = self.budget
        reserve = int(self.summary_budget * budget.target_tokens)
        targets = self._clearing_targets(view, resumed, reserve=reserve, now=now)
        fit = fit_window(
            targets[1].costs(view.costs),
            base=view.base,
            limit=budget.target_tokens - reserve - self.recall_reserve,
            usable=budget.usable,
            pinned=view.pinned,
            floor=resumed.floor,
        )
        kept = set(fit.kept)
        clear = [m for m in targets[0] if view.group_of[m.index] in kept]
        # Pinned groups are kept verbatim, so they are held out of the summary; a group held
        # out earlier whose pin was removed is summarized now. A group whose results are newly
        # cleared is summarized too (its digest), and kept as a skeleton.
        chunk = [p for p in sorted(resumed.held) if p not in view.pinned]
        chunk += [p for p in range(resumed.floor, fit.cut) if p not in view.pinned]
        fresh = {m.index for m in targets[2]}
        extra = sorted({view.group_of[m.index] for m in clear if m.index in fresh} - set(chunk))
        chunk += extra
        if not chunk:
            if resumed.summary is None:
                return self.window(view, resumed, current=current)
            # Nothing newly dropped: the current summary stays as it is, no new version.
            return self._with_summary(
                view,
                resumed,
                fit=fit,
                summary=resumed.summary,
                info=RollInfo(),
                current=current,
                clear=clear,
            )
        if fit.cut <= resumed.floor:
            # only groups whose pin was removed: keep the cut, summarize them
            fit = keep_from(view.costs, base=view.base, cut=fit.cut, pinned=view.pinned)
        # the digests of results sent cleared are their only trace: never evicted, like pins
        protect = frozenset(m.id for m in clear)
        outcome = self._roll(
            view,
            resumed,
            summarizer,
            cut=fit.cut,
            chunk=chunk,
            reserve=reserve,
            now=now,
            protect=protect,
        )
        if outcome.summary is None:
            return self.window(view, resumed, current=current, fallback=outcome.info)
        return self._with_summary(
            view,
            resumed,
            fit=fit,
            summary=outcome.summary,
            info=outcome.info,
            current=current,
            clear=clear,
            set_aside=outcome.set_aside,
        )

    def _clearing_targets(
        self, view: View, resumed: Resumed, *, reserve: int, now: datetime
    ) -> tuple[list[Message], Clearing, list[Message]]:
        """Results to clear (kept cleared ones first), the estimated clearing, the new ones."""
        if not self.clear_tool_results:
            return [], NO_CLEARING, []
        summary = resumed.summary
        return clearing_targets(
            view,
            previous=marked_messages(view, resumed.state.cleared) if summary is not None else [],
            keep=view.pinned | resumed.held,
            limit=self.budget.target_tokens - reserve - self.recall_reserve,
            room=self.budget.usable - reserve,
            version=(summary.summary_version if summary else 0) + 1,
            now=now,
            count=self._count,
            count_text=self.counter.count_text,
        )

    def _count(self, message: Message) -> int:
        return self.counter.count_messages([message])[0]

    def clear(
        self, view: View, messages: Sequence[Message], summary: CompactionSummary
    ) -> Clearing:
        """Clear the results of ``messages`` whose call has a digest in ``summary``."""
        if not messages:
            return NO_CLEARING
        return apply_clearing(
            view, messages, summary, count=self._count, count_text=self.counter.count_text
        )

    def _roll(
        self,
        view: View,
        resumed: Resumed,
        summarizer: Summarizer,
        *,
        cut: int,
        chunk: Sequence[int],
        reserve: int,
        now: datetime,
        protect: frozenset[str] = frozenset(),
    ) -> RollResult:
        """Summarize the groups at ``chunk`` (the unpinned ones newly dropped, up to ``cut``)
        into the next version."""
        fmt = view.transcript.format
        request = RollRequest(
            previous=resumed.summary,
            chunk=tuple(m for p in sorted(chunk) for m in view.groups[p].messages),
            summarized_range=tuple(
                m for p in sorted({*range(cut), *chunk}) for m in view.groups[p].messages
            ),
            pinned_ids=frozenset(view.pinned_ids) | protect,
            now=now,
            budget_tokens=reserve,
            count_text=self.counter.count_text,
            count_summary=lambda summary: summary_message(fmt, summary, self.counter)[1],
            set_aside=resumed.state.set_aside_items,
        )
        with clause_cache(self.clauses):  # validation reuses the clauses judged before
            return roll(summarizer, request)

    def _with_summary(
        self,
        view: View,
        resumed: Resumed,
        *,
        fit: WindowFit,
        summary: CompactionSummary,
        info: RollInfo,
        current: Plan,
        clear: Sequence[Message] = (),
        set_aside: SetAside | None = None,
    ) -> Plan:
        """The plan sending ``summary`` beside ``fit``; ``set_aside`` replaces the state's
        items set aside when a new version was adopted (``None``: they stay)."""
        clearing = self.clear(view, clear, summary)
        costs: Sequence[int] = view.costs
        if clearing.replaced or clear:
            costs = clearing.costs(view.costs)
            tokens = view.base + sum(costs[i] for i in fit.kept)
            fit = WindowFit(fit.kept, fit.cut, tokens, fit.over_budget, fit.over_budget_reason)
        sent = self._sent_summary(view, summary, fit=fit)
        if sent.message is not None and fit.tokens + sent.tokens > self.budget.usable:
            prompted = prompt_instead(fit, costs, user_led=view.user_led, usable=self.budget.usable)
            if prompted is not None:  # Anthropic: the loop's prompt opens it, not the summary
                fit, sent = prompted, SentSummary(None, 0, "withheld")
        fit = with_extra(fit, sent.tokens, usable=self.budget.usable)
        mark = view.mark(fit.cut)
        if info.summarized_ids:  # a new version: pinned groups it rolled over are held out
            held = {p for p in resumed.held if p in view.pinned}
            held.update(p for p in range(resumed.floor, fit.cut) if p in view.pinned)
        else:
            held = set(resumed.held)
        state = replace(
            resumed.state.with_summary(summary),
            held_out=held_marks(view, held),
            cleared=clearing_marks(clearing),
            summary_active=True,
            summary_until_index=mark.index if mark else None,
            summary_until_id=mark.id if mark else None,
        ).with_cut(mark)
        if set_aside is not None:
            state = replace(state, set_aside=set_aside_to_json(set_aside))
        return Plan(
            fit=fit,
            strategy="summary",
            triggered=True,
            context_tokens=current.context_tokens,
            context_kept=current.fit.kept,
            state=state,
            summary_message=sent.message,
            summary_tokens=sent.tokens,
            summary_sent=sent.sent,
            reset=resumed.reset,
            roll=replace(info, summary=summary),
            replaced=clearing.replaced,
            cleared=clearing.entries,
        )

    def _sent_summary(
        self, view: View, summary: CompactionSummary, *, fit: WindowFit
    ) -> SentSummary:
        """The summary as this call sends it beside ``fit``: whole, or trimmed to (or withheld
        from) the room a window larger than its share left (``runtime.compaction.summary_fit``;
        never withheld where the kept part would then open with a non-user turn on Anthropic)."""
        fmt = view.transcript.format
        message, cost = summary_message(fmt, summary, self.counter)
        first = view.prefix[:1] or [m for i in fit.kept[:1] for m in view.groups[i].messages[:1]]
        return fit_beside(
            summary,
            SentSummary(message, cost, "whole"),
            room=self.budget.usable - fit.tokens,
            render=lambda s: summary_message(fmt, s, self.counter),
            count_text=self.counter.count_text,
            pinned_ids=frozenset(view.pinned_ids),
            may_withhold=fmt != "anthropic" or any(m.role == "user" for m in first),
        )

    def summary_message(
        self, view: View, summary: CompactionSummary | None
    ) -> tuple[Message | None, int]:
        """The injected summary message and its tokens (``None, 0`` without a summary)."""
        if summary is None:
            return None, 0
        return summary_message(view.transcript.format, summary, self.counter)


def summary_message(
    fmt: Format, summary: CompactionSummary, counter: TokenCounter
) -> tuple[Message, int]:
    """The summary as one data message in ``fmt`` (id ``summary-v{N}``) and its tokens."""
    raw = make_data_message(fmt, render_summary_block(summary))
    message = read_history([raw], format=fmt).messages[0]
    message = replace(message, id=f"summary-v{summary.summary_version}", own_id=False)
    return message, counter.count_messages([message])[0]


@dataclass(frozen=True, slots=True)
class RollRequest:
    """What the summary step gets: the previous summary, the newly dropped chunk, the range."""

    previous: CompactionSummary | None
    chunk: tuple[Message, ...]
    summarized_range: tuple[Message, ...]
    pinned_ids: frozenset[str]
    now: datetime
    budget_tokens: int
    count_text: Callable[[str], int]
    count_summary: Callable[[CompactionSummary], int]
    set_aside: SetAside = ()


@dataclass(frozen=True, slots=True)
class RollResult:
    """The adopted summary (``None``: fall back to the window) and what to report."""

    summary: CompactionSummary | None
    info: RollInfo
    set_aside: SetAside = ()


def roll(summarizer: Summarizer, request: RollRequest) -> RollResult:
    """The seam to ``runtime.summary.rolling.roll_summary``: translate its outcome.

    ``roll_summary`` sanitizes the chunk, asks the summarizer, shrinks, diffs and validates the
    candidate and makes the snapshot; it never raises for summarizer failures.
    """
    outcome = roll_summary(
        previous=request.previous,
        chunk=request.chunk,
        summarized_range=request.summarized_range,
        summarizer=summarizer,
        budget_tokens=request.budget_tokens,
        count_tokens=request.count_text,
        pinned_ids=request.pinned_ids,
        now=request.now,
        count_summary=request.count_summary,
        set_aside=request.set_aside,
    )
    summary, snapshot = outcome.summary, outcome.snapshot
    info = RollInfo(
        fallback=outcome.fallback,
        summary=summary,
        validation=SummaryValidationReport.of(outcome.validation) if outcome.validation else None,
        diff=SummaryDiffReport.of(outcome.diff) if outcome.diff else None,
        snapshot=SnapshotReport.of(snapshot, summary) if snapshot and summary else None,
        rolled_back=outcome.rolled_back,
        tokens_in=outcome.tokens_in,
        tokens_out=outcome.tokens_out,
        summarized_ids=tuple(m.id for m in request.chunk),
        error=outcome.error,
        sanitized=SanitizeReport.of(outcome.sanitize_counts),
    )
    return RollResult(summary, info, outcome.set_aside)
