"""The policy API: ``GET /v1/policy``, ``POST /v1/policy/check`` (dry run), ``PUT
/v1/policy/rules`` (admin; validated, versioned, audited).

Every route decides under the app's one gate (``api.deps.GateDep``, built by ``create_app``).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import IntegrityError

from api.deps import AdminDep, DbSessionDep, GateDep, NowDep, PrincipalDep
from api.errors import Conflict, Forbidden, Unprocessable
from api.pagination import (
    DEFAULT_LIMIT,
    CursorQuery,
    LimitQuery,
    Page,
    check_limit,
    decode_position,
    encode_cursor,
)
from api.problems import PROBLEM_RESPONSES
from longterm import audit
from longterm.gate import Action, ObjectAttributes, PolicyGate, Principal
from longterm.registry import DEFAULT_REGISTRY, KEY_PATTERN
from longterm.vocabulary import (
    ACTIONS,
    ROLES,
    SCOPES,
    SOURCES,
    TENANT_ID_PATTERN,
    Role,
    Scope,
    UserId,
)
from policy.gate import CasbinGate
from policy.rules import CONDITIONS, KINDS, MAX_TENANT_RULES, PolicyRule, validate_tenant_rules
from policy.storage import as_utc, list_policy_versions, save_tenant_rules

__all__ = ["router"]

router = APIRouter(prefix="/v1/policy", tags=["policy"])


class RuleOut(BaseModel):
    """One policy row."""

    role: str = Field(description="The key role(s) the row applies to (* any, a|b several).")
    domain: str = Field(description="The tenant the row applies to (* for the file defaults).")
    action: str = Field(description="The action(s) it applies to (* any, a|b several).")
    kind: str = Field(description="The object kind(s): preference, event or *.")
    category: str = Field(description="The memory category or categories, or *.")
    source: str = Field(description="The write's source(s), or *.")
    cond: str = Field(
        description="The predicate that must hold (always, sensitive, no_consent, ...)."
    )
    arg: str = Field(description="The predicate's argument (- for none).")
    effect: Literal["allow", "deny"] = Field(
        description="allow or deny; a deny overrides every allow."
    )
    name: str = Field(description="The rule's name, what decisions and audit rows cite.")


class PolicyOut(BaseModel):
    """The policy the caller's tenant is decided under."""

    version: str = Field(
        description="The version decisions are made under: <defaults digest>.<tenant version>."
    )
    defaults: list[RuleOut] = Field(description="The file defaults every tenant is decided under.")
    tenant_rules: list[RuleOut] = Field(description="The tenant's own rules.")
    conditions: list[str] = Field(description="The predicate vocabulary rows may name in cond.")


def _members(names: tuple[str, ...], *, wildcard: bool) -> str:
    one = "(" + "|".join(re.escape(name) for name in names) + ")"
    many = rf"{one}(\|{one})*"
    return rf"^(\*|{many})$" if wildcard else rf"^{many}$"


_CATEGORY_NAME = r"[a-z][a-z0-9_]{0,39}"
_ARG = (
    r"^(-|0(\.\d{1,4})?|1(\.0{1,4})?|"
    + _members(SCOPES, wildcard=False)[1:-1]
    + "|"
    + _members(SOURCES, wildcard=False)[1:-1]
    + ")$"
)
_FIELD_MAX = 255  # the policy_rules columns


class _RuleFields(BaseModel):
    """The fields every per-tenant rule has.

    Constraints across fields or rules, checked by the route (422): ``domain`` is the caller's
    tenant; ``arg`` fits ``cond`` (``-`` for a condition without argument, a number 0..1 for
    ``confidence_below``, scopes for ``scope_is``, sources for ``overwrites_source``); names are
    unique in the set.
    """

    model_config = ConfigDict(extra="forbid")

    name: str = Field(
        pattern=r"^tenant\.[a-z0-9_.-]{0,57}$",
        description="'tenant.' + lowercase name, unique in the set",
    )
    domain: str | None = Field(
        default=None,
        pattern=TENANT_ID_PATTERN,
        description="omitted, or exactly the caller's tenant (any other is refused)",
    )
    kind: str = Field(
        description="The object kind(s): preference, event, a|b, or * (the default) for any.",
        default="*",
        pattern=_members(KINDS, wildcard=True),
    )
    category: str = Field(
        description="The memory category or categories (e.g. travel|food), or * "
        "(the default) for any.",
        default="*",
        max_length=_FIELD_MAX,
        pattern=rf"^(\*|{_CATEGORY_NAME}(\|{_CATEGORY_NAME})*)$",
    )
    source: str = Field(
        description="The write's source(s) (admin, user_stated, user_confirmed, "
        "promoted, consolidated), a|b, or * (the default) for any.",
        default="*",
        pattern=_members(SOURCES, wildcard=True),
    )
    cond: Literal[tuple(CONDITIONS)] = Field(  # type: ignore[valid-type]
        default="always",
        description="The predicate that must hold for the rule to apply: always (the default), "
        "sensitive, no_consent, no_standing_consent, confidence_below, scope_is, "
        "overwrites_source, overwrites_consented.",
    )
    arg: str = Field(
        description="The predicate's argument: - (the default) when it takes none, a "
        "number 0..1 for confidence_below, scopes for scope_is, sources for overwrites_source.",
        default="-",
        max_length=_FIELD_MAX,
        pattern=_ARG,
    )


class AllowRuleIn(_RuleFields):
    """An allow rule: concrete roles and actions (a wildcard could only widen permissions)."""

    effect: Literal["allow"] = Field(description="allow.")
    role: str = Field(
        description="The key role(s) the rule applies to: agent, admin, "
        "consolidator, or a|b for several.",
        pattern=_members(ROLES, wildcard=False),
    )
    action: str = Field(
        description="The action(s): write, promote, consolidate.write, read, "
        "delete, or a|b for several.",
        pattern=_members(ACTIONS, wildcard=False),
    )


class DenyRuleIn(_RuleFields):
    """A deny rule: ``*`` is accepted for roles and actions (it only takes permissions away)."""

    effect: Literal["deny"] = Field(description="deny.")
    role: str = Field(
        description="The key role(s) the rule applies to: agent, admin, "
        "consolidator, a|b for several, or * for any.",
        pattern=_members(ROLES, wildcard=True),
    )
    action: str = Field(
        description="The action(s): write, promote, consolidate.write, read, "
        "delete, a|b for several, or * for any.",
        pattern=_members(ACTIONS, wildcard=True),
    )


RuleIn = Annotated[AllowRuleIn | DenyRuleIn, Field(discriminator="effect")]
"""A per-tenant rule; ``domain`` may be omitted (it is always the caller's tenant)."""


class RulesIn(BaseModel):
    """The tenant's whole rule set (replaces the previous one)."""

    model_config = ConfigDict(extra="forbid")

    rules: list[RuleIn] = Field(
        description="The tenant's whole rule set, replacing the previous one (at most 200).",
        max_length=MAX_TENANT_RULES,
    )


class CheckObject(BaseModel):
    """The object of a dry-run check; category, scope and sensitivity default from ``key``."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["preference", "event"] = Field(
        default="preference",
        description="What would be written: a preference (the default) or an event.",
    )
    user_id: UserId = Field(description="The end user the memory is about.")
    tenant_id: str | None = Field(default=None, description="defaults to the caller's tenant")
    key: str | None = Field(
        default=None, max_length=250, pattern=KEY_PATTERN.pattern, description="a dotted key"
    )
    category: str | None = Field(
        default=None, description="The memory's category (null: the key's registered category)."
    )
    scope: Scope | None = Field(
        default=None, description="durable or task (null: the key's registered scope)."
    )
    sensitive: bool | None = Field(
        default=None, description="Whether the memory is sensitive (null: from the key's category)."
    )
    source: str = Field(
        description="The write's source: admin, user_stated, user_confirmed, "
        "promoted or consolidated."
    )
    confidence: float = Field(
        description="The write's confidence, 0 to 1 (default 1).", default=1.0, ge=0.0, le=1.0
    )
    consent: bool = Field(
        default=False, description="Whether the write carries the user's consent."
    )
    standing_consent: bool = Field(
        default=False,
        description="Whether the user has standing consent to consolidation in the category.",
    )
    current_source: str | None = Field(
        default=None,
        description="The source of the value it would replace (null: no current value).",
    )
    current_consented: bool = Field(
        default=False, description="Whether the value it would replace was consented to."
    )


class CheckIn(BaseModel):
    """A dry run: would the caller (or, for admins, ``as_role``) be allowed this?"""

    model_config = ConfigDict(extra="forbid")

    action: Action = Field(
        description="The action to check: write, promote, consolidate.write, read or delete."
    )
    object: CheckObject = Field(description="What the action would touch.")
    as_role: Role | None = Field(
        default=None,
        description="Check as this role instead of the "
        "caller's (admin keys only; null: the caller's).",
    )


class CheckOut(BaseModel):
    """The decision, exactly as the gate would make it for a real write."""

    allowed: bool = Field(description="Whether the gate allows it.")
    rule: str = Field(
        description="The rule that decided (or tenant.isolation, user.isolation, default.deny)."
    )
    policy_version: str = Field(description="The policy version it was decided under.")
    reason: str = Field(description="Why, in words (keys, categories, sources; never values).")


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


class VersionOut(BaseModel):
    """One version of the tenant's rule set: who replaced it, when, and the whole set."""

    version: int = Field(description="The tenant's rule-set version (1, 2, ...).")
    rules_sha256: str = Field(description="SHA-256 of the set as stored.")
    actor_key_id: str | None = Field(description="The admin key that replaced the set.")
    created_at: datetime = Field(description="When (UTC, RFC 3339).")
    rules: list[RuleOut] = Field(description="The whole set of this version.")


class VersionList(Page[VersionOut]):
    """A page of the tenant's rule-set versions, newest first."""


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
