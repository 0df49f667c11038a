"""Fixtures for the job tests: the migrated engines of the policy tests (both backends)."""

from __future__ import annotations

from tests.policy.conftest import engine, engine_for, shared_engine, tenant

__all__ = ["engine", "engine_for", "shared_engine", "tenant"]
