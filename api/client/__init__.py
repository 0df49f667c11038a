"""The Python client of the tiermem service: ``Client`` (sync) and ``AsyncClient`` (asyncio).

    from api.client import Client

    with Client(base_url="http://127.0.0.1:8000", api_key="tmk_...") as tm:
        session = tm.create_session(user_id="alice")
        tm.append(session.id, [{"role": "user", "content": "hi"}])
        context = tm.context(session.id)

Importing it starts nothing: no app, no database, no SQLAlchemy (the API's models are
imported by the first call that reads them). Only ``api``'s schema modules are imported, never
the app, its routes or storage (an import-linter contract).
"""

from api.client.aio import AsyncClient
from api.client.call import OPERATIONS, Call
from api.client.errors import (
    ApiError,
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    PayloadTooLarge,
    PreconditionFailed,
    RateLimited,
    ServerError,
    ServiceUnavailable,
    TiermemClientError,
    TransportError,
    Unauthorized,
    Unprocessable,
)
from api.client.retry import RetryPolicy
from api.client.sync import Client

__all__ = [
    "OPERATIONS",
    "ApiError",
    "AsyncClient",
    "BadRequest",
    "Call",
    "Client",
    "Conflict",
    "Forbidden",
    "NotFound",
    "PayloadTooLarge",
    "PreconditionFailed",
    "RateLimited",
    "RetryPolicy",
    "ServerError",
    "ServiceUnavailable",
    "TiermemClientError",
    "TransportError",
    "Unauthorized",
    "Unprocessable",
]
