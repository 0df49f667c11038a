"""Canonical JSON bytes, fast: ``orjson`` where it gives the very bytes the stdlib gives.

The canonical form of a JSON value (hashed into derived message ids and content digests, see
``runtime.messages``) is defined as
``json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()``.
That is the contract: ids already handed out must never change. ``orjson`` with
``OPT_SORT_KEYS`` builds the same bytes several times faster for values made only of
``dict`` (``str`` keys), ``list``, ``str``, ``bool``, ``None`` and integers within 64 bits, but
not for floats (``1e-05`` vs ``0.00001``; ``NaN`` becomes ``null``), integers beyond 64 bits,
non-string keys, tuples or subclasses. ``canonical_json`` checks the value's shape first (a
walk that never reads string contents) and hands anything else to the stdlib encoder, so the
bytes are the stdlib's for every value; ``tests/runtime/test_canonical.py`` checks equality
with hypothesis over arbitrary JSON values.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

__all__ = ["canonical_json", "stdlib_canonical_json"]

# What ``json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))`` builds
# on every call, built once.
_STDLIB_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))
_INT_MIN = -(1 << 63)
_INT_END = 1 << 64


def stdlib_canonical_json(value: Any) -> bytes:
    """The canonical bytes by definition (the stdlib encoder).

    Raises:
        TypeError: a value JSON cannot encode; UnicodeEncodeError: a lone surrogate.
    """
    return _STDLIB_ENCODER.encode(value).encode()


def canonical_json(value: Any) -> bytes:
    """The canonical bytes of ``value``: equal to ``stdlib_canonical_json(value)``, faster.

    Raises:
        TypeError: a value JSON cannot encode; UnicodeEncodeError: a lone surrogate (both as
            the stdlib raises them).
    """
    if _orjson_safe(value):
        try:
            return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        except orjson.JSONEncodeError:
            pass  # e.g. a lone surrogate: let the stdlib raise what it raises
    return stdlib_canonical_json(value)


def _orjson_safe(value: Any) -> bool:
    """Whether orjson encodes ``value`` exactly like the stdlib (no floats, no big ints...)."""
    kind = type(value)
    if kind is str or value is None or kind is bool:
        return True
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str:
                return False
            if type(item) is not str and item is not None and not _orjson_safe(item):
                return False
        return True
    if kind is list:
        return all(type(item) is str or _orjson_safe(item) for item in value)
    if kind is int:
        return bool(_INT_MIN <= value < _INT_END)
    return False
