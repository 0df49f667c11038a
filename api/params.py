"""Path and query parameter types the routes share, built from ``longterm.vocabulary``.

``UserIdPath`` is the ``{user_id}`` of every ``/v1/users/{user_id}/...`` route: the one
user-id rule, with its pattern, length and ``format: user-id`` in the OpenAPI document; input
outside it (including input not in NFC: it is refused, never normalized) is a 422.
``LegacyUserIdQuery`` addresses an id stored before the rule, for the admin routes that keep
such users readable, exportable and erasable (``api.routes.legacy_users``).
"""

from __future__ import annotations

from typing import Annotated, Final

from fastapi import Path, Query

from longterm.vocabulary import USER_ID_MAX_LENGTH, LegacyUserId, UserId

__all__ = ["USER_ID_RULE", "LegacyUserIdQuery", "UserIdPath", "UserIdQuery"]

USER_ID_RULE: Final = (
    f"A user id: 1-{USER_ID_MAX_LENGTH} characters in Unicode NFC, a letter or digit of any "
    "script first, then letters, digits, '.', '_', '-', '@', '+', ':'; case-sensitive; input "
    "not in NFC is refused, never normalized."
)
_STORED_ID_MAX: Final = 256  # the width of the user_id columns

UserIdPath = Annotated[UserId, Path(description=USER_ID_RULE)]
UserIdQuery = Annotated[UserId | None, Query(description=USER_ID_RULE)]
LegacyUserIdQuery = Annotated[
    LegacyUserId,
    Query(
        max_length=_STORED_ID_MAX,
        description="A user id exactly as stored, possibly from before the user-id rule.",
    ),
]
