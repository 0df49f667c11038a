"""Typed value validation: a preference value must match its key's registered type.

Values are normalized so that equal meanings are stored as equal JSON (``"200 cny"`` and
``{"amount": 200, "currency": "CNY"}`` both become ``{"amount": "200", "currency": "CNY"}``;
money amounts are decimal strings so no float rounding ever changes a budget).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from longterm.errors import InvalidValue
from longterm.registry import KeySpec

__all__ = ["MAX_LIST_ITEMS", "MAX_STRING", "MAX_TEXT", "validate_value"]

MAX_STRING = 200
MAX_TEXT = 2000
MAX_LIST_ITEMS = 50
_MAX_AMOUNT = Decimal("1e12")
_CURRENCY = re.compile(r"[A-Z]{3}")
_MONEY_TEXT = re.compile(
    r"^\s*(?:(?P<c1>[A-Za-z]{3})\s*)?(?P<amount>\d+(?:\.\d+)?)\s*(?P<c2>[A-Za-z]{3})?\s*$"
)


def validate_value(spec: KeySpec, value: Any) -> Any:
    """Check ``value`` against ``spec.value_type`` and return its normalized JSON form.

    Raises:
        InvalidValue: the value has the wrong type, is out of range, not one of the choices,
            or too long; the message names the key and the expected shape.
    """
    check = _CHECKS[spec.value_type]
    try:
        return check(spec, value)
    except InvalidValue as exc:
        raise InvalidValue(f"{spec.key}: {exc}") from None


def _money(spec: KeySpec, value: Any) -> dict[str, str]:
    if isinstance(value, str):
        match = _MONEY_TEXT.match(value)
        currency = match and (match.group("c1") or match.group("c2"))
        if not match or not currency or (match.group("c1") and match.group("c2")):
            raise InvalidValue("money is {amount, currency} or text like '200 CNY'")
        value = {"amount": match.group("amount"), "currency": currency}
    if not isinstance(value, dict) or set(value) != {"amount", "currency"}:
        raise InvalidValue("money is an object with exactly 'amount' and 'currency'")
    amount, currency = value["amount"], value["currency"]
    if isinstance(amount, bool) or not isinstance(amount, int | float | str):
        raise InvalidValue("money amount must be a number or a decimal string")
    try:
        dec = Decimal(str(amount))
    except InvalidOperation:
        raise InvalidValue("money amount is not a decimal number") from None
    if not dec.is_finite() or dec < 0 or dec > _MAX_AMOUNT:
        raise InvalidValue("money amount must be between 0 and 1e12")
    if dec != dec.quantize(Decimal("0.0001")):
        raise InvalidValue("money amount has more than 4 decimal places")
    if not isinstance(currency, str) or not _CURRENCY.fullmatch(currency.upper()):
        raise InvalidValue("currency must be a 3-letter ISO 4217 code")
    normalized = dec.normalize()
    text = format(normalized, "f")
    return {"amount": text, "currency": currency.upper()}


def _bounded(spec: KeySpec, number: float) -> None:
    if spec.minimum is not None and number < spec.minimum:
        raise InvalidValue(f"must be >= {spec.minimum:g}")
    if spec.maximum is not None and number > spec.maximum:
        raise InvalidValue(f"must be <= {spec.maximum:g}")


def _integer(spec: KeySpec, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidValue("must be an integer")
    _bounded(spec, value)
    return value


def _number(spec: KeySpec, value: Any) -> float | int:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidValue("must be a finite number")
    _bounded(spec, value)
    return value


def _clean_text(value: Any, limit: int) -> str:
    if not isinstance(value, str):
        raise InvalidValue("must be a string")
    text = value.strip()
    if not text:
        raise InvalidValue("must not be empty")
    if len(text) > limit:
        raise InvalidValue(f"must be at most {limit} characters")
    if any(ord(ch) < 32 and ch not in "\n\t" for ch in text):
        raise InvalidValue("must not contain control characters")
    return text


def _string(spec: KeySpec, value: Any) -> str:
    text = _clean_text(value, MAX_STRING)
    if spec.pattern is not None and not re.fullmatch(spec.pattern, text):
        raise InvalidValue(f"must match {spec.pattern}")
    return text


def _text(spec: KeySpec, value: Any) -> str:
    return _clean_text(value, MAX_TEXT)


def _boolean(spec: KeySpec, value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidValue("must be true or false")
    return value


def _enum(spec: KeySpec, value: Any) -> str:
    text = _clean_text(value, MAX_STRING).lower()
    if spec.choices and text not in spec.choices:
        raise InvalidValue(f"must be one of {', '.join(spec.choices)}")
    return text


def _date(spec: KeySpec, value: Any) -> str:
    if not isinstance(value, str):
        raise InvalidValue("must be an ISO date YYYY-MM-DD")
    try:
        return date.fromisoformat(value.strip()).isoformat()
    except ValueError:
        raise InvalidValue("must be an ISO date YYYY-MM-DD") from None


def _list(spec: KeySpec, value: Any) -> list[str]:
    if not isinstance(value, list):
        raise InvalidValue("must be a list of strings")
    if len(value) > MAX_LIST_ITEMS:
        raise InvalidValue(f"must have at most {MAX_LIST_ITEMS} items")
    items: list[str] = []
    for item in value:
        text = _clean_text(item, MAX_STRING)
        if spec.choices and text.lower() not in spec.choices:
            raise InvalidValue(f"items must be among {', '.join(spec.choices)}")
        if text not in items:
            items.append(text)
    return items


_CHECKS: dict[str, Callable[[KeySpec, Any], Any]] = {
    "money": _money,
    "integer": _integer,
    "number": _number,
    "string": _string,
    "text": _text,
    "boolean": _boolean,
    "enum": _enum,
    "date": _date,
    "list": _list,
}
