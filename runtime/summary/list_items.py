"""A message set out as a list: its items' marks, and whose items they are.

Users often write their requirements as a list under a line that leads it in::

    Looking for a hotel in Lisbon. Requirements:
    - under 120 EUR a night
    - free cancellation

The marks are layout, not figures: "1. the packing list" states no number one, and "2) no
meetings on Fridays" no two. ``read_lists`` blanks them (keeping the length, so a span found in
the result is the same span of the message), and the heading that only names the list
("Requirements:", "我的相亲要求："): the items say what is required, the heading nothing.

The line that leads a list in says whose the items are. A list someone else wrote, sent or
kept ("my sister just sent me her wedding 'requirements':", "以前宿舍规矩是这样的：",
"我妈给我列的相亲要求："), one the user thanks the assistant for ("你给的清单太有用了："), or one
under a question that asks for no action ("这两趟车有什么区别？") holds no wish of the user's for
the task, however much each item reads like one. ``read_lists`` blanks such items too, as
quoted text someone sent is blanked (``runtime.summary.quoted_text``); a rule the user takes on
is said again in the user's own words.

``required_items`` tells the items of a list of requirements ("Requirements:", "Must-haves:",
"要求："), whose bare items ("free cancellation") are wishes even without a figure or a "must";
``as_required`` reads such an item as a need.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from runtime.summary.chinese_script import as_simplified
from runtime.summary.extract_clauses import is_negation, split_sentences
from runtime.summary.sentence_mood import is_question, is_request, tells_what_happened
from runtime.summary.shorthand import Reading

__all__ = [
    "ListItem",
    "as_required",
    "inline_required",
    "list_items",
    "read_lists",
    "required_items",
]

# A mark opens a line: a bullet, or a number or letter with its closing sign ("1.", "2)",
# "（3）", "①", "一、", "a)"); a number followed by a digit ("1.8m") is no mark.
_MARK_RE: Final = re.compile(
    r"^[ \t\u3000]*(?P<mark>[-*•·‣◦▪●○–—]+(?=[ \t\u3000])|(?:\d{1,2}|[a-hA-H])[.)．）、](?!\d)"
    r"|[（(](?:\d{1,2}|[一二三四五六七八九十])[)）]|[\u2460-\u2473]|[一二三四五六七八九十][、．])",
    re.MULTILINE,
)
_THANKS_RE: Final = re.compile(
    r"\b(?:thanks|thank\s+you|thx|ty)\b|谢谢|多谢|感谢|辛苦了", re.IGNORECASE
)
# The assistant's own list, or a list someone else made or sent for the user ("你给的清单",
# "the list you gave me", "我妈给我列的"); a past time the list belongs to ("以前", "当年",
# "back in 2019").
_OTHERS_RE: Final = re.compile(
    r"\b(?:you\s+(?:gave|sent|made|wrote|put\s+together)|your\s+(?:list|plan|checklist)"
    r"|back\s+in|used\s+to|in\s+(?:19|20)\d\d"
    # a list that is someone else's by name: "my mom's shopping list this week:", "我同事的请假条"
    r"|(?:my|our|his|her|their)\s+(?:\w+'s|\w+s')\s+(?:\w+\s+)?(?:list|note|notes|rules|checklist))\b"
    r"|(?:同事|朋友|老公|老婆|妈|爸|领导|老板|同学|室友)的[\u4e00-\u9fff]{0,4}(?:清单|请假条|条子|单子|规矩|要求)"
    r"|你(?:给|列|发|写|整理)的|给我(?:列|发|写)的|发来的|以前|当年|那时候|那会儿|小时候|上学的时候",
    re.IGNORECASE,
)
_HAN_START_RE: Final = re.compile(r"\s*[\u4e00-\u9fff]")
_HEADING_STOPS: Final = ".!?。！？\n"
_FIGURE_RE: Final = re.compile(r"\d")
_REQUIRES_RE: Final = re.compile(
    r"\b(?:requirements?|must[- ]?haves?|musts?|needs?|non[- ]negotiables?|criteria|"
    r"what\s+i\s+(?:need|want)|it\s+(?:has|needs)\s+to|it\s+must|conditions?|deal[- ]?breakers?)\b"
    r"|要求|需要|条件|必须|硬性|标准",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class ListItem:
    """One item of a list: its span in the message (mark included), the end of the line that
    leads the list in (0 when the list opens the message), and what that line makes of the
    items: someone else's or the past's (``others``), or requirements (``requires``)."""

    start: int
    end: int
    mark_end: int
    lead_in_end: int = 0
    others: bool = False
    requires: bool = False


def _lines(text: str) -> list[tuple[int, int]]:
    spans, at = [], 0
    for line in text.split("\n"):
        spans.append((at, at + len(line)))
        at += len(line) + 1
    return spans


def list_items(text: str) -> list[ListItem]:
    """Every item of every list in ``text`` (a run of two marked lines or more), in order."""
    items: list[ListItem] = []
    lead_in, lead_in_end = "", 0
    run: list[tuple[int, int, int]] = []
    for start, end in [*_lines(text), (len(text), len(text))]:
        line = text[start:end]
        mark = _MARK_RE.match(line) if line.strip() else None
        if mark is not None:
            run.append((start, end, start + mark.end()))
            continue
        if len(run) >= 2:
            # the lead-in is judged once for the whole list
            others = bool(lead_in) and _others(lead_in)
            requires = bool(lead_in) and not others and bool(_REQUIRES_RE.search(lead_in))
            items += [ListItem(s, e, m, lead_in_end, others, requires) for s, e, m in run]
        run = []
        if line.strip():
            lead_in, lead_in_end = line.strip(), end
    return items


def _others(lead_in: str) -> bool:
    """Whether the line leading a list in makes its items someone else's, or the past's (its
    last sentence, the one that leads in: "I'm planning a trip with my sister, we've talked
    about it since college. Here's the rough brief:" is the user's brief)."""
    sentences = split_sentences(lead_in)
    plain = as_simplified(sentences[-1] if sentences else lead_in)
    if _OTHERS_RE.search(plain) or _THANKS_RE.search(plain):
        return True
    if tells_what_happened(plain):
        return True
    # a heading that opens with "when" or "what" and ends on a colon asks nothing: "when drafting
    # replies for me:", "What I need:"
    headed = plain.rstrip().endswith((":", "：")) and "?" not in plain and "？" not in plain
    return is_question(plain) and not is_request(plain) and not headed


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def _heading_start(text: str, colon: int) -> int | None:
    """Where the heading a colon ends starts ("Requirements:", "我妈给我列的相亲要求："), when
    it names the list and states nothing itself (no figure, no negation)."""
    start = colon
    while start > 0 and text[start - 1] not in _HEADING_STOPS:
        start -= 1
    heading = text[start:colon]
    if not heading.strip() or _FIGURE_RE.search(heading) or is_negation(heading):
        return None
    return start


def read_lists(text: str, items: Sequence[ListItem] | None = None) -> str:
    """``text`` as the rules read its lists (same length): marks blanked, the items of lists
    that are not the user's wishes blanked, and a heading that only names the list blanked
    (a list's items are read on their own; "我的相亲要求：" is no wish of its own). ``items``:
    ``list_items`` of a text of the same length and lines, when the caller has them."""
    out = text
    headed: set[int] = set()
    for item in list_items(text) if items is None else items:
        if item.others:
            out = _blank(out, item.start, item.end)
        else:
            out = _blank(out, item.start, item.mark_end)
        colon = item.lead_in_end - 1
        if item.lead_in_end and colon not in headed and text[colon] in ":：":
            headed.add(colon)
            start = _heading_start(text, colon)
            if start is not None:
                out = _blank(out, start, colon)
    return out


def required_items(items: Sequence[ListItem]) -> list[tuple[int, int]]:
    """The spans of the ``items`` (``list_items``) of lists of requirements ("Requirements:",
    "Must-haves:", "要求如下："), whose bare items ("free cancellation") are wishes as they
    stand."""
    return [(i.start, i.end) for i in items if i.requires]


# A list of wishes written on one line: "Requirements: ground floor, quiet room", "Seat
# preferences for my mom: front of the plane, …", "我的要求：朝南、带电梯" (not deal-breakers,
# whose items are what the user refuses)
_INLINE_LABEL_RE: Final = re.compile(
    r"^\W*(?:[\w'-]+\s+){0,3}?(?:requirements?|must[- ]?haves?|preferences?|criteria"
    r"|non[- ]negotiables?)(?:\s+(?:for|are|is)\b[^:：\n]{0,30})?\s*[:：]"
    r"|^[^:：\n]{0,8}?(?:要求|偏好|硬性条件|条件)(?:是|如下)?\s*[:：]",
    re.IGNORECASE,
)
_ITEM_CUT_RE: Final = re.compile(r"[;；、]|[,，](?!\d{3}(?!\d))")  # not "12,500"
_ITEM_LEAD_RE: Final = re.compile(r"\s*(?:and|also|plus|还有|以及|和)?\s*", re.IGNORECASE)


def inline_required(sentence: str) -> list[tuple[int, int]]:
    """The spans of the items of a list of wishes that ``sentence`` writes on one line after
    its label ("Requirements: ground floor, quiet room"): each item is read as a list's item
    is (``as_required`` when it says nothing on its own). Empty when there is no such label or
    the label is someone else's list (``_others``)."""
    label = _INLINE_LABEL_RE.search(sentence)
    if label is None or _others(sentence[: label.end()]):
        return []
    spans: list[tuple[int, int]] = []
    start = label.end()
    for cut in [*_ITEM_CUT_RE.finditer(sentence, start), None]:
        end = cut.start() if cut is not None else len(sentence.rstrip(" .。!！"))
        lead = _ITEM_LEAD_RE.match(sentence, start)
        first = lead.end() if lead is not None else start
        if sentence[first:end].strip():
            spans.append((first, end))
        if cut is None:
            break
        start = cut.end()
    return spans


def as_required(reading: Reading) -> Reading:
    """``reading`` of a bare item of a list of requirements, read as a need ("need free
    cancellation", "要靠窗"); the word added quotes nothing of the user's."""
    word = "要" if _HAN_START_RE.match(reading.text) else "need "
    lead = len(reading.text) - len(reading.text.lstrip())  # the blanked mark
    shift = len(word) - lead
    edits = [(0, len(word), lead, lead)]
    edits += [(a + shift, b + shift, first, last) for a, b, first, last in reading.edits]
    return Reading(reading.original, word + reading.text[lead:], tuple(edits))
