"""Purge of expired rows, store-level erasure and re-applying receipts after a restore,
idempotency records, and ``tiermem expire`` through the real typer app."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlalchemy import Engine, text
from sqlmodel import Session
from typer.testing import CliRunner

from api.cli import _register, app
from longterm import audit, idempotency, queries
from longterm.erasure import erase_user, list_receipts, reapply_receipts
from longterm.errors import IdempotencyMismatch, NotFound
from longterm.expiry import purge_expired, tenants_with_expired
from longterm.models import EventWrite, PreferenceWrite
from longterm.testing import AllowAllGate
from longterm.write_path import submit
from tests.longterm.conftest import ADMIN, AGENT, T0, Clock

GATE = AllowAllGate()


def _seed(db: Session, now, *, user="u1", ttl: int | None = 60) -> str:
    for key, value in (("food.diet", "vegan"), ("travel.seat.preference", "aisle")):
        submit(
            db,
            write=PreferenceWrite(user, key, value, "user_stated", ttl_seconds=ttl),
            subject=AGENT,
            gate=GATE,
            now=now,
        )
    event = submit(
        db,
        write=EventWrite(
            user, "trip.booked", "G7301 to Hangzhou", now, "user_stated", ttl_seconds=ttl
        ),
        subject=AGENT,
        gate=GATE,
        now=now,
    ).event
    db.commit()
    return event.id


def _count(db: Session, table: str) -> int:
    return int(db.connection().execute(text(f"SELECT count(*) FROM {table}")).scalar_one())


def test_purge_hard_deletes_expired_rows_and_audits(db: Session, clock: Clock) -> None:
    _seed(db, clock.now)
    _seed(db, clock.now, user="u2", ttl=None)
    assert tenants_with_expired(db, now=clock.now) == []
    assert purge_expired(db, subject=ADMIN, now=clock.now)["preferences"] == 0
    clock.advance(minutes=2)
    assert tenants_with_expired(db, now=clock.now) == ["t1"]
    counts = purge_expired(db, subject=ADMIN, now=clock.now)
    db.commit()
    assert counts == {"preferences": 2, "preference_history": 2, "events": 1, "idempotency_keys": 0}
    assert _count(db, "lt_preferences") == 2 and _count(db, "lt_events") == 1  # u2's stay
    rows = audit.list_audit(db, tenant_id="t1", action="expire.purge").items
    assert [(r.user_id, r.detail["events"]) for r in rows] == [("u1", 1)]
    if db.get_bind().dialect.name == "sqlite":
        hits = db.connection().execute(
            text("SELECT count(*) FROM lt_events_fts WHERE lt_events_fts MATCH 'hangzhou'")
        )
        assert hits.scalar_one() == 1  # only u2's event is still indexed


def test_erase_user_and_reapply_after_restore(db: Session, clock: Clock) -> None:
    _seed(db, clock.now, ttl=None)
    _seed(db, clock.now, user="u2", ttl=None)
    receipt = erase_user(
        db, subject=ADMIN, user_id="u1", now=clock.advance(seconds=1), scope="longterm"
    )
    db.commit()
    assert receipt.counts == {
        "preferences": 2,
        "preference_history": 2,
        "events": 1,
        "idempotency_keys": 0,
    }
    assert queries.list_preferences(db, tenant_id="t1", user_id="u1", now=clock.now).items == []
    assert len(queries.list_preferences(db, tenant_id="t1", user_id="u2", now=clock.now).items) == 2
    # A backup from before the erasure is restored: the old rows come back ...
    _seed(db, T0 - timedelta(days=1), ttl=None)
    # ... and the user also came back after the erasure with a new preference.
    submit(
        db,
        write=PreferenceWrite("u1", "language.preferred", "zh-CN", "user_stated"),
        subject=AGENT,
        gate=GATE,
        now=clock.advance(seconds=1),
    )
    db.commit()
    totals = reapply_receipts(db, subject=ADMIN, now=clock.now)
    db.commit()
    assert totals["preferences"] == 2 and totals["events"] == 1
    left = queries.list_preferences(db, tenant_id="t1", user_id="u1", now=clock.now).items
    assert [p.key for p in left] == ["language.preferred"]
    assert [r.id for r in list_receipts(db, tenant_id="t1")] == [receipt.id]
    # The user's new life keeps its id; the trail up to the erasure names only the keyed ref.
    actions = [r.action for r in audit.list_audit(db, tenant_id="t1", user_id="u1").items]
    assert actions == ["preference.create", "policy.write"]
    ref = list_receipts(db, tenant_id="t1")[0].user_id
    assert ref.startswith("user:hmac:")
    erased = [r.action for r in audit.list_audit(db, tenant_id="t1", user_id=ref).items]
    assert erased[0] == "user.erase.reapply" and "user.erase" in erased


def test_idempotency_records(db: Session, clock: Clock) -> None:
    fp = idempotency.fingerprint("PUT", "/v1/users/u1/preferences/food.diet", b'{"a": 1}')
    assert fp == idempotency.fingerprint("put", "/v1/users/u1/preferences/food.diet", b'{"a":1}')
    args = {"tenant_id": "t1", "owner": "k1", "key": "abc", "now": clock.now}
    assert idempotency.lookup(db, request_hash=fp, **args) is None
    stored = idempotency.StoredResponse(201, {"ok": True}, {"ETag": '"x.1"'})
    assert idempotency.remember(db, user_id="u1", request_hash=fp, response=stored, **args)
    assert not idempotency.remember(db, user_id="u1", request_hash=fp, response=stored, **args)
    db.commit()
    assert idempotency.lookup(db, request_hash=fp, **args) == stored
    with pytest.raises(IdempotencyMismatch):
        idempotency.lookup(db, request_hash="other", **args)
    other_tenant = {**args, "tenant_id": "t2"}
    assert idempotency.lookup(db, request_hash=fp, **other_tenant) is None
    later = {**args, "now": clock.advance(hours=25)}
    assert idempotency.lookup(db, request_hash=fp, **later) is None
    assert purge_expired(db, subject=ADMIN, now=clock.now)["idempotency_keys"] == 1


def test_cli_expire(engine: Engine, module_database_url: str, clock: Clock) -> None:
    _register()
    with Session(engine) as db:
        _seed(db, T0)
    runner = CliRunner()
    result = runner.invoke(app, ["expire"], env={"TIERMEM_DATABASE_URL": module_database_url})
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout.strip().splitlines()[-1])
    assert line["tenant"] == "t1" and line["purged"]["preferences"] == 2
    with Session(engine) as db, pytest.raises(NotFound):
        queries.get_preference(db, tenant_id="t1", user_id="u1", key="food.diet", now=T0)
    result = runner.invoke(
        app, ["expire", "--reapply-erasures"], env={"TIERMEM_DATABASE_URL": module_database_url}
    )
    assert result.exit_code == 2 and "needs --tenant" in result.stderr
    result = runner.invoke(
        app,
        ["expire", "--tenant", "t1", "--reapply-erasures", "--vacuum"],
        env={"TIERMEM_DATABASE_URL": module_database_url},
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["reapplied"] == {}
