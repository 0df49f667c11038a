"""``Client``: the service from Python, synchronously (httpx).

One method per route, named for what it does (``create_session``, ``append``, ``context``,
``end_session``, ...), each a line binding a builder of ``api.client.ops_*``; ``iter_*`` walk
a listing's pages. Answers are the API's own pydantic models; problems raise the typed errors
of ``api.client.errors``; 429 and 503 are retried as ``api.client.retry.RetryPolicy`` says.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

import httpx

from api.client import ops_admin, ops_sessions, ops_users
from api.client.call import Call
from api.client.errors import TransportError, error_for
from api.client.retry import RetryPolicy

if TYPE_CHECKING:
    from types import TracebackType

    from api.pagination import Page

__all__ = ["DEFAULT_BASE_URL", "Client"]

DEFAULT_BASE_URL = "http://127.0.0.1:8000"
P = ParamSpec("P")
T = TypeVar("T")


def _op(build: Callable[P, Call[T]]) -> Callable[Concatenate[Client, P], T]:
    @functools.wraps(build)
    def method(self: Client, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return self.send(build(*args, **kwargs))

    return method


def _pages(build: Callable[P, Call[Page[T]]]) -> Callable[Concatenate[Client, P], Iterator[T]]:
    @functools.wraps(build)
    def method(self: Client, /, *args: P.args, **kwargs: P.kwargs) -> Iterator[T]:
        call = build(*args, **kwargs)
        while True:
            page = self.send(call)
            yield from page.items
            if page.next_cursor is None:
                return
            call = call.with_params(cursor=page.next_cursor)

    method.__doc__ = f"Every item of ``{build.__name__}``, page after page."
    return method


class Client:
    """A synchronous client of one tiermem service and one API key.

    Args:
        base_url: the service, e.g. ``http://127.0.0.1:8000``.
        api_key: the bearer key (``tmk_...``); None sends no ``Authorization``.
        transport: an httpx transport (e.g. ``httpx.MockTransport``) for the client's own
            ``httpx.Client``.
        http: an ``httpx.Client`` to use instead (e.g. FastAPI's ``TestClient``); the caller
            closes it.
        timeout: seconds per request.
        retry: how 429 and 503 are retried.
        sleep: how to wait between attempts (tests pass a recorder).
    """

    def __init__(
        self,
        base_url: str = DEFAULT_BASE_URL,
        api_key: str | None = None,
        *,
        transport: httpx.BaseTransport | None = None,
        http: httpx.Client | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._owned = http is None
        self._http = http or httpx.Client(transport=transport, timeout=timeout)
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._retry = retry or RetryPolicy()
        self._sleep = sleep

    def __enter__(self) -> Client:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the connections (not those of an ``http`` client passed in)."""
        if self._owned:
            self._http.close()

    def send(self, call: Call[T]) -> T:
        """Send one call and read its answer.

        Raises:
            ApiError: a subclass per problem family (``NotFound``, ``Unprocessable``, ...).
            TransportError: no answer at all.
        """
        response = self._request(call)
        if response.status_code >= 400:
            raise error_for(
                response.status_code,
                _json(response),
                request_id=response.headers.get("x-request-id"),
            )
        if call.text:
            return call.read(response.text)
        return call.read(_json(response))

    def _request(self, call: Call[Any]) -> httpx.Response:
        params = {k: v for k, v in call.params.items() if v is not None}
        headers = {**self._headers, **call.headers}
        attempt = 0
        while True:
            try:
                response = self._http.request(
                    call.method,
                    self.base_url + call.path,
                    params=params,
                    json=call.json,
                    headers=headers,
                )
            except httpx.TransportError as exc:
                raise TransportError(f"{call.method} {call.path}: {exc}") from exc
            wait = self._retry.wait(
                attempt, response.status_code, response.headers.get("retry-after")
            )
            if wait is None:
                return response
            response.close()
            self._sleep(wait)
            attempt += 1

    # the service, the caller's key, keys, policy, retention, jobs, audit
    healthz = _op(ops_admin.healthz)
    readyz = _op(ops_admin.readyz)
    metrics = _op(ops_admin.metrics)
    me = _op(ops_admin.me)
    list_keys = _op(ops_admin.list_keys)
    create_key = _op(ops_admin.create_key)
    revoke_key = _op(ops_admin.revoke_key)
    get_policy = _op(ops_admin.get_policy)
    check_policy = _op(ops_admin.check_policy)
    put_policy_rules = _op(ops_admin.put_policy_rules)
    policy_versions = _op(ops_admin.policy_versions)
    get_retention = _op(ops_admin.get_retention)
    put_retention = _op(ops_admin.put_retention)
    purge_retention = _op(ops_admin.purge_retention)
    run_job = _op(ops_admin.run_job)
    audit = _op(ops_admin.audit)
    export_legacy_user = _op(ops_admin.export_legacy_user)
    erase_legacy_user = _op(ops_admin.erase_legacy_user)

    # sessions
    list_sessions = _op(ops_sessions.list_sessions)
    create_session = _op(ops_sessions.create_session)
    get_session = _op(ops_sessions.get_session)
    delete_session = _op(ops_sessions.delete_session)
    append = _op(ops_sessions.append)
    get_messages = _op(ops_sessions.get_messages)
    context = _op(ops_sessions.context)
    context_last = _op(ops_sessions.context_last)
    end_session = _op(ops_sessions.end_session)
    set_pins = _op(ops_sessions.set_pins)
    list_summaries = _op(ops_sessions.list_summaries)
    get_summary = _op(ops_sessions.get_summary)
    restore_summary = _op(ops_sessions.restore_summary)
    record_usage = _op(ops_sessions.record_usage)

    # one end user's long-term memory
    list_preferences = _op(ops_users.list_preferences)
    get_preference = _op(ops_users.get_preference)
    put_preference = _op(ops_users.put_preference)
    delete_preference = _op(ops_users.delete_preference)
    preference_history = _op(ops_users.preference_history)
    list_events = _op(ops_users.list_events)
    add_event = _op(ops_users.add_event)
    get_event = _op(ops_users.get_event)
    delete_event = _op(ops_users.delete_event)
    profile = _op(ops_users.profile)
    export = _op(ops_users.export)
    erase = _op(ops_users.erase)
    list_consents = _op(ops_users.list_consents)
    get_consent = _op(ops_users.get_consent)
    grant_consent = _op(ops_users.grant_consent)
    withdraw_consent = _op(ops_users.withdraw_consent)

    # every page of a listing, one item at a time
    iter_sessions = _pages(ops_sessions.list_sessions)
    iter_messages = _pages(ops_sessions.get_messages)
    iter_summaries = _pages(ops_sessions.list_summaries)
    iter_keys = _pages(ops_admin.list_keys)
    iter_policy_versions = _pages(ops_admin.policy_versions)
    iter_audit = _pages(ops_admin.audit)
    iter_preferences = _pages(ops_users.list_preferences)
    iter_preference_history = _pages(ops_users.preference_history)
    iter_events = _pages(ops_users.list_events)
    iter_consents = _pages(ops_users.list_consents)


def _json(response: httpx.Response) -> Any:
    if not response.content:
        return None
    try:
        return response.json()
    except ValueError:
        return None
