"""Liveness, readiness and Prometheus metrics; unauthenticated, outside ``/v1``."""

from __future__ import annotations

import time
from functools import cache
from typing import Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, Field
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from api.deps import EngineDep, MetricsDep, ServicesDep
from api.metrics import CONTENT_TYPE_LATEST
from api.storage.migrate import current_heads, expected_heads

__all__ = ["router"]

router = APIRouter(tags=["health"])
SCHEMA_RECHECK_S = 30.0


class Health(BaseModel):
    """Liveness or readiness answer; ``schema`` is ``behind`` while migrations are pending."""

    status: Literal["ok", "unavailable"] = Field(
        description="ok, or unavailable (readiness: the database is unreachable or the schema "
        "behind)."
    )
    database: Literal["ok", "unreachable"] | None = Field(
        default=None, description="Readiness only: ok or unreachable (null on /healthz)."
    )
    schema_: Literal["current", "behind"] | None = Field(
        description="Readiness only: current, or behind while migrations are pending (null on "
        "/healthz).",
        default=None,
        alias="schema",
    )

    model_config = {"populate_by_name": True, "serialize_by_alias": True}


@router.get("/healthz", summary="The process is up")
async def healthz() -> Health:
    """Answers 200 while the process serves requests; touches nothing else."""
    return Health(status="ok")


@router.get(
    "/readyz",
    summary="The database is reachable",
    responses={503: {"model": Health, "description": "Database unreachable"}},
)
def readyz(services: ServicesDep, engine: EngineDep, response: Response) -> Health:
    """``SELECT 1`` and the schema revision: 503 when the database does not answer or its
    schema is behind this version's migrations, so balancers route elsewhere meanwhile.

    Once the schema is current it is re-read at most every ``SCHEMA_RECHECK_S`` seconds
    (schemas only move forward while a version runs); ``SELECT 1`` runs on every call.
    """
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        checked = services.schema_check.current_at
        if checked is None or time.monotonic() - checked > SCHEMA_RECHECK_S:
            if current_heads(engine) != _shipped_heads():
                response.status_code = 503
                return Health(status="unavailable", database="ok", schema_="behind")
            services.schema_check.current_at = time.monotonic()
    except SQLAlchemyError:
        response.status_code = 503
        return Health(status="unavailable", database="unreachable")
    return Health(status="ok", database="ok", schema_="current")


@cache
def _shipped_heads() -> frozenset[str]:
    return frozenset(expected_heads())


@router.get("/metrics", summary="Prometheus metrics", response_class=Response)
async def metrics(service_metrics: MetricsDep) -> Response:
    """Prometheus text format: requests and latency per route, compactions, tokens."""
    return Response(service_metrics.render(), media_type=CONTENT_TYPE_LATEST)
