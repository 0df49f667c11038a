"""A replica's job scheduler in its own process (for the two-replica test).

Usage: ``python -m tests.api.jobs.consolidate_worker URL GO_FILE NOW_ISO``: waits (bounded)
until ``GO_FILE`` exists so that both workers start together, then starts the same APScheduler
``BackgroundScheduler`` the service starts (``api.jobs.scheduler.start_scheduler``, consolidation
every second), waits for its first consolidation run, shuts it down and prints that run's
report as JSON.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path

from api.jobs.results import JobCounts
from api.jobs.scheduler import JobRunner, start_scheduler
from policy.gate import CasbinGate
from storage.engine import create_db_engine


def main() -> None:
    url, go_file, now_iso = sys.argv[1:4]
    deadline = time.monotonic() + 30
    while not Path(go_file).exists():
        if time.monotonic() > deadline:
            raise SystemExit("go file never appeared")
        time.sleep(0.01)
    engine = create_db_engine(url)
    results: list[JobCounts | None] = []
    done = threading.Event()

    def observe(job: str, result: JobCounts | None) -> None:
        if job == "consolidate":
            results.append(result)
            done.set()

    now = datetime.fromisoformat(now_iso)
    runner = JobRunner(
        engine,
        CasbinGate(engine=engine),
        timedelta(minutes=30),
        clock=lambda: now,
        observe=observe,
    )
    scheduler = start_scheduler(runner, consolidate_every=timedelta(seconds=1))
    try:
        if not done.wait(timeout=60):
            raise SystemExit("the scheduler never ran the consolidation job")
    finally:
        scheduler.shutdown(wait=True)
        engine.dispose()
    if results[0] is None:
        raise SystemExit("the consolidation run failed")
    print(json.dumps(results[0].model_dump(mode="json")))


if __name__ == "__main__":
    main()
