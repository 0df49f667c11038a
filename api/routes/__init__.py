"""The routers the app includes, and the background jobs started with it.

Each area adds ONE line to ``ROUTER_MODULES``: the dotted path of a module that defines
``router: fastapi.APIRouter`` (with its own ``/v1/...`` prefix and tags). ``create_app`` imports
them in order, so a typo fails at start-up, not at the first request.

Background jobs add one line to ``LIFESPAN_HOOK_PATHS``: ``"module:attribute"`` naming a
``LifespanHook``, a function ``(app) -> async context manager`` entered at start-up (after
migrations) and exited at shutdown; read ``app.state.settings`` (e.g. ``scheduler_enabled``)
inside it. ``app.state.lifespan_hooks`` is the per-app list, which tests may extend before start.
"""

from __future__ import annotations

ROUTER_MODULES: tuple[str, ...] = (
    "api.routes.health",
    "api.routes.keys",
    "api.routes.sessions",
    "api.routes.users",
    "api.routes.user_data",
    "api.routes.audit",
    "api.routes.policy",
    "api.routes.consents",
    "api.routes.session_end",
    "api.routes.admin_jobs",
    "api.routes.retention",
)

LIFESPAN_HOOK_PATHS: tuple[str, ...] = (
    "api.routes.admin_jobs:scheduler_lifespan",
    "api.sessions.runtime:warm_up",
)
