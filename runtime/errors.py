"""Errors raised by the run-time tier.

The tree::

    RuntimeTierError                 base of everything raised by ``runtime``
    ├── FormatError(ValueError)      input fits none of the supported wire formats, or is malformed
    │   └── EntryFormatError         one entry is valid in none of the formats still possible
    │                                (its index, a JSON pointer into it, the formats tried)
    ├── ProtocolError(ValueError)    tool-call protocol broken: orphan result, duplicated call id,
    │                                call answered twice (names the message and the call id)
    ├── BudgetError(ValueError)      a budget that cannot be satisfied or has negative parts
    ├── EncodingError(LookupError)   a tiktoken encoding that cannot be loaded
    ├── SnapshotError(LookupError)   a summary version is unknown, already taken, or not older
    │                                than the current one (rollback, snapshot stores)
    └── SummaryError                 a summarizer failed (wrapped third-party errors)
        └── SummarizerTimeout(TimeoutError)
"""

from __future__ import annotations

__all__ = [
    "BudgetError",
    "EncodingError",
    "EntryFormatError",
    "FormatError",
    "ProtocolError",
    "RuntimeTierError",
    "SnapshotError",
    "SummarizerTimeout",
    "SummaryError",
]


class RuntimeTierError(Exception):
    """Base class of every error raised by the run-time tier."""


class FormatError(RuntimeTierError, ValueError):
    """The input fits no supported wire format, or one of its entries is malformed."""


class EntryFormatError(FormatError):
    """One entry is valid in none of the formats still possible (``runtime.formats.validation``).

    Attributes:
        index: the entry's position in the list checked (plus the checker's ``start``).
        pointer: RFC 6901 JSON pointer inside the entry to the offending value ("" for the
            entry itself).
        reason: what is wrong, one line naming no content.
        formats: the formats the entry was checked against.
    """

    def __init__(
        self, reason: str, *, index: int, pointer: str, formats: tuple[str, ...] = ()
    ) -> None:
        self.index = index
        self.pointer = pointer
        self.reason = reason
        self.formats = formats
        where = f"entry {index}" + (f" at {pointer}" if pointer else "")
        super().__init__(f"{where}: {reason}")


class ProtocolError(RuntimeTierError, ValueError):
    """The tool-call protocol is broken; nothing is dropped silently, the caller must fix the input.

    Attributes:
        message_id: id of the offending message (its own or the derived one).
        call_id: the tool call id involved.
        reason: ``orphan_result``, ``duplicate_call_id`` or ``answered_twice``.
    """

    def __init__(self, reason: str, *, message_id: str, call_id: str, index: int | None = None):
        self.reason = reason
        self.message_id = message_id
        self.call_id = call_id
        self.index = index
        where = f"message {message_id}" + (f" (position {index})" if index is not None else "")
        what = reason.replace("_", " ")
        super().__init__(f"protocol error: {what} for call id {call_id!r} in {where}")


class BudgetError(RuntimeTierError, ValueError):
    """A budget with negative parts, fractions outside (0, 1], or no usable tokens left."""


class EncodingError(RuntimeTierError, LookupError):
    """The requested tiktoken encoding is unknown or cannot be loaded offline."""


class SnapshotError(RuntimeTierError, LookupError):
    """A snapshot version is unknown, already taken, or not older than the current one."""


class SummaryError(RuntimeTierError):
    """A summarizer could not produce a summary (network, parsing, refusal)."""


class SummarizerTimeout(SummaryError, TimeoutError):
    """A summarizer did not answer in time."""
