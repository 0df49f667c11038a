"""The command line as a new user meets it: fast help without heavy imports, ``--version``,
metavars instead of Python type names, a stable default database, and what ``keys create`` and
``serve`` say about the database they use."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.cli import _register, app
from tests.cli.test_serve_cli import ROOT, free_port, start, wait_up
from tests.golden.surface import cli_help

_register()
runner = CliRunner()

HEAVY = ("fastapi", "starlette", "sqlalchemy", "sqlmodel", "alembic", "openai", "uvicorn",
         "tiktoken", "casbin", "apscheduler", "anthropic", "httpx")  # fmt: skip


def test_help_imports_no_service_or_model_library() -> None:
    # A fresh interpreter: import the CLI, register every command, render every help page.
    code = (
        "import sys, json\n"
        "from tests.golden.surface import cli_help\n"
        "cli_help()\n"
        f"print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert loaded == [], f"rendering --help imported {loaded}; import them inside the command"


def test_help_shows_no_python_type_names() -> None:
    pages = cli_help()
    typed = {
        name: sorted(set(re.findall(r"<(?:str|int|float|bool|path|list\[[^>]*\])>", text)))
        for name, text in pages.items()
    }
    assert {name: found for name, found in typed.items() if found} == {}
    assert "--port N" in pages["tiermem serve"]
    assert "--tenant TENANT" in pages["tiermem keys create"]


def test_version() -> None:
    from importlib.metadata import version

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"tiermem {version('tiermem')}"


def test_default_database_is_in_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from api.settings import Settings

    monkeypatch.delenv("TIERMEM_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    expected = f"sqlite:///{tmp_path / 'data' / 'tiermem' / 'tiermem.db'}"
    for where in (tmp_path, ROOT):
        monkeypatch.chdir(where)
        assert Settings().database_url == expected


def test_keys_create_says_when_it_creates_a_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TIERMEM_DATABASE_URL", raising=False)
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    first = runner.invoke(app, ["keys", "create", "--tenant", "t1", "--role", "agent"], env=env)
    assert first.exit_code == 0, first.output
    db = tmp_path / "data" / "tiermem" / "tiermem.db"
    assert first.stderr.strip() == f"tiermem: created a new database at {db}"
    assert db.exists()
    monkeypatch.chdir(tmp_path)  # another directory: the same database, nothing new said
    again = runner.invoke(app, ["keys", "create", "--tenant", "t1", "--role", "agent"], env=env)
    assert again.exit_code == 0
    assert again.stderr == ""
    listing = runner.invoke(app, ["keys", "list", "--tenant", "t1"], env=env)
    assert len(listing.stdout.strip().splitlines()) == 2


def test_serve_prints_the_database_masked_and_the_address_after_binding(tmp_path: Path) -> None:
    port = free_port()
    env = {
        "TIERMEM_DATABASE_URL": f"sqlite:///{tmp_path / 'serve.db'}",
        "TIERMEM_SCHEDULER_ENABLED": "false",
    }
    proc = start(tmp_path, "--port", str(port), env=env)
    try:
        wait_up(f"http://127.0.0.1:{port}/healthz", proc)
    finally:
        proc.terminate()
        out, _err = proc.communicate(timeout=30)
    lines = out.splitlines()
    assert (
        lines[0] == f"tiermem: database sqlite:///{tmp_path / 'serve.db'} (a new file, created now)"
    )
    assert lines[1] == f"tiermem: serving on http://127.0.0.1:{port}"


def test_serve_on_a_busy_port_is_one_line_and_exit_3(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        env = {
            "TIERMEM_DATABASE_URL": f"sqlite:///{tmp_path / 'busy.db'}",
            "TIERMEM_SCHEDULER_ENABLED": "false",
        }
        proc = start(tmp_path, "--port", str(port), env=env)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 3
    assert err.strip().splitlines() == [
        f"tiermem: cannot listen on 127.0.0.1:{port}: Address already in use"
    ]
    assert "serving on" not in out


def test_masked_password() -> None:
    from api.cli.database import masked_url

    shown = masked_url("postgresql+psycopg://app:s3cret@db.internal:5432/tiermem")
    assert "s3cret" not in shown
    assert shown == "postgresql+psycopg://app:***@db.internal:5432/tiermem"


def test_unreachable_summarizer_is_reported_on_stderr(tmp_path: Path) -> None:
    history = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} about trains " * 40}
        for i in range(30)
    ]
    source = tmp_path / "history.json"
    source.write_text(json.dumps(history), encoding="utf-8")
    closed = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    result = runner.invoke(
        app,
        [
            "compact",
            str(source),
            "--context-limit",
            "8000",
            "--max-output-tokens",
            "500",
            "--summarizer",
            "openai",
            "--llm-base-url",
            closed,
            "--llm-model",
            "m",
            "-o",
            str(tmp_path / "out.json"),
        ],
        env={"OPENAI_API_KEY": "unused"},
    )
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["report"]
    assert report["fallback"] == "summarizer_error"
    assert "unreachable" in report["summarizer_error"]
    (line,) = result.stderr.strip().splitlines()
    assert "unreachable" in line and "report.fallback: summarizer_error" in line
