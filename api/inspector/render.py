"""The inspector's Jinja2 environment and its security headers.

Autoescaping is on for every template: message text, preference values and event text are the
user's or an agent's words and are rendered as text, never as markup. The policy allows scripts
and styles from the service itself only (no inline script, no inline style attribute: the
page's script sets the budget bar's widths through the CSSOM).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

__all__ = ["INSPECTOR_CSP", "STATIC_DIR", "page_headers", "render"]

_HERE = Path(__file__).parent
STATIC_DIR = _HERE / "static"
INSPECTOR_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_ENV = Environment(
    loader=FileSystemLoader(_HERE / "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)

_ENV.filters["json"] = lambda value, indent=None: json.dumps(
    value, ensure_ascii=False, indent=indent, default=str
)  # plain text, escaped like any other value (``tojson`` would show \u003c for "<")


def render(template: str, **values: Any) -> str:
    """``template`` rendered with ``values`` (escaped)."""
    return _ENV.get_template(template).render(**values)


def page_headers() -> dict[str, str]:
    """Headers of every inspector response: the CSP, no framing, no referrer."""
    return {
        "content-security-policy": INSPECTOR_CSP,
        "x-frame-options": "DENY",
        "referrer-policy": "no-referrer",
        "cross-origin-opener-policy": "same-origin",
    }
