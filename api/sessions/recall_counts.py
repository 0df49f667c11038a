"""BM25's statistics of a session's recall index, kept up to date beside it.

Scoring a narrowed index as the whole one needs the whole index's group count and total length,
and the document frequency of the query's common terms. Counting them on every call would cost
what the session's index costs, so ``session_recall_counts`` keeps them: one row per stored
term (how many groups hold it) and one row with the empty term (the group count and total
length), changed by the same unit of work that adds or deletes groups
(``api.sessions.recall_terms``). A warm call reads them with key lookups only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import and_, bindparam, delete, insert, select, union_all, update
from sqlmodel import Session, col

from api.sessions.tables import SessionRecallCountRow

__all__ = ["CORPUS", "Delta", "apply_delta", "read_counts"]

CORPUS = ""
"""The term of the row holding the whole index's group count and total length (a real term is
never empty)."""
_C = SessionRecallCountRow
_TABLE: Any = SessionRecallCountRow.__table__  # type: ignore[attr-defined]
_CHUNK = 400  # lookups per statement (SQLite allows 500 terms in a compound select)

Delta = Counter[str]
"""term -> change in groups holding it; ``CORPUS`` -> change in groups."""


def _lookups(tenant_id: str, session_id: str, terms: Sequence[str]) -> Any:
    parts = [
        select(col(_C.term), col(_C.groups), col(_C.length)).where(
            col(_C.tenant_id) == tenant_id, col(_C.session_id) == session_id, col(_C.term) == t
        )
        for t in terms
    ]
    return union_all(*parts)


def read_counts(
    db: Session, *, tenant_id: str, session_id: str, terms: Iterable[str]
) -> tuple[int, int, dict[str, int]]:
    """``(groups, total length, {term: groups holding it})`` for ``terms`` (stored forms)."""
    wanted = sorted({CORPUS, *terms})
    found: dict[str, tuple[int, int]] = {}
    for start in range(0, len(wanted), _CHUNK):
        rows = db.execute(_lookups(tenant_id, session_id, wanted[start : start + _CHUNK])).all()
        found.update({str(t): (int(g), int(n)) for t, g, n in (tuple(r) for r in rows)})
    groups, length = found.pop(CORPUS, (0, 0))
    return groups, length, {t: g for t, (g, _) in found.items()}


def apply_delta(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_id: str,
    delta: Delta,
    length: int,
) -> None:
    """Add ``delta`` (and ``length`` to the total length); rows reaching 0 groups go. Does not
    commit (the caller's unit holds the session's lock)."""
    if not delta and not length:
        return
    groups, total, before = read_counts(
        db, tenant_id=tenant_id, session_id=session_id, terms=[t for t in delta if t != CORPUS]
    )
    terms = sorted({CORPUS, *delta})
    current = {**before, CORPUS: groups}
    lengths = {CORPUS: total + length}
    exists = set(before) | ({CORPUS} if groups else set())
    inserts, updates, drops = [], [], []
    for term in terms:
        count = current.get(term, 0) + delta.get(term, 0)
        row = {"b_term": term, "b_groups": count, "b_length": lengths.get(term, 0)}
        if count <= 0:
            if term in exists:
                drops.append(term)
        elif term in exists:
            updates.append(row)
        else:
            inserts.append(
                {
                    "tenant_id": tenant_id,
                    "session_id": session_id,
                    "user_id": user_id,
                    "term": term,
                    "groups": count,
                    "length": lengths.get(term, 0),
                }
            )
    owned = and_(_TABLE.c.tenant_id == tenant_id, _TABLE.c.session_id == session_id)
    if updates:
        db.execute(
            update(_TABLE)
            .where(owned, _TABLE.c.term == bindparam("b_term"))
            .values(groups=bindparam("b_groups"), length=bindparam("b_length")),
            updates,
        )
    if inserts:
        db.execute(insert(_TABLE), inserts)
    for start in range(0, len(drops), _CHUNK):
        db.execute(delete(_TABLE).where(owned, _TABLE.c.term.in_(drops[start : start + _CHUNK])))
