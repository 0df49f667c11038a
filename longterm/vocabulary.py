"""The words every layer shares, each defined once: user id, tenant id, role, source, action, scope.

Keys, routes, stores and policy import these types instead of restating a pattern or a
``Literal``; four drifted user-id rules once locked ``mia+travel@x.com`` out of her own memories.

The user-id rule: 1-128 characters in NFC, a letter or digit of any script first, then letters,
digits, ``.``, ``_``, ``-``, ``@``, ``+``, ``:``; no whitespace, controls, ``/`` or ``%``;
case-sensitive. Input not in NFC is refused, never silently normalized (two spellings of one
name would otherwise reach two different users). Ids already stored that break the rule stay
readable, exportable and erasable by an admin (see ``LegacyUserId``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Final, Literal, get_args

from pydantic import AfterValidator, Field

__all__ = [
    "ACTIONS",
    "ROLES",
    "SCOPES",
    "SOURCES",
    "TENANT_ID_PATTERN",
    "USER_ID_MAX_LENGTH",
    "USER_ID_PATTERN",
    "Action",
    "LegacyUserId",
    "Role",
    "Scope",
    "Source",
    "TenantId",
    "UserId",
    "is_valid_tenant_id",
    "is_valid_user_id",
    "user_id_problem",
]

Role = Literal["agent", "admin", "consolidator"]
"""What an API key may do: ``agent`` (its sessions, its users' memories), ``admin`` (its tenant),
``consolidator`` (the idle-time job's writes)."""
ROLES: Final[tuple[Role, ...]] = get_args(Role)

Source = Literal["admin", "user_stated", "user_confirmed", "promoted", "consolidated"]
"""Where a long-term memory came from, most trusted first."""
SOURCES: Final[tuple[Source, ...]] = get_args(Source)

Action = Literal["write", "promote", "consolidate.write", "read", "delete"]
"""What a principal asks the policy gate to do with a long-term memory."""
ACTIONS: Final[tuple[Action, ...]] = get_args(Action)

Scope = Literal["durable", "task"]
"""``durable``: about the user across tasks; ``task``: about one task (its events, its plan)."""
SCOPES: Final[tuple[Scope, ...]] = get_args(Scope)

TENANT_ID_PATTERN: Final = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
_TENANT_RE: Final = re.compile(TENANT_ID_PATTERN)

USER_ID_MAX_LENGTH: Final = 128
# JSON Schema's ``pattern`` is ECMA-262 without the ``u`` flag, so ``\p{L}`` cannot be used in the
# published pattern; it states the character classes that matter (no whitespace, controls, ``/``,
# ``%``) and the validator below checks letters and digits of any script exactly.
USER_ID_PATTERN: Final = r"^[^\s/%\x00-\x1f\x7f._@+:-][^\s/%\x00-\x1f\x7f]{0,127}$"
_USER_PUNCTUATION: Final = frozenset("._-@+:")


def is_valid_tenant_id(value: str) -> bool:
    """True when ``value`` is a tenant id (ASCII letter or digit first, then ``._-``; <= 64)."""
    return _TENANT_RE.fullmatch(value) is not None


def _is_word_char(char: str) -> bool:
    return unicodedata.category(char)[0] in "LN"


def user_id_problem(value: str) -> str | None:
    """Why ``value`` is not a user id under the one rule, or None when it is one."""
    if not 1 <= len(value) <= USER_ID_MAX_LENGTH:
        return f"a user id has 1 to {USER_ID_MAX_LENGTH} characters"
    if unicodedata.normalize("NFC", value) != value:
        return "a user id must be in Unicode NFC (it is never normalized for you)"
    if not _is_word_char(value[0]):
        return "a user id starts with a letter or digit"
    for char in value[1:]:
        if not (_is_word_char(char) or char in _USER_PUNCTUATION):
            return f"a user id may not contain {char!r}; allowed: letters, digits and . _ - @ + :"
    return None


def is_valid_user_id(value: str) -> bool:
    """True when ``value`` follows the user-id rule."""
    return user_id_problem(value) is None


def _check_user_id(value: str) -> str:
    problem = user_id_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


def _check_tenant_id(value: str) -> str:
    if not is_valid_tenant_id(value):
        raise ValueError("a tenant id is 1-64 ASCII letters, digits, '.', '_' or '-'")
    return value


UserId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=USER_ID_MAX_LENGTH,
        pattern=USER_ID_PATTERN,
        # The published pattern cannot say "letter or digit of any script"; the format names the
        # rule for readers and lets test generators draw valid ids (tests/api/formats.py).
        json_schema_extra={"format": "user-id"},
    ),
    AfterValidator(_check_user_id),
]
"""A user id under the one rule, for request bodies, query and path parameters."""

LegacyUserId = Annotated[str, Field(min_length=1, max_length=USER_ID_MAX_LENGTH * 4)]
"""An id as stored, possibly from before the rule: accepted by admin read, export and erasure."""

TenantId = Annotated[
    str,
    Field(min_length=1, max_length=64, pattern=TENANT_ID_PATTERN),
    AfterValidator(_check_tenant_id),
]
"""A tenant id."""
