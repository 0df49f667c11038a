"""``tiermem consolidate``: one run now, under the scheduler's locks, printed as JSON lines."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from api.cli import _register, app
from tests.api.jobs.seeding import seed_idle_trip


def test_consolidate_cli_once(sqlite_url: str) -> None:
    seed_idle_trip(sqlite_url, ("t1",))
    _register()
    runner = CliRunner()
    env = {"TIERMEM_DATABASE_URL": sqlite_url, "TIERMEM_IDLE_MINUTES": "30"}
    result = runner.invoke(app, ["consolidate"], env=env)
    assert result.exit_code == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.strip().splitlines()]
    assert lines[0]["job"] == "consolidate" and lines[0]["written"] == 3
    assert lines[1]["job"] == "expire"
    again = runner.invoke(app, ["consolidate", "--no-expire"], env=env)
    assert json.loads(again.stdout)["due"] == 0
    bad = runner.invoke(app, ["consolidate", "--tenant", "t1/../t2"], env=env)
    assert bad.exit_code == 2 and "invalid tenant id" in bad.stderr
