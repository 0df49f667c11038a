"""The inspector page's routes over HTTP (no browser): the shell without a key, fragments only
with one, content escaped, the page's security headers (``api.routes.inspector``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.api._sessions_support import FakeSummarizer, chat_history, sessions_client
from tests.api.conftest import bearer, make_key, unique_tenant

BUDGET = {
    "context_limit": 6000,
    "max_output_tokens": 500,
    "tool_reserve": 100,
    "safety_margin": 100,
}
EVIL = "<script>window.__pwned = 1</script><img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def client(module_database_url: str) -> Iterator[TestClient]:
    with sessions_client(module_database_url, summarizer=FakeSummarizer()) as client:
        yield client


def test_shell_loads_without_a_key_and_sets_a_strict_policy(client: TestClient) -> None:
    page = client.get("/ui")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp and page.headers["x-frame-options"] == "DENY"
    assert '<script src="/ui/static/inspector.js"' in page.text
    assert "data-figure" not in page.text  # the shell holds no data
    script = client.get("/ui/static/inspector.js")
    assert script.status_code == 200 and "sessionStorage" in script.text
    assert script.headers["content-type"].startswith("text/javascript")
    assert client.get("/ui/static/secrets.txt").status_code in (404, 422)
    assert "/ui" not in str(client.get("/openapi.json").json()["paths"])


def test_fragments_need_a_key_and_escape_content(client: TestClient, module_database_url) -> None:
    tenant = unique_tenant()
    key = bearer(make_key(module_database_url, tenant, "admin"))
    other = bearer(make_key(module_database_url, unique_tenant(), "admin"))
    sid = client.post("/v1/sessions", headers=key, json={"user_id": "u1", "budget": BUDGET})
    sid = sid.json()["id"]
    history = [*chat_history(60), {"role": "user", "content": EVIL}]
    client.post(f"/v1/sessions/{sid}/messages", headers=key, json={"messages": history})
    path = f"/ui/fragments/sessions/{sid}"
    assert client.get(path).status_code == 401
    assert client.get(path, headers=other).status_code == 404
    empty = client.get(path, headers=key)
    assert empty.status_code == 200 and 'id="no-decision"' in empty.text
    client.post(f"/v1/sessions/{sid}/context", headers=key)
    html = client.get(path, headers=key).text
    assert "<script>window" not in html and "&lt;script&gt;window.__pwned" in html
    assert "<img src=x" not in html
    assert 'data-figure="compacted"' in html and 'data-status="summarized"' in html
    user = client.get("/ui/fragments/users/u1", headers=key)
    assert user.status_code == 200 and 'data-action="erase"' in user.text
    assert client.get("/ui/fragments/users/u1").status_code == 401
