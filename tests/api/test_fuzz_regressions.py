"""What schemathesis found at 100 examples per operation (``TIERMEM_FULL=1 tests/api/test_fuzz.py``,
1 Dec 2026), each kept as a plain regression test on both backends: input the OpenAPI document
refuses must be a 422, not a 200.

- ``since``/``until`` of ``0.5`` were read as a Unix time (1970-01-01T00:00:00.5Z): an
  ``Instant`` is an RFC 3339 date-time only (``api.params``);
- ``POST /v1/policy/check`` took ``0`` for a boolean flag and ``false`` for the confidence (now
  ``StrictBool`` and ``StrictFloat``; the confidence of preference and event writes too);
- ``GET /v1/sessions?user_id=`` took an empty user id (now the user-id rule, ``UserIdQuery``).

Second run (after those fixes, 19:00 UTC): ``POST /v1/sessions`` stored ``recall.share: false``
as 0.0 on both backends. Every number and flag of a request body that was still lax is strict
now (``StrictFloat``, ``StrictBool``, ``StrictInt``): the budget's fractions and shares, recall,
``include_profile``, ``promote``, ``supersede``, a key's ``expires_in_seconds`` and the usage
timings; a boolean is never a number and a string is never either.
"""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter, ValidationError

from api.params import Instant
from tests.api.conftest import bearer, make_key, unique_tenant

NUMERIC_TIMES = ["0.5", "0", "1700000000", "-1", "1e3"]


@pytest.fixture
def admin(shared_client: TestClient, shared_database_url: str) -> dict[str, str]:
    return bearer(make_key(shared_database_url, unique_tenant("fr"), "admin"))


def _assert_422(response: object) -> None:
    status = getattr(response, "status_code", None)
    assert status == 422, getattr(response, "text", response)


@pytest.mark.parametrize("value", NUMERIC_TIMES)
def test_a_number_is_not_a_date_time(
    shared_client: TestClient, admin: dict[str, str], value: str
) -> None:
    for path, name in (("/v1/users/u1/events", "until"), ("/v1/users/u1/events", "since"),
                       ("/v1/audit", "since")):  # fmt: skip
        _assert_422(shared_client.get(path, params={name: value}, headers=admin))
    event = {"kind": "trip.booked", "text": "a trip", "source": "admin", "occurred_at": 0.5}
    _assert_422(shared_client.post("/v1/users/u1/events", json=event, headers=admin))


def test_date_times_still_parse() -> None:
    adapter: TypeAdapter[datetime] = TypeAdapter(Instant)
    assert adapter.validate_python("2026-09-01T09:00:00Z") == datetime(2026, 9, 1, 9, tzinfo=UTC)
    assert adapter.validate_python("2026-09-01 09:00:00+00:00").tzinfo is not None
    assert adapter.validate_python(datetime(2026, 9, 1, tzinfo=UTC)).year == 2026
    with pytest.raises(ValidationError):
        adapter.validate_python(1.5)


FLAGS = ["consent", "standing_consent", "current_consented", "sensitive", "unbacked"]


@pytest.mark.parametrize("flag", FLAGS)
@pytest.mark.parametrize("value", [0, 1, "false", "true"])
def test_policy_check_flags_are_strict_booleans(
    shared_client: TestClient, admin: dict[str, str], flag: str, value: object
) -> None:
    body = {"action": "read", "object": {"user_id": "u1", "source": "admin", flag: value}}
    _assert_422(shared_client.post("/v1/policy/check", json=body, headers=admin))
    body["object"][flag] = False  # type: ignore[index]
    assert shared_client.post("/v1/policy/check", json=body, headers=admin).status_code == 200


def test_listing_sessions_takes_only_a_valid_user_id(
    shared_client: TestClient, admin: dict[str, str]
) -> None:
    for bad in ("", " ", "-x"):
        _assert_422(shared_client.get("/v1/sessions", params={"user_id": bad}, headers=admin))
    assert shared_client.get("/v1/sessions", params={"user_id": "u1"}, headers=admin).json() == {
        "items": [],
        "next_cursor": None,
    }


@pytest.mark.parametrize("value", [False, True, "0.5"])
def test_a_confidence_is_a_number_never_a_boolean(
    shared_client: TestClient, admin: dict[str, str], value: object
) -> None:
    check = {"action": "read", "object": {"user_id": "u1", "source": "admin", "confidence": value}}
    _assert_422(shared_client.post("/v1/policy/check", json=check, headers=admin))
    pref = {"value": "window", "source": "admin", "confidence": value}
    path = "/v1/users/u1/preferences/travel.seat.preference"
    _assert_422(shared_client.put(path, json=pref, headers=admin))
    event = {"kind": "trip.booked", "text": "a trip", "source": "admin",
             "occurred_at": "2026-09-01T09:00:00Z", "confidence": value}  # fmt: skip
    _assert_422(shared_client.post("/v1/users/u1/events", json=event, headers=admin))
    check["object"]["confidence"] = pref["confidence"] = 1  # type: ignore[index]
    assert shared_client.post("/v1/policy/check", json=check, headers=admin).status_code == 200
    assert shared_client.put(path, json=pref, headers=admin).status_code == 201


NOT_A_NUMBER = [False, True, "0.5"]
NOT_A_FLAG = [0, 1, "true", "false"]


def _session(client: TestClient, admin: dict[str, str], **body: object) -> httpx.Response:
    return client.post("/v1/sessions", json={"user_id": "u1", **body}, headers=admin)


@pytest.mark.parametrize("value", NOT_A_NUMBER)
@pytest.mark.parametrize(
    "field", ["trigger", "target", "summary_share", "profile_share", "recall_share"]
)
def test_a_budget_fraction_is_never_a_boolean_or_a_string(
    shared_client: TestClient, admin: dict[str, str], field: str, value: object
) -> None:
    _assert_422(_session(shared_client, admin, budget={field: value}))


@pytest.mark.parametrize(
    ("recall", "good"),
    [({"share": False}, {"share": 0}), ({"share": "0.2"}, {"share": 0.2}),
     ({"enabled": 0}, {"enabled": False}), ({"enabled": "true"}, {"enabled": True})],
)  # fmt: skip
def test_recall_settings_are_strict(
    shared_client: TestClient, admin: dict[str, str], recall: object, good: object
) -> None:
    _assert_422(_session(shared_client, admin, recall=recall))
    created = _session(shared_client, admin, recall=good)
    assert created.status_code == 201


@pytest.mark.parametrize("value", NOT_A_FLAG)
def test_session_flags_are_strict_booleans(
    shared_client: TestClient, admin: dict[str, str], value: object
) -> None:
    created = _session(shared_client, admin)
    session = f"/v1/sessions/{created.json()['id']}"
    _assert_422(shared_client.post(f"{session}/context", json={"include_profile": value},
                                   headers=admin))  # fmt: skip
    _assert_422(shared_client.post(f"{session}/end", json={"promote": value}, headers=admin))
    pref = {"value": "window", "source": "admin", "supersede": value}
    path = "/v1/users/u1/preferences/travel.seat.preference"
    _assert_422(shared_client.put(path, json=pref, headers=admin))


@pytest.mark.parametrize("value", [True, "3600", 3600.5])
def test_a_key_lifetime_is_an_integer(
    shared_client: TestClient, admin: dict[str, str], value: object
) -> None:
    for role in ("agent", "admin"):
        body = {"role": role, "expires_in_seconds": value}
        _assert_422(shared_client.post("/v1/keys", json=body, headers=admin))


def test_an_integer_with_a_zero_fraction_is_an_integer(
    shared_client: TestClient, admin: dict[str, str]
) -> None:
    """JSON Schema's ``integer`` includes ``3600.0`` (schemathesis sent ``2111.0`` and the
    strict type refused it): accepted as 3600, while ``3600.5``, ``true`` and ``"3600"`` are not."""
    created = shared_client.post(
        "/v1/keys", json={"role": "agent", "expires_in_seconds": 3600.0}, headers=admin
    )
    assert created.status_code == 201, created.text
    budget = {"context_limit": 8000.0, "max_output_tokens": 500.0}
    session = shared_client.post(
        "/v1/sessions", json={"user_id": "u1", "budget": budget}, headers=admin
    )
    assert session.status_code == 201, session.text
    assert session.json()["budget"]["context_limit"] == 8000


@pytest.mark.parametrize("field", ["ttft_ms", "queue_ms", "latency_ms"])
def test_usage_timings_are_numbers(
    shared_client: TestClient, admin: dict[str, str], field: str
) -> None:
    created = _session(shared_client, admin)
    path = f"/v1/sessions/{created.json()['id']}/usage"
    usage = {"input_tokens": 10, "output_tokens": 5}
    for value in NOT_A_NUMBER:
        _assert_422(shared_client.post(path, json={**usage, field: value}, headers=admin))
    assert shared_client.post(path, json={**usage, field: 12}, headers=admin).status_code < 300
