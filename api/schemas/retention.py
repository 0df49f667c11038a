"""Bodies of ``/v1/admin/retention``."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from api.params import WHOLE_FLOAT_AS_INT

__all__ = ["MAX_RETENTION_DAYS", "PurgeOut", "RetentionIn", "RetentionOut"]

MAX_RETENTION_DAYS: Final = 36500  # a hundred years: the longest retention a tenant may set


_Days = Annotated[StrictInt, Field(ge=1, le=MAX_RETENTION_DAYS), WHOLE_FLOAT_AS_INT]
"""Days of a retention (``30.0`` is ``30``; never a bool or a string)."""


class RetentionIn(BaseModel):
    """The new setting; ``null`` keeps raw messages forever."""

    model_config = ConfigDict(extra="forbid")

    raw_message_days: _Days | None = Field(
        description="Days raw session messages are kept before the purge tombstones them (null: "
        "forever)."
    )


class RetentionOut(BaseModel):
    """The tenant's retention of raw session messages (``null``: kept forever)."""

    tenant_id: str = Field(description="The tenant.")
    raw_message_days: int | None = Field(
        description="Days raw session messages are kept (null: forever)."
    )


class PurgeOut(BaseModel):
    """What one purge run tombstoned in the caller's tenant."""

    tenant_id: str = Field(description="The tenant.")
    sessions: int = Field(description="Sessions whose messages were tombstoned.")
    messages: int = Field(description="Raw messages tombstoned (content removed, ids kept).")
