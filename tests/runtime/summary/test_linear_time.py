"""Linear time on any input (issue 12): sanitizing, redaction, injection flagging, quantity
parsing and validation cost what the text they read costs, whatever a tool returns.

Two kinds of proof: ten 1 MiB tool results (realistic and adversarial, ``large_inputs``) go
through a summarizing compaction within a generous CPU bound (the real figures are in
``bench/large_tool_results.py``); and every regular expression of the sanitizing and
validation modules is timed on adversarial inputs at two sizes, so a pattern that backtracks
over a run (quadratic or worse) fails by its growth, not by a machine-dependent threshold.
"""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from types import ModuleType

import pytest

from runtime import Budget, Compactor
from runtime.messages import Message, ToolResult
from runtime.summary import (
    injection,
    quantities,
    redact,
    redact_addresses,
    redact_rules,
    sanitize,
    validate,
)
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.sanitize import sanitize_text
from runtime.summary.validate import message_source_text
from tests.runtime.summary.large_inputs import KINDS, MIB, chat_history, tool_result

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)


def test_ten_mebibyte_tool_results_compact_within_seconds() -> None:
    history = chat_history(list(KINDS))
    assert sum(len(e["content"] or "") for e in history) > 10 * MIB
    compactor = Compactor(
        budget=Budget(8192, max_output_tokens=1024, tool_reserve=0, safety_margin=0),
        summarizer=ExtractiveSummarizer(),
    )
    started = time.process_time()
    result = compactor.compact(history, now=NOW)
    cpu = time.process_time() - started
    assert result.report["strategy"] == "summary"
    assert result.report["fallback"] is None  # validated and adopted, not given up on
    assert cpu < 30, f"{cpu:.1f} s CPU"  # about 2 s measured; see bench/large_tool_results.py


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_sanitize_and_source_text_are_bounded_by_max_chars(kind: str) -> None:
    text = tool_result(kind, size=MIB)
    cleaned, counts = sanitize_text(text, max_chars=4000)
    assert len(cleaned) <= 4000 and counts.truncated
    message = Message(
        id="m1",
        index=1,
        role="tool",
        text=text,
        raw={"role": "tool", "tool_call_id": "c1", "content": text},
        tool_results=(ToolResult("c1", text),),
    )
    # validation reads what the summarizer read: two sanitized texts, not two raw mebibytes
    assert len(message_source_text(message, max_chars=4000)) <= 2 * 4000 + 16


def _patterns(*modules: ModuleType) -> list[tuple[str, re.Pattern[str]]]:
    found: list[tuple[str, re.Pattern[str]]] = []
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                found.append((f"{module.__name__}.{name}", value))
        for i, rule in enumerate(getattr(module, "RULES", ())):
            found.append((f"{module.__name__}.RULES[{i}]:{rule.kind}", rule.pattern))
    return found


# Tried only where a match ends (``redact._spans``), never from every position: timed through
# ``redact`` by test_glued_runs_redact_in_linear_time instead.
TRIED_AT_MATCH_ENDS = {"runtime.summary.redact_addresses._GLUED"}
PATTERNS = [
    (name, pattern)
    for name, pattern in _patterns(
        redact, redact_rules, redact_addresses, sanitize, injection, quantities, validate
    )
    if name not in TRIED_AT_MATCH_ENDS
]
# Runs that made one of these patterns (or an earlier version of it) backtrack: whitespace,
# digits, separators, word characters, and the keywords a pattern starts from.
UNITS = [
    " ", "\n", " \n\t", "a", "1", "-a", "a-", "1,", "1.", "a.", "a@", "@a", "1-", "<", "< ",
    "#", "\n#", "月", "一", "1月", "1点", "_", "'", '"', "a'", "&:", "+1", "G1", "aA1-", "a_",
    "路", "1号", "a ", "A ", "1 ", "=", ":", "/", "A", "Aa ", "1 A", "a.", "@a.", "a@b.",
    "ß", "A1", "1A", "北", "0", "0-", "1 1", "a:", "\\", "\\\"", "A-", "-\n",
]  # fmt: skip
# What a pattern reads after one of its keywords: blanks, separators, digits, letters.
PREFIXES = [
    "ignore", "password", "my password", "the password is", "dob", "born", "passport",
    "cvv", "<system", "-----BEGIN PRIVATE KEY-----", "tmk_", "DE89", "Bearer", "1 Main",
    "北京市", "密码是", "a@b", "zip=", "the PIN", "my new password", "出生", "221B Baker",
    "Hauptstra", "12 rue", "DOB:", '"password": "', "https://u:",
]  # fmt: skip
AFTER_PREFIX = [" ", "\n", " \n\t", "a", "1", ":", "-a", "1 "]
CASES = [("", unit) for unit in UNITS] + [(p, u) for p in PREFIXES for u in AFTER_PREFIX]


def _cpu(pattern: re.Pattern[str], text: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        for _match in pattern.finditer(text):
            pass
        best = min(best, time.process_time() - started)
    return best


@pytest.mark.parametrize(("name", "pattern"), PATTERNS, ids=[n for n, _ in PATTERNS])
def test_no_pattern_backtracks_over_a_run(name: str, pattern: re.Pattern[str]) -> None:
    """A linear pattern takes ~8x longer on 8x the text; a quadratic one ~64x. Only growth
    above 30x with the large input over 20 ms fails: tiny timings are noise, not proof."""
    slow = []
    for prefix, unit in CASES:
        small = prefix + unit * (1_000 // len(unit))
        large = prefix + unit * (8_000 // len(unit))
        t_large = _cpu(pattern, large, 1)
        if t_large < 0.02:
            continue
        t_large = min(t_large, _cpu(pattern, large, 2))
        t_small = max(_cpu(pattern, small, 3), 1e-4)
        if t_large > 0.02 and t_large / t_small > 30:
            slow.append(f"{prefix!r}+{unit!r}*n: {t_small * 1e3:.1f} -> {t_large * 1e3:.0f} ms")
    assert not slow, slow


# Glued addresses, and addresses each followed by what the glued pattern reads before it fails
# (a long capitalized word: the German street name it might start; words and spaces).
GLUED_UNITS = [
    "12 rue de la Paix", "221B Baker Street", "Hauptstraße 118", "建国路88号",
    "14 Larch Close, Reading RG1 4QP", "Hauptstraße 118, 10827 Berlin",
    "Hauptstraße 118" + "A" * 200, "Hauptstraße 118" + "Ab-" * 60,
    "Hauptstraße 118" + "straße" * 30, "DE89 3704 0044 0532 0130 00" + "A1" * 20,
    "12 rue de la Paix" + " " * 200, "221B Baker Street1 " + "Aa " * 40,
    "221B Baker Street" + "1 A " * 40, "221B Baker Street, " + "Ab " * 40,
]  # fmt: skip


def _redact_cpu(text: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        redact.redact(text)
        best = min(best, time.process_time() - started)
    return best


@pytest.mark.parametrize("unit", GLUED_UNITS)
def test_glued_runs_redact_in_linear_time(unit: str) -> None:
    """Where a match ends, redaction tries the glued pattern once: 8x the text, ~8x the time."""
    small = unit * (4_000 // len(unit) + 1)
    large = unit * (32_000 // len(unit) + 1)
    t_large = min(_redact_cpu(large, 2), _redact_cpu(large, 1))
    t_small = max(_redact_cpu(small, 3), 1e-4)
    assert t_large < 0.02 or t_large / t_small < 30, (
        f"{t_small * 1e3:.1f} -> {t_large * 1e3:.0f} ms"
    )
