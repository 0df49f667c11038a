"""Bounded digests of tool calls and their results.

A digest names the tool, its key arguments and the figures its result returned (prices,
times, ids, statuses), in a fixed compact form: ``search_trains(from=上海, to=杭州) -> [G7301
08:05 09:10 73; G123 …]``. Everything in it is copied from the call or the result, never
computed (no counts, no totals), so validation can find every figure in its sources.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

__all__ = ["digest_arguments", "digest_result"]

_MAX_SCALAR = 40
_MAX_ARGS = 6
_NOTE_RE = re.compile(r"\s*…\[TRUNCATED \d+ chars\]$")
_SKIP_KEYS = frozenset({"description", "content", "text", "body", "html", "message"})


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        value = " ".join(value.split())
        return value if 0 < len(value) <= _MAX_SCALAR else None
    return None


def digest_arguments(arguments: str) -> str:
    """``key=value`` pairs of a call's scalar arguments (at most six), or a short excerpt."""
    try:
        parsed = json.loads(arguments) if arguments.strip() else {}
    except json.JSONDecodeError:
        return " ".join(arguments.split())[:80]
    if not isinstance(parsed, dict):
        return _scalar(parsed) or ""
    pairs = []
    for key, value in parsed.items():
        text = _scalar(value)
        if text is not None:
            pairs.append(f"{key}={text}")
        if len(pairs) == _MAX_ARGS:
            break
    return ", ".join(pairs)


def _flat(value: Any, depth: int = 0, parent: str = "") -> Iterator[str]:
    """Scalar leaves of a JSON value, depth-first, skipping long prose.

    Numbers carry their key (``economy=121``; ``prices.economy=121`` when nested) because a
    bare number says nothing; strings are ids, names and statuses and read fine alone.
    """
    if depth > 3:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _SKIP_KEYS:
                continue
            text = _scalar(item)
            if text is None:
                yield from _flat(item, depth + 1, str(key))
            elif isinstance(item, int | float) and not isinstance(item, bool):
                yield f"{parent}.{key}={text}" if parent else f"{key}={text}"
            else:
                yield text
    elif isinstance(value, list):
        for item in value:
            yield from _flat(item, depth + 1, parent)
    else:
        text = _scalar(value)
        if text is not None:
            yield text


def _records(value: Any, limit: int) -> str:
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        parts: list[str] = []
        used = 0
        for record in value:
            part = " ".join(_flat(record))
            if used + len(part) > limit:
                break
            parts.append(part)
            used += len(part) + 2
        return "[" + "; ".join(parts) + ("; …]" if len(parts) < len(value) else "]")
    text = " ".join(_flat(value))
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def digest_result(text: str, *, limit: int = 400) -> str:
    """The figures a tool result returned, at most about ``limit`` characters."""
    text = _NOTE_RE.sub("", text).strip()
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError:
        parsed = None
    if isinstance(parsed, dict | list):
        return _records(parsed, limit)
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    return flat[:limit].rsplit(" ", 1)[0] + " …"
