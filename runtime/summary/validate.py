"""Checks a candidate summary against the messages it claims to summarize.

A summary is adopted only when every check passes; otherwise the rolling step keeps the
previous version (a rollback) and the compactor falls back to the window. The checks, each
reported with the offending items so that a failure can be explained:

- ``schema``: a valid ``compaction_summary.v1`` whose version is the previous one plus one
  and names it as ``previous_version``.
- ``source_ids``: every cited message id exists and lies in the summarized range.
- ``quantities``: every number, date, time, amount and code of an item occurs in the messages
  it cites, both sides normalized by ``runtime.summary.quantities``.

Sources are read as the summarizer read them: sanitized and cut to ``max_chars`` per text
(``runtime.summary.sanitize``), each message once per validation (``SourceTexts``). So the cost
of validating is bounded by what the summarizer saw, not by the raw size of a tool result, and
a value the summarizer never saw (a redacted e-mail, text past the cut) backs no claim.
- ``negation``: no negated source ("不自动购票") summarized as positive ("auto-book") or the
  reverse (``runtime.summary.polarity``).
- ``injection``: no item carries an instruction aimed at the model.
- ``budget``: the rendered block fits ``budget_tokens``.
- ``carry_over``: no item of the previous version vanished without being superseded or evicted.
- ``pinned_constraints``: no item from a pinned message was changed, evicted or dropped
  without a newer user message, and no constraint or preference fact contradicts a pinned
  message unless a newer user message backs it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from runtime.messages import Message
from runtime.summary.diff import SummaryDiff, diff_summaries, item_ids, item_label
from runtime.summary.envelope import render_summary_block
from runtime.summary.polarity import (
    contradicted_clauses,
    find_injection,
    is_negated,
    split_clauses,
)
from runtime.summary.quantities import Quantity, extract_quantities, unsupported_in_pool
from runtime.summary.sanitize import DEFAULT_MAX_CHARS, sanitize_message
from runtime.summary.schema import (
    CompactionSummary,
    Decision,
    Fact,
    OpenQuestion,
    ToolResultDigest,
)

__all__ = [
    "CHECK_NAMES",
    "CheckResult",
    "SourceTexts",
    "ValidationReport",
    "check_item",
    "message_source_text",
    "validate_summary",
]

CHECK_NAMES = (
    "schema",
    "source_ids",
    "quantities",
    "negation",
    "injection",
    "budget",
    "carry_over",
    "pinned_constraints",
)

Item = Fact | Decision | OpenQuestion | ToolResultDigest
_MARKER_RE = re.compile(r"\[(?:TRUNCATED \d+ chars|REDACTED:[a-z_]+|FLAGGED:[a-z_]+)\]")


@dataclass(frozen=True)
class CheckResult:
    """One check: its name, whether it passed and what made it fail (item: detail)."""

    name: str
    passed: bool
    offending: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ValidationReport:
    """All checks of one candidate summary; ``passed`` only when every check passed."""

    passed: bool
    checks: list[CheckResult]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for reports and snapshot records."""
        return {
            "passed": self.passed,
            "checks": [
                {"name": c.name, "passed": c.passed, "offending": list(c.offending)}
                for c in self.checks
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ValidationReport:
        """Inverse of ``to_dict``."""
        checks = [
            CheckResult(c["name"], bool(c["passed"]), list(c.get("offending", ())))
            for c in data.get("checks", ())
        ]
        return cls(passed=bool(data.get("passed")), checks=checks)

    def failed(self) -> list[str]:
        """Names of the checks that failed."""
        return [c.name for c in self.checks if not c.passed]


def message_source_text(message: Message, *, max_chars: int = DEFAULT_MAX_CHARS) -> str:
    """Everything a summary may quote from ``message``: text, tool calls and results, as the
    summarizer read them (``sanitize_message`` with the same ``max_chars``).

    Invisible characters are removed as the sanitizer removes them, so "2\u200b00" in a source
    backs "200" in the summary; the text is bounded by ``max_chars`` per part.
    """
    clean, _counts = sanitize_message(message, max_chars=max_chars)
    parts = [clean.text]
    for call in clean.tool_calls:
        parts.append(f"{call.name} {call.arguments} {call.call_id}")
    for result in clean.tool_results:
        parts.append(f"{result.call_id} {result.text}")
    return "\n".join(parts)


class SourceTexts:
    """What the summarizer read of each message, computed once per message and kept only as
    long as this object (one validation, one summarizer call): never in a module-level cache.

    Args:
        max_chars: the sanitizer's per-text limit the summarizer's input was cut to.
    """

    def __init__(self, *, max_chars: int = DEFAULT_MAX_CHARS) -> None:
        self.max_chars = max_chars
        self._texts: dict[tuple[str, str], str] = {}
        self._spaced: dict[tuple[str, str], str] = {}
        self._pools: dict[tuple[str, str], frozenset[Quantity]] = {}

    def text(self, message: Message) -> str:
        """``message_source_text`` of ``message``."""
        key = (message.id, message.digest)
        if key not in self._texts:
            self._texts[key] = message_source_text(message, max_chars=self.max_chars)
        return self._texts[key]

    def spaced(self, message: Message) -> str:
        """``text(message)`` with each run of whitespace as one space (what a quote is matched
        against, ``_verbatim``)."""
        key = (message.id, message.digest)
        if key not in self._spaced:
            self._spaced[key] = " ".join(self.text(message).split())
        return self._spaced[key]

    def quantities(self, message: Message) -> frozenset[Quantity]:
        """The quantities of ``text(message)``, relative dates resolved at its timestamp."""
        key = (message.id, message.digest)
        if key not in self._pools:
            self._pools[key] = extract_quantities(self.text(message), reference=message.timestamp)
        return self._pools[key]


def _label(item: Item) -> str:
    if isinstance(item, Fact):
        return item_label("fact", item.key)
    if isinstance(item, Decision):
        return item_label("decision", item.text)
    if isinstance(item, OpenQuestion):
        return item_label("question", item.text)
    return item_label("digest", item.tool_call_id)


def _claim_text(item: Item) -> str:
    # A fact's key is an identifier the summarizer chose (it may embed message ids), not a claim.
    if isinstance(item, Fact):
        return item.value
    if isinstance(item, Decision):
        return f"{item.text}\n{item.reason or ''}"
    if isinstance(item, OpenQuestion):
        return item.text
    return item.digest


def _items(summary: CompactionSummary) -> list[Item]:
    return [
        *summary.facts,
        *summary.decisions,
        *summary.open_questions,
        *summary.tool_result_digests,
    ]


class _Sources:
    """The summarized range indexed by message id and by tool call id, and its texts."""

    def __init__(self, messages: Sequence[Message], texts: SourceTexts) -> None:
        self.texts = texts
        self.by_id = {m.id: m for m in messages}
        self.by_call: dict[str, list[Message]] = {}
        for m in messages:
            for call_id in {c.call_id for c in m.tool_calls} | {r.call_id for r in m.tool_results}:
                self.by_call.setdefault(call_id, []).append(m)

    def cited(self, item: Item) -> list[Message]:
        found = [self.by_id[i] for i in item.source_ids if i in self.by_id]
        if isinstance(item, ToolResultDigest):
            found += [m for m in self.by_call.get(item.tool_call_id, []) if m not in found]
        return found


def _check_schema(
    data: CompactionSummary | Mapping[str, Any], previous: CompactionSummary | None
) -> tuple[CheckResult, CompactionSummary | None]:
    raw = data.model_dump(mode="json") if isinstance(data, CompactionSummary) else dict(data)
    try:
        summary = CompactionSummary.model_validate(raw)
    except ValidationError as exc:
        errors = [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:20]]
        return CheckResult("schema", False, errors), None
    offending = []
    if previous is not None and summary.summary_version != previous.summary_version + 1:
        offending.append(
            f"summary_version: {summary.summary_version} does not follow {previous.summary_version}"
        )
    if previous is not None and summary.previous_version != previous.summary_version:
        offending.append(
            f"previous_version: {summary.previous_version} is not the replaced version "
            f"{previous.summary_version}"
        )
    return CheckResult("schema", not offending, offending), summary


def _check_source_ids(summary: CompactionSummary, sources: _Sources) -> CheckResult:
    offending = [
        f"source_message_ids: {i}" for i in summary.source_message_ids if i not in sources.by_id
    ]
    for item in _items(summary):
        offending += [f"{_label(item)}: {i}" for i in item.source_ids if i not in sources.by_id]
    return CheckResult("source_ids", not offending, offending)


def _quantity_problems(item: Item, cited: Sequence[Message], texts: SourceTexts) -> list[str]:
    # The sanitizer's own markers ("…[TRUNCATED 1234 chars]") are not claims about the sources.
    claim = _MARKER_RE.sub(" ", _claim_text(item))
    if _verbatim(claim, [texts.spaced(m) for m in cited]):
        # A clause quoted as written states the source's figures as the source does, whatever
        # the reader makes of it cut from its context ("not before 9" read alone as a clock,
        # where "…not before 9 — they don't pick up earlier" read whole is not one).
        return []
    pool = frozenset().union(*(texts.quantities(m) for m in cited))
    return unsupported_in_pool(claim, pool)


def _verbatim(claim: str, sources: Sequence[str]) -> bool:
    """``claim`` (of at least a few characters) is written as it stands in one of ``sources``
    (each already spaced, ``SourceTexts.spaced``)."""
    text = " ".join(claim.split())
    return len(text) >= 4 and any(text in source for source in sources)


def _negation_problems(item: Item, cited: Sequence[Message], sources: SourceTexts) -> list[str]:
    texts = [sources.text(m) for m in cited]
    if isinstance(item, Fact) and len(split_clauses(item.value)) > 1:
        return contradicted_clauses(item.value, texts)  # a note: judged clause by clause
    if isinstance(item, Fact):
        claim = f"{item.key} {item.value}".replace("_", " ").replace(".", " ")
        negated = item.status == "excluded" or is_negated(claim)
        return contradicted_clauses(claim, texts, claim_negated=negated, one_clause=True)
    if isinstance(item, Decision):
        return contradicted_clauses(item.text, texts) + contradicted_clauses(
            item.reason or "", texts
        )
    return []


def _injection_problems(item: Item) -> list[str]:
    texts = [_claim_text(item)]
    if isinstance(item, Fact):
        texts.append(item.key)
    if isinstance(item, ToolResultDigest):
        texts.append(item.tool_name)
    spans = [find_injection(text) for text in texts]
    return [span[:80] for span in spans if span is not None]


def check_item(
    item: Item, cited: Sequence[Message], *, texts: SourceTexts | None = None
) -> dict[str, list[str]]:
    """The per-item checks of ``validate_summary`` on one item against the messages it cites.

    Summarizers use it to leave out an item that would make the whole version fail. For a
    tool digest, ``cited`` should include the messages carrying its call and result.

    Args:
        item: a fact, decision, open question or tool digest.
        cited: the messages it cites.
        texts: the sources as the summarizer read them; pass one ``SourceTexts`` for all the
            items of one summary so that each message is sanitized and parsed once.

    Returns:
        Check name (``quantities``, ``negation``, ``injection``) -> what failed; empty when the
        item passes. Without cited messages only the injection check runs.
    """
    problems = {"injection": _injection_problems(item)}
    if cited:
        texts = texts if texts is not None else SourceTexts()
        problems["quantities"] = _quantity_problems(item, cited, texts)
        problems["negation"] = _negation_problems(item, cited, texts)
    return {name: found for name, found in problems.items() if found}


def _check_items(summary: CompactionSummary, sources: _Sources) -> list[CheckResult]:
    offending: dict[str, list[str]] = {"quantities": [], "negation": [], "injection": []}
    for item in _items(summary):
        for name, found in check_item(item, sources.cited(item), texts=sources.texts).items():
            offending[name] += [f"{_label(item)}: {detail}" for detail in found]
    return [CheckResult(name, not bad, bad) for name, bad in offending.items()]


def _check_budget(
    summary: CompactionSummary, budget_tokens: int, count: Callable[[CompactionSummary], int]
) -> CheckResult:
    tokens = count(summary)
    if tokens <= budget_tokens:
        return CheckResult("budget", True)
    return CheckResult("budget", False, [f"summary: {tokens} tokens > budget {budget_tokens}"])


def _pinned_labels(summary: CompactionSummary, pinned_ids: frozenset[str]) -> set[str]:
    return {
        ident
        for ident, item in item_ids(summary).items()
        if (isinstance(item, Fact) and item.pinned) or pinned_ids.intersection(item.source_ids)
    }


def _against_pins(
    current: CompactionSummary, pinned_ids: frozenset[str], sources: _Sources
) -> list[str]:
    """Constraint and preference facts that contradict a pinned message they do not cite.

    A user requirement ("不要自动购票") can only be reversed by a newer user message; a fact
    that says the opposite on the strength of an assistant or tool message is a contradiction.
    """
    pins = [sources.by_id[i] for i in pinned_ids if i in sources.by_id]
    if not pins:
        return []
    offending = []
    for fact in current.facts:
        if fact.status not in {"constraint", "preference"} or pinned_ids & set(fact.source_ids):
            continue
        cited = [sources.by_id[i] for i in fact.source_ids if i in sources.by_id]
        newest_user = max((m.index for m in cited if m.role == "user"), default=-1)
        claim = f"{fact.key} {fact.value}".replace("_", " ").replace(".", " ")
        for pin in pins:
            if pin.index > newest_user and contradicted_clauses(
                claim, [sources.texts.text(pin)], one_clause=True
            ):
                offending.append(f"{item_label('fact', fact.key)}: contradicts pinned {pin.id}")
    return offending


def _check_pinned(
    previous: CompactionSummary | None,
    current: CompactionSummary,
    *,
    diff: SummaryDiff | None,
    pinned_ids: frozenset[str],
    sources: _Sources,
) -> CheckResult:
    """Pinned items may only change when a newer user message says so."""
    offending = _against_pins(current, pinned_ids, sources)
    if previous is None or diff is None:
        return CheckResult("pinned_constraints", not offending, offending)
    pinned = _pinned_labels(previous, pinned_ids)
    offending += [
        f"{i}: changed, evicted or dropped"
        for i in sorted(pinned & (set(diff.changed) | set(diff.evicted) | set(diff.removed)))
    ]
    old_items, new_items = item_ids(previous), item_ids(current)
    # An open question closes when it is answered; only a pinned fact needs the user's word.
    for ident in sorted(i for i in pinned & set(diff.superseded) if i.startswith("fact:")):
        old, new = old_items.get(ident), new_items.get(ident)
        newer = set(new.source_ids) - set(old.source_ids) if old and new else set()
        if not any(i in sources.by_id and sources.by_id[i].role == "user" for i in newer):
            offending.append(f"{ident}: superseded without a newer user message")
    return CheckResult("pinned_constraints", not offending, offending)


def validate_summary(
    summary: CompactionSummary | Mapping[str, Any],
    *,
    sources: Sequence[Message],
    previous: CompactionSummary | None,
    diff: SummaryDiff | None,
    budget_tokens: int,
    count_tokens: Callable[[str], int],
    pinned_ids: frozenset[str] = frozenset(),
    count_summary: Callable[[CompactionSummary], int] | None = None,
    max_chars: int = DEFAULT_MAX_CHARS,
) -> ValidationReport:
    """Run every check on a candidate summary.

    Args:
        summary: the candidate (a model, or raw JSON from a summarizer).
        sources: every message summarized so far, the new chunk included (the summarized range).
        previous: the version the candidate replaces, ``None`` for the first.
        diff: the diff against ``previous`` with evictions recorded (computed when ``None``).
        budget_tokens: the summary budget; the rendered block must fit it.
        count_tokens: token counter for a text (the compactor's encoder).
        pinned_ids: pinned message ids; items citing them are pinned constraints.
        count_summary: exact cost of the summary as injected; defaults to ``count_tokens`` of
            ``render_summary_block(summary)``.
        max_chars: the sanitizer's per-text limit the summarizer's input was cut to; sources
            are checked as the summarizer read them.

    Returns:
        The report; never raises on a bad summary (a schema failure is a failed check, and the
        checks that need a parsed summary are then reported as failed with ``schema invalid``).
    """
    schema, parsed = _check_schema(summary, previous)
    if parsed is None:
        rest = [CheckResult(name, False, ["schema invalid"]) for name in CHECK_NAMES[1:]]
        return ValidationReport(False, [schema, *rest])
    indexed = _Sources(sources, SourceTexts(max_chars=max_chars))
    if previous is not None and diff is None:
        diff = diff_summaries(previous, parsed)
    removed = list(diff.removed) if diff is not None else []
    checks = [
        schema,
        _check_source_ids(parsed, indexed),
        *_check_items(parsed, indexed),
        _check_budget(
            parsed,
            budget_tokens,
            count_summary or (lambda s: count_tokens(render_summary_block(s))),
        ),
        CheckResult("carry_over", not removed, removed),
        _check_pinned(previous, parsed, diff=diff, pinned_ids=pinned_ids, sources=indexed),
    ]
    return ValidationReport(all(c.passed for c in checks), checks)
