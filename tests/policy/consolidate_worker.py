"""A consolidation runner in its own process (for the two-replica test).

Usage: ``python -m tests.policy.consolidate_worker URL TENANT GO_FILE NOW_ISO``: waits
(bounded) until ``GO_FILE`` exists so that both workers start together, runs one
consolidation of ``TENANT`` with a short pause before each unit to interleave with the
other worker, and prints its report as JSON.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

from api.storage.engine import create_db_engine
from policy.consolidation import consolidate
from policy.gate import CasbinGate


def main() -> None:
    url, tenant, go_file, now_iso = sys.argv[1:5]
    deadline = time.monotonic() + 30
    while not Path(go_file).exists():
        if time.monotonic() > deadline:
            raise SystemExit("go file never appeared")
        time.sleep(0.01)
    engine = create_db_engine(url)
    try:
        report = consolidate(
            engine,
            gate=CasbinGate(engine=engine),
            now=datetime.fromisoformat(now_iso),
            idle=timedelta(minutes=30),
            tenant_id=tenant,
            on_unit=lambda _due: time.sleep(0.005),
        )
    finally:
        engine.dispose()
    print(json.dumps(report.as_dict()))


if __name__ == "__main__":
    main()
