"""Forgetting every text the run-time tier caches in process (erasure, issue 5).

The run-time tier keeps no module-level cache of user text: the token counter's caches are
keyed by digests, judged clauses live in the caller's ``ClauseCache`` (digests only,
``runtime.summary.polarity``), and validation memoizes quantities per call. ``forget_cached_text``
stays as the erasure hook and safety net: it clears every ``functools`` cache of every loaded
``runtime`` module, found at call time so a cache added later is not missed (none today; the
hygiene tests fail if one holding text appears). Call it after a user's erasure.
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
