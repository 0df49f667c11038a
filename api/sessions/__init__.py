"""The sessions service over the run-time tier: append, pins, context, summaries, usage.

Routes in ``api.routes.sessions`` call these functions; each is one unit of work on a database
session and takes the tenant (and the key's user restriction) as required keywords.
``erase_user_sessions`` and ``export_user_sessions`` are the sessions part of a user's erasure
and export (the long-term tier calls them).
"""

from api.sessions.append import append_messages
from api.sessions.context import ContextRuntime, build_context
from api.sessions.erase import delete_session, erase_user_sessions
from api.sessions.history import export_user_sessions, read_history_page
from api.sessions.schemas import (
    AppendIn,
    AppendOut,
    BudgetSpec,
    ContextIn,
    ContextOut,
    HistoryOut,
    PinsIn,
    PinsOut,
    SessionCreate,
    SessionList,
    SessionPublic,
    SummaryDetail,
    SummaryList,
    SummaryPublic,
    UsageIn,
    UsageOut,
)
from api.sessions.service import (
    create_session,
    get_session,
    list_sessions,
    record_usage,
    set_pins,
)
from api.sessions.summaries import get_summary, list_summaries, restore_summary

__all__ = [
    "AppendIn",
    "AppendOut",
    "BudgetSpec",
    "ContextIn",
    "ContextOut",
    "ContextRuntime",
    "HistoryOut",
    "PinsIn",
    "PinsOut",
    "SessionCreate",
    "SessionList",
    "SessionPublic",
    "SummaryDetail",
    "SummaryList",
    "SummaryPublic",
    "UsageIn",
    "UsageOut",
    "append_messages",
    "build_context",
    "create_session",
    "delete_session",
    "erase_user_sessions",
    "export_user_sessions",
    "get_session",
    "get_summary",
    "list_sessions",
    "list_summaries",
    "read_history_page",
    "record_usage",
    "restore_summary",
    "set_pins",
]
