"""The inspector page at ``/ui``: what the last ``/context`` call kept, pinned, summarized,
recalled or dropped, and a user's long-term memory, for a person looking at one session.

============  ======================================================================
module        what it holds
============  ======================================================================
``views``     reading one session's or one user's data into template values (reads
              only: opening the page writes nothing)
``render``    the Jinja2 environment (autoescaped), the page's security headers
``templates`` the shell page and the two server-rendered fragments
``static``    the page's one script and stylesheet (no CDN, no build step)
============  ======================================================================

The shell loads without a key; every fragment is fetched by the page's script with the key the
person entered (kept in the tab's ``sessionStorage``, sent as ``Authorization: Bearer``, never in
a URL), through the same key checks as the JSON API. Buttons call the JSON API itself (restore a
summary, delete a preference, erase a user).
"""

from api.inspector.render import INSPECTOR_CSP, STATIC_DIR, page_headers, render
from api.inspector.views import SessionView, UserView, session_view, user_view

__all__ = [
    "INSPECTOR_CSP",
    "STATIC_DIR",
    "SessionView",
    "UserView",
    "page_headers",
    "render",
    "session_view",
    "user_view",
]
