"""The body of ``/healthz`` and ``/readyz``."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

__all__ = ["Health"]


class Health(BaseModel):
    """Liveness or readiness answer; ``schema`` is ``behind`` while migrations are pending."""

    status: Literal["ok", "unavailable"] = Field(
        description="ok, or unavailable (readiness: the database is unreachable or busy, or the "
        "schema behind)."
    )
    database: Literal["ok", "unreachable", "busy"] | None = Field(
        default=None,
        description="Readiness only: ok, unreachable, or busy (the database answers reads but "
        "a write could not go through within the readiness timeout: write lock held elsewhere, "
        "read-only); null on /healthz.",
    )
    schema_: Literal["current", "behind"] | None = Field(
        description="Readiness only: current, or behind while migrations are pending (null on "
        "/healthz).",
        default=None,
        alias="schema",
    )

    model_config = {"populate_by_name": True, "serialize_by_alias": True}
