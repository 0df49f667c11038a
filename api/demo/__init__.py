"""The guided tour behind ``tiermem demo``: the source document's trip, step by step, checked.

``run_demo(database_url=None)`` returns a ``DemoRecord`` (steps, figures, checks); the CLI
prints it with rich or as JSON.
"""

from api.demo.record import Check, DemoRecord, StepAborted, StepRecord
from api.demo.runner import DemoSetupError, run_demo

__all__ = ["Check", "DemoRecord", "DemoSetupError", "StepAborted", "StepRecord", "run_demo"]
