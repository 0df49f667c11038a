"""docker-compose.yml and the Dockerfile agree with each other and with the app's settings."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from sqlalchemy.engine import make_url

from api.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
_VAR = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?::-(?P<default>[^}]*))?\}")


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's ``${VAR}`` / ``${VAR:-default}`` substitution."""
    return _VAR.sub(lambda m: env.get(m["name"]) or (m["default"] or ""), value)


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def dockerfile() -> str:
    return (ROOT / "Dockerfile").read_text()


def api_env(compose: dict[str, Any], env: dict[str, str] | None = None) -> dict[str, str]:
    raw = compose["services"]["api"]["environment"]
    return {k: interpolate(str(v), env or {}) for k, v in raw.items()}


def test_services_and_images(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"api", "db"}
    assert services["db"]["image"] == "postgres:16"
    assert services["api"]["build"] in (".", {"context": "."})


def test_database_has_healthcheck_and_named_volume(compose: dict[str, Any]) -> None:
    db = compose["services"]["db"]
    test = db["healthcheck"]["test"]
    command = " ".join(test[1:]) if isinstance(test, list) else test
    assert "pg_isready" in command
    user = db["environment"]["POSTGRES_USER"]
    assert f"-U {user}" in command
    volume, _, target = db["volumes"][0].partition(":")
    assert target == "/var/lib/postgresql/data"
    assert volume in compose["volumes"]


def test_api_waits_for_a_healthy_database(compose: dict[str, Any]) -> None:
    assert compose["services"]["api"]["depends_on"] == {"db": {"condition": "service_healthy"}}


def test_api_environment_names_are_settings(compose: dict[str, Any]) -> None:
    fields = set(Settings.model_fields)
    for name in api_env(compose):
        if name == "OPENAI_API_KEY":
            continue
        assert name.startswith("TIERMEM_"), name
        assert name.removeprefix("TIERMEM_").lower() in fields, f"{name} is no Settings field"


def test_api_environment_builds_valid_settings(
    compose: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in list(Settings.model_fields):
        monkeypatch.delenv(f"TIERMEM_{name.upper()}", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    for name, value in api_env(compose).items():
        monkeypatch.setenv(name, value)
    settings = Settings()
    assert settings.scheduler_enabled is True
    assert settings.llm_base_url is None
    assert settings.openai_api_key is None
    assert settings.summarizer == "extractive"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    key = Settings().openai_api_key
    assert key is not None
    assert key.get_secret_value() == "sk-test"


def test_database_url_points_at_the_db_service(compose: dict[str, Any]) -> None:
    db_env = compose["services"]["db"]["environment"]
    url = make_url(api_env(compose, {"POSTGRES_PASSWORD": "s3cret"})["TIERMEM_DATABASE_URL"])
    assert url.drivername == "postgresql+psycopg"
    assert url.host == "db"
    assert url.port == 5432
    assert url.username == db_env["POSTGRES_USER"]
    assert url.database == db_env["POSTGRES_DB"]
    assert url.password == "s3cret"
    assert interpolate(db_env["POSTGRES_PASSWORD"], {"POSTGRES_PASSWORD": "s3cret"}) == "s3cret"


def test_ports_match_the_served_port(compose: dict[str, Any], dockerfile: str) -> None:
    cmd_line = next(line for line in dockerfile.splitlines() if line.startswith("CMD"))
    cmd = yaml.safe_load(cmd_line.removeprefix("CMD").strip())
    assert cmd[:2] == ["tiermem", "serve"]
    port = cmd[cmd.index("--port") + 1]
    assert cmd[cmd.index("--host") + 1] == "0.0.0.0"
    assert f"EXPOSE {port}" in dockerfile
    published = [str(p).rsplit(":", 1) for p in compose["services"]["api"]["ports"]]
    assert [container for _, container in published] == [port]
    assert all(host.startswith("127.0.0.1:") for host, _ in published)


def test_dockerfile_base_and_install(dockerfile: str) -> None:
    assert "\nFROM python:3.11-slim\n" in dockerfile
    joined = dockerfile.replace("\\\n", " ")
    run_lines = [shlex.split(line) for line in joined.splitlines() if line.startswith("RUN")]
    assert any(words[1:4] == ["pip", "install", "."] for words in run_lines)
    for package in ("runtime", "longterm", "policy", "api"):
        assert f"COPY {package} ./{package}" in dockerfile
    assert "USER tiermem" in dockerfile
