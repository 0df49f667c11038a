"""Pins on SQLite and PostgreSQL (no HTTP): replacing the set, refusing unknown ids
(``api.sessions.pins``).
"""

from __future__ import annotations

import pytest
from sqlmodel import Session

from api.sessions import set_pins
from api.sessions.errors import InvalidSessionInput
from api.sessions.tables import SessionPinRow
from tests.api._sessions_support import (
    append,
    chat_history,
    count_rows,
    new_session,
)

T1 = T2 = ""  # fresh names for every test, set by ``unique_tenants`` (conftest)


def test_pins_replace_and_unknown_ids_are_refused(db: Session) -> None:
    sid = new_session(db)
    ids = append(db, sid, chat_history(2)).ids
    out = set_pins(db, tenant_id=T1, session_id=sid, user_scope=None, message_ids=[ids[1]])
    assert out.message_ids == [ids[1]]
    with pytest.raises(InvalidSessionInput) as err:
        set_pins(db, tenant_id=T1, session_id=sid, user_scope=None, message_ids=["nope"])
    assert err.value.extensions["unknown_ids"] == ["nope"]
    assert count_rows(db, SessionPinRow, sid) == 1  # the failed call changed nothing
