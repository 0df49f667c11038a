"""The one settings object of the service and the CLI.

Read from the environment (prefix ``TIERMEM_``; the OpenAI key also from plain ``OPENAI_API_KEY``)
and built in ``create_app()`` or a CLI command, never at import, so tests can pass their own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from platformdirs import user_data_dir
from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from api.rate_limits import validate_limit

__all__ = ["Settings", "SummarizerKind", "default_database_path", "default_database_url"]

SummarizerKind = Literal["extractive", "openai", "none"]
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


def default_database_path() -> Path:
    """The default SQLite file: ``tiermem.db`` in the user's data directory.

    One file per user, whatever the working directory (``~/.local/share/tiermem/tiermem.db`` on
    Linux, or under ``$XDG_DATA_HOME``): with a path relative to the current directory,
    ``tiermem keys create`` run elsewhere made a second database whose keys the service never
    saw. ``TIERMEM_DATABASE_URL`` overrides it.
    """
    return Path(user_data_dir("tiermem", appauthor=False)) / "tiermem.db"


def default_database_url() -> str:
    """``sqlite:///`` + :func:`default_database_path`, whose directory is created here (SQLite
    creates the file, not its directory; a directory named in ``TIERMEM_DATABASE_URL`` is the
    operator's and must exist).

    Raises:
        OSError: the data directory cannot be created.
    """
    path = default_database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


class Settings(BaseSettings):
    """Service configuration; every field maps to ``TIERMEM_<FIELD>`` in the environment.

    Attributes:
        database_url: SQLAlchemy URL; ``sqlite:///path`` (default: :func:`default_database_url`) or
            ``postgresql+psycopg://user@host/db`` (``postgresql://`` is accepted and upgraded).
        summarizer: which summarizer compaction uses: ``extractive`` (offline, default),
            ``openai`` (an OpenAI-compatible endpoint) or ``none`` (window only).
        llm_base_url: base URL of the OpenAI-compatible endpoint (None: the OpenAI default).
        llm_model: model name sent to that endpoint.
        openai_api_key: key for that endpoint; read from ``OPENAI_API_KEY`` too.
        idle_minutes: a session idle this long is due for consolidation.
        max_body_bytes: request bodies larger than this are refused with 413 before parsing.
        run_migrations_on_start: apply Alembic migrations when the app starts.
        scheduler_enabled: start the background job scheduler in the app's lifespan.
        policy_check_seconds: how long the policy gate trusts a tenant's rule version before
            reading it again (0: read on every decision; see docs/policy.md for the trade-off).
        log_level: level of the service's JSON logs.
        rate_limit_per_key: requests per API key (``limits`` notation, ``600/minute``; ``0``:
            off). Over it: 429 with ``Retry-After``.
        rate_limit_per_tenant: requests of all keys of one tenant together.
        rate_limit_failed_auth: failed authentications (401s) per client address.
        rate_limit_storage_uri: where the counters live: ``memory://`` (this process; each
            replica counts alone) or a shared ``limits`` storage such as ``redis://host:6379``.
        request_timeout_seconds: time budget of one request; past it the client gets a 504
            problem (0: none).
        header_timeout_seconds: ``tiermem serve`` closes a connection whose request line and
            headers have not all arrived this long after it opened or went idle.
        keep_alive_seconds: ``tiermem serve`` closes an idle keep-alive connection after this.
        pg_lock_timeout_ms: PostgreSQL ``lock_timeout`` of every connection (0: none).
        pg_statement_timeout_ms: PostgreSQL ``statement_timeout`` of every connection (0: none).
        sqlite_busy_timeout_ms: how long a SQLite writer waits for the write lock before the
            request answers 503 (never a 500).
        readiness_write_timeout_ms: how long ``/readyz`` waits for a write to go through before
            answering 503.
    """

    model_config = SettingsConfigDict(
        env_prefix="TIERMEM_",
        extra="ignore",
        populate_by_name=True,
        frozen=True,
    )

    database_url: str = Field(default_factory=default_database_url)
    summarizer: SummarizerKind = "extractive"
    llm_base_url: str | None = None
    llm_model: str = "gpt-4o-mini"
    openai_api_key: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("openai_api_key", "OPENAI_API_KEY", "TIERMEM_OPENAI_API_KEY"),
    )
    idle_minutes: int = Field(default=30, ge=1)
    max_body_bytes: int = Field(default=1024 * 1024, ge=1)
    run_migrations_on_start: bool = True
    scheduler_enabled: bool = True
    policy_check_seconds: float = Field(default=0.0, ge=0.0, le=60.0)
    log_level: LogLevel = "INFO"
    rate_limit_per_key: str = "1200/minute"
    rate_limit_per_tenant: str = "6000/minute"
    rate_limit_failed_auth: str = "30/minute"
    rate_limit_storage_uri: str = "memory://"
    request_timeout_seconds: float = Field(default=60.0, ge=0.0, le=3600.0)
    header_timeout_seconds: float = Field(default=10.0, gt=0.0, le=300.0)
    keep_alive_seconds: int = Field(default=5, ge=1, le=300)
    pg_lock_timeout_ms: int = Field(default=5_000, ge=0, le=600_000)
    pg_statement_timeout_ms: int = Field(default=30_000, ge=0, le=3_600_000)
    sqlite_busy_timeout_ms: int = Field(default=5_000, ge=0, le=600_000)
    readiness_write_timeout_ms: int = Field(default=1_000, ge=10, le=60_000)

    @field_validator("rate_limit_per_key", "rate_limit_per_tenant", "rate_limit_failed_auth")
    @classmethod
    def _parsable_limit(cls, value: str) -> str:
        # Parsed by ``limits`` here, so a typo fails at start-up, not on the first request.
        return validate_limit(value)

    @field_validator("llm_base_url", "openai_api_key", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        # docker compose passes ``${VAR:-}`` as an empty string: treat it as not configured.
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value
