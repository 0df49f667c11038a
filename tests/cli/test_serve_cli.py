"""``tiermem serve`` as a real process on 127.0.0.1: prints the docs URL, serves, logs JSON."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(tmp_path: Path, *args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", "from api.cli import main; main()", "serve", *args],
        cwd=ROOT,
        env=os.environ | env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_up(url: str, proc: subprocess.Popen[str], *, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"serve exited early with {proc.returncode}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    pytest.fail(f"{url} not up after {seconds}s")


def test_serve_runs_on_sqlite_and_logs_json(tmp_path: Path) -> None:
    port = free_port()
    env = {
        "TIERMEM_DATABASE_URL": f"sqlite:///{tmp_path / 'serve.db'}",
        "TIERMEM_SCHEDULER_ENABLED": "false",
    }
    proc = start(tmp_path, "--port", str(port), env=env)
    try:
        wait_up(f"http://127.0.0.1:{port}/healthz", proc)
        assert httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5).status_code == 200
        assert httpx.get(f"http://127.0.0.1:{port}/docs", timeout=5).status_code == 200
        assert httpx.get(f"http://127.0.0.1:{port}/v1/me", timeout=5).status_code == 401
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/docs" in out
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    routes = {(e.get("route"), e.get("status")) for e in lines if e.get("event") == "request"}
    assert ("/readyz", 200) not in routes  # successful probes are logged at DEBUG
    assert ("/docs", 200) in routes
    assert ("/v1/me", 401) in routes
    assert all(not line or line.startswith("{") for line in err.splitlines()), err


def test_serve_with_bad_database_url_is_one_line(tmp_path: Path) -> None:
    env = {"TIERMEM_DATABASE_URL": "nonsense://", "TIERMEM_SCHEDULER_ENABLED": "false"}
    proc = start(tmp_path, "--port", str(free_port()), env=env)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
