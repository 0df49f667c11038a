"""``Annotated`` dependency aliases for routes, all resolved from the app's ``Services``.

Usage::

    @router.post("/v1/things")
    def create_thing(body: ThingIn, db: DbSessionDep, who: PrincipalDep, now: NowDep) -> ThingOut:
        ...
        db.commit()  # the route's unit of work commits; anything uncommitted is rolled back

Sync routes (``def``) run in the thread pool, which is what blocking database work needs.
Routes never read ``app.state``: everything ``create_app`` built is one of these.

=====================  ==========================================================
alias                  what the route gets
=====================  ==========================================================
``ServicesDep``        the whole ``api.services.Services`` container
``SettingsDep``        the app's ``Settings``
``EngineDep``          the database ``Engine``
``DbSessionDep``       one ``Session`` per request (rolled back unless committed)
``ClockDep``           the app's ``Clock`` (call it for each reading)
``NowDep``             one reading of that clock for the request (aware UTC)
``GateDep``            the app's one ``PolicyGate``
``SummarizerDep``      the configured ``Summarizer`` (None: window only)
``ContextRuntimeDep``  the sessions' ``ContextRuntime`` (500 if the summarizer is
                       misconfigured)
``MetricsDep``         the app's ``ServiceMetrics``
``JobMetricsDep``      the background jobs' ``JobMetrics``
``KeyStoreDep``        a ``KeyStore`` over the engine, on the app's clock
``LongtermStoreDep``   the ``LongtermStore`` over the request's session and the app's gate
``PrincipalDep``       the caller, from its bearer key (401 without one)
``CallerDep``          an ``agent`` or ``admin`` caller (403 for other roles)
``AdminDep``           an ``admin`` caller
``ConsolidatorDep``    a ``consolidator`` or ``admin`` caller
=====================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Annotated

from fastapi import Depends
from sqlalchemy import Engine
from sqlmodel import Session

from api.auth import Principal, get_principal, require_roles
from api.metrics import JobMetrics, ServiceMetrics
from api.services import Clock, Services, get_services
from api.sessions.context import ContextRuntime
from api.sessions.errors import SummarizerMisconfigured
from api.settings import Settings
from api.storage.keys import KeyStore
from api.user_memory.erasure import erase_hooks
from longterm.gate import PolicyGate
from longterm.sql_store import SqlLongtermStore
from longterm.store import LongtermStore
from runtime.summary.protocol import Summarizer
from storage.engine import session_scope

__all__ = [
    "AdminDep",
    "CallerDep",
    "ClockDep",
    "ConsolidatorDep",
    "ContextRuntimeDep",
    "DbSessionDep",
    "EngineDep",
    "GateDep",
    "JobMetricsDep",
    "KeyStoreDep",
    "LongtermStoreDep",
    "MetricsDep",
    "NowDep",
    "PrincipalDep",
    "ServicesDep",
    "SettingsDep",
    "SummarizerDep",
    "get_db_session",
]

ServicesDep = Annotated[Services, Depends(get_services)]


def _settings(services: ServicesDep) -> Settings:
    return services.settings


def _engine(services: ServicesDep) -> Engine:
    return services.engine


def get_db_session(services: ServicesDep) -> Iterator[Session]:
    """One session per request; whatever the route does not commit is rolled back.

    The rollback runs after the route has answered, through ``storage.session_scope``, which
    drops the failed rollback of a connection that died in between (the answer is sent; that
    error is not the request's).
    """
    with session_scope(services.engine) as session:
        yield session


def _clock(services: ServicesDep) -> Clock:
    return services.clock


def _now(services: ServicesDep) -> datetime:
    return services.clock()


def _gate(services: ServicesDep) -> PolicyGate:
    return services.gate


def _summarizer(services: ServicesDep) -> Summarizer | None:
    return services.summarizer


def _context_runtime(services: ServicesDep) -> ContextRuntime:
    """The sessions' runtime; a misconfigured summarizer is answered, not hidden.

    Raises:
        SummarizerMisconfigured: the configured summarizer could not be built (500 naming the
            setting).
    """
    if services.summarizer_problem is not None:
        raise SummarizerMisconfigured(services.summarizer_problem)
    return services.context_runtime


def _metrics(services: ServicesDep) -> ServiceMetrics:
    return services.metrics


def _job_metrics(services: ServicesDep) -> JobMetrics:
    return services.job_metrics


def _key_store(services: ServicesDep) -> KeyStore:
    return KeyStore(services.engine, clock=services.clock)


SettingsDep = Annotated[Settings, Depends(_settings)]
EngineDep = Annotated[Engine, Depends(_engine)]
DbSessionDep = Annotated[Session, Depends(get_db_session)]
ClockDep = Annotated[Clock, Depends(_clock)]
NowDep = Annotated[datetime, Depends(_now)]
GateDep = Annotated[PolicyGate, Depends(_gate)]
SummarizerDep = Annotated[Summarizer | None, Depends(_summarizer)]
ContextRuntimeDep = Annotated[ContextRuntime, Depends(_context_runtime)]
MetricsDep = Annotated[ServiceMetrics, Depends(_metrics)]
JobMetricsDep = Annotated[JobMetrics, Depends(_job_metrics)]
KeyStoreDep = Annotated[KeyStore, Depends(_key_store)]
PrincipalDep = Annotated[Principal, Depends(get_principal)]
CallerDep = Annotated[Principal, Depends(require_roles("agent", "admin"))]
AdminDep = Annotated[Principal, Depends(require_roles("admin"))]
ConsolidatorDep = Annotated[Principal, Depends(require_roles("consolidator", "admin"))]


def _longterm_store(db: DbSessionDep, gate: GateDep) -> LongtermStore:
    # Its erasure also erases what the policy tier and the sessions hold about the user.
    hooks, session_hooks = erase_hooks()
    return SqlLongtermStore(db, gate=gate, hooks=hooks, session_hooks=session_hooks)


LongtermStoreDep = Annotated[LongtermStore, Depends(_longterm_store)]
