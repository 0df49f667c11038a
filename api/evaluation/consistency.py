"""Answer consistency: the same questions answered by one model from the full history and from
the compacted context. Needs an OpenAI-compatible endpoint; the evaluation skips it otherwise.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from api.evaluation.datasets import EvalQuestion

__all__ = ["ConsistencyChecker", "token_f1"]

_INSTRUCTION = (
    "Answer the question about the conversation above in a few words. "
    "If the conversation does not say, answer 'unknown'."
)


def _tokens(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def token_f1(a: str, b: str) -> float:
    """SQuAD-style token F1 between two short answers."""
    left, right = _tokens(a), _tokens(b)
    if not left or not right:
        return float(left == right)
    common = sum((Counter(left) & Counter(right)).values())
    if not common:
        return 0.0
    precision, recall = common / len(left), common / len(right)
    return 2 * precision * recall / (precision + recall)


def _chat_safe(messages: Sequence[Any]) -> list[dict[str, Any]]:
    # Providers reject unknown fields (ids, timestamps) on chat messages: send role/content/name.
    safe = []
    for message in messages:
        entry = {"role": message.get("role", "user"), "content": message.get("content") or ""}
        if message.get("name") and entry["role"] in ("user", "assistant"):
            entry["name"] = message["name"]
        safe.append(entry)
    return safe


@dataclass
class ConsistencyChecker:
    """Asks ``model`` at ``base_url`` each question twice and compares the answers."""

    base_url: str
    model: str
    api_key: str = "unused"
    timeout: float = 60.0
    questions_per_run: int = 10

    def _client(self) -> Any:
        from openai import OpenAI

        return OpenAI(
            base_url=self.base_url, api_key=self.api_key, timeout=self.timeout, max_retries=2
        )

    def _ask(self, client: Any, context: list[dict[str, Any]], question: str) -> str:
        import openai

        prompt = {"role": "user", "content": f"{_INSTRUCTION}\nQuestion: {question}"}
        try:
            reply = client.chat.completions.create(
                model=self.model, messages=[*context, prompt], temperature=0
            )
        except openai.OpenAIError as exc:  # the one place endpoint errors are translated
            raise RuntimeError(f"answer-consistency endpoint failed: {exc}") from exc
        return str(reply.choices[0].message.content or "").strip()

    def check(
        self, *, full: Sequence[Any], compacted: Sequence[Any], questions: Sequence[EvalQuestion]
    ) -> dict[str, Any]:
        """Consistency rate and answer F1 against the gold answers, for the first N questions."""
        client = self._client()
        asked = list(questions)[: self.questions_per_run]
        full_ctx, compact_ctx = _chat_safe(full), _chat_safe(compacted)
        same = 0
        f1_full = f1_compacted = 0.0
        for question in asked:
            a_full = self._ask(client, full_ctx, question.question)
            a_compact = self._ask(client, compact_ctx, question.question)
            same += token_f1(a_full, a_compact) >= 0.5
            f1_full += token_f1(a_full, question.answer)
            f1_compacted += token_f1(a_compact, question.answer)
        n = len(asked) or 1
        return {
            "questions": len(asked),
            "consistent": same,
            "f1_full_sum": f1_full,
            "f1_compacted_sum": f1_compacted,
            "rate": same / n,
        }
