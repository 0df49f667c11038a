"""Policy rows as typed values: parsing, validation of per-tenant rules, and reasons.

A row has the ten fields of ``model.conf``'s ``p`` definition. Every field is a plain value
(``*`` = any, ``a|b`` = exactly one of a or b); ``cond`` names one predicate of the fixed
vocabulary written out in the model's matcher and ``arg`` is its parameter. Nothing in a row is
ever evaluated as code, and ``validate_tenant_rules`` refuses anything outside a small character
set, so a row cannot smuggle matcher syntax or a second CSV field either.

A per-tenant rule always names its own tenant as its domain; a rule naming another tenant, the
``*`` domain of the file defaults, or any pattern is refused, so no tenant's rule can reach
another tenant's data. Allow rules must name concrete roles and actions; wildcards are only
accepted where they can only take permissions away (deny rules).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final, Literal

from longterm.gate import Action, ObjectAttributes, Principal
from longterm.vocabulary import ACTIONS, ROLES, SCOPES, SOURCES
from longterm.vocabulary import TENANT_ID_PATTERN as _TENANT_ID_PATTERN
from longterm.vocabulary import is_valid_tenant_id as _is_tenant_id
from policy.errors import InvalidRule

__all__ = [
    "ACTIONS",
    "CONDITIONS",
    "KINDS",
    "MAX_TENANT_RULES",
    "ROLES",
    "SCOPES",
    "SOURCES",
    "TENANT_ID_PATTERN",
    "PolicyRule",
    "explain_decision",
    "is_valid_tenant_id",
    "object_problem",
    "validate_tenant_rules",
]

KINDS: Final = ("preference", "event")
MAX_TENANT_RULES: Final = 200
_FIELD_MAX: Final = 255
"""The ``policy_rules`` columns' width."""

TENANT_ID_PATTERN: Final = re.compile(_TENANT_ID_PATTERN.removeprefix("^").removesuffix("$"))
"""``longterm.vocabulary``'s tenant rule, compiled (use ``fullmatch``)."""
_CATEGORY = re.compile(r"[a-z][a-z0-9_]{0,39}")
_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")

CondArg = Literal["none", "number", "scope", "sources"]
CONDITIONS: Final[Mapping[str, CondArg]] = {
    "always": "none",
    "sensitive": "none",
    "no_consent": "none",
    "no_standing_consent": "none",
    "confidence_below": "number",
    "scope_is": "scope",
    "overwrites_source": "sources",
    "overwrites_consented": "none",
    "unbacked": "none",
}
"""The predicate vocabulary of ``model.conf`` and the kind of argument each one takes."""


def is_valid_tenant_id(tenant_id: object) -> bool:
    """True for a tenant id (``longterm.vocabulary``'s rule, the key store's too)."""
    return isinstance(tenant_id, str) and _is_tenant_id(tenant_id)


_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}(?:\.[a-z0-9_]{1,40}){0,5}")


def object_problem(obj: ObjectAttributes) -> str | None:
    """Why ``obj``'s attributes are not canonical, or None.

    The gate refuses non-canonical attributes before any rule is consulted: a category spelled
    ``Health`` or ``health/..`` must not slip past the exact-match sensitive rules, and a NaN
    confidence must not compare false against every threshold.
    """
    if obj.kind not in KINDS:
        return f"unknown object kind {obj.kind!r}"
    if not _CATEGORY.fullmatch(obj.category):
        return "category is not a lowercase name"
    if obj.key is not None and not _KEY.fullmatch(obj.key):
        return "key is not a lowercase dotted key"
    if obj.scope not in SCOPES:
        return f"unknown scope {obj.scope!r}"
    if not (isinstance(obj.confidence, int | float) and 0.0 <= obj.confidence <= 1.0):
        return "confidence must be a number between 0 and 1"
    if not obj.user_id:
        return "user id is missing"
    return None


@dataclass(frozen=True, slots=True)
class PolicyRule:
    """One ``p`` row of the policy, field for field as in ``model.conf``."""

    role: str
    domain: str
    action: str
    kind: str
    category: str
    source: str
    cond: str
    arg: str
    effect: Literal["allow", "deny"]
    name: str

    def as_row(self) -> list[str]:
        """The row as Casbin stores it (``p`` excluded)."""
        return [
            self.role,
            self.domain,
            self.action,
            self.kind,
            self.category,
            self.source,
            self.cond,
            self.arg,
            self.effect,
            self.name,
        ]

    @classmethod
    def from_row(cls, row: Sequence[str]) -> PolicyRule:
        """Build a rule from a Casbin row.

        Raises:
            InvalidRule: the row does not have ten fields or its effect is not allow/deny.
        """
        if len(row) != 10:
            raise InvalidRule(f"a policy row has 10 fields, got {len(row)}")
        effect = row[8]
        if effect not in ("allow", "deny"):
            raise InvalidRule(f"effect must be allow or deny, got {effect!r}")
        role, domain, action, kind, category, source, cond, arg, _effect, name = row
        eft: Literal["allow", "deny"] = "allow" if effect == "allow" else "deny"
        return cls(role, domain, action, kind, category, source, cond, arg, eft, name)

    def to_public(self) -> dict[str, str]:
        """The rule as JSON for ``GET /v1/policy``."""
        return asdict(self)


def _members(value: str, allowed: Sequence[str], *, field: str, wildcard: bool) -> str:
    if value == "*":
        if not wildcard:
            raise InvalidRule(f"{field}: '*' is only accepted in deny rules")
        return value
    parts = value.split("|")
    if any(part not in allowed for part in parts):
        raise InvalidRule(f"{field}: {value!r} is not one of {', '.join(allowed)} (or a|b)")
    return "|".join(dict.fromkeys(parts))  # ``a|a`` means ``a``: stored once


def _categories(value: str) -> str:
    if value == "*":
        return value
    parts = value.split("|")
    if len(value) > _FIELD_MAX or not all(_CATEGORY.fullmatch(part) for part in parts):
        raise InvalidRule(
            f"category: must be '*' or lowercase names joined by '|', at most {_FIELD_MAX} "
            "characters"
        )
    return "|".join(dict.fromkeys(parts))


def _cond_arg(cond: str, arg: str) -> str:
    kind = CONDITIONS.get(cond)
    if kind is None:
        raise InvalidRule(f"cond: {cond!r} is not one of {', '.join(CONDITIONS)}")
    if kind == "none":
        if arg not in ("", "-"):
            raise InvalidRule(f"cond {cond!r} takes no argument")
        return "-"
    if kind == "number":
        if not re.fullmatch(r"(0(\.\d{1,4})?|1(\.0{1,4})?)", arg):
            raise InvalidRule(f"cond {cond!r} needs a number between 0 and 1, got {arg!r}")
        return arg
    if kind == "scope":
        return _members(arg, SCOPES, field="arg", wildcard=False)
    return _members(arg, SOURCES, field="arg", wildcard=False)


def _string(raw: Mapping[str, Any], field: str, default: str | None = None) -> str:
    value = raw.get(field, default)
    if not isinstance(value, str) or not value:
        raise InvalidRule(f"{field}: a non-empty string is required")
    return value.strip()


def _one_rule(raw: Mapping[str, Any], *, tenant_id: str) -> PolicyRule:
    unknown = set(raw) - {f for f in PolicyRule.__slots__}
    if unknown:
        raise InvalidRule(f"unknown rule fields: {', '.join(sorted(unknown))}")
    effect = _string(raw, "effect")
    if effect not in ("allow", "deny"):
        raise InvalidRule(f"effect must be allow or deny, got {effect!r}")
    deny = effect == "deny"
    domain = _string(raw, "domain", tenant_id)
    if domain != tenant_id:
        # Exact equality: no pattern, no '*', no other tenant, no path-like spelling.
        raise InvalidRule(f"domain {domain!r}: a tenant's rule may only name its own tenant")
    name = _string(raw, "name")
    if not _NAME.fullmatch(name) or not name.startswith("tenant."):
        raise InvalidRule(f"name {name!r}: use 'tenant.' + lowercase letters, digits, _ . -")
    arg = raw.get("arg", "-")
    return PolicyRule(
        role=_members(_string(raw, "role"), ROLES, field="role", wildcard=deny),
        domain=tenant_id,
        action=_members(_string(raw, "action"), ACTIONS, field="action", wildcard=deny),
        kind=_members(_string(raw, "kind", "*"), KINDS, field="kind", wildcard=True),
        category=_categories(_string(raw, "category", "*")),
        source=_members(_string(raw, "source", "*"), SOURCES, field="source", wildcard=True),
        cond=_string(raw, "cond", "always"),
        arg=_cond_arg(_string(raw, "cond", "always"), arg if isinstance(arg, str) else "?"),
        effect="deny" if deny else "allow",
        name=name,
    )


def validate_tenant_rules(
    rules: Sequence[Mapping[str, Any]], *, tenant_id: str
) -> tuple[PolicyRule, ...]:
    """Validate a tenant's whole rule set (``PUT /v1/policy/rules`` replaces it).

    Args:
        rules: rule objects with the fields of ``PolicyRule`` (``domain`` may be omitted).
        tenant_id: the caller's tenant; every rule is bound to exactly this domain.

    Raises:
        InvalidRule: a rule is malformed, names another domain, uses a wildcard in an allow
            rule, repeats a name, or there are more than ``MAX_TENANT_RULES``.
    """
    if not is_valid_tenant_id(tenant_id):
        raise InvalidRule(f"invalid tenant id {tenant_id!r}")
    if len(rules) > MAX_TENANT_RULES:
        raise InvalidRule(f"at most {MAX_TENANT_RULES} rules per tenant")
    parsed: list[PolicyRule] = []
    for index, raw in enumerate(rules):
        if not isinstance(raw, Mapping):
            raise InvalidRule(f"rule {index}: an object is required")
        try:
            parsed.append(_one_rule(raw, tenant_id=tenant_id))
        except InvalidRule as exc:
            raise InvalidRule(f"rule {index}: {exc}") from None
    names = [rule.name for rule in parsed]
    if len(set(names)) != len(names):
        raise InvalidRule("rule names must be unique")
    return tuple(parsed)


_DEFAULT_REASONS: Final[Mapping[str, str]] = {
    "sensitive.category": "category {category!r} is sensitive: only admin keys may touch it",
    "sensitive.key": "key {key} is sensitive: only admin keys may touch it",
    "write.agent": "agent keys may write user_stated or user_confirmed values",
    "write.agent.source": "an agent key may not claim source {source!r} (admin sources need an "
    "admin key; promoted/consolidated only via promotion and consolidation)",
    "write.admin": "admin keys may write any source",
    "promote.allow": "consented, durable and confident enough to promote",
    "promote.consent": "no consent recorded for {key}",
    "promote.confidence": "confidence {confidence:.2f} is below the promotion threshold {arg}",
    "promote.source": "no text the user wrote that {key} cites holds its value (tool, assistant "
    "or system text, or text addressed to the model, never becomes the user's memory)",
    "promote.durable": "{key} is task-scoped: facts about one task never become preferences",
    "consolidate.allow": "standing consent in {category!r} lets the consolidator write",
    "consolidate.consent": "no standing consent to consolidation in category {category!r}",
    "consolidate.source": "no text the user wrote that {key} cites holds its value (tool, "
    "assistant or system text, or text addressed to the model, never becomes the user's memory)",
    "consolidate.durable": "{key} is task-scoped: consolidation writes durable keys only",
    "consolidate.confidence": "confidence {confidence:.2f} is below the consolidation "
    "threshold {arg}",
    "consolidate.protected": "the current value's source {current_source!r} is never "
    "overwritten by the consolidator",
    "consolidate.consented": "the current value was consented to and is never overwritten by "
    "the consolidator",
    "read": "reads are allowed within the tenant",
    "delete": "deletes are allowed within the tenant",
}


def explain_decision(
    rule: PolicyRule | None, *, subject: Principal, action: Action, obj: ObjectAttributes
) -> tuple[str, str]:
    """Return ``(rule name, reason)`` for a decision; ``rule`` is None when no row matched.

    The reason names attributes (key, category, source, confidence), never the value itself.
    """
    fields = {
        "key": repr(obj.key) if obj.key else f"this {obj.kind}",
        "category": obj.category,
        "source": obj.source,
        "confidence": obj.confidence,
        "current_source": obj.current_source,
        "arg": rule.arg if rule else "",
    }
    if rule is None:
        return _explain_unmatched(subject=subject, action=action, obj=obj)
    template = _DEFAULT_REASONS.get(rule.name)
    if template is None:
        verb = "allows" if rule.effect == "allow" else "denies"
        return rule.name, f"tenant rule {rule.name!r} {verb} {action} here"
    return rule.name, template.format(**fields)


def _explain_unmatched(
    *, subject: Principal, action: Action, obj: ObjectAttributes
) -> tuple[str, str]:
    if subject.tenant_id != obj.tenant_id:
        return "tenant.isolation", "the object belongs to another tenant"
    if subject.user_id is not None and subject.user_id != obj.user_id:
        return "user.isolation", "the key is restricted to another user"
    return (
        "default.deny",
        f"no rule allows {subject.role} to {action} a {obj.kind} with source {obj.source!r} "
        f"in category {obj.category!r}",
    )
