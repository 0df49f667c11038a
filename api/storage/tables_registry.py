"""Imports every tier's table module so that ``metadata`` is complete for Alembic and tests.

One line per area; add yours when your tables exist. Alembic's ``env.py`` imports this module.
"""

from api.sessions import tables as session_tables  # noqa: F401  (D2: agent sessions and their data)
from api.storage import keys  # noqa: F401  (D1: tenant, api_key)
from longterm import pseudonyms  # noqa: F401  (E: per-tenant secrets of keyed references)
from longterm import storage as longterm_storage  # noqa: F401  (E: preferences, events, audit)
from policy import storage as policy_storage  # noqa: F401  (F: policy, consents, ends)
from storage import locks as job_leases  # noqa: F401  (run-once leases)
