"""The policy API: ``GET /v1/policy``, ``POST /v1/policy/check`` (dry run), ``PUT
/v1/policy/rules`` (admin; validated, versioned, audited).

Every route decides under the app's one gate (``api.deps.GateDep``, built by ``create_app``).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter
from sqlalchemy.exc import IntegrityError

from api.deps import AdminDep, DbSessionDep, GateDep, NowDep, PrincipalDep
from api.errors import Conflict, Forbidden, Unprocessable
from api.pagination import (
    DEFAULT_LIMIT,
    CursorQuery,
    LimitQuery,
    check_limit,
    decode_position,
    encode_cursor,
)
from api.problems import PROBLEM_RESPONSES
from api.schemas.policy import (
    CheckIn,
    CheckObject,
    CheckOut,
    PolicyOut,
    RuleOut,
    RulesIn,
    VersionList,
    VersionOut,
)
from longterm import audit
from longterm.gate import ObjectAttributes, PolicyGate, Principal
from longterm.registry import DEFAULT_REGISTRY
from policy.gate import CasbinGate
from policy.rules import CONDITIONS, PolicyRule, validate_tenant_rules
from policy.storage import as_utc, list_policy_versions, save_tenant_rules

__all__ = ["router"]

router = APIRouter(prefix="/v1/policy", tags=["policy"])


def _rule_out(rule: PolicyRule) -> RuleOut:
    return RuleOut(**rule.to_public())


def _view(gate: PolicyGate, tenant_id: str) -> PolicyOut:
    if not isinstance(gate, CasbinGate):  # pragma: no cover - the app always has a CasbinGate
        raise Unprocessable("the policy gate of this app has no rules to show")
    view = gate.view(tenant_id)
    return PolicyOut(
        version=view.version,
        defaults=[_rule_out(rule) for rule in view.defaults],
        tenant_rules=[_rule_out(rule) for rule in view.tenant_rules],
        conditions=list(CONDITIONS),
    )


@router.get("", summary="The policy of the caller's tenant")
def get_policy(caller: PrincipalDep, gate: GateDep) -> PolicyOut:
    """The file defaults, the tenant's own rules and the version decisions are made under."""
    return _view(gate, caller.tenant_id)


def _check_object(body: CheckObject, tenant_id: str) -> ObjectAttributes:
    category, scope, sensitive = "other", "task", False
    if body.key is not None and body.kind == "preference":
        spec = DEFAULT_REGISTRY.lookup(body.key)
        category, scope, sensitive = spec.category, spec.scope, spec.sensitive
    return ObjectAttributes(
        kind=body.kind,
        tenant_id=body.tenant_id or tenant_id,
        user_id=body.user_id,
        key=body.key,
        category=body.category or category,
        scope=body.scope or scope,  # type: ignore[arg-type]
        source=body.source,
        confidence=body.confidence,
        consent=body.consent,
        standing_consent=body.standing_consent,
        sensitive=sensitive if body.sensitive is None else body.sensitive,
        current_source=body.current_source,
        current_consented=body.current_consented,
        unbacked=body.unbacked,
    )


@router.post("/check", summary="Dry run: would this be allowed?", responses=PROBLEM_RESPONSES)
def post_check(body: CheckIn, caller: PrincipalDep, gate: GateDep) -> CheckOut:
    """Decide without writing anything. Admin keys may ask on behalf of another role
    (``as_role``; 403 for other keys); the tenant is always the caller's."""
    subject = caller
    if body.as_role is not None and body.as_role != caller.role:
        if caller.role != "admin":
            raise Forbidden("only admin keys may check on behalf of another role")
        subject = Principal(body.as_role, caller.tenant_id, key_id=caller.key_id)
    decision = gate.decide(
        subject=subject, action=body.action, obj=_check_object(body.object, caller.tenant_id)
    )
    return CheckOut(
        allowed=decision.allowed,
        rule=decision.rule,
        policy_version=decision.policy_version,
        reason=decision.reason,
    )


@router.get(
    "/versions", summary="History of the tenant's rules (admin)", responses=PROBLEM_RESPONSES
)
def get_versions(
    db: DbSessionDep,
    caller: AdminDep,
    limit: LimitQuery = DEFAULT_LIMIT,
    cursor: CursorQuery = None,
) -> VersionList:
    """A page of the replacements of the tenant's rules, newest first, each with the set as
    it was."""
    size = check_limit(limit)
    after = decode_position("policy-versions", cursor, shape=(int,))
    rows = list_policy_versions(
        db, tenant_id=caller.tenant_id, limit=size + 1, before=None if after is None else after[0]
    )
    page, more = rows[:size], len(rows) > size
    return VersionList(
        next_cursor=encode_cursor("policy-versions", [page[-1].version]) if more else None,
        items=[
            VersionOut(
                version=row.version,
                rules_sha256=row.rules_sha256,
                actor_key_id=row.actor_key_id,
                created_at=as_utc(row.created_at),
                rules=[RuleOut(**rule) for rule in json.loads(row.rules_json)],
            )
            for row in page
        ],
    )


@router.put("/rules", summary="Replace the tenant's rules (admin)", responses=PROBLEM_RESPONSES)
def put_rules(
    body: RulesIn, db: DbSessionDep, caller: AdminDep, gate: GateDep, now: NowDep
) -> PolicyOut:
    """Validate and store the tenant's rule set as a new version; audited.

    A rule naming another tenant (or a pattern) is refused with 422; two concurrent
    replacements cannot both win (409 for the loser).
    """
    raw: list[dict[str, Any]] = [
        rule.model_dump(exclude_none=True, exclude_unset=False) for rule in body.rules
    ]
    rules = validate_tenant_rules(raw, tenant_id=caller.tenant_id)
    version = save_tenant_rules(
        db, tenant_id=caller.tenant_id, rules=rules, actor_key_id=caller.key_id, now=now
    )
    audit.record(
        db,
        tenant_id=caller.tenant_id,
        subject=caller,
        user_id=None,
        action="policy.rules.update",
        object_type="policy",
        object_id=str(version),
        outcome="ok",
        now=now,
        detail={"version": version, "rules": len(rules)},
    )
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        raise Conflict("the tenant's rules were changed concurrently; read and retry") from None
    if isinstance(gate, CasbinGate):
        gate.refresh(caller.tenant_id)  # this process at once; the others at their next decision
    return _view(gate, caller.tenant_id)
