"""Route helpers of the long-term writes: a committed refusal's answer, idempotent replay.

Errors the long-term tier raises (``longterm.errors``) are not translated here: they propagate
to ``api.problems``, the one table of problem types.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlmodel import Session

from api.errors import ApiError, Conflict, Forbidden, PreconditionFailed
from longterm import idempotency
from longterm.gate import Principal
from longterm.models import WriteOutcome

__all__ = [
    "Idempotent",
    "raise_for_outcome",
]


def raise_for_outcome(outcome: WriteOutcome) -> None:
    """Turn a committed refusal into its HTTP error; return quietly on success.

    Raises:
        Forbidden: the policy gate denied the write (403, with rule and policy version).
        Conflict: a less trusted source met a more trusted value (409, ``current_source``).
        PreconditionFailed: ``If-Match`` is stale (412).
    """
    if outcome.status == "denied":
        raise Forbidden(
            f"policy denied the write: {outcome.reason}",
            rule=outcome.decision.rule,
            policy_version=outcome.decision.policy_version,
        )
    if outcome.status == "refused":
        raise Conflict(outcome.reason, current_source=outcome.current_source)
    if outcome.status == "stale":
        raise PreconditionFailed(outcome.reason, current_etag=outcome.current_etag)


class Idempotent:
    """One POST/PUT under an optional ``Idempotency-Key``, per tenant and API key."""

    def __init__(
        self,
        db: Session,
        *,
        caller: Principal,
        key: str | None,
        request: Request,
        body: BaseModel,
        now: datetime,
    ) -> None:
        self.db, self.caller, self.key, self.now = db, caller, key, now
        self.hash = idempotency.fingerprint(
            request.method, request.url.path, BaseModel.model_dump_json(body).encode()
        )

    def replay(self) -> JSONResponse | None:
        """The stored response of an earlier identical request, if any.

        Raises:
            Unprocessable: the key was used with another request.
        """
        if self.key is None:
            return None
        stored = idempotency.lookup(
            self.db,
            tenant_id=self.caller.tenant_id,
            owner=self.caller.key_id or "",
            key=self.key,
            request_hash=self.hash,
            now=self.now,
        )
        if stored is None:
            return None
        headers = {**stored.headers, "Idempotent-Replayed": "true"}
        return JSONResponse(stored.body, status_code=stored.status_code, headers=headers)

    def commit(
        self, *, user_id: str, status: int, body: Any, headers: dict[str, str]
    ) -> JSONResponse:
        """Store the response with the write and commit; a concurrent twin wins instead."""
        content = jsonable_encoder(body)
        if self.key is not None:
            stored = idempotency.StoredResponse(status, content, headers)
            won = idempotency.remember(
                self.db,
                tenant_id=self.caller.tenant_id,
                owner=self.caller.key_id or "",
                key=self.key,
                user_id=user_id,
                request_hash=self.hash,
                response=stored,
                now=self.now,
            )
            if not won:
                self.db.rollback()
                replay = self.replay()
                if replay is not None:
                    return replay
                raise ApiError("concurrent request with the same Idempotency-Key failed")
        self.db.commit()
        return JSONResponse(content, status_code=status, headers=headers)
