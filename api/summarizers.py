"""Builds the configured summarizer: the one place that maps a name to an implementation.

The CLI (``--summarizer``) and the service (``TIERMEM_SUMMARIZER``) both call
``build_summarizer`` so that ``extractive``, ``openai`` and ``none`` mean the same everywhere.
"""

from __future__ import annotations

from typing import Literal

from runtime.summary.protocol import Summarizer

__all__ = ["SummarizerConfigError", "SummarizerName", "build_summarizer"]

SummarizerName = Literal["none", "extractive", "openai"]


class SummarizerConfigError(ValueError):
    """The summarizer name is unknown or the OpenAI summarizer lacks its endpoint or model."""


def build_summarizer(
    name: str,
    *,
    base_url: str | None = None,
    model: str | None = None,
    api_key: str | None = None,
    timeout: float = 30.0,
) -> Summarizer | None:
    """Return the summarizer called ``name`` (None for ``none``: window only).

    Raises:
        SummarizerConfigError: unknown name, or ``openai`` without a base URL or model.
    """
    if name == "none":
        return None
    if name == "extractive":
        from runtime.summary.extractive import ExtractiveSummarizer

        return ExtractiveSummarizer()
    if name == "openai":
        if not base_url or not model:
            raise SummarizerConfigError(
                "the openai summarizer needs an endpoint and a model "
                "(--llm-base-url/--llm-model or TIERMEM_LLM_BASE_URL/TIERMEM_LLM_MODEL)"
            )
        from runtime.adapters.openai_summarizer import OpenAISummarizer

        return OpenAISummarizer(
            base_url=base_url, model=model, api_key=api_key or "unused", timeout=timeout
        )
    raise SummarizerConfigError(f"unknown summarizer {name!r} (choose none, extractive or openai)")
