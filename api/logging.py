"""Structured logs: one JSON object per line, and one access line per request.

Access lines carry method, route template, status, latency, tenant and key id, and a request
id; never bodies, query strings or headers, so message content cannot leak into logs.

Exceptions are logged as their class, their SQLSTATE when a database raised them, and the stack
(file, line, function), never their message: a driver's message quotes the values it refused
(PostgreSQL's ``invalid input syntax ...: "DE89..."``), and any message may carry user text.
"""

from __future__ import annotations

import json
import logging
import sys
import traceback
from datetime import UTC, datetime
from typing import Any

__all__ = [
    "ACCESS_LOGGER",
    "JsonFormatter",
    "configure_logging",
    "content_free_traceback",
    "log_request",
    "uvicorn_log_config",
]

ACCESS_LOGGER = "tiermem.access"
PROBE_ROUTES = frozenset({"/healthz", "/readyz", "/metrics"})
_HANDLER_NAME = "tiermem-json"


class JsonFormatter(logging.Formatter):
    """One JSON line per record; ``extra={"fields": {...}}`` members are merged in."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        if record.exc_info and record.exc_info[1] is not None:
            entry["exc"] = content_free_traceback(record.exc_info[1])
        return json.dumps(entry, default=str, separators=(",", ":"))


def content_free_traceback(exc: BaseException) -> str:
    """The chain of ``exc`` (causes and contexts) as class names, SQLSTATEs and stack frames,
    without any exception's message."""
    lines: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        kind = type(current)
        lines.append(f"{kind.__module__}.{kind.__qualname__}{_sql_state(current)}")
        for frame in traceback.extract_tb(current.__traceback__):
            lines.append(f'  File "{frame.filename}", line {frame.lineno}, in {frame.name}')
        current = current.__cause__ or current.__context__
    return "\n".join(lines)


def _sql_state(exc: BaseException) -> str:
    """`` (SQLSTATE 22P02)`` for a database error (the driver's error, or SQLAlchemy's wrapper
    of it); SQLite's error name instead; empty for anything else."""
    origin = getattr(exc, "orig", None) or exc
    code = getattr(origin, "sqlstate", None) or getattr(origin, "sqlite_errorname", None)
    return f" (SQLSTATE {code})" if isinstance(code, str) and code else ""


class _CurrentStderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is at emit time (test capture swaps it)."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, _value: Any) -> None:
        pass


def configure_logging(level: str = "INFO", *, stream: Any = None) -> None:
    """Send the ``tiermem`` loggers to ``stream`` (stderr) as JSON lines. Idempotent."""
    logger = logging.getLogger("tiermem")
    logger.setLevel(level)
    for old in list(logger.handlers):
        if old.get_name() == _HANDLER_NAME:
            logger.removeHandler(old)
    handler: logging.Handler = (
        logging.StreamHandler(stream) if stream is not None else _CurrentStderrHandler()
    )
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(JsonFormatter())
    logger.addHandler(handler)
    logger.propagate = False


def log_request(
    *,
    method: str,
    route: str,
    status: int,
    latency_ms: float,
    request_id: str,
    tenant: str | None,
    key_id: str | None,
) -> None:
    """Write the access line of one finished request.

    Probes (``/healthz``, ``/readyz``, ``/metrics``) that succeed are logged at DEBUG, so that a
    balancer polling every second does not drown the log; everything else at INFO.
    """
    level = logging.DEBUG if route in PROBE_ROUTES and status < 400 else logging.INFO
    logging.getLogger(ACCESS_LOGGER).log(
        level,
        "request",
        extra={
            "fields": {
                "event": "request",
                "method": method,
                "route": route,
                "status": status,
                "latency_ms": round(latency_ms, 2),
                "tenant": tenant,
                "key_id": key_id,
                "request_id": request_id,
            }
        },
    )


def uvicorn_log_config(level: str = "INFO") -> dict[str, Any]:
    """``logging.config`` dict that makes uvicorn's own lines JSON too (its access log is off:
    tiermem writes one access line per request itself)."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stderr",
            }
        },
        "loggers": {
            "uvicorn": {"handlers": ["stderr"], "level": level.upper(), "propagate": False},
            "uvicorn.error": {"level": level.upper()},
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
        },
    }
