"""The inspector page in a real headless Chromium (Debian's ``/usr/bin/chromium``, driven by
``playwright`` with ``executable_path``; never a browser download) against a live ``uvicorn``
of the app on 127.0.0.1, on SQLite and PostgreSQL.

It opens a session and a user with a key typed once, checks the budget bar's figures against
``/context``, checks that opening the page changed no row of any table, that a message holding
``<script>`` renders as text, clicks restore, delete and erase and checks each result through
the API, and saves a screenshot under ``test-artifacts/`` (printed).

Skipped only when chromium or playwright is missing outside CI; under ``CI=true`` it fails.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import MetaData, func, select
from sqlalchemy.engine import make_url

from storage.engine import create_db_engine
from tests.api._sessions_support import chat_history
from tests.api.conftest import make_key

# Every test migrates its database first (make_key, the app's startup): start from a migrated copy.
pytestmark = pytest.mark.migrated_database

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
EVIL = "<script>window.__pwned = 1</script> ignore this"
BUDGET = {
    "context_limit": 6000,
    "max_output_tokens": 500,
    "tool_reserve": 100,
    "safety_margin": 100,
}


def _require_browser() -> Any:
    """``playwright.sync_api``, or a skip (a failure under CI) naming what is missing."""
    missing = None
    try:
        from playwright import sync_api
    except ImportError:
        missing = "the playwright package is not installed"
    if missing is None and not os.access(CHROMIUM, os.X_OK):
        missing = f"{CHROMIUM} is absent (apt-get install chromium; .ci/run does)"
    if missing is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser test must run in CI: {missing}")
        pytest.skip(missing)
    return sync_api


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def live_server(database_url: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A ``uvicorn`` of the app on a free 127.0.0.1 port over ``database_url``; yields its base
    URL and the database URL."""
    port = _free_port()
    env = {
        **os.environ,
        "TIERMEM_DATABASE_URL": database_url,
        "TIERMEM_SCHEDULER_ENABLED": "false",
        "TIERMEM_SUMMARIZER": "extractive",
    }
    command = [sys.executable, "-m", "uvicorn", "--factory", "api.app:create_app"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
    log = tmp_path / "uvicorn.log"
    with log.open("wb") as sink:
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=sink)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if proc.poll() is not None:
                raise RuntimeError(f"uvicorn exited: {log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{base}/v1/health", timeout=1).status_code < 500:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, database_url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _table_marks(url: str) -> dict[str, tuple[Any, ...]]:
    """Every table's row count and latest ``updated_at``/``created_at``: what a write changes."""
    engine = create_db_engine(url)
    try:
        meta = MetaData()
        meta.reflect(engine)
        marks: dict[str, tuple[Any, ...]] = {}
        with engine.connect() as conn:
            for name, table in sorted(meta.tables.items()):
                columns = [func.count()]
                for stamp in ("updated_at", "created_at", "revision"):
                    if stamp in table.c:
                        columns.append(func.max(table.c[stamp]))
                marks[name] = tuple(conn.execute(select(*columns).select_from(table)).one())
        return marks
    finally:
        engine.dispose()


def _seed(api: httpx.Client) -> dict[str, Any]:
    """A session with three summary versions, a pin and a ``<script>`` message; a user with two
    preferences, an event and a consent."""
    sid = api.post("/v1/sessions", json={"user_id": "u1", "budget": BUDGET}).json()["id"]
    history = chat_history(50)
    history.insert(1, {"role": "user", "content": EVIL})
    ids = api.post(f"/v1/sessions/{sid}/messages", json={"messages": history}).json()["ids"]
    assert api.put(f"/v1/sessions/{sid}/pins", json={"message_ids": [ids[2]]}).status_code == 200
    context: dict[str, Any] = {}
    for start in (50, 80, 110):
        context = api.post(f"/v1/sessions/{sid}/context").json()
        more = chat_history(30, start=start)
        assert api.post(f"/v1/sessions/{sid}/messages", json={"messages": more}).status_code == 200
    context = api.post(f"/v1/sessions/{sid}/context").json()
    for key, value in (("travel.seat.preference", "window"), ("other.note", EVIL)):
        body = {"value": value, "source": "admin"}
        assert api.put(f"/v1/users/u1/preferences/{key}", json=body).status_code == 201
    event = {"kind": "trip.booked", "text": "Booked " + EVIL, "source": "admin"}
    event["occurred_at"] = "2026-11-30T10:00:00Z"
    assert api.post("/v1/users/u1/events", json=event).status_code == 201
    assert api.put("/v1/users/u1/consents/travel").status_code == 201
    return {"sid": sid, "ids": ids, "context": context}


def test_inspector_in_chromium(live_server: tuple[str, str]) -> None:
    sync_api = _require_browser()
    base, url = live_server
    tenant = "browser"
    secret = make_key(url, tenant, "admin")
    headers = {"Authorization": f"Bearer {secret}"}
    with httpx.Client(base_url=base, headers=headers, timeout=60) as api:
        seeded = _seed(api)
        sid, report = seeded["sid"], seeded["context"]["report"]
        versions = api.get(f"/v1/sessions/{sid}/summaries").json()
        assert versions["current_version"] >= 2, "the seed must leave an older version"
        before = _table_marks(url)
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 1600})
                errors: list[str] = []
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                _check_page(page, base, secret, sid, report, url, before)
                _click_restore(page, api, sid, versions["current_version"])
                _click_delete_and_erase(page, api)
                assert not errors, errors
            finally:
                browser.close()


def _check_page(page, base, secret, sid, report, url, before) -> None:
    page.goto(f"{base}/ui")
    page.fill("#key", secret)
    page.click("#key-form button[type=submit]")
    assert page.evaluate("sessionStorage.getItem('tiermem.inspector.key')") == secret
    page.fill("#session-id", sid)
    page.click("button[data-open=session]")
    page.wait_for_selector("#budget-bar")
    figure = lambda part: int(page.text_content(f"[data-figure={part}]"))  # noqa: E731
    assert figure("compacted") == report["compacted_tokens"]
    assert figure("usable") == report["usable_tokens"]
    assert figure("summary") == report["summary_tokens"] > 0
    assert figure("free") == report["usable_tokens"] - report["compacted_tokens"]
    parts = ("prefix", "summary", "pins", "recall", "recent")
    assert sum(figure(p) for p in parts) == report["compacted_tokens"]
    assert figure("pins") > 0
    widths = page.eval_on_selector_all(
        ".seg", "els => els.map(e => e.getBoundingClientRect().width)"
    )
    assert sum(widths) > 0 and widths[1] > 0  # the summary's segment is drawn
    statuses = set(
        page.eval_on_selector_all("tr[data-status]", "els => els.map(e => e.dataset.status)")
    )
    assert {"kept", "pinned", "summarized"} <= statuses
    # the <script> message is shown as text and did not run
    assert page.evaluate("window.__pwned") is None
    assert page.locator("td.text", has_text="<script>window.__pwned").count() >= 1
    assert secret not in page.url
    page.fill("#user-id", "u1")
    page.click("button[data-open=user]")
    page.wait_for_selector("#preferences tr[data-key]")
    assert page.locator("#audit tbody tr").count() > 0
    assert page.locator("#events li", has_text="<script>").count() == 1
    assert page.evaluate("window.__pwned") is None
    assert _table_marks(url) == before, "opening the page changed rows"
    ARTIFACTS.mkdir(exist_ok=True)
    page.fill("#session-id", sid)
    page.click("button[data-open=session]")
    page.wait_for_selector("#budget-bar")
    shot = ARTIFACTS / f"inspector-{make_url(url).get_backend_name()}.png"
    page.screenshot(path=str(shot))
    print(f"inspector screenshot: {shot}")


def _click_restore(page, api: httpx.Client, sid: str, current: int) -> None:
    page.click("button[data-action=restore][data-version='1']")
    page.wait_for_selector(f"details.version[data-version='{current + 1}']")
    listed = api.get(f"/v1/sessions/{sid}/summaries").json()
    assert listed["current_version"] == current + 1
    assert listed["items"][-1]["restored_from"] == 1


def _click_delete_and_erase(page, api: httpx.Client) -> None:
    page.fill("#user-id", "u1")
    page.click("button[data-open=user]")
    page.wait_for_selector("#preferences tr[data-key='other.note']")
    page.click("button[data-action=delete-preference][data-key='other.note']")
    page.wait_for_selector("#preferences tr[data-key='other.note']", state="detached")
    assert api.get("/v1/users/u1/preferences/other.note").status_code == 404
    assert api.get("/v1/users/u1/preferences/travel.seat.preference").status_code == 200
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button[data-action=erase]")
    page.wait_for_selector("#receipt:not([hidden])")
    receipt = page.text_content("#receipt") or ""
    assert "u1" in receipt
    assert api.get("/v1/users/u1/preferences/travel.seat.preference").status_code == 404
    assert api.get("/v1/sessions", params={"user_id": "u1"}).json()["items"] == []
    page.screenshot(path=str(ARTIFACTS / "inspector-erased.png"))
