"""What users see, computed from the code: the OpenAPI document, CLI help, public ``__all__``,
the compaction report's keys and the problem types.

``tests/test_golden.py`` compares each with the committed file beside this module; refresh them
with ``TIERMEM_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and review the diff: a change there is
a change users see.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
from pathlib import Path
from typing import Any

GOLDEN_DIR = Path(__file__).parent
PACKAGES = ("runtime", "longterm", "policy", "api")


def openapi_document(tmp_path: Path) -> dict[str, Any]:
    """The service's OpenAPI document, built without starting the app."""
    from api.app import create_app
    from api.settings import Settings

    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'golden.db'}",
        run_migrations_on_start=False,
        scheduler_enabled=False,
    )
    return create_app(settings).openapi()


def cli_help() -> dict[str, str]:
    """``--help`` of the root command and every sub-command (and sub-sub-command)."""
    import typer
    from typer.testing import CliRunner

    from api.cli import _register, app

    _register()
    runner = CliRunner()
    env = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    out: dict[str, str] = {}

    def walk(prefix: list[str], command: Any) -> None:
        result = runner.invoke(app, [*prefix, "--help"], env=env, terminal_width=100)
        out[" ".join(["tiermem", *prefix])] = result.output
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk([*prefix, name], sub)

    walk([], typer.main.get_command(app))
    return out


def public_names() -> dict[str, list[str]]:
    """``__all__`` of every package (``__init__`` modules) of the four top-level packages."""
    out: dict[str, list[str]] = {}
    for top in PACKAGES:
        root = importlib.import_module(top)
        _add_all(out, root)
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{top}."):
            if not info.ispkg or ".migrations" in info.name:
                continue
            _add_all(out, importlib.import_module(info.name))
    return out


def _add_all(out: dict[str, list[str]], module: Any) -> None:
    names = getattr(module, "__all__", None)
    if names is not None:
        out[module.__name__] = sorted(names)


def report_keys() -> dict[str, list[str]]:
    """The compaction report's keys, for a window-only and a summary compaction."""
    from runtime import Budget, Compactor
    from runtime.summary.extractive import ExtractiveSummarizer

    history: list[dict[str, Any]] = [{"role": "system", "content": "You plan trips."}]
    for i in range(80):
        history.append(
            {"role": "user", "content": f"Turn {i}: my budget is at most {100 + i} CNY."}
        )
        history.append({"role": "assistant", "content": f"Noted turn {i}, " + "detail " * 30})
    out: dict[str, list[str]] = {}
    for name, summarizer in (("window", None), ("summary", ExtractiveSummarizer())):
        compactor = Compactor(budget=Budget(4000, max_output_tokens=200), summarizer=summarizer)
        report = compactor.compact(history).report
        out[name] = sorted(_key_paths(report))
    return out


def _key_paths(value: Any, prefix: str = "") -> set[str]:
    if hasattr(value, "model_dump"):
        value = value.model_dump(mode="json")
    paths: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            paths.add(path)
            if key not in {"budget"} and isinstance(item, dict):
                paths |= _key_paths(item, path)
    return paths


def problem_types() -> list[str]:
    """Every problem ``type`` slug the service can answer with (from the code, not the docs)."""
    slugs: set[str] = set()
    pattern = re.compile(r"""slug\s*[:=]\s*(?:ClassVar\[str\]\s*=\s*)?["']([a-z0-9.-]+)["']""")
    for top in PACKAGES:
        for path in Path(importlib.import_module(top).__path__[0]).rglob("*.py"):
            slugs |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return sorted(slugs)


def write_or_compare(name: str, value: Any) -> tuple[str, str]:
    """(expected, actual) JSON texts of golden file ``name``; rewrites it when asked to."""
    path = GOLDEN_DIR / f"{name}.json"
    actual = json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if os.environ.get("TIERMEM_UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(actual, encoding="utf-8")
    return path.read_text(encoding="utf-8"), actual
