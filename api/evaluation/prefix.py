"""Prompt-cache reuse: how much of a request repeats the previous request from its first byte.

Providers cache a prompt by its prefix: the part of a request that is byte for byte the start
of an earlier request is read from the cache (cheaper, faster). The share is measured on the
request's entries serialized as JSON (compact separators, UTF-8), which is what the wire
carries up to the provider's own framing. The share of a request is its common prefix with the
previous request divided by its own length; the replay averages it over its calls.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

__all__ = ["common_prefix", "prefix_share", "request_bytes"]


def request_bytes(entries: Sequence[Any]) -> bytes:
    """The request's entries as one JSON array, compact separators, UTF-8."""
    return json.dumps(list(entries), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def common_prefix(a: bytes, b: bytes) -> int:
    """Length of the longest common prefix of ``a`` and ``b``.

    A binary search on equal slices: each comparison runs in C, so a 100 kB request costs
    about 17 comparisons instead of a Python loop over its bytes.
    """
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def prefix_share(previous: bytes, current: bytes) -> float:
    """Share of ``current`` that is byte for byte the start of ``previous`` (0.0 when empty).

    Args:
        previous: the previous request, as ``request_bytes`` returns it.
        current: this request, the same way.
    """
    if not current:
        return 0.0
    return common_prefix(previous, current) / len(current)
