"""Step 3 of the tour: ask about a turn the compaction evicted; recall brings it back.

The trip is replayed once more with recall on (the library's default), then the user asks why
G123 was excluded. The assistant turn that said so (``EXCLUSION_ID``) left the window long ago;
the summary keeps the decision in a line, but the question deserves the turn itself. The call
recalls it verbatim, sanitized, as one untrusted ``<recalled_turns>`` block placed right before
the question, and the whole request stays within the usable budget.
"""

from __future__ import annotations

import json
from typing import Any, Final

from api.demo.record import StepAborted, StepRecord
from api.demo.scenario import (
    BUDGET,
    CONSTRAINT_IDS,
    EXCLUDED_TRAIN,
    EXCLUSION_ID,
    EXCLUSION_REASON,
    NOW,
)
from runtime import Budget, CompactionResult, CompactionState, Compactor, find_protocol_errors
from runtime.messages import JSON, Format
from runtime.recall.render import CLOSE_TAG, OPEN_TAG, RECALL_MESSAGE_ID
from runtime.summary.extractive import ExtractiveSummarizer

__all__ = ["QUESTION", "recall_step"]

FORMAT: Final[Format] = "openai-chat"
QUESTION: Final[dict[str, Any]] = {"id": "q1", "role": "user", "content": "为什么没选G123那趟车？"}
"""The later question about the evicted exclusion ("why didn't we take G123?")."""


def _replay(history: list[JSON], compactor: Compactor) -> tuple[CompactionResult, int]:
    """The trip one message per call with recall on, then the question: (last result, calls)."""
    state: CompactionState | None = None
    result: CompactionResult | None = None
    calls = 0
    for seen in range(2, len(history) + 2):
        payload = history[:seen] if seen <= len(history) else [*history, QUESTION]
        result = compactor.compact(
            payload, pinned_ids=CONSTRAINT_IDS, format=FORMAT, state=state, now=NOW
        )
        state = result.state
        calls += 1
    assert result is not None
    return result, calls


def recall_step(history: list[JSON], step: StepRecord) -> None:
    """Step 3: the question about an evicted turn gets that turn back, verbatim."""
    budget = Budget(**BUDGET)
    compactor = Compactor(budget=budget, summarizer=ExtractiveSummarizer())
    last, calls = _replay(history, compactor)
    report = last.report
    recall = report.recall
    step.data["question"] = QUESTION["content"]
    step.data["recall"] = recall.model_dump(mode="json") if recall is not None else None
    step.data["calls"] = calls
    if not step.check("recall is on by default", recall is not None and recall.enabled):
        raise StepAborted("the compactor ran without recall")
    assert recall is not None
    step.check(
        f"{EXCLUSION_ID} (the G123 turn) is out of the window",
        EXCLUSION_ID not in report.kept_ids,
        f"{len(report.kept_ids)} messages kept in the window",
    )
    step.check(
        f"the question recalls {EXCLUSION_ID}",
        EXCLUSION_ID in recall.recalled_ids,
        f"recalled {recall.recalled_ids} ({recall.tokens} tokens; reason {recall.reason})",
    )
    _check_block(step, last)
    step.check(
        "the request with the block fits the usable budget, 0 protocol errors",
        report.compacted_tokens <= budget.usable
        and not find_protocol_errors(last.messages, format=FORMAT),
        f"{report.compacted_tokens} of {budget.usable} tokens",
    )


def _check_block(step: StepRecord, result: CompactionResult) -> None:
    ids = list(result.ids)
    if RECALL_MESSAGE_ID not in ids:
        step.check("a recall block is in the context", False, f"context ids {ids}")
        return
    position = ids.index(RECALL_MESSAGE_ID)
    message = result.messages[position]
    content = message.get("content") if isinstance(message, dict) else None
    text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
    step.data["recall_block"] = text
    step.check(
        "one untrusted <recalled_turns> block, right before the question",
        text.startswith(OPEN_TAG)
        and text.endswith(CLOSE_TAG)
        and ids[position + 1 :] == [QUESTION["id"]],
        f"message {position} of {len(ids)}, role {message.get('role')}",
    )
    step.check(
        f"the recalled turn {EXCLUSION_ID} says why {EXCLUDED_TRAIN} was excluded",
        f'["{EXCLUSION_ID}",' in text and EXCLUSION_REASON in text,
        f"{EXCLUSION_REASON!r} in the block",
    )
