"""``api.jobs.expiry``: the one expiry behind the scheduler, ``tiermem expire`` and the retention
route; the CLI takes the scheduler's run-once lock (an advisory lock on PostgreSQL, a lease on
SQLite) and reports a tenant another process is expiring instead of expiring it twice."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlmodel import Session, func, select
from typer.testing import CliRunner

import api
from api.cli import _register, app
from api.jobs.expiry import EXPIRE_LOCK, expire_tenant
from api.jobs.scheduler import JobRunner
from longterm.gate import Principal
from longterm.models import PreferenceWrite
from longterm.storage import PreferenceRow
from longterm.testing import AllowAllGate
from longterm.write_path import submit
from policy.gate import CasbinGate
from storage.locks import acquire_lease, advisory_key, release_lease, uses_leases

T0 = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)
AGENT = Principal("agent", "t1", key_id="k-agent")


def _seed_expired(engine: Engine) -> None:
    with Session(engine) as db:
        for key, value in (("food.diet", "vegan"), ("travel.seat.preference", "aisle")):
            write = PreferenceWrite("u1", key, value, "user_stated", ttl_seconds=60)
            assert submit(db, write=write, subject=AGENT, gate=AllowAllGate(), now=T0).ok
        db.commit()


def _preferences(engine: Engine) -> int:
    with Session(engine) as db:
        stmt = (
            select(func.count()).select_from(PreferenceRow).where(PreferenceRow.tenant_id == "t1")
        )
        return int(db.exec(stmt).one())


@contextmanager
def _held_elsewhere(engine: Engine, *, tenant: str, name: str) -> Iterator[None]:
    """The run-once lock ``name`` held by "another process" while the block runs."""
    if uses_leases(engine):
        now = datetime.now(UTC)
        assert acquire_lease(engine, tenant_id=tenant, name=name, now=now, holder="elsewhere")
        try:
            yield
        finally:
            release_lease(engine, tenant_id=tenant, name=name, holder="elsewhere")
        return
    with engine.connect() as conn, conn.begin():
        key = advisory_key(tenant, name)
        assert conn.execute(text("SELECT pg_try_advisory_xact_lock(:k)"), {"k": key}).scalar()
        yield


def test_the_cli_takes_the_schedulers_lock(engine: Engine, database_url: str) -> None:
    _register()
    _seed_expired(engine)
    env = {"TIERMEM_DATABASE_URL": database_url}
    runner = CliRunner()
    with _held_elsewhere(engine, tenant="t1", name=EXPIRE_LOCK):
        result = runner.invoke(app, ["expire", "--tenant", "t1"], env=env)
        assert result.exit_code == 1, result.output
        assert json.loads(result.stdout) == {"tenant": "t1", "locked": True}
        assert "another process is expiring t1" in result.stderr
        assert _preferences(engine) == 2  # nothing purged under someone else's lock
        # the scheduler's job sees the very same lock
        job = JobRunner(
            engine,
            CasbinGate(engine=engine),
            timedelta(minutes=30),
            clock=lambda: datetime.now(UTC),
        )
        counts = job.run("expire", tenant_id="t1")
        assert (counts.tenants, counts.locked, counts.purged) == (1, 1, {})
    result = runner.invoke(app, ["expire", "--tenant", "t1"], env=env)
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout)
    assert line["purged"]["preferences"] == 2 and "locked" not in line
    assert _preferences(engine) == 0


def test_the_retention_purge_alone_takes_no_lock(engine: Engine) -> None:
    admin = Principal("admin", "t1", key_id="k-admin")
    with _held_elsewhere(engine, tenant="t1", name=EXPIRE_LOCK):
        run = expire_tenant(engine, actor=admin, now=datetime.now(UTC), long_term=False)
    assert not run.locked and run.purged == {}
    assert run.session_retention.messages == 0


_CALL = r"(?<!def )\b{}\("


@pytest.mark.parametrize("function", ["purge_expired", "purge_session_messages"])
def test_one_expiry_implementation(function: str) -> None:
    """Only ``api.jobs.expiry`` purges: the scheduler, the CLI and the routes call it."""
    root = Path(api.__path__[0])
    callers = sorted(
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if re.search(_CALL.format(function), path.read_text(encoding="utf-8"))
    )
    assert callers == ["jobs/expiry.py"]


def test_expiry_reads_one_clock(engine: Engine) -> None:
    """Rows expire at the job's ``now``, not at the wall clock: one second before the expiry
    nothing is purged, at it everything is."""
    _seed_expired(engine)
    admin = Principal("admin", "t1", key_id="k-admin")
    before = expire_tenant(engine, actor=admin, now=T0 + timedelta(seconds=59))
    assert before.purged["preferences"] == 0 and _preferences(engine) == 2
    at = expire_tenant(engine, actor=admin, now=T0 + timedelta(seconds=60))
    assert at.purged["preferences"] == 2 and _preferences(engine) == 0
