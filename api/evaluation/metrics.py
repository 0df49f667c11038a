"""The acceptance metrics of the product brief, computed from replay results.

Every figure is computed from what the replay actually returned; nothing is estimated from
configuration. Retention is measured on the final context (what the agent would send after the
last message of the run).
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from api.evaluation.asking import AskedQuestion
from api.evaluation.replay import ReplayResult, ReplayStep
from api.evaluation.summary_text import summary_of, summary_texts
from runtime.formats import read_history
from runtime.messages import Message

__all__ = [
    "aggregate",
    "context_text",
    "key_items",
    "percentile",
    "run_metrics",
    "summary_texts",
]

_NEGATION = re.compile(
    r"\b(?:not|don't|do not|never|no longer|won't|cannot|can't|doesn't|didn't)\b"
    r"\s+((?:\w+\s+){0,3}\w+)",
    re.I,
)
_ITEM_PATTERNS = (
    re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    re.compile(r"\$?\b\d+(?:[.,]\d+)?\b"),
    re.compile(r"\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,8}\b"),
    re.compile(r"\b[a-z]+_[a-z]+_\d+\b"),
    re.compile(
        r"\b(?:January|February|March|April|May|June|July|August|September|October|"
        r"November|December) \d{1,2}(?:st|nd|rd|th)?\b"
    ),
)


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return float(ordered[rank])


def context_text(result: ReplayResult) -> tuple[str, dict[str, Any] | None]:
    """Lower-cased readable text of the final context, and its summary (if one was injected)."""
    summary = None
    parts: list[str] = []
    for message in read_history(result.final_messages, format=result.format).messages:  # type: ignore[arg-type]
        found = summary_of(message.text)
        if found is not None:
            summary = found
            parts.extend(summary_texts(found))
            continue
        parts.append(message.text)
        parts.extend(call.arguments for call in message.tool_calls)
        parts.extend(res.text for res in message.tool_results)
    return "\n".join(parts).lower(), summary


def key_items(result: ReplayResult) -> tuple[set[str], list[tuple[str, ...]]]:
    """Numbers, dates and ids the user stated, and the clauses the user negated."""
    items: set[str] = set()
    negations: list[tuple[str, ...]] = []
    for message in result.history:
        if message.role != "user":
            continue
        for pattern in _ITEM_PATTERNS:
            items.update(m.group(0).lower().lstrip("$") for m in pattern.finditer(message.text))
        for match in _NEGATION.finditer(message.text):
            words = tuple(w.lower() for w in match.group(1).split() if len(w) > 3)
            if words:
                negations.append(words)
    return items, negations


def _asked_retention(asked: Sequence[AskedQuestion]) -> dict[str, Any]:
    """Counts of the questions asked last (``api.evaluation.asking``)."""
    return {
        "questions": len(asked),
        "retained": sum(a.retained for a in asked),
        "evidence_verbatim": sum(a.verbatim for a in asked),
        "recall_tokens": sum(a.recall_tokens for a in asked),
        "max_context_tokens": max((a.context_tokens for a in asked), default=0),
    }


def _item_retention(result: ReplayResult, text: str) -> dict[str, Any]:
    items, negations = key_items(result)
    kept_items = sum(1 for item in items if item in text)
    has_cue = bool(re.search(r"\b(?:not|never|no|don't|excluded|ruled out|won't|cannot)\b", text))
    kept_neg = sum(1 for words in negations if has_cue and all(w in text for w in words))
    pins = result.run.pinned_ids
    kept_pins = sum(1 for pin in pins if pin in set(result.final_ids) or pin in text)
    total = len(items) + len(negations) + len(pins)
    return {
        "items": len(items),
        "items_kept": kept_items,
        "negations": len(negations),
        "negations_kept": kept_neg,
        "pins": len(pins),
        "pins_kept": kept_pins,
        "retained": kept_items + kept_neg + kept_pins,
        "questions": total,
    }


_LEAK_PATTERNS = (
    re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+"),
    re.compile(
        r"\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}\b|\bAKIA[0-9A-Z]{16}\b|\bghp_[A-Za-z0-9]{20,}\b"
    ),
    re.compile(r"\b(?:\d[ -]?){13,19}\b"),
    re.compile(r"\b\d{3}-\d{2}-\d{4}\b"),
    re.compile(r"\+?\d{1,3}[ -]\(?\d{3}\)?[ -]\d{3}[ -]\d{4}\b|\b1[3-9]\d{9}\b"),
)


def _sensitive_values(history: Sequence[Message]) -> set[str]:
    """Sensitive-looking literals of the source history, found independently of the sanitizer
    (whose own patterns would make this count circular)."""
    found: set[str] = set()
    for message in history:
        texts = [message.text, *(r.text for r in message.tool_results)]
        for text in texts:
            for pattern in _LEAK_PATTERNS:
                found.update(m.group(0).strip().lower() for m in pattern.finditer(text))
    return {value for value in found if len(value) >= 6}


def _security(summary: dict[str, Any] | None, history: Sequence[Message]) -> dict[str, int]:
    if not summary:
        return {"sensitive_in_summary": 0, "injections_in_summary": 0}
    from runtime.summary.injection import find_injections

    texts = summary_texts(summary)
    blob = "\n".join(texts).lower()
    leaked = sum(1 for value in _sensitive_values(history) if value in blob)
    # facts (with their quotes) and decisions: what a model acts on
    decisive = summary_texts({k: summary.get(k, []) for k in ("facts", "decisions")})
    injections = sum(len(find_injections(text)) for text in decisive)
    return {"sensitive_in_summary": leaked, "injections_in_summary": injections}


def _stale(summary: dict[str, Any] | None) -> int:
    if not summary:
        return 0
    values: dict[str, set[str]] = {}
    for fact in summary.get("facts", []):
        if fact.get("status") != "superseded":
            values.setdefault(str(fact.get("key")), set()).add(str(fact.get("value")))
    return sum(1 for vals in values.values() if len(vals) > 1)


def _step_figures(steps: Iterable[ReplayStep]) -> dict[str, Any]:
    steps = list(steps)
    fired = [s.report for s in steps if s.report.triggered]
    fallbacks = Counter(r.fallback for r in fired if r.fallback)
    summarized = [r for r in fired if r.strategy == "summary"]
    return {
        "model_calls": len(steps),
        "compactions": len(fired),
        "protocol_error_contexts": sum(1 for s in steps if s.protocol_errors),
        "elapsed_ms": [r.elapsed_ms for r in fired],
        "summarizer_tokens_in": [r.summarizer_tokens_in for r in summarized],
        "summarizer_tokens_out": sum(r.summarizer_tokens_out for r in fired),
        "summary_points": [
            (s.history_len, s.report.summarizer_tokens_in, s.report.input_tokens)
            for s in steps
            if s.report.triggered and s.report.strategy == "summary"
        ],
        "tokens_saved": sum(s.report.input_tokens - s.report.compacted_tokens for s in steps),
        "fallbacks": dict(fallbacks),
        "rollbacks": sum(1 for r in fired if r.rolled_back),
        "evictions": sum(len(r.summary_diff.evicted) for r in fired if r.summary_diff),
    }


def run_metrics(
    result: ReplayResult, asked: Sequence[AskedQuestion] | None = None
) -> dict[str, Any]:
    """Every metric of one replayed run.

    Args:
        result: the replay.
        asked: its questions asked last (runs with questions); without them the key items the
            user stated are looked for in the final context.
    """
    text, summary = context_text(result)
    final = result.final_report
    retention = _asked_retention(asked) if asked is not None else _item_retention(result, text)
    steps = result.steps
    return {
        "run": result.run.name,
        "held_out": bool(result.run.meta.get("held_out")),
        "prefix_reuse": [s.prefix_reuse for s in steps if s.prefix_reuse is not None],
        "recall_tokens_turn": [s.report.recall.tokens for s in steps],
        "max_step_tokens": max((s.report.compacted_tokens for s in steps), default=0),
        "input_tokens": final.input_tokens if final else 0,
        "compacted_tokens": final.compacted_tokens if final else 0,
        # any call, not only the last: a tool result larger than the cap puts one call over
        "over_budget": any(s.report.over_budget for s in steps)
        or bool(final and final.over_budget),
        "over_budget_steps": sum(1 for s in steps if s.report.over_budget),
        "retention": retention,
        "stale_facts": _stale(summary),
        **_security(summary, result.history),
        **_step_figures(result.steps),
    }


def aggregate(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Sum and rate the per-run figures of one (method, target) cell."""
    elapsed = [ms for r in runs for ms in r["elapsed_ms"]]
    tokens_in = [t for r in runs for t in r["summarizer_tokens_in"]]
    questions = sum(r["retention"]["questions"] for r in runs)
    compactions = sum(r["compactions"] for r in runs)
    calls = sum(r["model_calls"] for r in runs)
    ratio = [r["input_tokens"] / r["compacted_tokens"] for r in runs if r["compacted_tokens"]]
    reuse = [x for r in runs for x in r["prefix_reuse"]]
    injected = [t for r in runs for t in r["recall_tokens_turn"]]
    return {
        "runs": len(runs),
        **_question_rates(runs),
        "prefix_reuse": round(statistics.fmean(reuse), 4) if reuse else None,
        "recall_tokens_per_turn": round(statistics.fmean(injected), 1) if injected else 0.0,
        "max_context_tokens": max(
            max(r["max_step_tokens"], r["retention"].get("max_context_tokens", 0)) for r in runs
        )
        if runs
        else 0,
        "compression_ratio": round(statistics.fmean(ratio), 2) if ratio else 0.0,
        "retention": round(sum(r["retention"]["retained"] for r in runs) / questions, 4)
        if questions
        else None,
        "retention_detail": _sum_dicts(r["retention"] for r in runs),
        "protocol_error_rate": round(sum(r["protocol_error_contexts"] for r in runs) / calls, 4)
        if calls
        else 0.0,
        "over_budget_runs": sum(1 for r in runs if r["over_budget"]),
        "over_budget_calls": sum(r.get("over_budget_steps", 0) for r in runs),
        "compactions": compactions,
        "p50_ms": round(percentile(elapsed, 0.5), 2),
        "p95_ms": round(percentile(elapsed, 0.95), 2),
        "summarizer_tokens_in_mean": round(statistics.fmean(tokens_in), 1) if tokens_in else 0.0,
        "summarizer_tokens_in_max": max(tokens_in, default=0),
        "summarizer_tokens_out": sum(r["summarizer_tokens_out"] for r in runs),
        "tokens_saved": sum(r["tokens_saved"] for r in runs),
        "fallback_rate": round(sum(sum(r["fallbacks"].values()) for r in runs) / compactions, 4)
        if compactions
        else 0.0,
        "fallbacks": _sum_dicts(r["fallbacks"] for r in runs),
        "rollback_rate": round(sum(r["rollbacks"] for r in runs) / compactions, 4)
        if compactions
        else 0.0,
        "evictions": sum(r["evictions"] for r in runs),
        "stale_facts": sum(r["stale_facts"] for r in runs),
        "sensitive_in_summary": sum(r["sensitive_in_summary"] for r in runs),
        "injections_in_summary": sum(r["injections_in_summary"] for r in runs),
        "summary_points": [p for r in runs for p in r["summary_points"]],
    }


def _rate(runs: Sequence[dict[str, Any]], key: str) -> float | None:
    asked = sum(r["retention"]["questions"] for r in runs)
    return round(sum(r["retention"][key] for r in runs) / asked, 4) if asked else None


def _question_rates(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Verbatim-only rate, held-out (LoCoMo 5-9) beside it, the weakest conversation."""
    asked = [r for r in runs if "evidence_verbatim" in r["retention"]]
    if not asked:
        return {}
    held = [r for r in asked if r["held_out"]]
    per = {r["run"]: r["retention"]["retained"] / r["retention"]["questions"] for r in asked}
    weakest = min(per, key=per.__getitem__) if per else None
    return {
        "verbatim_rate": _rate(asked, "evidence_verbatim"),
        "retention_held_out": _rate(held, "retained"),
        "verbatim_held_out": _rate(held, "evidence_verbatim"),
        "retention_min": round(per[weakest], 4) if weakest else None,
        "retention_min_run": weakest,
        "retention_by_run": {name: round(rate, 4) for name, rate in per.items()},
    }


def _sum_dicts(dicts: Iterable[dict[str, Any]]) -> dict[str, Any]:
    total: Counter[str] = Counter()
    for d in dicts:
        total.update({k: v for k, v in d.items() if isinstance(v, int | float)})
    return dict(total)
