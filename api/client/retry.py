"""When the client asks again: 429 and 503, honouring ``Retry-After``, a bounded number of times.

The service answers 503 (database busy or down) and 429 (rate limited) before it commits
anything, so sending the same request again is safe; writes that are not idempotent by
themselves take an ``Idempotency-Key`` (events, preferences) and appends are idempotent by id
or offset.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Final

__all__ = ["RETRY_STATUSES", "RetryPolicy", "retry_after_seconds"]

RETRY_STATUSES: Final = frozenset({429, 503})


def retry_after_seconds(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or an HTTP date), or None."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


@dataclass(frozen=True, slots=True, kw_only=True)
class RetryPolicy:
    """How often and how long to wait.

    Attributes:
        retries: attempts after the first (0: never retry).
        backoff: the wait without ``Retry-After``: ``backoff * 2**attempt`` seconds.
        max_wait: no single wait is longer, whatever ``Retry-After`` says.
    """

    retries: int = 3
    backoff: float = 0.5
    max_wait: float = 30.0

    def wait(self, attempt: int, status: int, retry_after: str | None) -> float | None:
        """Seconds to sleep before attempt ``attempt + 1``, or None to give the answer back."""
        if status not in RETRY_STATUSES or attempt >= self.retries:
            return None
        asked = retry_after_seconds(retry_after)
        wait = self.backoff * 2**attempt if asked is None else asked
        return min(max(wait, 0.0), self.max_wait)
