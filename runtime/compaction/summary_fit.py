"""The summary as sent beside a window that left it less room than the summary takes.

A compaction reserves ``summary_share`` of the target for the summary and fits the window in
the rest, but the window always keeps the last group whole: a large tool result can take the
summary's room as well. Sending the whole summary then pushes the request past ``usable``
(tau-bench at 3k: 12 calls, a window of 2,500-2,996 tokens beside a summary of 393-599). So
for that call the summary is shrunk to the room left (``runtime.summary.shrink``: constraints
and decisions first), or withheld when not even one item fits. The state keeps the whole
summary: the next call that has room sends it whole again.

Withholding is not always allowed: on Anthropic the summary (a user message) is what lets the
kept part open with an assistant turn, and a request whose first message is not a user message
is refused by the API. There ``prompt_instead`` opens the kept part with the user turn before
it (the prompt of the tool loop the window cut into, which the summary covered) when that fits
where the summary does not; only when even that is over ``usable`` does the whole summary go
out with the report saying ``over_budget``: a request over budget is the caller's to decide
about, a malformed one is not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass
from typing import Literal

from runtime.compaction.window import WindowFit, user_anchor
from runtime.messages import Message
from runtime.summary.schema import CompactionSummary
from runtime.summary.shrink import shrink_summary

__all__ = ["SentSummary", "SummarySent", "fit_beside", "prompt_instead"]

SummarySent = Literal["whole", "trimmed", "withheld"]


@dataclass(frozen=True, slots=True)
class SentSummary:
    """The summary message of one call, its tokens, and how it went out."""

    message: Message | None
    tokens: int
    sent: SummarySent


def fit_beside(
    summary: CompactionSummary,
    whole: SentSummary,
    *,
    room: int,
    render: Callable[[CompactionSummary], tuple[Message, int]],
    count_text: Callable[[str], int],
    pinned_ids: frozenset[str],
    may_withhold: bool = True,
) -> SentSummary:
    """``whole`` when it fits ``room``; else the summary shrunk to ``room`` for this call, or
    no summary message when not even one item (or the pinned items) would fit.

    Args:
        summary: the current summary (kept whole in the state whatever is sent).
        whole: its message and tokens as rendered whole.
        room: the tokens the window leaves under ``usable``.
        render: the summary as the data message it is sent in, and its tokens.
        count_text: token counter for one item's text.
        pinned_ids: items citing these are never left out of a trimmed summary.
        may_withhold: whether the request stays valid without a summary message (module
            docstring); when not, ``whole`` is returned where nothing smaller fits.
    """
    if whole.tokens <= room:
        return whole
    if room > 0 and summary.items():
        shrunk = shrink_summary(
            summary,
            budget_tokens=room,
            count_tokens=count_text,
            pinned_ids=pinned_ids,
            count_summary=lambda s: render(s)[1],
        )
        if shrunk.fits and shrunk.summary.items():
            message, tokens = render(shrunk.summary)
            return SentSummary(message, tokens, "trimmed")
    return SentSummary(None, 0, "withheld") if may_withhold else whole


def prompt_instead(
    fit: WindowFit, costs: Sequence[int], *, user_led: Set[int] | None, usable: int
) -> WindowFit | None:
    """The window with the user turn before its first kept group put in front, for a call that
    sends no summary; ``None`` when not needed or not possible.

    Anthropic only (``user_led`` given): a window opening with an assistant turn needs a user
    turn before it, and the nearest user-led group before the first kept group is one (the
    prompt of the tool loop the cut fell into). Groups between the two are left out; they
    start with assistant turns, so turns still alternate and every result stays with its call.
    ``None`` when the window already opens with a user turn, no user turn precedes it, the
    window is itself over budget, or the prompt would take it past ``usable``.
    """
    if user_led is None or fit.over_budget or not fit.kept:
        return None
    first = fit.kept[0]  # the window's own rule for a leading assistant-led group
    prompt = user_anchor({first}, cut=first + 1, user_led=user_led)
    if prompt is None or fit.tokens + costs[prompt] > usable:
        return None
    return WindowFit((prompt, *fit.kept), fit.cut, fit.tokens + costs[prompt], over_budget=False)
