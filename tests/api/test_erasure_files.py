"""After an erasure and ``tiermem db rewrite``, no byte of the erased user's content is left in the
database files: on PostgreSQL the heap, TOAST and index files (every segment) of every tiermem
table, read from ``data_directory``; on SQLite the database file, its WAL and shared memory.

A canary is planted in a preference value and an unregistered key (a unique index), the user id
(indexed everywhere), an event text (the full-text index; large enough to be TOASTed, several
copies so one always sits whole inside a TOAST chunk), session messages and their summaries.
The counts before and after are printed (``-s``) for docs/RELIABILITY.md.
"""

from __future__ import annotations

import os
import random
import string
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from typer.testing import CliRunner

from api.cli import _register
from api.cli import app as cli
from storage.engine import create_db_engine
from tests.api._sessions_support import FakeSummarizer, sessions_client
from tests.api.conftest import bearer, make_key

SMALL = {"context_limit": 3000, "max_output_tokens": 500, "tool_reserve": 100, "safety_margin": 100}


def _noise(n: int) -> str:
    # Random letters do not compress (pglz and lz4 give up), so TOAST stores the text as is.
    return "".join(random.choices(string.ascii_lowercase, k=n))


def _fill(client: TestClient, h: dict[str, str], user: str, canary: str) -> None:
    base = f"/v1/users/{user}"
    big = " ".join([canary, _noise(3000), canary, _noise(3001), canary, _noise(3002), canary])
    # under the 4000-character event limit, over the ~2 kB TOAST threshold: two chunks
    told = " ".join([canary, _noise(1200), canary, _noise(1201), canary, _noise(1202), canary])
    for key, value in ((f"other.{canary}", "x"), ("other.note", f"{canary} {_noise(40)}")):
        body = {"value": value, "source": "user_stated"}
        r = client.put(f"{base}/preferences/{key}", json=body, headers=h)
        assert r.status_code == 201, r.text
    event = {
        "kind": "trip.booked",
        "text": told,
        "source": "user_stated",
        "occurred_at": "2026-09-19T08:00:00+08:00",
    }
    assert client.post(f"{base}/events", json=event, headers=h).status_code == 201
    session = client.post("/v1/sessions", json={"user_id": user, "budget": SMALL}, headers=h)
    assert session.status_code == 201, session.text
    sid = session.json()["id"]
    for turn in range(8):
        content = f"{canary} turn {turn} " + ("lorem ipsum " * 60 if turn % 2 else big)
        turn_body = {"messages": [{"role": "user", "content": content}]}
        assert client.post(
            f"/v1/sessions/{sid}/messages", json=turn_body, headers=h
        ).status_code in (
            200,
            201,
        )
        assert client.post(f"/v1/sessions/{sid}/context", headers=h).status_code == 200


_RELATIONS = """
WITH mine AS (
    SELECT c.oid, c.reltoastrelid FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')
), rels AS (
    SELECT oid FROM mine
    UNION SELECT reltoastrelid FROM mine WHERE reltoastrelid <> 0
    UNION SELECT i.indexrelid FROM pg_index i
        WHERE i.indrelid IN (SELECT oid FROM mine) OR i.indrelid IN (SELECT reltoastrelid FROM mine)
)
SELECT CASE WHEN n.nspname = 'pg_toast' THEN 'toast ' ELSE '' END
       || CASE c.relkind WHEN 'i' THEN 'index' ELSE 'heap' END,
       pg_relation_filepath(c.oid)
FROM rels JOIN pg_class c ON c.oid = rels.oid JOIN pg_namespace n ON n.oid = c.relnamespace
"""


def _relation_files(url: str) -> dict[str, list[Path]]:
    """Every file (all segments) of every tiermem table's heap, TOAST table, TOAST index and
    indexes, as the server names them, by kind (``heap``, ``index``, ``toast heap``, ...)."""
    engine = create_db_engine(url)
    try:
        with engine.connect() as conn:
            conn.execute(text("CHECKPOINT"))  # dirty pages out of shared buffers, into the files
            data = Path(conn.execute(text("SHOW data_directory")).scalar_one())
            rows = conn.execute(text(_RELATIONS)).all()
    finally:
        engine.dispose()
    files: dict[str, list[Path]] = {}
    for kind, relative in rows:
        if relative is None:
            continue
        base = data / relative
        segments = [p for p in base.parent.glob(base.name + "*") if _is_segment(p.name, base.name)]
        files.setdefault(str(kind), []).extend(segments)
    return files


def _database_directory(url: str) -> Path:
    """``base/<oid>``: every file of the database, catalogues included."""
    engine = create_db_engine(url)
    try:
        with engine.connect() as conn:
            data = Path(conn.execute(text("SHOW data_directory")).scalar_one())
            oid = conn.execute(
                text("SELECT oid FROM pg_database WHERE datname = current_database()")
            ).scalar_one()
    finally:
        engine.dispose()
    return data / "base" / str(oid)


def _is_segment(name: str, base: str) -> bool:
    """``base`` or ``base.N`` (the main fork's segments); not the free-space or visibility maps."""
    return name == base or (name.startswith(base + ".") and name[len(base) + 1 :].isdigit())


def _count(files: list[Path], needle: str) -> int:
    return sum(path.read_bytes().count(needle.encode()) for path in files if path.exists())


def _counts(files: dict[str, list[Path]], needle: str) -> dict[str, int]:
    return {kind: _count(paths, needle) for kind, paths in sorted(files.items())}


def _readable_data_directory(url: str) -> Path | None:
    engine = create_db_engine(url)
    try:
        with engine.connect() as conn:
            data = Path(conn.execute(text("SHOW data_directory")).scalar_one())
    finally:
        engine.dispose()
    return data if os.access(data / "base", os.R_OK | os.X_OK) else None


def _rewrite(url: str) -> None:
    _register()
    result = CliRunner().invoke(cli, ["db", "rewrite"], env={"TIERMEM_DATABASE_URL": url})
    assert result.exit_code == 0, result.output
    assert '"tables"' in result.output


def test_postgresql_files_hold_no_canary_after_rewrite(postgres_url: str) -> None:
    if _readable_data_directory(postgres_url) is None:
        pytest.skip("PostgreSQL's data_directory is not readable by this process (run as root)")
    canary, kept = "zqcanary" + _noise(12), "zqkept" + _noise(12)
    user = f"u{canary}"
    admin = bearer(make_key(postgres_url, "t1", "admin"))
    mine = bearer(make_key(postgres_url, "t1", "agent", user=user))
    other = bearer(make_key(postgres_url, "t1", "agent", user="bob"))
    with sessions_client(postgres_url, summarizer=FakeSummarizer()) as client:
        _fill(client, mine, user, canary)
        _fill(client, other, "bob", kept)
        planted = _counts(_relation_files(postgres_url), canary)
        for kind in ("heap", "index", "toast heap"):
            assert planted.get(kind, 0) > 0, (kind, planted)  # the search sees every place
        assert client.delete(f"/v1/users/{user}/memories", headers=admin).status_code == 200
    after_erasure = _counts(_relation_files(postgres_url), canary)
    _rewrite(postgres_url)
    files = _relation_files(postgres_url)
    left = _counts(files, canary)
    everything = [p for p in _database_directory(postgres_url).iterdir() if p.is_file()]
    print(  # the figures docs/RELIABILITY.md quotes
        f"\ncanary copies in {sum(map(len, files.values()))} relation files: planted {planted}, "
        f"after the erasure {after_erasure}, after `tiermem db rewrite` {left}; "
        f"whole database directory ({len(everything)} files): {_count(everything, canary)}"
    )
    assert sum(left.values()) == 0, left
    assert sum(_counts(files, kept).values()) > 0  # the other user's data is in the same files


def test_sqlite_files_hold_no_canary_after_rewrite(sqlite_url: str) -> None:
    canary = "zqcanary" + _noise(12)
    user = f"u{canary}"
    admin = bearer(make_key(sqlite_url, "t1", "admin"))
    mine = bearer(make_key(sqlite_url, "t1", "agent", user=user))
    path = Path(sqlite_url.removeprefix("sqlite:///"))
    files = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
    with sessions_client(sqlite_url, summarizer=FakeSummarizer()) as client:
        _fill(client, mine, user, canary)
        assert _count(files, canary) > 0
        assert client.delete(f"/v1/users/{user}/memories", headers=admin).status_code == 200
    _rewrite(sqlite_url)
    assert _count(files, canary) == 0
