"""What ``Compactor.compact`` returns, laid out from the plan it settled on.

``assemble_result`` lays out the entries to send (prefix, summary message, kept groups with
cleared results replaced), finishes the state on a full read (``finish_state``) and builds the
report (``runtime.compaction.report``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from runtime.budget import Budget
from runtime.compaction.reading import View
from runtime.compaction.report import Plan, build_report
from runtime.compaction.resume import finish_state
from runtime.formats import write_messages
from runtime.messages import JSON, Message
from runtime.state import CompactionState

__all__ = ["CompactionResult", "assemble_result"]


@dataclass(frozen=True, slots=True)
class CompactionResult:
    """What one ``compact`` call returns.

    Attributes:
        messages: the entries to send, in the input's format: the raw objects of the kept
            messages (byte-identical to the input's) with the summary message injected right
            after the prefix when a summary is active. For Anthropic, the list of messages.
        ids: the id of each entry in ``messages`` (``summary-v{N}`` for the summary).
        report: figures and decisions (keys listed in ``runtime.compaction.report``).
        state: pass it back as ``state=`` on the next call of the same session.
        system: Anthropic's top-level ``system`` field, untouched (``None`` otherwise).
    """

    messages: list[JSON]
    ids: list[str]
    report: dict[str, Any]
    state: CompactionState
    system: JSON | None = None


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
