"""Test generators for the OpenAPI ``format`` names the service publishes, registered with
schemathesis: the published ``pattern`` of a user id cannot say "a letter or digit of any
script" (JSON Schema's regular expressions have no Unicode classes), so the ``user-id`` format
draws ids that follow the whole rule (``longterm.vocabulary``)."""

from __future__ import annotations

import unicodedata

import schemathesis
from hypothesis import strategies as st

from longterm.vocabulary import is_valid_user_id

_WORD = st.characters(categories=("L", "N"))
USER_IDS = (
    st.tuples(_WORD, st.text(st.one_of(_WORD, st.sampled_from("._-@+:")), max_size=30))
    .map(lambda parts: unicodedata.normalize("NFC", parts[0] + parts[1]))
    .filter(is_valid_user_id)
)
"""Ids under the one user-id rule, in any script (NFC, 1-31 characters)."""


def register() -> None:
    """Make schemathesis draw ``format: user-id`` strings from ``USER_IDS``."""
    schemathesis.openapi.format("user-id", USER_IDS)
