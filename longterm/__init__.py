"""Long-term tier: structured preferences and an event timeline, tenant-scoped.

Not a vector store: preferences are typed fields from a key registry (``registry``, ``values``),
one current value per tenant, user and key, with every change (and every refused change) in a
history; events are a timeline. The interface is ``store.LongtermStore``: every method takes
the principal and the tenant, checks both, filters reads through the policy gate (``reads``),
enforces expiry at read and audits every mutation. ``sql_store.SqlLongtermStore`` implements it
on SQLite and PostgreSQL (writes through ``write_path.submit``: gate, audit, trust order,
compare-and-swap; ``erasure`` and ``expiry`` delete for real), ``memory_store`` in memory for
tests; one conformance suite runs on all three. ``gate`` declares the policy gate it calls,
``vocabulary`` the shared words, ``errors`` the error tree. See docs/longterm.md and
docs/erasure.md.
"""

from longterm.errors import LongtermError
from longterm.memory_store import InMemoryLongtermStore
from longterm.models import (
    TRUST_RANK,
    ErasureReceipt,
    Event,
    EventWrite,
    Preference,
    PreferenceChange,
    PreferenceConsent,
    PreferenceWrite,
    UserExport,
    WriteOutcome,
)
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry, KeySpec
from longterm.sql_store import SqlLongtermStore
from longterm.store import LongtermStore
from longterm.vocabulary import SOURCES
from longterm.write_path import submit

__all__ = [
    "DEFAULT_REGISTRY",
    "SOURCES",
    "TRUST_RANK",
    "ErasureReceipt",
    "Event",
    "EventWrite",
    "InMemoryLongtermStore",
    "KeyRegistry",
    "KeySpec",
    "LongtermError",
    "LongtermStore",
    "Preference",
    "PreferenceChange",
    "PreferenceConsent",
    "PreferenceWrite",
    "SqlLongtermStore",
    "UserExport",
    "WriteOutcome",
    "submit",
]
