"""Step 3 of the tour: the service, in process, over the demo database.

Keys are created with the same ``KeyStore.create`` that ``tiermem keys create`` calls; the app is
``api.app.create_app`` driven through FastAPI's ``TestClient`` (no socket). The agent's key is
restricted to the trip's user; the admin key only reads the audit log at the end.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from fastapi.testclient import TestClient

from api.app import create_app
from api.demo.expect import check_survival, context_by_id, summary_in_context
from api.demo.record import StepAborted, StepRecord
from api.demo.scenario import (
    BUDGET,
    CONSENT_KEY,
    CONSTRAINT_IDS,
    EXCLUSION_ID,
    TASK_FACT_KEYS,
    TENANT_ID,
    USER_ID,
    trip_history,
)
from api.settings import Settings
from api.storage.keys import KeyStore
from api.storage.migrate import upgrade_database
from runtime import find_protocol_errors
from runtime.summary.schema import CompactionSummary
from storage.engine import create_db_engine

__all__ = ["service_step"]

_BUDGET_VALUE = {"amount": "200", "currency": "CNY"}


def _create_keys(database_url: str) -> dict[str, dict[str, str]]:
    """An agent key restricted to the trip's user and an admin key, as ``tiermem keys create``."""
    engine = create_db_engine(database_url)
    try:
        upgrade_database(database_url, engine=engine)
        store = KeyStore(engine)
        keys: dict[str, dict[str, str]] = {}
        for role, user in (("agent", USER_ID), ("admin", None)):
            key, secret = store.create(tenant_id=TENANT_ID, role=role, user_id=user)
            keys[role] = {"key_id": key.key_id, "Authorization": f"Bearer {secret}"}
        return keys
    finally:
        engine.dispose()


@contextmanager
def _client(database_url: str) -> Iterator[TestClient]:
    settings = Settings(database_url=database_url, scheduler_enabled=False, log_level="WARNING")
    with TestClient(create_app(settings)) as client:
        yield client


class _Response(Protocol):
    @property
    def status_code(self) -> int: ...

    @property
    def text(self) -> str: ...

    @property
    def content(self) -> bytes: ...

    def json(self) -> Any: ...


def _ok(response: _Response, what: str, *expected: int) -> Any:
    """The JSON body, or abort the step naming the call and what it answered."""
    if response.status_code not in (expected or (200,)):
        detail = response.text.splitlines()[0][:200] if response.text else ""
        raise StepAborted(f"{what} answered {response.status_code}: {detail}")
    return response.json() if response.content else None


class _Agent:
    """The demo's HTTP calls with the agent key."""

    def __init__(self, client: TestClient, headers: dict[str, str]) -> None:
        self.client = client
        self.headers = headers

    def call(self, method: str, path: str, what: str, *expected: int, **kw: Any) -> Any:
        response = self.client.request(method, path, headers=self.headers, **kw)
        return _ok(response, what, *expected)


def service_step(database_url: str, step: StepRecord) -> None:
    """Step 3: keys, a session, /context, the task's end, the profile and the erasure."""
    keys = _create_keys(database_url)
    step.data["keys"] = {role: k["key_id"] for role, k in keys.items()}
    agent_headers = {"Authorization": keys["agent"]["Authorization"]}
    admin_headers = {"Authorization": keys["admin"]["Authorization"]}
    with _client(database_url) as client:
        agent = _Agent(client, agent_headers)
        me = agent.call("GET", "/v1/me", "GET /v1/me")
        step.check(
            "agent key maps to the tenant, role and user",
            (me.get("tenant_id"), me.get("role"), me.get("user_id"))
            == (TENANT_ID, "agent", USER_ID),
            json.dumps(me, ensure_ascii=False),
        )
        session_id = _session(agent, step)
        _context(agent, step, session_id)
        _end(agent, step, session_id)
        _profile(agent, step)
        user_ref = _erase(agent, _Agent(client, admin_headers), step, session_id)
        _audit(client, admin_headers, step, user_ref)


def _session(agent: _Agent, step: StepRecord) -> str:
    body = {"user_id": USER_ID, "format": "openai-chat", "budget": BUDGET}
    session = agent.call("POST", "/v1/sessions", "POST /v1/sessions", 201, json=body)
    session_id = str(session["id"])
    history = trip_history()
    appended = agent.call(
        "POST", f"/v1/sessions/{session_id}/messages", "append", json={"messages": history}
    )
    pins = agent.call(
        "PUT", f"/v1/sessions/{session_id}/pins", "pins", json={"message_ids": list(CONSTRAINT_IDS)}
    )
    step.data["session"] = {"id": session_id, "messages": len(history), "pins": pins}
    step.check(
        "session created, history appended, constraints pinned",
        len(appended.get("ids", [])) == len(history)
        and pins.get("message_ids") == list(CONSTRAINT_IDS),
        f"session {session_id}: {len(history)} messages",
    )
    return session_id


def _context(agent: _Agent, step: StepRecord, session_id: str) -> None:
    body = agent.call("POST", f"/v1/sessions/{session_id}/context", "/context", json={})
    report = body["report"]
    step.data["context"] = {
        key: report.get(key)
        for key in (
            "strategy", "input_tokens", "compacted_tokens", "usable_tokens", "groups_total",
            "groups_kept", "summary_version", "fallback",
        )
    }  # fmt: skip
    step.data["context"]["ids"] = body["ids"]
    errors = find_protocol_errors(body["messages"], format="openai-chat")
    step.check(
        "/context compacts with a validated summary within the usable budget",
        report["strategy"] == "summary"
        and bool((report.get("summary_validation") or {}).get("passed"))
        and report["compacted_tokens"] <= report["usable_tokens"],
        f"{report['input_tokens']} -> {report['compacted_tokens']} tokens, "
        f"strategy {report['strategy']}, fallback {report['fallback']}",
    )
    step.check(
        "/context passes find_protocol_errors and keeps the pins",
        not errors and all(pin in body["ids"] for pin in CONSTRAINT_IDS),
        f"{len(errors)} problems",
    )
    found = summary_in_context(body["messages"], body["ids"])
    summary: CompactionSummary | None = found[2] if found is not None else None
    context = context_by_id(body["messages"], body["ids"])
    check_survival(step, summary, context=context, label="/context")


def _end(agent: _Agent, step: StepRecord, session_id: str) -> None:
    body = {"consents": [{"key": CONSENT_KEY}], "promote": True}
    result = agent.call("POST", f"/v1/sessions/{session_id}/end", "end", json=body)
    candidates = result["candidates"]
    step.data["end"] = {
        "promoted": result["promoted"],
        "denied": result["denied"],
        "candidates": [
            {k: c[k] for k in ("key", "kind", "fact_key", "status", "rule", "reason", "source_ids")}
            for c in candidates
        ],
    }
    promoted = [c["key"] for c in candidates if c["status"] == "promoted"]
    step.check(
        f"only the consented '{CONSENT_KEY}' is promoted",
        promoted == [CONSENT_KEY],
        f"promoted {promoted}, denied {result['denied']}",
    )
    _check_denials(step, candidates)
    _check_preference(agent, step, session_id)


def _check_denials(step: StepRecord, candidates: list[dict[str, Any]]) -> None:
    by_key = {c["key"]: c for c in candidates}
    for key in TASK_FACT_KEYS:
        c = by_key.get(key)
        step.check(
            f"task fact '{key}' not promoted",
            c is None or (c["status"] == "denied" and bool(c["reason"])),
            f"denied, {c['rule']}: {c['reason']}" if c else "not a candidate",
        )
    trains = [c for c in candidates if EXCLUSION_ID in c["source_ids"]]
    step.check(
        f"G7301 / G123 (everything citing {EXCLUSION_ID}) denied with a reason",
        bool(trains) and all(c["status"] == "denied" and c["reason"] for c in trains),
        "; ".join(f"{c['key']} {c['status']}: {c['rule']}" for c in trains),
    )
    denied = [c for c in candidates if c["status"] == "denied"]
    step.check(
        "every other candidate denied, each with its rule and reason",
        len(denied) >= len(candidates) - 1 and all(c["rule"] and c["reason"] for c in denied),
        f"{len(denied)} denied",
    )


def _check_preference(agent: _Agent, step: StepRecord, session_id: str) -> None:
    response = agent.client.get(
        f"/v1/users/{USER_ID}/preferences/{CONSENT_KEY}", headers=agent.headers
    )
    pref: dict[str, Any] = response.json() if response.status_code == 200 else {}
    step.data["preference"] = pref
    step.check(
        "the preference is stored with its source, consent and source ids",
        pref.get("value") == _BUDGET_VALUE
        and pref.get("source") == "promoted"
        and bool(pref.get("consent"))
        and f"session:{session_id}" in pref.get("source_ids", []),
        json.dumps({k: pref.get(k) for k in ("value", "source", "consent", "source_ids")}),
    )


def _profile(agent: _Agent, step: StepRecord) -> None:
    profile = agent.call("GET", f"/v1/users/{USER_ID}/profile", "profile")
    step.data["profile"] = {"text": profile["text"], "tokens": profile["tokens"]}
    step.check(
        "the user's profile block carries the promoted preference as untrusted data",
        profile["preference_keys"] == [CONSENT_KEY]
        and profile["text"].startswith("<user_profile trust='untrusted'"),
        f"{profile['tokens']} tokens, keys {profile['preference_keys']}",
    )


def _erase(agent: _Agent, admin: _Agent, step: StepRecord, session_id: str) -> str:
    """Erase the user; returns the keyed reference (``user:hmac:...``) the trail now names
    them by, read from the stored receipt in the export."""
    # Erasure revokes the erased user's keys, so what is left is read with the admin key.
    receipt = agent.call("DELETE", f"/v1/users/{USER_ID}/memories", "erase")
    step.data["receipt"] = receipt
    counts = receipt.get("counts", {})
    step.check(
        "erasure receipt counts the session, its messages and the preference",
        counts.get("sessions", 0) >= 1
        and counts.get("messages", 0) >= len(trip_history())
        and counts.get("preferences", 0) >= 1,
        f"receipt {receipt.get('receipt_id')}: {counts}",
    )
    revoked = agent.client.get("/v1/me", headers=agent.headers).status_code
    gone = admin.client.get(f"/v1/sessions/{session_id}", headers=admin.headers).status_code
    export = admin.call("GET", f"/v1/users/{USER_ID}/export", "export")
    profile = admin.call("GET", f"/v1/users/{USER_ID}/profile", "profile after erasure")
    step.check("erasure revokes the user's key", revoked == 401, f"GET /v1/me: {revoked}")
    step.check(
        "after erasure: session 404, export and profile empty",
        gone == 404
        and not export.get("preferences")
        and not export.get("events")
        and profile["preference_keys"] == [],
        f"session {gone}, export preferences {len(export.get('preferences') or [])}",
    )
    receipts = export.get("erasure_receipts") or [{}]
    return str(receipts[-1].get("user_id", ""))


def _audit(client: TestClient, headers: dict[str, str], step: StepRecord, user_ref: str) -> None:
    audit = _ok(
        client.get("/v1/audit", headers=headers, params={"user_id": user_ref, "limit": 200}),
        "GET /v1/audit",
    )
    items = audit.get("items", [])
    actions = sorted({i["action"] for i in items})
    step.data["audit_actions"] = actions
    text = json.dumps(items, ensure_ascii=False)
    step.check(
        "audit records the promotion decisions and the erasure under a keyed reference, "
        "never the content or the erased user's id",
        user_ref.startswith("user:hmac:")
        and {"policy.promote", "user.erase"} <= set(actions)
        and "不超过200元" not in text
        and "G7301" not in text
        and USER_ID not in text,
        f"{len(items)} rows under {user_ref[:18]}...: {', '.join(actions)}",
    )
