"""The fast canonical encoder gives exactly the stdlib's bytes, so derived ids never change."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.canonical import canonical_json, stdlib_canonical_json
from runtime.messages import content_digest, derive_message_id
from tests.conftest import shared_data

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()  # NaN and infinities included: the stdlib writes them, orjson would not
    | st.text()
    | st.text(alphabet=st.characters(codec="utf-8"))
    | st.sampled_from(["", "\x00\x1f\x7f", "\u2028\u2029", "</tag>", '"\\', "é中文😀", "\ufeff"])
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=8), inner, max_size=5)
        | st.tuples(inner, inner)
        | st.dictionaries(st.integers(-5, 5) | st.booleans() | st.none(), inner, max_size=3)
    ),
    max_leaves=30,
)


def _stdlib_or_error(value: Any) -> bytes | type[BaseException]:
    try:
        return stdlib_canonical_json(value)
    except (TypeError, ValueError) as exc:
        return type(exc)


@settings(max_examples=600, deadline=None, derandomize=True)
@given(value=_JSON)
def test_same_bytes_as_the_stdlib_encoder(value: Any) -> None:
    expected = _stdlib_or_error(value)
    if isinstance(expected, bytes):
        assert canonical_json(value) == expected
    else:
        with pytest.raises(expected):
            canonical_json(value)


@pytest.mark.parametrize(
    "value",
    [
        1e-05,
        1e16,
        -0.0,
        float("nan"),
        float("inf"),
        2**64,
        2**64 - 1,
        -(2**63),
        -(2**63) - 1,
        {"b": 1, "a": [1.5, None, True]},
        {1: "int key", 2: [True, None]},
        ("tuple", 1),
        {"k": "\ud7ff\ue000\U00010000"},
        {"\U00010000": 1, "\uffff": 2, "a": 3},
    ],
)
def test_edge_values(value: Any) -> None:
    assert canonical_json(value) == stdlib_canonical_json(value)


def test_lone_surrogate_raises_like_the_stdlib() -> None:
    with pytest.raises(UnicodeEncodeError):
        canonical_json({"text": "\ud800"})


def test_derived_id_is_unchanged() -> None:
    # the digest below was computed with json.dumps(..., sort_keys=True, ensure_ascii=False,
    # separators=(",", ":")).encode() before the switch to orjson
    raw = {
        "role": "user",
        "content": "订两张 9月19日 去杭州的票, at most 200 元",
        "n": [1, 2.5, None],
    }
    digest = "d0868f3d3abf05346f878b88fb260d8d3106992b4c5cb233c22c57a76c2269c7"
    assert content_digest(raw) == digest
    assert derive_message_id(3, raw) == f"m3-{digest[:12]}"


def test_real_histories_encode_the_same() -> None:
    """Every tau-bench message and every LoCoMo session entry: the same bytes both ways."""
    tau = json.loads(shared_data("tau-bench", "gpt-4o-airline.json").read_text(encoding="utf-8"))
    locomo = json.loads(shared_data("locomo", "locomo10.json").read_text(encoding="utf-8"))
    values: list[Any] = [m for run in tau for m in run["traj"]]
    values += [locomo[0], tau[0]]  # whole documents: floats, nesting, unicode
    for value in values:
        assert canonical_json(value) == stdlib_canonical_json(value)
