"""``tiermem serve --workers N`` hands uvicorn a factory import string and N workers, on the
socket ``serve`` bound itself."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import api.cli.commands  # noqa: F401  (registers the commands)
from api.cli import app, serve_cmd
from tests.cli.test_serve_cli import free_port


def _capture(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, dict[str, Any]]]:
    calls: list[tuple[Any, dict[str, Any]]] = []

    def launch(target: Any, *, sock: Any, workers: int, options: dict[str, Any]) -> None:
        host, port = sock.getsockname()[:2]
        sock.close()
        calls.append((target, {"workers": workers, "host": host, "port": port, **options}))

    monkeypatch.setattr(serve_cmd, "launch", launch)
    return calls


def test_workers_option_is_passed_to_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TIERMEM_DATABASE_URL", f"sqlite:///{tmp_path / 'w.db'}")
    monkeypatch.setenv("TIERMEM_RUN_MIGRATIONS_ON_START", "true")
    calls = _capture(monkeypatch)
    port = free_port()
    result = CliRunner().invoke(app, ["serve", "--port", str(port), "--workers", "3"])
    assert result.exit_code == 0, result.output
    assert "3 worker processes" in result.output
    [(target, kwargs)] = calls
    assert target == "api.app:create_app"
    assert kwargs["workers"] == 3
    assert kwargs["port"] == port and kwargs["host"] == "127.0.0.1"
    # migrated once by the parent; the workers must not race each other at start-up
    assert os.environ["TIERMEM_RUN_MIGRATIONS_ON_START"] == "false"
    assert (tmp_path / "w.db").exists()


def test_single_worker_serves_the_app_object(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TIERMEM_DATABASE_URL", f"sqlite:///{tmp_path / 's.db'}")
    calls = _capture(monkeypatch)
    result = CliRunner().invoke(app, ["serve", "--port", str(free_port())])
    assert result.exit_code == 0, result.output
    [(target, kwargs)] = calls
    assert not isinstance(target, str)
    assert kwargs["workers"] == 1


def test_zero_workers_is_refused() -> None:
    result = CliRunner().invoke(app, ["serve", "--workers", "0"])
    assert result.exit_code == 2
