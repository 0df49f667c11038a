"""Keyed references (``longterm.pseudonyms``): stable within a tenant, unlinkable across
tenants, not a bare hash, one secret per tenant made on first use; vocabulary words stay."""

from __future__ import annotations

import hashlib
import uuid

from sqlalchemy import Engine, func
from sqlmodel import Session, select

from longterm.pseudonyms import (
    FreeText,
    TenantSecretRow,
    category_name,
    existing_user_ref,
    is_ref,
    keyed_ref,
    user_ref,
)
from tests.longterm.conftest import T0


def _tenant() -> str:
    return "t" + uuid.uuid4().hex[:12]


def test_refs_are_keyed_stable_and_per_tenant(engine: Engine) -> None:
    one, two = _tenant(), _tenant()
    with Session(engine) as db:
        assert existing_user_ref(db, tenant_id=one, user_id="alice") is None  # reads create none
        first = user_ref(db, tenant_id=one, user_id="alice", now=T0)
        db.commit()
    with Session(engine) as db:
        assert user_ref(db, tenant_id=one, user_id="alice", now=T0) == first
        assert existing_user_ref(db, tenant_id=one, user_id="alice") == first
        assert user_ref(db, tenant_id=two, user_id="alice", now=T0) != first
        kind = keyed_ref(db, tenant_id=one, text=FreeText("kind", "alice"), now=T0)
        db.commit()
        count = select(func.count()).select_from(TenantSecretRow)
        rows = db.exec(count.where(TenantSecretRow.tenant_id.in_([one, two]))).one()  # type: ignore[attr-defined]
    assert rows == 2
    assert first.startswith("user:hmac:") and len(first) == len("user:hmac:") + 32 and is_ref(first)
    assert kind.startswith("kind:hmac:") and kind.split(":")[-1] != first.split(":")[-1]
    for bare in (
        hashlib.sha256(b"alice").hexdigest(),
        hashlib.sha256(b"user\x00alice").hexdigest(),
    ):
        assert first.split(":")[-1] not in bare


def test_vocabulary_categories_stay_and_made_up_ones_do_not() -> None:
    for word in ("travel", "food", "other", "health", "payment"):
        assert category_name(word) == word
    assert category_name("zqmyownthing") == FreeText("category", "zqmyownthing")
