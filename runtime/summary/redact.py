"""Redaction of secrets and personal data, before any summarizer sees a text.

Each rule (``runtime.summary.redact_rules``) finds one kind of sensitive value and the value is
replaced by ``[REDACTED:<kind>]``; the value itself is never kept anywhere, only the count per
kind. Rules run in a fixed order, most specific first (private keys, keyed values and phrases
such as "the password is …", tokens and keys, checksummed numbers: IBAN, national ids, cards by
Luhn; then e-mails, addresses and phone numbers), so a value is counted once under the most
specific kind. Numbers that matter to a task (prices, dates, train and flight numbers, times)
match none of the rules.

Detection reads a folded copy of the text of the same length: full-width and other
compatibility forms of letters, digits and value punctuation become their ASCII forms (NFKC,
one character for one character), decimal digits of any script become ASCII digits, any space
becomes " ". A card number in full-width digits is therefore found, and the span that is
replaced is the original's. Every rule is linear in the text (no nested or adjacent unbounded
quantifiers over the same characters), and rules whose keyword does not occur are skipped.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator

from runtime.summary.redact_rules import (
    RULES,
    Rule,
    Span,
    luhn_valid,
    valid_cn_resident_id,
    valid_iban,
)

__all__ = [
    "REDACTION_KINDS",
    "luhn_valid",
    "redact",
    "redaction_marker",
    "sensitive_kinds",
    "valid_cn_resident_id",
    "valid_iban",
]

REDACTION_KINDS = (
    "private_key",
    "password",
    "api_key",
    "national_id",
    "passport",
    "iban",
    "card",
    "cvv",
    "email",
    "phone",
    "dob",
    "address",
)
_MARKER_PREFIX = "[REDACTED:"
_MARKERS_ONLY = re.compile(r"(?:\[REDACTED:[a-z_]+\][\s.,;:]*+)+")
_MAX_PASSES = 4
# Value punctuation folded to ASCII; sentence punctuation (，；！？) stays, since a value ends
# there in Chinese text.
_FOLDED_PUNCTUATION = frozenset("@.+-_/#=&%*$~^|\\'\":")


def redaction_marker(kind: str) -> str:
    """The text that replaces a redacted value of ``kind``."""
    return f"{_MARKER_PREFIX}{kind}]"


def _fold_char(char: str) -> str | None:
    """The ASCII character detection reads for ``char``, or ``None`` to read it as it is."""
    digit = unicodedata.decimal(char, None)
    if digit is not None:
        return str(digit)
    if char.isspace():
        return " "
    folded = unicodedata.normalize("NFKC", char)
    if (
        len(folded) == 1
        and folded.isascii()
        and (folded.isalnum() or folded in _FOLDED_PUNCTUATION)
    ):
        return folded
    return None


def detection_view(text: str) -> str:
    """The folded copy of ``text`` that rules read (same length, one character for one)."""
    if text.isascii():
        return text
    table: dict[int, str] = {}
    for char in set(text):
        if not char.isascii():
            folded = _fold_char(char)
            if folded is not None:
                table[ord(char)] = folded
    return text.translate(table) if table else text


def redact(text: str) -> tuple[str, Counter[str]]:
    """Replace every sensitive value in ``text`` by ``[REDACTED:<kind>]``.

    Linear in ``len(text)``; redacting the result again changes nothing.

    Returns:
        The redacted text and how many values of each kind were replaced.
    """
    counts: Counter[str] = Counter()
    # A replacement can expose a neighbour (an id glued to a card number is not an id until the
    # card is gone), so passes repeat until nothing changes. A run of glued values of one rule
    # is found within a pass (``_spans``), however long.
    for _ in range(_MAX_PASSES):
        view = detection_view(text)
        lowered = view.lower()
        replaced = 0
        for rule in RULES:
            if rule.triggers and not any(t in lowered for t in rule.triggers):
                continue
            view, text, n = _apply(rule, view, text, counts)
            replaced += n
        if not replaced:
            break
    return text, counts


def sensitive_kinds(text: str) -> frozenset[str]:
    """The kinds of sensitive value ``text`` holds (e.g. ``{"card", "iban"}``), for callers
    that classify a value by its content rather than by the key it is stored under."""
    return frozenset(redact(text)[1])


def _spans(rule: Rule, view: str) -> Iterator[Span]:
    """The spans ``rule`` replaces in ``view``, left to right.

    Where a value ends, one glued to it (``rule.glued``: the pattern without its left guard) is
    tried first, so a run of glued addresses or IBANs is found in one pass however long it is
    (re-passes found one more each, and ``_MAX_PASSES`` of them left the rest in clear). Linear:
    one more attempt per value, where the search resumes anyway.
    """
    if rule.glued is None:
        for match in rule.pattern.finditer(view):
            span = rule.span(match)
            if span is not None:
                yield span
        return
    found = rule.pattern.search(view)
    while found is not None:
        span = rule.span(found)
        if span is None:
            found = rule.pattern.search(view, max(found.end(), found.start() + 1))
            continue
        yield span
        end = max(span[1], found.start() + 1)
        found = rule.glued.match(view, end) or rule.pattern.search(view, end)


def _apply(rule: Rule, view: str, text: str, counts: Counter[str]) -> tuple[str, str, int]:
    """Replace ``rule``'s matches in the view and the text alike (they stay aligned)."""
    view_parts: list[str] = []
    text_parts: list[str] = []
    position = 0
    for span in _spans(rule, view):
        if span[1] <= position:
            continue
        start, end = max(span[0], position), span[1]
        value = view[start:end]
        if _MARKER_PREFIX in value:
            # Already redacted, or a value around an earlier marker ("://u:[REDACTED:…]@h"):
            # the whole value goes, counted once (the marker inside was counted).
            if _MARKERS_ONLY.fullmatch(value):
                continue
        else:
            counts[rule.kind] += 1
        marker = redaction_marker(rule.kind)
        view_parts += [view[position:start], marker]
        text_parts += [text[position:start], marker]
        position = end
    if not text_parts:
        return view, text, 0
    view_parts.append(view[position:])
    text_parts.append(text[position:])
    return "".join(view_parts), "".join(text_parts), len(text_parts) // 2
