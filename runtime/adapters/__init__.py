"""Adapters at the edge of the run-time tier: the only modules in ``runtime`` that do I/O.

``openai_summarizer.OpenAISummarizer`` implements the ``Summarizer`` protocol over any
OpenAI-compatible chat-completions endpoint. It is imported explicitly by whoever wires it in
(``api.summarizers``), never by the pure core, so importing ``runtime`` opens no connection.
"""

from __future__ import annotations

__all__: list[str] = []
