"""Builders of the service's own routes: health, the caller's key, keys, policy, retention,
jobs, the audit trail and the legacy-user admin routes."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from api.client.call import Call, body_of, operation, segment

if TYPE_CHECKING:
    from pydantic import BaseModel

    from api.schemas.health import Health
    from api.schemas.jobs import JobResult
    from api.schemas.keys import KeyCreated, KeyList, KeyOut, Me
    from api.schemas.policy import CheckOut, PolicyOut, VersionList
    from api.schemas.retention import PurgeOut, RetentionOut
    from api.user_memory.schemas import AuditList, ErasureReceiptPublic, ExportOut

__all__ = [
    "audit",
    "check_policy",
    "create_key",
    "erase_legacy_user",
    "export_legacy_user",
    "get_policy",
    "get_retention",
    "healthz",
    "list_keys",
    "me",
    "metrics",
    "policy_versions",
    "purge_retention",
    "put_policy_rules",
    "put_retention",
    "readyz",
    "revoke_key",
    "run_job",
]


def _text(value: Any) -> str:
    return str(value)


@operation("GET", "/healthz")
def healthz() -> Call[Health]:
    """The process is up."""
    from api.schemas.health import Health

    return Call(method="GET", path="/healthz", read=Health.model_validate)


@operation("GET", "/readyz")
def readyz() -> Call[Health]:
    """The database answers and its schema is current (a 503 otherwise)."""
    from api.schemas.health import Health

    return Call(method="GET", path="/readyz", read=Health.model_validate)


@operation("GET", "/metrics")
def metrics() -> Call[str]:
    """The Prometheus exposition text."""
    return Call(method="GET", path="/metrics", read=_text, text=True)


@operation("GET", "/v1/me")
def me() -> Call[Me]:
    """The caller's key: tenant, role, user restriction."""
    from api.schemas.keys import Me

    return Call(method="GET", path="/v1/me", read=Me.model_validate)


@operation("GET", "/v1/keys")
def list_keys(*, limit: int | None = None, cursor: str | None = None) -> Call[KeyList]:
    """A page of the tenant's keys, oldest first (admin)."""
    from api.schemas.keys import KeyList

    params = {"limit": limit, "cursor": cursor}
    return Call(method="GET", path="/v1/keys", read=KeyList.model_validate, params=params)


@operation("POST", "/v1/keys")
def create_key(
    body: BaseModel | Mapping[str, Any] | None = None, /, **fields: Any
) -> Call[KeyCreated]:
    """A new key in the tenant (``KeyCreate``: ``role``, ``user_id``, ``expires_in_seconds``)."""
    from api.schemas.keys import KeyCreated

    json = body_of(body, fields)
    return Call(method="POST", path="/v1/keys", read=KeyCreated.model_validate, json=json)


@operation("DELETE", "/v1/keys/{key_id}")
def revoke_key(key_id: str) -> Call[KeyOut]:
    """Revoke one of the tenant's keys."""
    from api.schemas.keys import KeyOut

    return Call(method="DELETE", path=f"/v1/keys/{segment(key_id)}", read=KeyOut.model_validate)


@operation("GET", "/v1/policy")
def get_policy() -> Call[PolicyOut]:
    """The tenant's policy: the base rules and its own."""
    from api.schemas.policy import PolicyOut

    return Call(method="GET", path="/v1/policy", read=PolicyOut.model_validate)


@operation("POST", "/v1/policy/check")
def check_policy(
    body: BaseModel | Mapping[str, Any] | None = None, /, **fields: Any
) -> Call[CheckOut]:
    """Dry run: would this action be allowed (``CheckIn``)?"""
    from api.schemas.policy import CheckOut

    json = body_of(body, fields)
    return Call(method="POST", path="/v1/policy/check", read=CheckOut.model_validate, json=json)


@operation("PUT", "/v1/policy/rules")
def put_policy_rules(rules: list[Any]) -> Call[PolicyOut]:
    """Replace the tenant's rules (admin; ``AllowRuleIn``/``DenyRuleIn`` or mappings)."""
    from pydantic import BaseModel

    from api.schemas.policy import PolicyOut

    json = {
        "rules": [
            r.model_dump(mode="json", exclude_unset=True) if isinstance(r, BaseModel) else r
            for r in rules
        ]
    }
    return Call(method="PUT", path="/v1/policy/rules", read=PolicyOut.model_validate, json=json)


@operation("GET", "/v1/policy/versions")
def policy_versions(*, limit: int | None = None, cursor: str | None = None) -> Call[VersionList]:
    """A page of the tenant's rule-set versions, newest first (admin)."""
    from api.schemas.policy import VersionList

    params = {"limit": limit, "cursor": cursor}
    path = "/v1/policy/versions"
    return Call(method="GET", path=path, read=VersionList.model_validate, params=params)


@operation("GET", "/v1/admin/retention")
def get_retention() -> Call[RetentionOut]:
    """The tenant's retention of raw session messages (admin)."""
    from api.schemas.retention import RetentionOut

    return Call(method="GET", path="/v1/admin/retention", read=RetentionOut.model_validate)


@operation("PUT", "/v1/admin/retention")
def put_retention(raw_message_days: int | None) -> Call[RetentionOut]:
    """Set the retention (``None``: keep raw messages forever)."""
    from api.schemas.retention import RetentionOut

    json = {"raw_message_days": raw_message_days}
    path = "/v1/admin/retention"
    return Call(method="PUT", path=path, read=RetentionOut.model_validate, json=json)


@operation("POST", "/v1/admin/retention/purge")
def purge_retention() -> Call[PurgeOut]:
    """Purge summarized raw messages past the retention now (admin)."""
    from api.schemas.retention import PurgeOut

    path = "/v1/admin/retention/purge"
    return Call(method="POST", path=path, read=PurgeOut.model_validate)


@operation("POST", "/v1/admin/jobs/{name}/run")
def run_job(name: str) -> Call[JobResult]:
    """Run a background job now (``expiry``, ``consolidation``; admin)."""
    from api.schemas.jobs import JobResult

    path = f"/v1/admin/jobs/{segment(name)}/run"
    return Call(method="POST", path=path, read=JobResult.model_validate)


@operation("GET", "/v1/audit")
def audit(
    *,
    user_id: str | None = None,
    action: str | None = None,
    since: datetime | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[AuditList]:
    """A page of the tenant's audit trail, newest first (admin)."""
    from api.user_memory.schemas import AuditList

    params = {
        "user_id": user_id,
        "action": action,
        "since": None if since is None else since.isoformat(),
        "limit": limit,
        "cursor": cursor,
    }
    return Call(method="GET", path="/v1/audit", read=AuditList.model_validate, params=params)


@operation("GET", "/v1/admin/legacy-users/export")
def export_legacy_user(user_id: str) -> Call[ExportOut]:
    """Export a user whose id predates the user-id rule (admin)."""
    from api.user_memory.schemas import ExportOut

    path = "/v1/admin/legacy-users/export"
    return Call(method="GET", path=path, read=ExportOut.model_validate, params={"user_id": user_id})


@operation("DELETE", "/v1/admin/legacy-users/memories")
def erase_legacy_user(
    user_id: str, *, scope: Literal["all", "longterm"] | None = None
) -> Call[ErasureReceiptPublic]:
    """Erase a user whose id predates the user-id rule (admin)."""
    from api.user_memory.schemas import ErasureReceiptPublic

    return Call(
        method="DELETE",
        path="/v1/admin/legacy-users/memories",
        read=ErasureReceiptPublic.model_validate,
        params={"user_id": user_id, "scope": scope},
    )
