"""A replica's consolidation run that is SIGKILLed in the middle of a unit (for the kill test).

Usage: ``python -m tests.api.jobs.killed_worker URL TENANT NOW_ISO READY_FILE``: consolidates
``TENANT``'s idle sessions as the service's job does; the third unit, after its preference
writes went to the database but before its task event and commit, touches ``READY_FILE`` and
waits (bounded, 60 s) to be killed. Nothing here is cleaned up on purpose: the test sends
SIGKILL, so no ``finally``, no rollback and no lock release in this process ever runs.
"""

from __future__ import annotations

import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import policy.consolidation as consolidation
from api.jobs.consolidation import consolidate
from api.sessions.source import SqlSessionSource
from policy.gate import CasbinGate
from storage.engine import create_db_engine

WAIT_FOR_KILL_S = 60


def main() -> None:
    url, tenant, now_iso, ready = sys.argv[1:5]
    engine = create_db_engine(url)
    real = consolidation._task_event
    calls = {"n": 0}

    def killed_on_third_unit(*args: Any, **kwargs: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            Path(ready).touch()
            time.sleep(WAIT_FOR_KILL_S)  # the test kills us here, mid-transaction
            raise SystemExit("never killed")
        real(*args, **kwargs)

    consolidation._task_event = killed_on_third_unit
    consolidate(
        engine,
        gate=CasbinGate(engine=engine),
        sessions=SqlSessionSource(),
        now=datetime.fromisoformat(now_iso),
        idle=timedelta(minutes=30),
        tenant_id=tenant,
    )
    raise SystemExit("the run ended without reaching the third unit")


if __name__ == "__main__":
    main()
