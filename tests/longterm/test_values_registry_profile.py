"""Pure tests: the key registry and typed value validation (the profile block is
``runtime.profile``'s, tested in tests/runtime/test_profile.py)."""

from __future__ import annotations

import pytest

import longterm
from longterm.errors import InvalidKey, InvalidValue
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry, KeySpec
from longterm.values import validate_value


@pytest.mark.parametrize(
    ("key", "value_type", "category", "scope", "sensitive", "registered"),
    [
        ("travel.budget.one_way_max", "money", "travel", "durable", False, True),
        ("travel.train.direct_preferred", "boolean", "travel", "durable", False, True),
        ("food.diet", "enum", "food", "durable", False, True),
        ("health.allergies", "list", "health", "durable", True, True),
        ("health.blood_type", "text", "health", "durable", True, True),
        ("payment.card.last4", "text", "payment", "durable", True, True),
        ("identity.passport.number", "text", "identity", "durable", True, True),
        ("credentials.airline_password", "text", "credentials", "durable", True, True),
        ("travel.trip.departure_date", "text", "other", "task", False, False),
        ("nickname", "text", "other", "task", False, False),
    ],
)
def test_registry_lookup(key, value_type, category, scope, sensitive, registered) -> None:
    spec = DEFAULT_REGISTRY.lookup(key)
    assert (spec.value_type, spec.category, spec.scope, spec.sensitive, spec.registered) == (
        value_type,
        category,
        scope,
        sensitive,
        registered,
    )


@pytest.mark.parametrize(
    "key",
    ["", "Travel.x", "travel..x", "travel.x.", ".x", "a b", "a.b.c.d.e.f.g", "1abc", "x" * 41],
)
def test_malformed_keys(key: str) -> None:
    with pytest.raises(InvalidKey):
        DEFAULT_REGISTRY.lookup(key)


def test_custom_registry_replaces_specs() -> None:
    registry = KeyRegistry.of([KeySpec("team.size", "integer", "work", minimum=1, maximum=9)])
    assert registry.lookup("team.size").value_type == "integer"
    assert registry.lookup("travel.budget.one_way_max").category == "other"


def _spec(key: str) -> KeySpec:
    return DEFAULT_REGISTRY.lookup(key)


@pytest.mark.parametrize(
    ("key", "value", "normalized"),
    [
        ("travel.budget.one_way_max", "200 cny", {"amount": "200", "currency": "CNY"}),
        ("travel.budget.one_way_max", "CNY 199.50", {"amount": "199.5", "currency": "CNY"}),
        (
            "travel.budget.one_way_max",
            {"amount": 1e2, "currency": "eur"},
            {"amount": "100", "currency": "EUR"},
        ),
        (
            "travel.budget.one_way_max",
            {"amount": "0.0001", "currency": "USD"},
            {"amount": "0.0001", "currency": "USD"},
        ),
        ("travel.layovers.max", 2, 2),
        ("travel.seat.preference", " Aisle ", "aisle"),
        ("travel.train.direct_preferred", False, False),
        ("identity.date_of_birth", "1990-02-03", "1990-02-03"),
        ("travel.airlines.preferred", ["MU", "CA", "MU"], ["MU", "CA"]),
        ("language.preferred", "zh-CN", "zh-CN"),
        ("other.note", "  quiet carriage  ", "quiet carriage"),
    ],
)
def test_valid_values(key, value, normalized) -> None:
    assert validate_value(_spec(key), value) == normalized


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("travel.budget.one_way_max", "cheap"),
        ("travel.budget.one_way_max", "200"),
        ("travel.budget.one_way_max", "CNY 200 USD"),
        ("travel.budget.one_way_max", {"amount": -1, "currency": "CNY"}),
        ("travel.budget.one_way_max", {"amount": "NaN", "currency": "CNY"}),
        ("travel.budget.one_way_max", {"amount": 1, "currency": "yuan"}),
        ("travel.budget.one_way_max", {"amount": 1, "currency": "CNY", "x": 1}),
        ("travel.budget.one_way_max", {"amount": True, "currency": "CNY"}),
        ("travel.budget.one_way_max", {"amount": "1.00001", "currency": "CNY"}),
        ("travel.layovers.max", 6),
        ("travel.layovers.max", True),
        ("travel.layovers.max", 1.5),
        ("travel.seat.preference", "roof"),
        ("travel.train.direct_preferred", "yes"),
        ("identity.date_of_birth", "03/02/1990"),
        ("travel.airlines.preferred", "MU"),
        ("travel.airlines.preferred", ["x"] * 51),
        ("language.preferred", "Chinese!"),
        ("other.note", ""),
        ("other.note", "x" * 2001),
        ("other.note", "bell\x07"),
        ("other.note", 42),
    ],
)
def test_invalid_values(key, value) -> None:
    with pytest.raises(InvalidValue, match=key.replace(".", r"\.")):
        validate_value(_spec(key), value)


def test_public_modules_declare_all() -> None:
    """Every longterm module declares ``__all__``, without duplicates, naming only what it defines
    or re-exports; the package's own ``__all__`` names only what exists."""
    import importlib
    import pkgutil

    modules = [m.name for m in pkgutil.iter_modules(longterm.__path__)]
    assert "store" in modules and "vocabulary" in modules
    for name in modules:
        mod = importlib.import_module(f"longterm.{name}")
        exported = getattr(mod, "__all__", None)
        assert exported is not None, f"longterm.{name} has no __all__"
        assert len(exported) == len(set(exported)), f"longterm.{name}: duplicate names"
        missing = [item for item in exported if not hasattr(mod, item)]
        assert missing == [], (name, missing)
    assert [item for item in longterm.__all__ if not hasattr(longterm, item)] == []
