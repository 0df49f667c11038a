"""``Annotated`` dependency aliases for routes: settings, engine, a DB session, the caller.

Usage::

    @router.post("/v1/things")
    def create_thing(body: ThingIn, db: DbSessionDep, who: PrincipalDep) -> ThingOut:
        ...
        db.commit()  # the route's unit of work commits; anything uncommitted is rolled back

Sync routes (``def``) run in the thread pool, which is what blocking database work needs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import Engine
from sqlmodel import Session

from api.auth import Principal, get_principal, require_roles
from api.metrics import ServiceMetrics, metrics_of
from api.settings import Settings
from storage.engine import session_scope

__all__ = [
    "AdminDep",
    "ConsolidatorDep",
    "DbSessionDep",
    "EngineDep",
    "MetricsDep",
    "PrincipalDep",
    "SettingsDep",
    "get_db_session",
    "get_engine",
    "get_settings",
]


def get_settings(request: Request) -> Settings:
    """The app's settings (built once in ``create_app``)."""
    settings: Settings = request.app.state.settings
    return settings


def get_engine(request: Request) -> Engine:
    """The app's database engine."""
    engine: Engine = request.app.state.engine
    return engine


def get_db_session(engine: Annotated[Engine, Depends(get_engine)]) -> Iterator[Session]:
    """One session per request; whatever the route does not commit is rolled back."""
    with session_scope(engine) as session:
        yield session


SettingsDep = Annotated[Settings, Depends(get_settings)]
EngineDep = Annotated[Engine, Depends(get_engine)]
DbSessionDep = Annotated[Session, Depends(get_db_session)]
MetricsDep = Annotated[ServiceMetrics, Depends(metrics_of)]
PrincipalDep = Annotated[Principal, Depends(get_principal)]
AdminDep = Annotated[Principal, Depends(require_roles("admin"))]
ConsolidatorDep = Annotated[Principal, Depends(require_roles("consolidator", "admin"))]
