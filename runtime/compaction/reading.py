"""Measuring a history for the compactor: token costs per group, the fixed base, the pins.

``measure_view`` turns what was read (a whole history, or on an incremental read only the
slices the state implies) into the ``runtime.window.View`` every strategy works on. Counting
goes through the ``TokenCounter``, so each message is tokenized once (its cache is keyed by
content digest).
"""

from __future__ import annotations

from collections.abc import Collection

from runtime.grouping import Group
from runtime.messages import JSON, Message, Transcript
from runtime.tokens import REPLY_PRIMING_TOKENS, TokenCounter
from runtime.window import View, resolve_pins, user_led_positions

__all__ = ["measure_view", "system_of"]


def measure_view(
    counter: TokenCounter,
    transcript: Transcript,
    prefix: tuple[Message, ...],
    groups: tuple[Group, ...],
    *,
    pins: Collection[str],
    tools: JSON | None,
    system: JSON | None,
    entries: int,
    skipped: tuple[int, int, int] | None = None,
) -> View:
    """The ``View`` of what was read.

    Args:
        counter: counts the messages, tools and system field.
        transcript: the messages read; prefix and groups: how they group.
        pins: the pinned ids asked for.
        tools, system: the resolved tool definitions and system field (see ``system_of``).
        entries: entries in the whole history.
        skipped: on an incremental read, ``(cut, skipped_tokens, skipped_groups)`` from the
            state (totals then cover the part not read); ``None`` on a full read.
    """
    counts = counter.count_messages(transcript.messages)
    count_of = {m.index: c for m, c in zip(transcript.messages, counts, strict=True)}
    group_of: dict[int, int] = {}
    costs = []
    for position, group in enumerate(groups):
        costs.append(sum(count_of[m.index] for m in group.messages))
        group_of.update((m.index, position) for m in group.messages)
    overhead = counter.count_tools(tools) + counter.count_system(system)
    base = sum(count_of[m.index] for m in prefix) + overhead + REPLY_PRIMING_TOKENS
    pinned, found, unknown = resolve_pins(transcript.messages, group_of, pins)
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


def system_of(payload: JSON, transcript: Transcript) -> JSON | None:
    """The payload's system prompt: Anthropic's ``system``, a Responses request's
    ``instructions`` (sent ahead of ``input``, so it costs tokens too)."""
    if transcript.system is not None:
        return transcript.system
    if transcript.format == "openai-responses" and isinstance(payload, dict):
        return payload.get("instructions")
    return None
