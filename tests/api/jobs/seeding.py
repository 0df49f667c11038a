"""An idle, summarized trip session with standing consent, seeded straight into a database
(for the tests of the jobs route and ``tiermem consolidate``)."""

from __future__ import annotations

from sqlmodel import Session

from api.storage.migrate import upgrade_database
from longterm.gate import Principal
from policy.consent import grant_consent
from policy.storage import ConsolidationMarkRow
from storage.engine import create_db_engine
from tests.scenarios.trip import T0, seed_session, trip_summary

__all__ = ["is_marked", "seed_idle_trip"]


def seed_idle_trip(url: str, tenants: tuple[str, ...]) -> None:
    """Migrate ``url``; give each tenant session ``s1`` of ``u1``, idle since ``T0``, with the
    trip's summary, and ``u1``'s standing consent to consolidation in ``travel``."""
    engine = create_db_engine(url)
    try:
        upgrade_database(url, engine=engine)
        for tenant in tenants:
            seed_session(
                engine,
                tenant=tenant,
                session_id="s1",
                user="u1",
                updated_at=T0,
                summary=trip_summary(),
            )
            with Session(engine) as db:
                grant_consent(
                    db,
                    subject=Principal("agent", tenant, key_id="k"),
                    user_id="u1",
                    category="travel",
                    now=T0,
                )
                db.commit()
    finally:
        engine.dispose()


def is_marked(url: str, tenant: str) -> bool:
    """Whether the tenant's session ``s1`` has a consolidation mark."""
    engine = create_db_engine(url)
    try:
        with Session(engine) as db:
            return db.get(ConsolidationMarkRow, (tenant, "s1")) is not None
    finally:
        engine.dispose()
