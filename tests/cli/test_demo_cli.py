"""``tiermem demo`` end to end through the real typer app: the whole product on the trip.

One run prints the tour (default: a temporary SQLite file), one prints the JSON record over a
fresh PostgreSQL database; both must pass every check. Two fast runs show the failure paths:
a failed check exits 1 with one line naming it, an unusable database URL exits 2.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from api.cli import _register, app
from api.demo.record import StepRecord

_register()
runner = CliRunner()


def test_demo_prints_the_tour_and_every_check_holds() -> None:
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.stdout + result.stderr
    out = result.stdout
    for line in (
        "Step 1: The history outgrows a small budget",
        "Step 2: Roll back to an earlier summary version",
        "Step 3: Ask about an evicted turn: recall brings it back verbatim",
        "the question recalls a2",
        "<recalled_turns trust='untrusted' schema='v3'>",
        "Step 4: The service in process",
        "<compaction_summary trust='untrusted' schema='v2'>",
        "G123 exclusion kept with its reason, citing a2",
        "every returned context passes runtime.protocol.find_protocol_errors",
        "v3 restores v1 as a new version",
        "only the consented 'travel.budget.one_way_max' is promoted",
        "after erasure: session 404, export and profile empty",
        "demo passed",
    ):
        assert line in out, line
    assert "✗" not in out
    assert result.stderr == ""


def test_demo_json_record_on_postgresql(postgres_url: str) -> None:
    result = runner.invoke(app, ["demo", "--json", "--database-url", postgres_url])
    assert result.exit_code == 0, result.stdout + result.stderr
    record: dict[str, Any] = json.loads(result.stdout)
    assert (record["schema"], record["passed"], record["failure"]) == (
        "tiermem.demo.v1",
        True,
        None,
    )
    assert record["database"].startswith("postgresql")
    steps = {s["name"]: s for s in record["steps"]}
    assert list(steps) == ["compaction", "rollback", "recall", "service"]
    assert all(c["passed"] for s in record["steps"] for c in s["checks"])

    first = steps["compaction"]["data"]["first"]
    assert first["strategy"] == "summary" and first["tokens_after"] < first["tokens_before"]
    assert first["groups_kept"] < first["groups_total"] and "a2" in first["dropped_ids"]
    assert first["validation"]["passed"] is True
    summary = steps["compaction"]["data"]["summary"]
    decision = next(d for d in summary["decisions"] if "G123" in d["text"])
    assert "晚于计划" in decision["reason"] and decision["source_ids"] == ["a2"]

    restored = steps["rollback"]["data"]["restored"]
    assert (restored["restored_from"], restored["summary_version"]) == (1, 3)

    recall = steps["recall"]["data"]["recall"]
    assert "a2" in recall["recalled_ids"] and recall["tokens"] <= recall["budget_tokens"]
    assert "晚于计划" in steps["recall"]["data"]["recall_block"]

    service = steps["service"]["data"]
    promoted = [c["key"] for c in service["end"]["candidates"] if c["status"] == "promoted"]
    assert promoted == ["travel.budget.one_way_max"]
    assert service["preference"]["value"] == {"amount": "200", "currency": "CNY"}
    assert service["receipt"]["counts"]["sessions"] == 1


def test_a_failed_check_exits_1_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    # A budget the trip never outgrows: step 1 cannot show a compaction (the service step is
    # replaced by a stand-in so that this failure path stays fast).
    monkeypatch.setattr("api.demo.library.BUDGET", {"context_limit": 1_000_000})

    def service(url: str, step: StepRecord) -> None:
        step.check("stand-in", True)

    monkeypatch.setattr("api.demo.runner.service_step", service)
    result = runner.invoke(app, ["demo", "--json"])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "tiermem demo: step 1 (compaction) check 'compaction triggered' failed: 0 compactions"
    ]
    record = json.loads(result.stdout)
    assert record["passed"] is False
    assert [s["passed"] for s in record["steps"]] == [False, False, True, True]


def test_an_unusable_database_url_exits_2() -> None:
    result = runner.invoke(app, ["demo", "--database-url", "nodb://"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tiermem demo: ")
    assert "Traceback" not in result.stdout + result.stderr
