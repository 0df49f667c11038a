"""``/docs`` and ``/redoc`` work offline: every asset they load is served by the app itself.

A page that loads Swagger UI or ReDoc from a CDN is blank on a machine without internet, so the
HTML may reference no other host, and each script, stylesheet and icon it names must be served.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from tests.api.conftest import make_settings

_REFERENCE = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']|url\s*:\s*["']([^"']+)["']""")
_ABSOLUTE = re.compile(r"""(?:https?:)?//[A-Za-z0-9.-]+""")


@pytest.fixture(scope="module")
def docs_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = Path(tmp_path_factory.mktemp("docs")) / "docs.db"
    with TestClient(create_app(make_settings(f"sqlite:///{db}"))) as client:
        yield client


def _references(html: str) -> list[str]:
    return [a or b for a, b in _REFERENCE.findall(html)]


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_docs_page_names_no_external_host(docs_client: TestClient, page: str) -> None:
    response = docs_client.get(page)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    external = _ABSOLUTE.findall(response.text)
    assert external == [], f"{page} references other hosts: {external}"
    for reference in _references(response.text):
        assert not urlsplit(reference).netloc, f"{page} loads {reference} from another host"


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_docs_page_assets_are_served(docs_client: TestClient, page: str) -> None:
    references = _references(docs_client.get(page).text)
    assets = [r for r in references if r.startswith("/") and r != "/openapi.json"]
    assert any(a.endswith(".js") for a in assets), references
    for asset in assets:
        response = docs_client.get(asset)
        assert response.status_code == 200, asset
        assert len(response.content) > 0, asset
    assert docs_client.get("/openapi.json").status_code == 200
