"""``longterm.sensitivity``: keys, values and event texts classified by what they say."""

from __future__ import annotations

import pytest

from longterm.registry import DEFAULT_REGISTRY
from longterm.sensitivity import classify_key, classify_text, classify_value, sensitive_spec

LOOK_ALIKE_KEYS = (
    "health",
    "payment",
    "credential.password",
    "misc.card_number",
    "payments.card",
    "medical.history",
    "healthcare.notes",
    "my.passport",
    "misc.ssn",
    "user.iban",
    "bank.account_number",
    "secrets.api_key",
    "misc.password",
    "auth.token",
    "identity_card",
    "creditcard",
    "health_info",
    "medication.list",
)
"""The issue's 18 look-alike keys (its examples and their kin)."""

PLAIN_KEYS = (
    "travel.seat.preference",
    "travel.budget.one_way_max",
    "food.cuisines.preferred",
    "communication.channel",
    "locale.timezone",
    "misc.note",
    "shopping.brands.preferred",
)

SENSITIVE_TEXTS = {
    "4111 1111 1111 1111": "payment",
    "４１１１ １１１１ １１１１ １１１１": "payment",  # full-width digits
    "pay with 5500-0000-0000-0004 please": "payment",
    "IBAN DE89 3704 0044 0532 0130 00": "payment",
    "ssn 078-05-1120": "identity",
    "身份证 11010519491231002X": "identity",
    "passport number X1234567": "identity",
    "my password is Tr0ub4dor&3x": "credentials",
    "key sk-proj-abcdefghijklmnopqrstuvwx1234": "credentials",
    "tmk_0123456789abcdefghijklmnopqrstuv": "credentials",
    "diagnosed with diabetes last year": "health",
    "I am allergic to penicillin": "health",
    "我有糖尿病": "health",
    "对青霉素过敏": "health",
}
PLAIN_TEXTS = (
    "window seat",
    "G7301 departs 08:05, 73 CNY",
    "one-way at most 200 CNY",
    "booked on 2026-09-19 for 2 adults",
    "单程别超过两百块",
    "call me at the hotel",
)


@pytest.mark.parametrize("key", LOOK_ALIKE_KEYS)
def test_look_alike_keys_are_sensitive(key: str) -> None:
    assert classify_key(key) is not None
    spec = sensitive_spec(DEFAULT_REGISTRY.lookup(key), "yes")
    assert spec.sensitive and spec.category in {"health", "payment", "identity", "credentials"}


@pytest.mark.parametrize("key", PLAIN_KEYS)
def test_plain_keys_are_not(key: str) -> None:
    assert classify_key(key) is None


@pytest.mark.parametrize(("text", "category"), sorted(SENSITIVE_TEXTS.items()))
def test_sensitive_values_whatever_the_key(text: str, category: str) -> None:
    assert classify_text(text) == category
    assert classify_value([text]) == category
    spec = sensitive_spec(DEFAULT_REGISTRY.lookup("misc.note"), text)
    assert (spec.category, spec.sensitive) == (category, True)


@pytest.mark.parametrize("text", PLAIN_TEXTS)
def test_task_values_are_not_sensitive(text: str) -> None:
    assert classify_text(text) is None


def test_numbers_and_structures_are_read() -> None:
    assert classify_value(4111111111111111) == "payment"
    assert classify_value({"card": {"number": "4111111111111111"}}) == "payment"
    assert classify_value({"amount": "200", "currency": "CNY"}) is None
    assert classify_value(True) is None
