"""Bodies of the consent routes ``/v1/users/{user_id}/consents``."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from api.pagination import Page

__all__ = ["ConsentList", "ConsentOut"]


class ConsentOut(BaseModel):
    """One consent record: active, or withdrawn (who and when, both ways)."""

    user_id: str = Field(description="The user.")
    category: str = Field(
        description="The category consented to (what consolidation may write about this user)."
    )
    active: bool = Field(description="Whether the consent stands now (false: withdrawn).")
    granted_by: str | None = Field(
        description="Who granted it: user or an operator id (null: unknown)."
    )
    granted_at: datetime = Field(description="When it was granted (UTC, RFC 3339).")
    withdrawn_by: str | None = Field(description="Who withdrew it (null while active).")
    withdrawn_at: datetime | None = Field(description="When it was withdrawn (null while active).")


class ConsentList(Page[ConsentOut]):
    """A page of one user's consent records, by category."""

    user_id: str = Field(description="The user.")
