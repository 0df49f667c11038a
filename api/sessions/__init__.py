"""The persisted sessions: the run-time tier as a service, one module per concept.

=====================  ====================================================================
module                 what it holds
=====================  ====================================================================
``tables``             the session tables (SQLModel rows; table names are the migrations')
``store``              the queries every module shares: the session, its history, pins and
                       state; JSON in and out; the retry of optimistic units of work
``errors``             the sessions' error tree (``api.problems`` maps it to RFC 9457)
``schemas``            request and response bodies
``lifecycle``          create, read and list sessions (the public view with its counts)
``append``             appending messages: idempotent, protocol-checked, all or nothing
``tail_check``         the append's protocol check over the stored tail only
``pins``               the pinned message ids
``context``            ``/context``: compact with the stored state, persist the decision
``decisions``          the last ``/context`` decision: stored with the state, read back
``calibration``        provider-count calibration and the adaptive trigger (pure)
``usage``              provider usage reports
``summaries``          summary versions: list, read, restore
``snapshots``          the snapshot records of summary versions
``history``            reading the stored history back
``export``             a user's sessions as data (the export)
``erase``              deleting a session, erasing a user's sessions
``retention``          the tenant's retention of raw messages and its purge
``task_end``           ending the task: the promotion's unit of work (``policy.promotion``)
``end_schemas``        the body and the answer of ``/end``
``source``             the policy tier's reading of sessions (``policy.sessions.SessionSource``)
=====================  ====================================================================

Routes call these functions; each is one unit of work on a database session and takes the
tenant (and the key's user restriction) as required keywords. ``erase_user_sessions`` and
``export_user_sessions`` are the sessions part of a user's erasure and export.
"""

from api.sessions.append import append_messages
from api.sessions.context import ContextRuntime, build_context
from api.sessions.decisions import ContextDecision, read_decision
from api.sessions.erase import delete_session, erase_user_sessions
from api.sessions.export import export_user_sessions
from api.sessions.history import read_history_page
from api.sessions.lifecycle import create_session, get_session, list_sessions
from api.sessions.pins import set_pins
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
from api.sessions.summaries import get_summary, list_summaries, restore_summary
from api.sessions.usage import record_usage

__all__ = [
    "AppendIn",
    "AppendOut",
    "BudgetSpec",
    "ContextDecision",
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
    "read_decision",
    "read_history_page",
    "record_usage",
    "restore_summary",
    "set_pins",
]
