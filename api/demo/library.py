"""Steps 1 and 2 of the tour: the run-time tier as a library, no server.

Step 1 replays the trip turn by turn through one ``runtime.Compactor`` with the extractive
summarizer, threading the state as an agent loop would, and looks closely at the first
compaction. Step 2 goes on until a second summary version exists, then rolls back to the first
with ``runtime.summary.snapshots.rollback`` and resumes compaction from the restored version.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Final

from api.demo.expect import check_survival, context_by_id, is_envelope, summary_in_context
from api.demo.record import StepAborted, StepRecord
from api.demo.scenario import BUDGET, CONSTRAINT_IDS, EXCLUSION_ID, EXCLUSION_REASON, NOW
from runtime import (
    Budget,
    CompactionResult,
    CompactionState,
    Compactor,
    RecallConfig,
    find_protocol_errors,
)
from runtime.compaction import SummaryValidationReport
from runtime.formats import read_history
from runtime.messages import JSON, Format
from runtime.rollback import resume_after_rollback
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.schema import CompactionSummary
from runtime.summary.snapshots import (
    InMemorySnapshotStore,
    RollbackOutcome,
    SnapshotRecord,
    rollback,
)

__all__ = ["Replay", "compaction_step", "replay_trip", "rollback_step"]

FORMAT: Final[Format] = "openai-chat"


@dataclass(slots=True)
class Replay:
    """The trip fed to the compactor one message at a time, state threaded.

    Attributes:
        history: the whole raw history.
        compactor: the one compactor used for every call.
        compactions: ``(messages seen, result)`` of every call that compacted.
        last: the result of the last call (the full history).
        protocol_errors: protocol problems over every returned context.
        over_usable: calls whose returned context exceeded the usable budget.
        calls: how many ``compact`` calls were made.
        snapshots: every snapshot record the compactions reported.
    """

    history: list[JSON]
    compactor: Compactor
    compactions: list[tuple[int, CompactionResult]] = field(default_factory=list)
    last: CompactionResult | None = None
    protocol_errors: int = 0
    over_usable: int = 0
    calls: int = 0
    snapshots: InMemorySnapshotStore = field(default_factory=InMemorySnapshotStore)


def replay_trip(history: list[JSON]) -> Replay:
    """Feed ``history`` to a new compactor as it grows, one message per call, like an agent."""
    budget = Budget(**BUDGET)
    # steps 1 and 2 (two summary versions, the rollback) are sized for the whole target going
    # to summary and window; step 3 (api.demo.recall) replays the trip again with recall on
    compactor = Compactor(
        budget=budget, summarizer=ExtractiveSummarizer(), recall=RecallConfig(enabled=False)
    )
    replay = Replay(history=history, compactor=compactor)
    state: CompactionState | None = None
    for seen in range(2, len(history) + 1):
        result = compactor.compact(
            history[:seen], pinned_ids=CONSTRAINT_IDS, format=FORMAT, state=state, now=NOW
        )
        state = result.state
        replay.calls += 1
        replay.protocol_errors += len(find_protocol_errors(result.messages, format=FORMAT))
        replay.over_usable += result.report.compacted_tokens > budget.usable
        if result.report.triggered:
            replay.compactions.append((seen, result))
        snapshot = result.report.snapshot
        if snapshot is not None:
            replay.snapshots.put(SnapshotRecord.from_dict(snapshot.model_dump(mode="json")))
        replay.last = result
    return replay


def _compaction_row(seen: int, result: CompactionResult) -> dict[str, Any]:
    report = result.report
    return {
        "history_messages": seen,
        "strategy": report.strategy,
        "summary_version": report.summary_version,
        "tokens_before": report.context_tokens,
        "tokens_after": report.compacted_tokens,
        "groups_total": report.groups_total,
        "groups_kept": report.groups_kept,
        "fallback": report.fallback,
    }


def compaction_step(replay: Replay, step: StepRecord) -> None:
    """Step 1: the first compaction, closely; every call's context, broadly."""
    budget = replay.compactor.budget
    step.data["budget"] = {
        **BUDGET,
        "usable_tokens": budget.usable,
        "trigger_tokens": budget.trigger_tokens,
        "target_tokens": budget.target_tokens,
    }
    step.data["pinned_ids"] = list(CONSTRAINT_IDS)
    step.data["calls"] = replay.calls
    step.data["compactions"] = [_compaction_row(s, r) for s, r in replay.compactions]
    count = len(replay.compactions)
    if not step.check("compaction triggered", count > 0, f"{count} compactions"):
        raise StepAborted("the history never grew past the trigger")
    seen, first = replay.compactions[0]
    _check_first(step, seen, first, budget)
    _check_envelope(step, first)
    _check_validation(step, first.report.summary_validation)
    _check_pins(step, replay.history, first)
    dropped = first.report.dropped_ids
    step.check(
        f"{EXCLUSION_ID} (the G123 turn) left the window: it survives only through the summary",
        EXCLUSION_ID in dropped and EXCLUSION_ID not in first.ids,
        f"dropped {len(dropped)} messages",
    )
    _check_every_call(step, replay)


def _check_first(step: StepRecord, seen: int, first: CompactionResult, budget: Budget) -> None:
    report = first.report
    validation = report.summary_validation
    step.data["first"] = {
        **_compaction_row(seen, first),
        "input_tokens": report.input_tokens,
        "dropped_ids": report.dropped_ids,
        "context_ids": first.ids,
        "summary_tokens": report.summary_tokens,
        "validation": validation.model_dump(mode="json") if validation is not None else None,
    }
    step.check(
        "summary strategy, no fallback",
        report.strategy == "summary" and report.fallback is None,
        f"strategy {report.strategy}, fallback {report.fallback}",
    )
    step.check(
        "compacted context fits the target",
        report.compacted_tokens <= budget.target_tokens and not report.over_budget,
        f"{report.context_tokens} -> {report.compacted_tokens} tokens "
        f"(target {budget.target_tokens})",
    )


def _check_envelope(step: StepRecord, result: CompactionResult) -> None:
    found = summary_in_context(result.messages, result.ids)
    if not step.check("summary injected into the context", found is not None):
        raise StepAborted("the compacted context carries no summary")
    assert found is not None
    position, message, summary = found
    step.data["summary_block"] = message["content"]
    step.data["summary"] = summary.model_dump(mode="json")
    step.check(
        "summary is a user-role <compaction_summary trust='untrusted'> block right after the "
        "prefix (never a system message)",
        position == 1 and is_envelope(message) and result.ids[0] == "sys",
        f"message {result.ids[position]!r} at position {position}, role {message.get('role')}",
    )
    context = context_by_id(result.messages, result.ids)
    check_survival(step, summary, context=context, label="first compaction")


def _check_validation(step: StepRecord, validation: SummaryValidationReport | None) -> None:
    checks = validation.checks if validation is not None else []
    names = ", ".join(f"{c.name} {'ok' if c.passed else 'FAILED'}" for c in checks)
    step.check("summary validated", validation is not None and validation.passed, names)


def _check_pins(step: StepRecord, history: list[JSON], result: CompactionResult) -> None:
    by_id = {m["id"]: m for m in history if isinstance(m, dict)}
    for pin in CONSTRAINT_IDS:
        kept = [m for m, i in zip(result.messages, result.ids, strict=True) if i == pin]
        step.check(
            f"pinned constraint {pin} kept verbatim",
            kept == [by_id[pin]] and kept[0] is by_id[pin],
            str(by_id[pin].get("content")),
        )


def _check_every_call(step: StepRecord, replay: Replay) -> None:
    step.check(
        "every returned context passes runtime.protocol.find_protocol_errors",
        replay.protocol_errors == 0,
        f"{replay.protocol_errors} problems over {replay.calls} calls",
    )
    step.check(
        "every returned context fits the usable budget",
        replay.over_usable == 0,
        f"{replay.over_usable} of {replay.calls} calls over",
    )
    last = replay.last
    text = "".join(str(m.get("content")) for m in (last.messages if last else []) if m)
    step.check(
        "'why was G123 excluded?' is answerable from the last context",
        last is not None and EXCLUSION_REASON in text,
        f"the last context holds {EXCLUSION_REASON!r}",
    )


def rollback_step(replay: Replay, step: StepRecord) -> None:
    """Step 2: roll back to summary v1 as a new version and resume compaction from it."""
    versions = [r.version for r in replay.snapshots.list()]
    step.data["versions_before"] = versions
    if not step.check("two summary versions exist", versions[:2] == [1, 2], f"{versions}"):
        raise StepAborted("the replay did not produce summary versions 1 and 2")
    compactor = replay.compactor
    record = replay.snapshots.get(1)
    assert record is not None
    messages = read_history(replay.history, format=FORMAT).messages
    start = next(i for i, m in enumerate(messages) if m.id == record.first_message_id)
    outcome = rollback(
        store=replay.snapshots,
        to_version=1,
        current_version=versions[-1],
        now=NOW,
        sources=list(messages[start:]),
        budget_tokens=math.floor(compactor.summary_budget * compactor.budget.target_tokens),
        count_tokens=compactor.counter.count_text,
    )
    step.data["validation"] = outcome.validation.to_dict()
    restored = outcome.summary
    if not step.check(
        "version 1 re-validated against the messages it covered",
        restored is not None and outcome.validation.passed,
        f"fallback {outcome.fallback}",
    ):
        raise StepAborted("the rollback fell back to the window")
    assert restored is not None and outcome.snapshot is not None
    _check_restored(replay, step, restored, outcome, current=versions[-1])


def _check_restored(
    replay: Replay,
    step: StepRecord,
    restored: CompactionSummary,
    outcome: RollbackOutcome,
    *,
    current: int,
) -> None:
    step.data["restored"] = {
        "summary_version": restored.summary_version,
        "previous_version": restored.previous_version,
        "restored_from": restored.restored_from,
        "cut_index": outcome.cut_index,
        "diff": outcome.snapshot.diff if outcome.snapshot is not None else {},
    }
    step.check(
        f"v{restored.summary_version} restores v1 as a new version (nothing overwritten)",
        restored.restored_from == 1
        and restored.previous_version == current
        and replay.snapshots.get(restored.summary_version) is not None
        and replay.snapshots.get(current) is not None,
        f"versions now {[r.version for r in replay.snapshots.list()]}",
    )
    _resume(replay, step, restored.summary_version, outcome)


def _resume(
    replay: Replay,
    step: StepRecord,
    version: int,
    outcome: RollbackOutcome,
) -> None:
    assert replay.last is not None
    messages = read_history(replay.history, format=FORMAT).messages
    state = resume_after_rollback(replay.last.state, outcome, messages)
    result = replay.compactor.compact(
        replay.history, pinned_ids=CONSTRAINT_IDS, format=FORMAT, state=state, now=NOW
    )
    found = summary_in_context(result.messages, result.ids)
    step.data["resumed"] = {
        "strategy": result.report.strategy,
        "context_ids": result.ids,
        "compacted_tokens": result.report.compacted_tokens,
        "summary_version": result.report.summary_version,
    }
    carried = found is not None and (
        found[2].summary_version == version or found[2].previous_version == version
    )
    step.check(
        f"compaction resumes from v{version} (its summary, or the next version built on it)",
        carried,
        f"context summary {result.ids[found[0]] if found else None}",
    )
    errors = find_protocol_errors(result.messages, format=FORMAT)
    step.check(
        "resumed context passes find_protocol_errors and fits the usable budget",
        not errors and result.report.compacted_tokens <= replay.compactor.budget.usable,
        f"{len(errors)} problems, {result.report.compacted_tokens} tokens",
    )
    context = context_by_id(result.messages, result.ids)
    check_survival(step, found[2] if found else None, context=context, label="resumed context")
