"""A bounded, digest-keyed memo of text rewrites that holds no text (issue 5).

Sanitizing (``runtime.summary.sanitize``) is a pure function of its input text and options,
and the run-time tier calls it on the same texts again and again: every compaction re-reads the
summarized sources for validation, and a recall index built without a state sanitizes every
evicted group anew. Memoizing it by the text itself would keep user text alive in a
process-wide object past a user's erasure, which issue 5 rules out. This memo keeps instead,
under a blake2b digest of the input and the options, an *edit script*: the output written as
ranges of the input to copy and fixed marker strings (``[REDACTED:email]``,
``[FLAGGED:injection]``, `` …[TRUNCATED 12 chars]``) to insert. Replaying the script on the
same input rebuilds the output exactly; no piece of input text is stored.

A script is only stored when the output splits into allowed markers and substrings of the
input, and replaying it was checked to give the output; otherwise nothing is stored and the
function runs again next time (the result is identical either way). The memo is an LRU of at
most ``size`` entries guarded by a lock, so one instance serves every thread; ``clear`` empties
it (the erasure hook ``runtime.forget_cached_text`` does not need to: no entry holds text).

``DigestMemo`` is the same LRU for values that hold no text by themselves (a token count), and
``pack_values`` / ``unpack_values`` store extracted ``(kind, value)`` pairs (quantities) under
the same rule: a value copied from the input (a code) becomes a range of the input.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable
from hashlib import blake2b
from typing import Generic, TypeVar

__all__ = [
    "DigestMemo",
    "EditMemo",
    "Packed",
    "Script",
    "marker_pattern",
    "pack_values",
    "replay",
    "script_of",
    "text_digest",
    "unpack_values",
]

Piece = tuple[int, int] | str
"""A range ``(start, end)`` of the input to copy, or a marker to insert."""
Script = tuple[Piece, ...]

_NOTE = r" …\[TRUNCATED \d{1,12} chars\]\Z"
"""The truncation note, the one marker with a variable part (a number)."""


def marker_pattern(markers: Iterable[str]) -> re.Pattern[str]:
    """The pattern of the only strings a script may hold: the fixed ``markers`` (spelled by
    the memoized function, never taken from its input) and the truncation note."""
    fixed = "|".join(re.escape(m) for m in sorted(set(markers), key=len, reverse=True))
    return re.compile(f"{fixed}|{_NOTE}" if fixed else _NOTE)


Extra = TypeVar("Extra")


def text_digest(text: str, *options: object) -> bytes:
    """A 16-byte blake2b digest of ``text`` and the options that change the result."""
    digest = blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16)
    digest.update(repr(options).encode())
    return digest.digest()


def replay(text: str, script: Script) -> str:
    """The output ``script`` describes, rebuilt from ``text``."""
    if len(script) == 1 and isinstance(script[0], tuple) and script[0] == (0, len(text)):
        return text
    return "".join(text[p[0] : p[1]] if isinstance(p, tuple) else p for p in script)


def script_of(text: str, output: str, markers: re.Pattern[str]) -> Script | None:
    """An edit script turning ``text`` into ``output``, or None when there is none of the
    allowed shape (strings ``markers`` matches, and ranges of ``text``)."""
    if output == text:
        return ((0, len(text)),)
    pieces: list[Piece] = []
    position = 0
    cursor = 0
    for marker in markers.finditer(output):
        literal = output[position : marker.start()]
        if literal:
            found = _locate(text, literal, cursor)
            if found is None:
                return None
            pieces.append(found)
            cursor = found[1]
        pieces.append(marker.group(0))
        position = marker.end()
    literal = output[position:]
    if literal:
        found = _locate(text, literal, cursor)
        if found is None:
            return None
        pieces.append(found)
    script = tuple(pieces)
    return script if replay(text, script) == output else None


def _locate(text: str, literal: str, cursor: int) -> tuple[int, int] | None:
    start = text.find(literal, cursor)
    if start == -1:
        start = text.find(literal)
    return None if start == -1 else (start, start + len(literal))


class EditMemo(Generic[Extra]):
    """Digest of (text, options) -> (edit script, extra), least recently used out first.

    ``extra`` is whatever else the memoized function returns (counts); it must hold no text.
    """

    def __init__(self, size: int, *, markers: re.Pattern[str]) -> None:
        """Args:
            size: the most entries kept; 0 turns the memo off (every call computes).
            markers: what a script may insert (``marker_pattern``).

        Raises:
            ValueError: ``size`` is negative.
        """
        if size < 0:
            raise ValueError("an edit memo cannot hold a negative number of entries")
        self.size = size
        self.markers = markers
        self._entries: OrderedDict[bytes, tuple[Script, Extra]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()

    def call(
        self, text: str, options: tuple[object, ...], compute: Callable[[], tuple[str, Extra]]
    ) -> tuple[str, Extra]:
        """``compute()``'s result for ``text`` under ``options``, from the memo when known."""
        if self.size == 0:
            return compute()
        key = text_digest(text, *options)
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
                self.hits += 1
        if entry is not None:
            return replay(text, entry[0]), entry[1]
        output, extra = compute()
        script = script_of(text, output, self.markers)
        with self._lock:
            self.misses += 1
            if script is not None:
                self._entries[key] = (script, extra)
                if len(self._entries) > self.size:
                    self._entries.popitem(last=False)
        return output, extra


Value = TypeVar("Value")


class DigestMemo(Generic[Value]):
    """Digest -> a value holding no text (a token count), least recently used out first."""

    def __init__(self, size: int) -> None:
        """Args:
            size: the most entries kept; 0 turns the memo off (nothing is stored).

        Raises:
            ValueError: ``size`` is negative.
        """
        if size < 0:
            raise ValueError("a digest memo cannot hold a negative number of entries")
        self.size = size
        self._entries: OrderedDict[bytes, Value] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()

    def get(self, key: bytes) -> Value | None:
        """The value stored under ``key``, if any (and mark it recently used)."""
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: bytes, value: Value) -> None:
        """Store ``value`` under ``key``, evicting the least recently used past ``size``."""
        if self.size == 0:
            return
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            if len(self._entries) > self.size:
                self._entries.popitem(last=False)


Packed = tuple[tuple[str, "str | tuple[int, int]"], ...]
"""``(kind, value)`` pairs where a value copied from the input is a range of the lowered input."""


def pack_values(
    text: str,
    pairs: Iterable[tuple[str, str]],
    *,
    copied: Collection[str],
    derived: re.Pattern[str],
) -> Packed | None:
    """``pairs`` (kind, value) extracted from ``text``, in a form that holds no text of it.

    A value of a kind in ``copied`` (an alphanumeric code, lower-cased) is stored as the range
    where it occurs in ``text.lower()``; any other value must be one ``derived`` matches in
    full (a normalized number, date or time: digits and separators). None when a value is
    neither: the caller then stores nothing.
    """
    lowered: str | None = None
    out: list[tuple[str, str | tuple[int, int]]] = []
    for kind, value in pairs:
        if kind in copied:
            lowered = text.lower() if lowered is None else lowered
            start = lowered.find(value)
            if start == -1 or not value:
                return None
            out.append((kind, (start, start + len(value))))
        elif derived.fullmatch(value):
            out.append((kind, value))
        else:
            return None
    return tuple(out)


def unpack_values(text: str, packed: Packed) -> list[tuple[str, str]]:
    """The ``(kind, value)`` pairs ``pack_values`` packed, read back against ``text``."""
    lowered: str | None = None
    out: list[tuple[str, str]] = []
    for kind, value in packed:
        if isinstance(value, tuple):
            lowered = text.lower() if lowered is None else lowered
            out.append((kind, lowered[value[0] : value[1]]))
        else:
            out.append((kind, value))
    return out
