"""Forgetting every text the run-time tier caches in process (erasure, issue 5).

The token counter's caches are keyed by digests and hold no text. Some pure helpers of the
summary package memoize on their text argument with ``functools.lru_cache`` (clause splitting
and quantity extraction, which validation meets once per item citing a message); those hold
message text until evicted. ``forget_cached_text`` clears every such cache of every loaded
``runtime`` module, found at call time so a cache added later is not missed. Call it after a
user's erasure so no in-process cache keeps that user's text.
"""

from __future__ import annotations

import sys

__all__ = ["forget_cached_text", "text_caches"]


def text_caches() -> list[object]:
    """Every ``functools`` cache (an object with ``cache_clear`` and ``cache_info``) defined at
    module level in a loaded ``runtime`` module."""
    found: dict[int, object] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "runtime" or name.startswith("runtime.")):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                found.setdefault(id(value), value)
    return list(found.values())


def forget_cached_text() -> int:
    """Clear every cache ``text_caches`` finds; returns how many were cleared."""
    caches = text_caches()
    for cache in caches:
        cache.cache_clear()  # type: ignore[attr-defined]
    return len(caches)
