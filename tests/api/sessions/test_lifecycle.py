"""Creating, reading and listing sessions on SQLite and PostgreSQL (no HTTP): tenancy and the
key's user restriction (``api.sessions.lifecycle``, ``api.sessions.store.load_session``).
"""

from __future__ import annotations

import pytest
from sqlmodel import Session

from api.sessions import get_session, list_sessions
from api.sessions.errors import SessionNotFound
from tests.api._sessions_support import (
    append,
    new_session,
)

T1 = T2 = ""  # fresh names for every test, set by ``unique_tenants`` (conftest)


def test_other_tenant_and_other_user_see_not_found(db: Session) -> None:
    sid = new_session(db, tenant=T1, user="alice")
    with pytest.raises(SessionNotFound):
        get_session(db, tenant_id=T2, session_id=sid, user_scope=None)
    with pytest.raises(SessionNotFound):
        get_session(db, tenant_id=T1, session_id=sid, user_scope="bob")
    with pytest.raises(SessionNotFound):
        append(db, sid, [{"role": "user", "content": "x"}], tenant=T2)
    listed = list_sessions(db, tenant_id=T1, user_id=None, user_scope=None)
    assert [s.id for s in listed.items] == [sid] and listed.next_cursor is None
    assert list_sessions(db, tenant_id=T2, user_id=None, user_scope=None).items == []
    assert list_sessions(db, tenant_id=T1, user_id="alice", user_scope="bob").items == []
