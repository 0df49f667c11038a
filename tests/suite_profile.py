"""How much of each heavy check the default suite runs.

The default suite must stay within six minutes on two cores; ``scripts/check --full``
(``TIERMEM_FULL=1``) runs every heavy check at full size. A check that walks a corpus takes a
sample by default (``every``), and parametrized cases that walk the same corpus take
interleaved shares of it (``share``), so that between them every item is still checked once.
``docs/testing.md`` lists what each check samples.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

FULL = os.environ.get("TIERMEM_FULL") == "1"


def every(items: Sequence[T], step: int) -> list[T]:
    """Every ``step``-th item of ``items`` (all of them under ``--full``)."""
    return list(items) if FULL else list(items)[::step]


def share(items: Sequence[T], part: int, parts: int) -> list[T]:
    """The ``part``-th of ``parts`` interleaved shares of ``items`` (all of them under
    ``--full``): ``parts`` cases taking one share each check every item once between them."""
    return list(items) if FULL else list(items)[part::parts]
