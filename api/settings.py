"""The one settings object of the service and the CLI.

Read from the environment (prefix ``TIERMEM_``; the OpenAI key also from plain ``OPENAI_API_KEY``)
and built in ``create_app()`` or a CLI command, never at import, so tests can pass their own.
"""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["DEFAULT_DATABASE_URL", "Settings", "SummarizerKind"]

DEFAULT_DATABASE_URL = "sqlite:///./tiermem.db"
SummarizerKind = Literal["extractive", "openai", "none"]
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


class Settings(BaseSettings):
    """Service configuration; every field maps to ``TIERMEM_<FIELD>`` in the environment.

    Attributes:
        database_url: SQLAlchemy URL; ``sqlite:///path`` (embedded default) or
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
    """

    model_config = SettingsConfigDict(
        env_prefix="TIERMEM_",
        extra="ignore",
        populate_by_name=True,
        frozen=True,
    )

    database_url: str = DEFAULT_DATABASE_URL
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

    @field_validator("llm_base_url", "openai_api_key", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        # docker compose passes ``${VAR:-}`` as an empty string: treat it as not configured.
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value
