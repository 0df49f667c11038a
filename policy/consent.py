"""Standing consent to consolidation, per user and category.

The idle-time consolidation job may write ``consolidated`` preferences and events only in the
categories a user consented to; the gate tests it as ``standing_consent``. Granting and
withdrawing are audited (who, when); withdrawing stops every later consolidation in that
category at once, because the job reads consent inside each unit of work. Sensitive categories
cannot be consented to here: the policy never lets anyone but admin touch them, so a consent
would only mislead the user.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from longterm import audit
from longterm.gate import Principal
from longterm.pseudonyms import category_name
from longterm.registry import SENSITIVE_CATEGORIES
from policy.errors import ConsentNotFound, InvalidConsent
from policy.storage import ConsentRow, as_utc

__all__ = [
    "StandingConsent",
    "consented_categories",
    "get_consent",
    "grant_consent",
    "has_standing_consent",
    "list_consents",
    "withdraw_consent",
]

_CATEGORY = re.compile(r"[a-z][a-z0-9_]{0,39}")


@dataclass(frozen=True, slots=True)
class StandingConsent:
    """A user's standing consent to consolidation in one category; ``active`` is False once
    withdrawn. Not the consent stored with one value (``longterm.models.PreferenceConsent``)."""

    tenant_id: str
    user_id: str
    category: str
    active: bool
    granted_by: str | None
    granted_at: datetime
    withdrawn_by: str | None
    withdrawn_at: datetime | None


def _to_domain(row: ConsentRow) -> StandingConsent:
    return StandingConsent(
        tenant_id=row.tenant_id,
        user_id=row.user_id,
        category=row.category,
        active=row.granted,
        granted_by=row.granted_by,
        granted_at=as_utc(row.granted_at),
        withdrawn_by=row.withdrawn_by,
        withdrawn_at=as_utc(row.withdrawn_at) if row.withdrawn_at else None,
    )


def _check_category(category: str) -> str:
    if not _CATEGORY.fullmatch(category):
        raise InvalidConsent("a category is a lowercase name of [a-z0-9_], at most 40 characters")
    if category in SENSITIVE_CATEGORIES:
        raise InvalidConsent(
            f"category {category!r} is sensitive: it is never consolidated, so consent to "
            "consolidation in it is not accepted"
        )
    return category


def _row(db: Session, *, tenant_id: str, user_id: str, category: str) -> ConsentRow | None:
    return db.get(ConsentRow, (tenant_id, user_id, category))


def _audit(db: Session, *, subject: Principal, row: ConsentRow, action: str, now: datetime) -> None:
    audit.record(
        db,
        tenant_id=subject.tenant_id,
        subject=subject,
        user_id=row.user_id,
        action=action,
        object_type="consent",
        object_id=category_name(row.category),  # a category the caller made up: keyed ref only
        outcome="ok",
        now=now,
    )


def grant_consent(
    db: Session, *, subject: Principal, user_id: str, category: str, now: datetime
) -> tuple[StandingConsent, bool]:
    """Record ``user_id``'s standing consent in ``category`` (in ``subject``'s tenant).

    Granting again while active keeps the original grant (who and when).

    Returns:
        The consent and whether it was newly granted (False when it was already active).

    Raises:
        InvalidConsent: the category is malformed or sensitive.
    """
    _check_category(category)
    row = _row(db, tenant_id=subject.tenant_id, user_id=user_id, category=category)
    if row is not None and row.granted:
        return _to_domain(row), False
    if row is None:
        row = ConsentRow(tenant_id=subject.tenant_id, user_id=user_id, category=category)
    row.granted, row.granted_by, row.granted_at = True, subject.key_id, now
    row.withdrawn_by, row.withdrawn_at = None, None
    db.add(row)
    _audit(db, subject=subject, row=row, action="consent.grant", now=now)
    db.flush()
    return _to_domain(row), True


def withdraw_consent(
    db: Session, *, subject: Principal, user_id: str, category: str, now: datetime
) -> StandingConsent:
    """Withdraw a standing consent; later consolidation in ``category`` is denied.

    Raises:
        ConsentNotFound: no active consent for that user and category.
    """
    row = _row(db, tenant_id=subject.tenant_id, user_id=user_id, category=category)
    if row is None or not row.granted:
        raise ConsentNotFound(f"no active consent in category {category!r}")
    row.granted, row.withdrawn_by, row.withdrawn_at = False, subject.key_id, now
    db.add(row)
    _audit(db, subject=subject, row=row, action="consent.withdraw", now=now)
    db.flush()
    return _to_domain(row)


def get_consent(db: Session, *, tenant_id: str, user_id: str, category: str) -> StandingConsent:
    """The consent record (active or withdrawn) of one user and category.

    Raises:
        ConsentNotFound: nothing was ever recorded for that user and category.
    """
    row = _row(db, tenant_id=tenant_id, user_id=user_id, category=category)
    if row is None:
        raise ConsentNotFound(f"no consent recorded in category {category!r}")
    return _to_domain(row)


def list_consents(db: Session, *, tenant_id: str, user_id: str) -> list[StandingConsent]:
    """Every consent record of one user, by category."""
    stmt = (
        select(ConsentRow)
        .where(col(ConsentRow.tenant_id) == tenant_id, col(ConsentRow.user_id) == user_id)
        .order_by(col(ConsentRow.category))
    )
    return [_to_domain(row) for row in db.exec(stmt)]


def has_standing_consent(db: Session, *, tenant_id: str, user_id: str, category: str) -> bool:
    """True when ``user_id`` currently consents to consolidation in ``category``."""
    row = _row(db, tenant_id=tenant_id, user_id=user_id, category=category)
    return row is not None and row.granted


def consented_categories(db: Session, *, tenant_id: str, user_id: str) -> frozenset[str]:
    """The categories ``user_id`` currently consents to consolidation in."""
    stmt = select(ConsentRow.category).where(
        col(ConsentRow.tenant_id) == tenant_id,
        col(ConsentRow.user_id) == user_id,
        col(ConsentRow.granted).is_(True),
    )
    return frozenset(db.exec(stmt))
