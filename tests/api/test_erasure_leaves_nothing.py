"""Erasure leaves nothing a user chose, not even their id (issue 12, "Erasure leaves nothing").

Unique strings are planted as the user id, an event kind, an event category, a consent
category and an unregistered preference key. Free text never reaches the audit log (the kind,
the categories and the key are keyed references from the start): the audit API, the export and
the raw ``lt_audit_log`` rows are searched literally for them. After the erasure no column of
any table (every table, both backends) holds the user id, while the user's audit rows are all
still there under ``user:hmac:<32 hex>``, a reference a dictionary of user ids cannot reverse
without the tenant's secret. After a restore from a backup taken before the erasure, the
receipt's re-application (``tiermem expire --reapply-erasures``) finds the user by that
reference and erases them again.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import string
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from typer.testing import CliRunner

from api.cli import _register
from api.cli import app as cli
from storage.engine import create_db_engine
from tests.api._sessions_support import FakeSummarizer, sessions_client
from tests.api.conftest import bearer, make_key

# Every test migrates its database first (make_key, the app's startup): start from a migrated copy.
pytestmark = pytest.mark.migrated_database

SMALL = {"context_limit": 3000, "max_output_tokens": 500, "tool_reserve": 100, "safety_margin": 100}


def _word(prefix: str) -> str:
    return prefix + "".join(random.choices(string.ascii_lowercase, k=12))


@dataclass(frozen=True)
class Planted:
    """The unique strings one user's data carries."""

    user: str
    kind: str
    event_category: str
    consent_category: str
    key: str

    @classmethod
    def new(cls) -> Planted:
        return cls(
            user=_word("zqu"),
            kind=_word("zqk") + ".booked",
            event_category=_word("zqe"),
            consent_category=_word("zqc"),
            key=_word("zqp") + ".note",
        )

    def chosen(self) -> list[str]:
        """The names the user or agent chose (not the user id)."""
        # the kind's head alone too: a kind must not leak by its first word either
        head = self.kind.split(".")[0]
        return [self.kind, head, self.event_category, self.consent_category, self.key]


def _scan(url: str, needle: str, *, tables: tuple[str, ...] | None = None) -> list[str]:
    """The tables (every one unless named) with a column of any row holding ``needle``."""
    engine = create_db_engine(url)
    hits: set[str] = set()
    try:
        with engine.connect() as conn:
            for table in tables or tuple(inspect(conn).get_table_names()):
                for row in conn.execute(text(f'SELECT * FROM "{table}"')):
                    for value in row:
                        raw = value if isinstance(value, bytes) else str(value).encode()
                        if needle.encode() in raw:
                            hits.add(table)
    finally:
        engine.dispose()
    return sorted(hits)


def _fill(client: TestClient, h: dict[str, str], p: Planted) -> None:
    base = f"/v1/users/{p.user}"
    put = client.put(
        f"{base}/preferences/{p.key}", json={"value": "x", "source": "user_stated"}, headers=h
    )
    assert put.status_code == 201, put.text
    assert client.delete(f"{base}/preferences/{p.key}", headers=h).status_code == 204
    put = client.put(
        f"{base}/preferences/food.diet", json={"value": "vegan", "source": "user_stated"}, headers=h
    )
    assert put.status_code == 201, put.text
    event = {
        "kind": p.kind,
        "category": p.event_category,
        "text": "Booked a table",
        "source": "user_stated",
        "occurred_at": "2026-09-19T08:00:00+08:00",
    }
    assert client.post(f"{base}/events", json=event, headers=h).status_code == 201
    consent = client.put(f"{base}/consents/{p.consent_category}", headers=h)
    assert consent.status_code in (200, 201), consent.text
    assert client.delete(f"{base}/consents/{p.consent_category}", headers=h).status_code in (
        200,
        204,
    )
    session = client.post("/v1/sessions", json={"user_id": p.user, "budget": SMALL}, headers=h)
    assert session.status_code == 201, session.text
    sid = session.json()["id"]
    messages = [{"role": "user", "content": "I like window seats " + "lorem " * 80}] * 1
    for turn in range(6):
        body = {"messages": [{**messages[0], "content": f"{turn} {messages[0]['content']}"}]}
        assert client.post(f"/v1/sessions/{sid}/messages", json=body, headers=h).status_code in (
            200,
            201,
        )
        assert client.post(f"/v1/sessions/{sid}/context", headers=h).status_code == 200
    assert (
        client.post(f"/v1/sessions/{sid}/end", json={"consents": []}, headers=h).status_code == 200
    )
    assert client.get(f"{base}/export", headers=h).status_code == 200  # audited as user.export


def _audit(client: TestClient, admin: dict[str, str], user: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    params: dict[str, str | int] = {"user_id": user, "limit": 200}
    while True:
        page = client.get("/v1/audit", params=params, headers=admin)
        assert page.status_code == 200, page.text
        rows += page.json()["items"]
        if not page.json()["next_cursor"]:
            return rows
        params["cursor"] = page.json()["next_cursor"]


def test_no_user_chosen_text_in_the_audit_and_no_user_id_after_erasure(database_url: str) -> None:
    gone, kept = Planted.new(), Planted.new()
    admin = bearer(make_key(database_url, "t1", "admin"))
    mine = bearer(make_key(database_url, "t1", "agent", user=gone.user))
    other = bearer(make_key(database_url, "t1", "agent", user=kept.user))
    with sessions_client(database_url, summarizer=FakeSummarizer()) as client:
        _fill(client, mine, gone)
        _fill(client, other, kept)
        before = _audit(client, admin, gone.user)
        assert {"event.create", "consent.grant", "session.end", "user.export"} <= {
            str(r["action"]) for r in before
        }, sorted({str(r["action"]) for r in before})
        export = client.get(f"/v1/users/{gone.user}/export", headers=admin).text
        for word in gone.chosen():
            # the data itself still holds them (so the search below can find what it looks for)
            assert word in export or word == gone.kind.split(".")[0], word
            assert word not in json.dumps(before), word
            assert word not in json.dumps(json.loads(export)["audit"]), word
            assert _scan(database_url, word, tables=("lt_audit_log",)) == [], word

        erased = client.delete(f"/v1/users/{gone.user}/memories", headers=mine)
        assert erased.status_code == 200, erased.text
        assert erased.json()["user_id"] == gone.user  # the caller's own words, not stored

        assert _scan(database_url, gone.user) == []
        for word in gone.chosen():
            assert _scan(database_url, word) == [], word
        assert _audit(client, admin, gone.user) == []
        export = client.get(f"/v1/users/{gone.user}/export", headers=admin).json()
        assert export["audit"] == [] and len(export["erasure_receipts"]) == 1
        ref = export["erasure_receipts"][0]["user_id"]
        assert ref.startswith("user:hmac:") and len(ref) == len("user:hmac:") + 32
        bare = hashlib.sha256(gone.user.encode()).hexdigest()
        assert ref.removeprefix("user:hmac:") not in bare  # keyed, not a dictionary-reversible hash
        after = _audit(client, admin, ref)
        # every row still there, plus the admin's export above and the erasure itself
        assert [r["id"] for r in after[2:]] == [r["id"] for r in before]
        assert [r["action"] for r in after[:2]] == ["user.erase", "user.export"]
        assert after[0]["action"] == "user.erase" and {r["user_id"] for r in after} == {ref}
        assert not any(r["object_id"] == gone.user for r in after)
        keys = client.get("/v1/keys", headers=admin).json()["items"]
        assert [k["user_id"] for k in keys if k["user_id"] == ref] == [ref]  # revoked, renamed
        # the other user is untouched
        assert len(_audit(client, admin, kept.user)) > 0
    assert _scan(database_url, kept.user) != []


def test_reapply_after_restore_finds_the_user_by_reference(sqlite_url: str, tmp_path: Path) -> None:
    gone = Planted.new()
    path = Path(sqlite_url.removeprefix("sqlite:///"))
    admin = bearer(make_key(sqlite_url, "t1", "admin"))
    mine = bearer(make_key(sqlite_url, "t1", "agent", user=gone.user))
    backup = tmp_path / "backup.db"
    with sessions_client(sqlite_url, summarizer=FakeSummarizer()) as client:
        _fill(client, mine, gone)
        engine = create_db_engine(sqlite_url)
        with engine.connect() as conn:  # a consistent copy: the WAL folded into the file
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        engine.dispose()
        shutil.copyfile(path, backup)
        assert client.delete(f"/v1/users/{gone.user}/memories", headers=admin).status_code == 200
    # What outlives backups (docs/erasure.md): the receipts and the tenant secrets, exported ...
    engine = create_db_engine(sqlite_url)
    with engine.connect() as conn:
        receipts = [
            dict(r._mapping) for r in conn.execute(text("SELECT * FROM lt_erasure_receipts"))
        ]
        secrets = [dict(r._mapping) for r in conn.execute(text("SELECT * FROM lt_tenant_secrets"))]
    engine.dispose()
    assert receipts and secrets and gone.user not in json.dumps(receipts, default=str)
    # ... the old backup restored over the database, then receipts and secrets put back.
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(backup, path)
    assert _scan(sqlite_url, gone.user) != []
    engine = create_db_engine(sqlite_url)
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM lt_tenant_secrets"))
        for table, rows in (("lt_erasure_receipts", receipts), ("lt_tenant_secrets", secrets)):
            for row in rows:
                columns = ", ".join(row)
                values = ", ".join(f":{name}" for name in row)
                conn.execute(text(f"INSERT INTO {table} ({columns}) VALUES ({values})"), row)
    engine.dispose()
    _register()
    result = CliRunner().invoke(
        cli,
        ["expire", "--tenant", "t1", "--reapply-erasures"],
        env={"TIERMEM_DATABASE_URL": sqlite_url},
    )
    assert result.exit_code == 0, result.output
    line = json.loads(result.output.splitlines()[0])
    assert line["reapplied"]["preferences"] >= 1 and line["reapplied"]["messages"] >= 1, line
    assert _scan(sqlite_url, gone.user) == []
