"""docs/metrics.md names every metric the service exports, so the page cannot fall behind."""

from __future__ import annotations

from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from api.app import create_app
from api.services import services_of
from api.settings import Settings

DOC = Path(__file__).resolve().parents[2] / "docs" / "metrics.md"
SUFFIXES = {"counter": "_total"}


def test_every_exported_metric_is_documented(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'metrics.db'}",
        run_migrations_on_start=False,
        scheduler_enabled=False,
    )
    text = services_of(create_app(settings)).metrics.render().decode()
    names = [
        family.name + SUFFIXES.get(family.type, "")
        for family in text_string_to_metric_families(text)
    ]
    doc = DOC.read_text(encoding="utf-8")
    missing = [name for name in names if f"`{name}`" not in doc]
    assert names and not missing, f"docs/metrics.md does not name {missing}"
