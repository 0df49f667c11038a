"""``CasbinGate``: the policy gate over every long-term write, built on pycasbin.

The model (``model.conf``) and the default rows (``default_policy.csv``) ship with the package
and apply to every tenant. Each tenant's own rows live in the ``policy_rules`` table and are
loaded through ``sqlalchemy_adapter`` (filtered by ``tenant_id``) into that tenant's own
enforcer, so one tenant's rows are never even in memory when another tenant is decided.

Every process sees a rule change without a restart: each decision reads the tenant's current
policy version (one indexed query; ``check_interval`` can relax that) and rebuilds the tenant's
enforcer when it moved. The decision names the version it was made under
(``<defaults digest>.<tenant version>``).
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import casbin
from casbin.model import Model
from casbin.persist.adapters import FileAdapter
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Query
from sqlalchemy.pool import StaticPool
from sqlalchemy_adapter import Adapter
from sqlmodel import col

from longterm.gate import Action, GateDecision, ObjectAttributes, Principal
from policy.errors import PolicyUnavailable
from policy.rules import PolicyRule, explain_decision, is_valid_tenant_id, object_problem
from policy.storage import PolicyRuleRow, PolicyVersionRow

# pycasbin parses the matcher with ``ast.parse`` on every enforce call, and CPython 3.11's AST
# constructor is not safe to run in several threads at once ("AST constructor recursion depth
# mismatch" under concurrent requests). One process-wide lock serializes the parse; an enforce
# call is microseconds, so it never becomes the bottleneck.
_ENFORCE_LOCK: Final = threading.Lock()

__all__ = [
    "DEFAULT_POLICY_PATH",
    "MAX_CACHED_TENANTS",
    "MODEL_PATH",
    "CasbinGate",
    "PolicyView",
    "any_of",
]

MODEL_PATH: Final = Path(__file__).with_name("model.conf")
MAX_CACHED_TENANTS: Final = 1024
"""Enforcers kept in memory (least recently used tenants are rebuilt when needed again)."""
DEFAULT_POLICY_PATH: Final = Path(__file__).with_name("default_policy.csv")


def any_of(value: object, pattern: str) -> bool:
    """``pattern`` is ``*`` or values joined by ``|``; True when ``value`` is one of them.

    Exact string membership only: no glob, prefix or regular expression, so ``t1`` never
    matches ``t10`` and ``t1*`` is just a string that no tenant id can equal.
    """
    if pattern == "*":
        return True
    return isinstance(value, str) and value in pattern.split("|")


def _same_user(subject_user: object, object_user: object) -> bool:
    return subject_user is None or subject_user == object_user


def _number(text: object) -> float:
    # An unparsable threshold compares false both ways (NaN), so it can never widen an allow.
    try:
        return float(str(text))
    except ValueError:
        return math.nan


@dataclass(frozen=True, slots=True)
class PolicyView:
    """What ``GET /v1/policy`` shows: the defaults, the tenant's rows and the version."""

    version: str
    defaults: tuple[PolicyRule, ...]
    tenant_rules: tuple[PolicyRule, ...]


class _TenantAdapter(Adapter):  # type: ignore[misc]
    """``sqlalchemy_adapter.Adapter`` loading only the rows of one tenant."""

    def filter_query(self, querydb: Query[Any], filter: Any) -> Query[Any]:
        return querydb.filter(self._db_class.tenant_id == filter.tenant_id).order_by(
            self._db_class.id
        )


@dataclass(frozen=True, slots=True)
class _TenantFilter:
    tenant_id: str


@dataclass(frozen=True, slots=True)
class _Loaded:
    db_version: int
    enforcer: casbin.Enforcer
    rules: tuple[PolicyRule, ...]
    checked_at: float


class CasbinGate:
    """The Casbin-backed ``PolicyGate``.

    Args:
        engine: database holding per-tenant rules; None serves the file defaults alone.
        model_path / policy_path: the reviewed model and default policy files.
        check_interval: seconds a tenant's policy version is trusted before it is read again
            (0 = on every decision).
        clock: monotonic clock, injectable for tests.

    An in-memory SQLite engine (one connection shared by everything, ``StaticPool``) cannot be
    read beside a caller's open transaction without rolling it back, so with such an engine
    every tenant's rules are loaded at construction and re-read only by ``refresh`` (one
    process is all such a database can have anyway).

    Raises:
        PolicyUnavailable: the model or default policy cannot be loaded.
    """

    def __init__(
        self,
        *,
        engine: Engine | None = None,
        model_path: Path = MODEL_PATH,
        policy_path: Path = DEFAULT_POLICY_PATH,
        check_interval: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._engine = engine
        self._model_path = model_path
        self._policy_path = policy_path
        self._check_interval = check_interval
        self._clock = clock
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, _Loaded] = OrderedDict()
        try:
            digest = hashlib.sha256(model_path.read_bytes() + policy_path.read_bytes())
            self._defaults = self._build(tenant_id=None).rules
        except (OSError, ValueError, KeyError, RuntimeError) as exc:
            raise PolicyUnavailable(f"cannot load the policy: {exc}") from exc
        self.defaults_digest = digest.hexdigest()[:12]
        self._adapter = (
            _TenantAdapter(engine, db_class=PolicyRuleRow, create_table=False, filtered=True)
            if engine is not None
            else None
        )
        self._pinned = engine is not None and isinstance(engine.pool, StaticPool)
        if self._pinned:
            for tenant_id in self._tenants_with_rules():
                self.refresh(tenant_id)

    def decide(self, *, subject: Principal, action: Action, obj: ObjectAttributes) -> GateDecision:
        """Decide one request; a denial is a normal answer, never an exception.

        Raises:
            sqlalchemy.exc.SQLAlchemyError: the tenant's rules cannot be read.
        """
        if not (is_valid_tenant_id(subject.tenant_id) and is_valid_tenant_id(obj.tenant_id)):
            return GateDecision(
                False, "tenant.invalid", self.defaults_digest, "malformed tenant id"
            )
        problem = object_problem(obj)
        if problem is not None:
            return GateDecision(False, "object.invalid", self.defaults_digest, problem)
        loaded = self._enforcer(subject.tenant_id)
        version = f"{self.defaults_digest}.{loaded.db_version}"
        with _ENFORCE_LOCK:
            allowed, row = loaded.enforcer.enforce_ex(subject, subject.tenant_id, action, obj)
        rule = PolicyRule.from_row(row) if row else None
        name, reason = explain_decision(rule, subject=subject, action=action, obj=obj)
        if allowed and (rule is None or rule.effect != "allow"):  # pragma: no cover - defensive
            return GateDecision(False, "default.deny", version, "no allow rule matched")
        return GateDecision(bool(allowed), name, version, reason)

    def version(self, tenant_id: str) -> str:
        """The policy version decisions for ``tenant_id`` are made under right now."""
        return f"{self.defaults_digest}.{self._enforcer(tenant_id).db_version}"

    def view(self, tenant_id: str) -> PolicyView:
        """The defaults plus the tenant's own rules, at the current version."""
        loaded = self._enforcer(tenant_id)
        tenant_rules = tuple(rule for rule in loaded.rules if rule.domain == tenant_id)
        return PolicyView(
            version=f"{self.defaults_digest}.{loaded.db_version}",
            defaults=self._defaults,
            tenant_rules=tenant_rules,
        )

    @property
    def check_interval(self) -> float:
        """Seconds a tenant's policy version is trusted before it is read again."""
        return self._check_interval

    def invalidate(self, tenant_id: str | None = None) -> None:
        """Forget cached enforcers (all, or one tenant's); the next decision reloads."""
        with self._lock:
            if tenant_id is None:
                self._cache.clear()
            else:
                self._cache.pop(tenant_id, None)

    def refresh(self, tenant_id: str) -> None:
        """Reload one tenant's rules now. Call it outside any open transaction (e.g. after the
        commit that changed them); other gates notice the change on their own."""
        now = self._clock()
        fresh = self._build(tenant_id=tenant_id, db_version=self._db_version(tenant_id), now=now)
        with self._lock:
            self._cache[tenant_id] = fresh

    def _tenants_with_rules(self) -> list[str]:
        assert self._engine is not None
        stmt = select(col(PolicyVersionRow.tenant_id)).distinct()
        with self._engine.connect() as conn:
            return [str(tenant) for tenant in conn.execute(stmt).scalars()]

    def _enforcer(self, tenant_id: str) -> _Loaded:
        now = self._clock()
        with self._lock:
            cached = self._cache.get(tenant_id)
        if cached is not None and now - cached.checked_at < self._check_interval:
            return cached
        if self._pinned:
            # Never touch the shared connection during a decision (see the class docstring).
            return cached or self._build(tenant_id=None, now=now)
        db_version = self._db_version(tenant_id)
        if cached is not None and cached.db_version == db_version:
            fresh = _Loaded(db_version, cached.enforcer, cached.rules, now)
        else:
            fresh = self._build(tenant_id=tenant_id, db_version=db_version, now=now)
        with self._lock:
            self._cache[tenant_id] = fresh
            self._cache.move_to_end(tenant_id)
            while len(self._cache) > MAX_CACHED_TENANTS:
                self._cache.popitem(last=False)
        return fresh

    def _db_version(self, tenant_id: str) -> int:
        if self._engine is None:
            return 0
        stmt = select(func.max(PolicyVersionRow.version)).where(
            PolicyVersionRow.tenant_id == tenant_id  # type: ignore[arg-type]
        )
        with self._engine.connect() as conn:
            return int(conn.execute(stmt).scalar() or 0)

    def _build(self, *, tenant_id: str | None, db_version: int = 0, now: float = 0.0) -> _Loaded:
        model = Model()
        model.load_model(str(self._model_path))
        FileAdapter(str(self._policy_path)).load_policy(model)
        if tenant_id is not None and self._adapter is not None and db_version > 0:
            self._adapter.load_filtered_policy(model, _TenantFilter(tenant_id))
        enforcer = casbin.Enforcer(model)
        enforcer.add_function("anyOf", any_of)
        enforcer.add_function("sameUser", _same_user)
        enforcer.add_function("number", _number)
        rows = model.get_policy("p", "p")
        rules = tuple(PolicyRule.from_row(row) for row in rows)
        return _Loaded(db_version, enforcer, rules, now)
