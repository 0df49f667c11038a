"""What happens to text before any summarizer sees it.

In this order: invisible characters (zero-width, bidi controls, Unicode tag characters
U+E0000..U+E007F, which can hide instructions from a human reviewer) are removed; secrets and
personal data are redacted to ``[REDACTED:<kind>]`` (see ``redact``); injection attempts are
replaced by ``[FLAGGED:injection]`` (see ``injection``); the result is cut to ``max_chars``.
Redaction runs before the cut so that a secret is never left half-visible at the cut point.
Only counts are reported, never the redacted values.

Sanitizing is a pure function of the text and the options, and the same texts come back on
every compaction (validation re-reads the summarized sources, a recall index built without a
state sanitizes every evicted group again), so ``sanitize_text`` is memoized process-wide in
``SANITIZE_MEMO`` (``runtime.summary.edits``): a bounded LRU (65,536 entries) keyed by a blake2b
digest of the text and the options, holding for each an edit script (ranges of the input and
the fixed markers to insert) and the counts, never text (issue 5). A hit replays the script on
the input, so the result is the uncached one, byte for byte.

Summarizers must read ``Message.text``, ``tool_calls`` and ``tool_results`` of the sanitized
copies only; ``raw`` is left untouched because it is what the caller sends to the provider.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from runtime.messages import Message, ToolCall, ToolResult
from runtime.summary.edits import EditMemo, marker_pattern
from runtime.summary.injection import INJECTION_MARKER, neutralize_injections
from runtime.summary.redact import redact, redaction_marker
from runtime.summary.redact_rules import RULES

__all__ = [
    "DEFAULT_MAX_CHARS",
    "SANITIZE_MEMO",
    "SanitizeCounts",
    "remove_invisible",
    "sanitize_message",
    "sanitize_messages",
    "sanitize_text",
]

DEFAULT_MAX_CHARS = 4000

# Zero-width and joiner characters, soft hyphen, word joiners and invisible operators, bidi
# embeddings/overrides/isolates, BOM, Mongolian vowel separator, and the tag block.
_INVISIBLE_RE = re.compile(
    "[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f]"
)
_TRUNCATION_NOTE = " …[TRUNCATED {} chars]"
_LAST_SPACE_RE = re.compile(r"\s(?=\S*+\Z)")
_NOTE_RE = re.compile(r" …\[TRUNCATED \d+ chars\]\Z")
# Work on at most this multiple of max_chars, so a huge tool result costs bounded time.
_WORK_FACTOR = 4


@dataclass(frozen=True)
class SanitizeCounts:
    """What sanitizing changed, as counts only.

    Attributes:
        redacted: kind -> number of values replaced (``email``, ``phone``, ``card``,
            ``api_key``, ``password``, ``national_id``, ``dob``, ``address``).
        injection_flags: injection attempts replaced by ``[FLAGGED:injection]``.
        invisible_removed: invisible characters removed.
        truncated: whether any text was cut to the length limit.
        truncated_texts: how many texts were cut.
    """

    redacted: dict[str, int] = field(default_factory=dict)
    injection_flags: int = 0
    invisible_removed: int = 0
    truncated: bool = False
    truncated_texts: int = 0

    @property
    def total_redacted(self) -> int:
        """All redacted values, every kind together."""
        return sum(self.redacted.values())

    def __add__(self, other: SanitizeCounts) -> SanitizeCounts:
        redacted = Counter(self.redacted)
        redacted.update(other.redacted)
        return SanitizeCounts(
            redacted=dict(sorted(redacted.items())),
            injection_flags=self.injection_flags + other.injection_flags,
            invisible_removed=self.invisible_removed + other.invisible_removed,
            truncated=self.truncated or other.truncated,
            truncated_texts=self.truncated_texts + other.truncated_texts,
        )


SANITIZE_MEMO: EditMemo[SanitizeCounts] = EditMemo(
    65_536,
    markers=marker_pattern([INJECTION_MARKER, *(redaction_marker(rule.kind) for rule in RULES)]),
)
"""Every ``sanitize_text`` result of the process, as edit scripts under digests: no text."""


def remove_invisible(text: str) -> tuple[str, int]:
    """Remove zero-width, bidi-control and Unicode tag characters; return text and count."""
    return _INVISIBLE_RE.subn("", text)


def sanitize_text(
    text: str, *, max_chars: int = DEFAULT_MAX_CHARS, untrusted: bool = False
) -> tuple[str, SanitizeCounts]:
    """Sanitize one text (see the module docstring for the steps and their order).

    Memoized in ``SANITIZE_MEMO`` (see the module docstring): the same text with the same
    options gives the same result, computed once.

    Args:
        text: any text, typically a tool result.
        max_chars: length limit of the result, a truncation note included.
        untrusted: the text is a tool result or an assistant or system turn, not the user's
            words: instructions to the summarizer or to memory are flagged too
            (``injection.neutralize_injections``).

    Returns:
        The sanitized text and the counts of what changed.

    Raises:
        ValueError: ``max_chars`` is smaller than 64.
    """
    if max_chars < 64:
        raise ValueError("max_chars must be at least 64")
    clean, counts = SANITIZE_MEMO.call(
        text, (max_chars, untrusted), lambda: _sanitize(text, max_chars, untrusted)
    )
    if counts.redacted:  # the memo's counts are shared: a caller gets its own dict
        counts = dataclasses.replace(counts, redacted=dict(counts.redacted))
    return clean, counts


def _sanitize(text: str, max_chars: int, untrusted: bool) -> tuple[str, SanitizeCounts]:
    """``sanitize_text`` without the memo."""
    original_length = len(text)
    # An earlier cut's note is the sanitizer's own text, not content: kept aside, so that no
    # rule reads it as a value ("密码是 …[TRUNCATED 9 chars]") and sanitizing twice is a no-op.
    earlier = _NOTE_RE.search(text, max(0, len(text) - 40))
    note = earlier.group(0) if earlier is not None else ""
    text = text[: earlier.start()] if earlier is not None else text
    text = text[: max_chars * _WORK_FACTOR]
    text, invisible = remove_invisible(text)
    text, redacted = redact(text)
    text, flags = neutralize_injections(text, untrusted=untrusted)
    truncated = original_length > max_chars * _WORK_FACTOR or len(text) + len(note) > max_chars
    if truncated:
        note = _TRUNCATION_NOTE.format(max(original_length - max_chars, 1))
        text = _cut(text, max_chars - len(note))
    text += note
    counts = SanitizeCounts(
        redacted=dict(sorted(redacted.items())),
        injection_flags=flags,
        invisible_removed=invisible,
        truncated=truncated,
        truncated_texts=int(truncated),
    )
    return text, counts


def _cut(text: str, limit: int) -> str:
    """Cut at ``limit`` without splitting a ``[REDACTED:…]``/``[FLAGGED:…]`` marker, and at
    the last whitespace within 64 characters: a word cut in two could read as a value or an
    instruction the whole word was not ("STREET" of "STREET000…"), and sanitizing the result
    again would then change it."""
    head = text[:limit]
    bracket = head.rfind("[")
    if bracket != -1 and "]" not in head[bracket:] and text[bracket:].startswith(("[RED", "[FLA")):
        head = head[:bracket]
    if len(head) < len(text) and not text[len(head)].isspace():
        space = _LAST_SPACE_RE.search(head, max(0, len(head) - 64))
        if space is not None:
            head = head[: space.start()]
    return head


def sanitize_message(
    message: Message, *, max_chars: int = DEFAULT_MAX_CHARS
) -> tuple[Message, SanitizeCounts]:
    """The sanitized copy of one message, as a summarizer reads it, and its counts.

    ``text``, every tool result's ``text`` and every tool call's ``arguments`` are sanitized
    (arguments carry e-mails and ids a user typed); ``raw``, ids and role are untouched. The
    cost is bounded by ``max_chars`` per text, whatever the message's size.

    Raises:
        ValueError: ``max_chars`` is smaller than 64.
    """
    # Only the user's own words are trusted; a user-role message carrying tool results
    # (Anthropic) holds tool output in its text.
    untrusted = message.role != "user" or bool(message.tool_results)
    text, total = sanitize_text(message.text, max_chars=max_chars, untrusted=untrusted)
    results: list[ToolResult] = []
    for result in message.tool_results:
        result_text, counts = sanitize_text(result.text, max_chars=max_chars, untrusted=True)
        # Readers copy result text into ``message.text``; count such text only once.
        if result.text != message.text and result.text not in message.text:
            total += counts
        results.append(dataclasses.replace(result, text=result_text))
    calls: list[ToolCall] = []
    for call in message.tool_calls:
        arguments, counts = sanitize_text(call.arguments, max_chars=max_chars, untrusted=True)
        total += counts
        calls.append(dataclasses.replace(call, arguments=arguments))
    clean = dataclasses.replace(
        message, text=text, tool_results=tuple(results), tool_calls=tuple(calls)
    )
    return clean, total


def sanitize_messages(
    messages: Sequence[Message], *, max_chars: int = DEFAULT_MAX_CHARS
) -> tuple[tuple[Message, ...], SanitizeCounts]:
    """Sanitized copies of ``messages`` for a summarizer (see ``sanitize_message``), in order,
    and the total counts.

    Raises:
        ValueError: ``max_chars`` is smaller than 64.
    """
    total = SanitizeCounts()
    out: list[Message] = []
    for message in messages:
        clean, counts = sanitize_message(message, max_chars=max_chars)
        total += counts
        out.append(clean)
    return tuple(out), total
