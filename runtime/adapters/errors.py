"""Errors raised by the SDK helpers in ``runtime.adapters``.

The tree (under ``runtime.errors.RuntimeTierError``)::

    AdapterError                          base of what the SDK helpers raise themselves
    ├── StatefulInputError(ValueError)    the request continues a conversation the provider
    │                                     holds (``previous_response_id``, ``conversation``):
    │                                     its input is partial, so no window can be computed
    └── UnsupportedOptionError(ValueError) an option of the replaced API (``trim_messages``)
                                          that has no meaning when whole groups are kept

``FormatError`` and ``ProtocolError`` of the compactor pass through unchanged.
"""

from __future__ import annotations

from runtime.errors import RuntimeTierError

__all__ = ["AdapterError", "StatefulInputError", "UnsupportedOptionError"]


class AdapterError(RuntimeTierError):
    """Base class of the errors raised by the SDK helpers."""


class StatefulInputError(AdapterError, ValueError):
    """The request's history lives on the provider's side, so only part of it is in hand.

    A Responses call with ``previous_response_id`` (or ``conversation``) sends only the new
    items; the earlier ones are stored by OpenAI and prepended there. Compacting the partial
    input could neither see the tokens nor keep a call and its result together, so the helper
    refuses instead of guessing. Send the whole ``input`` with ``store=False`` (and
    ``include=["reasoning.encrypted_content"]`` for reasoning models) instead, or leave the
    stored conversation to OpenAI's own ``context_management``.
    """


class UnsupportedOptionError(AdapterError, ValueError):
    """An option of the API being replaced that cannot be honoured without splitting groups."""
