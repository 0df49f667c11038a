"""Liveness, readiness and Prometheus metrics; unauthenticated, outside ``/v1``."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from api.deps import EngineDep, MetricsDep
from api.metrics import CONTENT_TYPE_LATEST

__all__ = ["router"]

router = APIRouter(tags=["health"])


class Health(BaseModel):
    """Liveness or readiness answer."""

    status: Literal["ok", "unavailable"]
    database: Literal["ok", "unreachable"] | None = None


@router.get("/healthz", summary="The process is up")
async def healthz() -> Health:
    """Answers 200 while the process serves requests; touches nothing else."""
    return Health(status="ok")


@router.get(
    "/readyz",
    summary="The database is reachable",
    responses={503: {"model": Health, "description": "Database unreachable"}},
)
def readyz(engine: EngineDep, response: Response) -> Health:
    """Runs ``SELECT 1``; 503 when the database does not answer, so balancers stop routing."""
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except SQLAlchemyError:
        response.status_code = 503
        return Health(status="unavailable", database="unreachable")
    return Health(status="ok", database="ok")


@router.get("/metrics", summary="Prometheus metrics", response_class=Response)
async def metrics(request: Request, service_metrics: MetricsDep) -> Response:
    """Prometheus text format: requests and latency per route, compactions, tokens."""
    return Response(service_metrics.render(), media_type=CONTENT_TYPE_LATEST)
