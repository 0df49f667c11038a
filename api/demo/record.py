"""What the demo records: each step's figures and the checks it made.

A step never stops at the first failed check; it records every check and keeps going, so the
printed tour shows everything that held and everything that did not. A step that cannot go on
at all (an HTTP call answered with an unexpected status, say) raises ``StepAborted``; the runner
records that as a failed check of the step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Check", "DemoRecord", "StepAborted", "StepRecord"]


class StepAborted(RuntimeError):
    """A step could not continue; the message says which call failed and how."""


@dataclass(frozen=True, slots=True)
class Check:
    """One thing a step verified: a short name, whether it held, and what was seen."""

    name: str
    passed: bool
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"name": self.name, "passed": self.passed, "detail": self.detail}


@dataclass(slots=True)
class StepRecord:
    """One step of the tour.

    Attributes:
        number: 1, 2, 3 in the order the steps run.
        name: machine name (``compaction``, ``rollback``, ``service``).
        title: what the step shows, for people.
        data: the step's figures and artefacts (JSON-ready), shown by the renderer.
        checks: what was verified, in order.
    """

    number: int
    name: str
    title: str
    data: dict[str, Any] = field(default_factory=dict)
    checks: list[Check] = field(default_factory=list)

    def check(self, name: str, passed: bool, detail: str = "") -> bool:
        """Record a check and return whether it held."""
        self.checks.append(Check(name, bool(passed), detail))
        return bool(passed)

    @property
    def passed(self) -> bool:
        """Whether every check of the step held (a step without checks did not pass)."""
        return bool(self.checks) and all(c.passed for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "number": self.number,
            "name": self.name,
            "title": self.title,
            "passed": self.passed,
            "checks": [c.to_dict() for c in self.checks],
            "data": self.data,
        }


@dataclass(slots=True)
class DemoRecord:
    """The whole tour: its steps and where it ran."""

    database: str
    steps: list[StepRecord] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether every step passed."""
        return bool(self.steps) and all(s.passed for s in self.steps)

    def first_failure(self) -> str | None:
        """One line naming the first check that did not hold, or ``None``."""
        for step in self.steps:
            for check in step.checks:
                if not check.passed:
                    detail = f": {check.detail}" if check.detail else ""
                    return f"step {step.number} ({step.name}) check {check.name!r} failed{detail}"
            if not step.checks:
                return f"step {step.number} ({step.name}) made no checks"
        return None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``tiermem demo --json`` prints)."""
        return {
            "schema": "tiermem.demo.v1",
            "passed": self.passed,
            "failure": self.first_failure(),
            "database": self.database,
            "steps": [s.to_dict() for s in self.steps],
        }
