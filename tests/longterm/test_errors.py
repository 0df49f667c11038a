"""The long-term error tree: one base, builtin bases where they fit, drawn in the docstring."""

from __future__ import annotations

import pytest

from longterm import errors
from longterm.errors import (
    IdempotencyMismatch,
    InvalidCursor,
    InvalidInput,
    InvalidKey,
    InvalidRequest,
    InvalidValue,
    LongtermError,
    NotFound,
    StalePrecondition,
    SupersedeNotAllowed,
)


@pytest.mark.parametrize(
    ("error", "builtin"),
    [
        (InvalidInput, ValueError),
        (InvalidKey, ValueError),
        (InvalidValue, ValueError),
        (InvalidRequest, ValueError),
        (InvalidCursor, ValueError),
        (IdempotencyMismatch, ValueError),
        (SupersedeNotAllowed, PermissionError),
        (NotFound, LookupError),
        (StalePrecondition, LongtermError),
    ],
)
def test_every_error_is_a_longterm_error_and_its_builtin(
    error: type[Exception], builtin: type[Exception]
) -> None:
    assert issubclass(error, LongtermError)
    assert issubclass(error, builtin)


def test_malformed_input_shares_one_base() -> None:
    for error in (InvalidKey, InvalidValue, InvalidRequest, InvalidCursor, IdempotencyMismatch):
        assert issubclass(error, InvalidInput)


def test_the_docstring_draws_every_exported_class() -> None:
    doc = errors.__doc__ or ""
    for name in errors.__all__:
        drawn = doc.lstrip().startswith("Errors") and f"    {name}\n" in doc
        assert f"── {name}" in doc or (name == "LongtermError" and drawn), name
    exported = {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type)
        and issubclass(value, Exception)
        and value.__module__ == errors.__name__
    }
    assert exported == set(errors.__all__)


def test_stale_precondition_carries_the_current_etag() -> None:
    exc = StalePrecondition('"pref_1.3"')
    assert exc.current_etag == '"pref_1.3"'
