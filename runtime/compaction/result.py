"""Turning the compactor's plan into what ``Compactor.compact`` returns.

``assemble_result`` lays out the entries to send (prefix, summary message, kept groups with
cleared results replaced), finishes the state on a full read and builds the report;
``summary_message`` renders a summary as the one data message injected after the prefix.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from runtime.budget import Budget
from runtime.formats import make_data_message, read_history, write_messages
from runtime.messages import JSON, Format, Message
from runtime.report import Plan, build_report
from runtime.state import CompactionState
from runtime.summary.envelope import render_summary_block
from runtime.summary.schema import CompactionSummary
from runtime.tokens import TokenCounter
from runtime.window import View, finish_state

__all__ = ["CompactionResult", "assemble_result", "summary_message"]


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


def summary_message(
    fmt: Format, summary: CompactionSummary, counter: TokenCounter
) -> tuple[Message, int]:
    """The summary as one data message in ``fmt`` (id ``summary-v{N}``) and its tokens."""
    raw = make_data_message(fmt, render_summary_block(summary))
    message = read_history([raw], format=fmt).messages[0]
    message = replace(message, id=f"summary-v{summary.summary_version}", own_id=False)
    return message, counter.count_messages([message])[0]


def assemble_result(
    view: View, plan: Plan, *, budget: Budget, encoding: str, elapsed_ms: float
) -> CompactionResult:
    """The result of ``plan`` on ``view``: entries, ids, state and report."""
    out: list[Message] = list(view.prefix)
    if plan.summary_message is not None:
        out.append(plan.summary_message)
    replaced = plan.replaced
    out.extend(replaced.get(m.index, m) for i in plan.fit.kept for m in view.groups[i].messages)
    ids = [m.id for m in out]
    kept = set(plan.fit.kept)
    dropped = [m.id for i in plan.context_kept if i not in kept for m in view.groups[i].messages]
    has_prefix = 1 if view.prefix else 0
    # an incremental read keeps the state's skip counts; a full read recomputes them
    state = plan.state if view.incremental else finish_state(view, plan.state, kept=plan.fit.kept)
    report = build_report(
        plan,
        budget=budget,
        encoding=encoding,
        ids=ids,
        kept_ids=[m.id for m in out if m is not plan.summary_message],
        dropped_ids=dropped,
        view=view,
        groups_kept=len(kept) + has_prefix,
        elapsed_ms=elapsed_ms,
    )
    return CompactionResult(
        messages=write_messages(out),
        ids=ids,
        report=report,
        state=state,
        system=view.transcript.system,
    )
