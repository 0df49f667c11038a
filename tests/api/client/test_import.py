"""Importing the client starts nothing: no app, no database layer, no SQLAlchemy, no routes."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("sqlalchemy", "sqlmodel", "fastapi", "starlette", "api.app", "api.routes", "storage")


def test_importing_the_client_loads_no_server_code() -> None:
    code = (
        "import json, sys\n"
        "from api.client import AsyncClient, Client\n"
        f"heavy = {HEAVY!r}\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(heavy))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert json.loads(out.stdout) == []
