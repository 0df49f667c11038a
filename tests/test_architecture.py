"""docs/architecture.md and README's architecture section match the code: every package they name
exists, and the import contracts described are exactly the ones `lint-imports` checks."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def _section(text: str, heading: str) -> str:
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"docs/architecture.md has no '## {heading}' section"
    return match.group(1)


def _contract_names() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [c["name"] for c in config["tool"]["importlinter"]["contracts"]]


def test_every_package_named_exists() -> None:
    table = _section(ARCHITECTURE.read_text(encoding="utf-8"), "Packages")
    names = re.findall(r"^\| `([a-z_.]+)` \|", table, re.M)
    assert len(names) >= 10
    missing = [
        name for name in names if not (ROOT / name.replace(".", "/") / "__init__.py").exists()
    ]
    assert missing == []


def test_contracts_described_are_the_ones_checked() -> None:
    section = _section(ARCHITECTURE.read_text(encoding="utf-8"), "Import contracts")
    described = re.findall(r"^- (.+)$", section, re.M)
    assert described == _contract_names()


def test_readme_architecture_paths_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^## Architecture\n(.*?)(?=^## )", readme, re.M | re.S)
    assert match, "README has no '## Architecture' section"
    paths = re.findall(
        r"`((?:runtime|storage|longterm|policy|api|tests|bench|docs)[a-z_/.]*)`", match.group(1)
    )
    assert paths
    missing = [p for p in paths if not (ROOT / p.rstrip("/")).exists()]
    assert missing == []


def test_a_wrong_import_breaks_the_contracts(tmp_path: Path) -> None:
    """`lint-imports` fails on a copy of the tree where longterm imports the service."""
    for package in ("runtime", "storage", "longterm", "policy", "api"):
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    lint = Path(sys.executable).with_name("lint-imports")

    def run() -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PYTHONPATH": str(tmp_path)}
        return subprocess.run(
            [str(lint), "--no-cache"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    clean = run()
    (tmp_path / "longterm" / "wrong_way.py").write_text("import api.app  # noqa: F401\n")
    broken = run()
    assert "longterm is not allowed to import api" in broken.stdout, broken.stdout[-2000:]
    assert broken.returncode != 0
    assert clean.stdout.count("BROKEN") < broken.stdout.count("BROKEN")
