"""Long-term tier: structured preferences and an event timeline, tenant-scoped.

Not a vector store: preferences are typed fields from a key registry (``registry``, ``values``),
one current value per tenant, user and key, with every change (and every refused change) in a
history; events are a timeline. Every write goes through ``write_path.submit`` (policy gate,
audit, trust order, compare-and-swap); reads (``store``) enforce expiry and take the tenant as a
required keyword; ``reads`` filters by what a key may read; ``erasure`` and ``expiry`` delete for
real. See docs/longterm.md and docs/erasure.md.
"""

from longterm.errors import LongtermError
from longterm.models import (
    TRUST_RANK,
    ErasureReceipt,
    Event,
    EventWrite,
    Preference,
    PreferenceChange,
    PreferenceConsent,
    PreferenceWrite,
    WriteOutcome,
)
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry, KeySpec
from longterm.vocabulary import SOURCES
from longterm.write_path import submit

__all__ = [
    "DEFAULT_REGISTRY",
    "SOURCES",
    "TRUST_RANK",
    "ErasureReceipt",
    "Event",
    "EventWrite",
    "KeyRegistry",
    "KeySpec",
    "LongtermError",
    "Preference",
    "PreferenceChange",
    "PreferenceConsent",
    "PreferenceWrite",
    "WriteOutcome",
    "submit",
]
