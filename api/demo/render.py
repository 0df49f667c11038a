"""Prints the tour with rich: per step its figures, what it produced, and every check."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from api.demo.record import DemoRecord, StepRecord

__all__ = ["render_step", "render_verdict"]

_BLOCK_CHARS = 1500


def _table(*columns: str, title: str | None = None) -> Table:
    table = Table(*columns, title=title, title_justify="left", show_lines=False)
    return table


def _compaction(console: Console, data: dict[str, Any]) -> None:
    budget = data.get("budget", {})
    console.print(
        f"budget: context {budget.get('context_limit')}, usable {budget.get('usable_tokens')}, "
        f"compact above {budget.get('trigger_tokens')} down to {budget.get('target_tokens')} "
        f"tokens; pinned constraints {', '.join(data.get('pinned_ids', []))}"
    )
    table = _table("messages", "strategy", "version", "tokens before", "after", "groups kept")
    for row in data.get("compactions", []):
        table.add_row(
            str(row["history_messages"]), row["strategy"], str(row["summary_version"]),
            str(row["tokens_before"]), str(row["tokens_after"]),
            f"{row['groups_kept']} of {row['groups_total']}",
        )  # fmt: skip
    table.title = f"{data.get('calls', 0)} compact() calls, one per new message; compactions:"
    console.print(table)
    first = data.get("first")
    if first:
        dropped = first["groups_total"] - first["groups_kept"]
        console.print(
            f"first compaction: {first['tokens_before']} -> {first['tokens_after']} tokens, "
            f"{first['groups_kept']} groups kept, {dropped} dropped "
            f"({len(first['dropped_ids'])} messages: {', '.join(first['dropped_ids'])})"
        )
        console.print(f"context sent: {', '.join(first['context_ids'])}")
    block = str(data.get("summary_block", ""))
    if block:
        shown = block if len(block) <= _BLOCK_CHARS else block[:_BLOCK_CHARS] + " …"
        console.print(Panel(escape(shown), title="injected summary message (role: user)"))


def _rollback(console: Console, data: dict[str, Any]) -> None:
    restored = data.get("restored")
    console.print(f"summary versions before: {data.get('versions_before')}")
    if restored:
        console.print(
            f"rollback to v{restored['restored_from']}: new version v{restored['summary_version']} "
            f"(previous v{restored['previous_version']}), cut rewound to message "
            f"{restored['cut_index']}; diff against v{restored['previous_version']}: "
            f"{json.dumps(restored['diff'], ensure_ascii=False)}"
        )
    resumed = data.get("resumed")
    if resumed:
        console.print(
            f"resumed compaction: strategy {resumed['strategy']}, summary "
            f"v{resumed['summary_version']}, {resumed['compacted_tokens']} tokens"
        )


def _recall(console: Console, data: dict[str, Any]) -> None:
    recall = data.get("recall") or {}
    console.print(f"question, asked last: {escape(str(data.get('question', '')))}")
    table = _table("recalled group", "score", "tokens")
    table.title = (
        f"recall: {recall.get('tokens', 0)} of {recall.get('budget_tokens', 0)} tokens, "
        f"{recall.get('indexed_groups', 0)} evicted groups indexed"
    )
    for hit in recall.get("recalled", []):
        table.add_row(", ".join(hit["ids"]), str(hit["score"]), str(hit["tokens"]))
    console.print(table)
    block = str(data.get("recall_block", ""))
    if block:
        shown = block if len(block) <= _BLOCK_CHARS else block[:_BLOCK_CHARS] + " …"
        console.print(Panel(escape(shown), title="recall block before the question (role: user)"))


def _service(console: Console, data: dict[str, Any]) -> None:
    console.print(f"keys created: {data.get('keys')}")
    context = data.get("context")
    if context:
        console.print(
            f"/context: {context['input_tokens']} -> {context['compacted_tokens']} tokens "
            f"(usable {context['usable_tokens']}), strategy {context['strategy']}, summary "
            f"v{context['summary_version']}, groups kept {context['groups_kept']} of "
            f"{context['groups_total']}"
        )
    end = data.get("end")
    if end:
        table = _table("candidate", "kind", "from fact", "status", "rule", "reason")
        table.title = f"task end: {end['promoted']} promoted, {end['denied']} denied"
        for c in end["candidates"]:
            style = "green" if c["status"] == "promoted" else "red"
            table.add_row(
                escape(c["key"]), c["kind"], escape(str(c["fact_key"] or "-")),
                f"[{style}]{c['status']}[/{style}]", c["rule"], escape(c["reason"]),
            )  # fmt: skip
        console.print(table)
    profile = data.get("profile")
    if profile:
        console.print(Panel(escape(profile["text"]), title=f"profile ({profile['tokens']} tokens)"))
    receipt = data.get("receipt")
    if receipt:
        counts = {k: v for k, v in receipt.get("counts", {}).items() if v}
        console.print(f"erasure receipt {receipt.get('receipt_id')}: {counts}")
    if data.get("audit_actions"):
        console.print(f"audit actions for the user: {', '.join(data['audit_actions'])}")


_RENDERERS: dict[str, Callable[[Console, dict[str, Any]], None]] = {
    "compaction": _compaction,
    "rollback": _rollback,
    "recall": _recall,
    "service": _service,
}


def render_step(console: Console, step: StepRecord) -> None:
    """Print one step: its title, its figures and artefacts, then every check."""
    console.rule(f"[bold]Step {step.number}: {escape(step.title)}")
    _RENDERERS[step.name](console, step.data)
    for check in step.checks:
        mark = "[green]✓[/green]" if check.passed else "[red]✗[/red]"
        detail = f" [dim]({escape(check.detail)})[/dim]" if check.detail else ""
        console.print(f"{mark} {escape(check.name)}{detail}")


def render_verdict(console: Console, record: DemoRecord) -> None:
    """The last line: every check held, or the first that did not."""
    total = sum(len(s.checks) for s in record.steps)
    held = sum(c.passed for s in record.steps for c in s.checks)
    console.rule()
    if record.passed:
        console.print(f"[bold green]demo passed: {held} of {total} checks held[/bold green]")
    else:
        console.print(f"[bold red]demo failed: {held} of {total} checks held[/bold red]")
