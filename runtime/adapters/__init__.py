"""Adapters at the edge of the run-time tier: the only modules in ``runtime`` that do I/O.

``openai_summarizer.OpenAISummarizer`` implements the ``Summarizer`` protocol over any
OpenAI-compatible chat-completions endpoint. It is imported explicitly by whoever wires it in
(``api.summarizers``), never by the pure core, so importing ``runtime`` opens no connection.

The SDK helpers (library mode, no server; ``docs/adapters.md``) take what a caller was about to
send and return what to send instead, on the SDK's own objects. Each imports its SDK lazily,
so importing this package loads none:

- ``openai_chat.ChatCompaction``: ``client.chat.completions.create(messages=...)``;
- ``openai_responses.ResponsesCompaction``: ``client.responses.create(input=...)``;
- ``anthropic_messages.AnthropicCompaction``: ``client.messages.create(messages=, system=)``;
- ``langchain.CompactionHook`` (LangGraph ``pre_model_hook``), ``langchain.compaction_middleware``
  (LangChain ``create_agent``), ``langchain.trim_messages`` (a ``trim_messages`` drop-in).
"""

from __future__ import annotations

from runtime.adapters.anthropic_messages import AnthropicCompaction
from runtime.adapters.errors import AdapterError, StatefulInputError, UnsupportedOptionError
from runtime.adapters.langchain import CompactionHook, compaction_middleware, trim_messages
from runtime.adapters.openai_chat import ChatCompaction
from runtime.adapters.openai_responses import ResponsesCompaction

__all__ = [
    "AdapterError",
    "AnthropicCompaction",
    "ChatCompaction",
    "CompactionHook",
    "ResponsesCompaction",
    "StatefulInputError",
    "UnsupportedOptionError",
    "compaction_middleware",
    "trim_messages",
]
