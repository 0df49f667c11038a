"""Bodies of ``/v1/policy``: the rules as shown, the rule set to store (validated here,
before the gate), the dry run and the versions."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat

from api.pagination import (
    Page,
)
from longterm.gate import Action
from longterm.registry import KEY_PATTERN
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
from policy.rules import CONDITIONS, KINDS, MAX_TENANT_RULES

__all__ = [
    "AllowRuleIn",
    "CheckIn",
    "CheckObject",
    "CheckOut",
    "DenyRuleIn",
    "PolicyOut",
    "RuleIn",
    "RuleOut",
    "RulesIn",
    "VersionList",
    "VersionOut",
]


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
    """The object of a dry-run check; category, scope and sensitivity default from ``key``.

    Flags are strict booleans (true or false, never 0 or "false") and the confidence a number,
    never a boolean: anything else is a 422.
    """

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
    sensitive: StrictBool | None = Field(
        default=None, description="Whether the memory is sensitive (null: from the key's category)."
    )
    source: str = Field(
        description="The write's source: admin, user_stated, user_confirmed, "
        "promoted or consolidated."
    )
    confidence: StrictFloat = Field(
        description="The write's confidence, 0 to 1 (default 1).", default=1.0, ge=0.0, le=1.0
    )
    consent: StrictBool = Field(
        default=False, description="Whether the write carries the user's consent."
    )
    standing_consent: StrictBool = Field(
        default=False,
        description="Whether the user has standing consent to consolidation in the category.",
    )
    current_source: str | None = Field(
        default=None,
        description="The source of the value it would replace (null: no current value).",
    )
    current_consented: StrictBool = Field(
        default=False, description="Whether the value it would replace was consented to."
    )
    unbacked: StrictBool = Field(
        default=False,
        description="Whether no user-authored text the candidate cites holds its value (only "
        "tool, assistant or system text backs it): what promotion and consolidation set, "
        "decided by promote.source / consolidate.source.",
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


class VersionOut(BaseModel):
    """One version of the tenant's rule set: who replaced it, when, and the whole set."""

    version: int = Field(description="The tenant's rule-set version (1, 2, ...).")
    rules_sha256: str = Field(description="SHA-256 of the set as stored.")
    actor_key_id: str | None = Field(description="The admin key that replaced the set.")
    created_at: datetime = Field(description="When (UTC, RFC 3339).")
    rules: list[RuleOut] = Field(description="The whole set of this version.")


class VersionList(Page[VersionOut]):
    """A page of the tenant's rule-set versions, newest first."""
