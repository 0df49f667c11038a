"""Run-once locks: lease rows (SQLite) expire and can be taken over; advisory locks (PostgreSQL)
exclude a second holder until the first transaction ends."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from storage.locks import acquire_lease, advisory_key, release_lease, try_advisory_xact_lock
from tests.scenarios.trip import T0


def test_leases_exclude_expire_and_release(shared_engine: Engine, tenant: str) -> None:
    lease: dict[str, Any] = {"tenant_id": tenant, "name": "consolidate:user:u1"}
    assert acquire_lease(shared_engine, now=T0, holder="a", **lease)
    assert not acquire_lease(shared_engine, now=T0 + timedelta(minutes=9), holder="b", **lease)
    # a holder that died leaves an expired lease, which the next run takes over
    assert acquire_lease(shared_engine, now=T0 + timedelta(minutes=11), holder="b", **lease)
    release_lease(shared_engine, holder="a", **lease)  # not a's any more: no effect
    assert not acquire_lease(shared_engine, now=T0 + timedelta(minutes=12), holder="c", **lease)
    release_lease(shared_engine, holder="b", **lease)
    assert acquire_lease(shared_engine, now=T0 + timedelta(minutes=12), holder="c", **lease)
    other_tenant = {**lease, "tenant_id": tenant + "0"}
    assert acquire_lease(shared_engine, now=T0, holder="d", **other_tenant)


def test_advisory_locks_exclude_until_the_transaction_ends(shared_engine: Engine) -> None:
    if shared_engine.dialect.name != "postgresql":
        pytest.skip("advisory locks are PostgreSQL's; SQLite uses leases")
    engine = shared_engine
    assert advisory_key("t1", "x") != advisory_key("t10", "x")
    with Session(engine) as first, Session(engine) as second:
        assert try_advisory_xact_lock(first, tenant_id="t1", name="x")
        assert not try_advisory_xact_lock(second, tenant_id="t1", name="x")
        assert try_advisory_xact_lock(second, tenant_id="t10", name="x")
        second.rollback()
        first.commit()
        assert try_advisory_xact_lock(second, tenant_id="t1", name="x")
        second.rollback()
