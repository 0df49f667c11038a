"""The compactor's two strategies once a call is triggered: the recency window and the summary.

``window`` keeps prefix, pinned and held-out groups and the most recent groups within the
target. ``summarize`` reserves the summary budget, fits the window in the rest and rolls the
groups newly dropped (and held-out groups whose pin was removed) into the next summary version
through ``runtime.seam``; a summarizer failure falls back to the window. With
``clear_tool_results``, old tool results that keep the window from fitting are cleared against
their digests in the summary (``runtime.clearing_plan``). Each returns a ``Plan``; the
compactor turns it into the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from runtime.assemble import summary_message
from runtime.budget import Budget
from runtime.clearing_plan import (
    NO_CLEARING,
    Clearing,
    apply_clearing,
    clearing_marks,
    clearing_targets,
    marked_messages,
)
from runtime.messages import Message
from runtime.report import Plan, RollInfo
from runtime.seam import RollRequest, RollResult, dump_summary, roll
from runtime.summary.protocol import Summarizer
from runtime.summary.schema import CompactionSummary
from runtime.tokens import TokenCounter
from runtime.window import Resumed, View, WindowFit, fit_window, held_marks, keep_from, with_extra

__all__ = ["Strategies"]


@dataclass(frozen=True, slots=True)
class Strategies:
    """The window and summary strategies under one compactor's settings.

    Attributes:
        budget: the token budget of a request.
        counter: counts messages and texts.
        summary_budget: share of the target reserved for the summary.
        clear_tool_results: whether old tool results may be cleared (see ``Compactor``).
    """

    budget: Budget
    counter: TokenCounter
    summary_budget: float = 0.25
    clear_tool_results: bool = False

    def window(
        self, view: View, resumed: Resumed, *, current: Plan, fallback: RollInfo | None = None
    ) -> Plan:
        """The recency window (``fallback``: the failed roll that led here, if any)."""
        budget = self.budget
        fit = fit_window(
            view.costs,
            base=view.base,
            limit=budget.target_tokens,
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
            limit=budget.target_tokens - reserve,
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
            limit=self.budget.target_tokens - reserve,
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
        return roll(
            summarizer,
            RollRequest(
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
            ),
        )

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
    ) -> Plan:
        message, cost = self.summary_message(view, summary)
        clearing = self.clear(view, clear, summary)
        if clearing.replaced or clear:
            costs = clearing.costs(view.costs)
            tokens = view.base + sum(costs[i] for i in fit.kept)
            fit = WindowFit(fit.kept, fit.cut, tokens, fit.over_budget, fit.over_budget_reason)
        fit = with_extra(fit, cost, usable=self.budget.usable)
        mark = view.mark(fit.cut)
        if info.summarized_ids:  # a new version: pinned groups it rolled over are held out
            held = {p for p in resumed.held if p in view.pinned}
            held.update(p for p in range(resumed.floor, fit.cut) if p in view.pinned)
        else:
            held = set(resumed.held)
        state = replace(
            resumed.state,
            held_out=held_marks(view, held),
            cleared=clearing_marks(clearing),
            summary=dump_summary(summary),
            summary_version=summary.summary_version,
            summary_active=True,
            summary_until_index=mark.index if mark else None,
            summary_until_id=mark.id if mark else None,
        ).with_cut(mark)
        return Plan(
            fit=fit,
            strategy="summary",
            triggered=True,
            context_tokens=current.context_tokens,
            context_kept=current.fit.kept,
            state=state,
            summary_message=message,
            summary_tokens=cost,
            reset=resumed.reset,
            roll=replace(info, summary=dump_summary(summary)),
            replaced=clearing.replaced,
            cleared=tuple(e.to_dict() for e in clearing.entries),
        )

    def summary_message(
        self, view: View, summary: CompactionSummary | None
    ) -> tuple[Message | None, int]:
        """The injected summary message and its tokens (``None, 0`` without a summary)."""
        if summary is None:
            return None, 0
        return summary_message(view.transcript.format, summary, self.counter)
