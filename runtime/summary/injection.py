"""Detection of prompt-injection attempts in text that will reach a summarizer or a summary.

Two families: instructions addressed to the model ("ignore previous instructions", "you are
now", "reveal the system prompt", and their Chinese equivalents such as "忽略之前的指令"), and
forged role or tag markup (``<system>``, ``</compaction_summary>``, ``<|im_start|>``,
``[INST]``). A match is replaced by ``[FLAGGED:injection]``: the rest of the text stays readable,
the attempt becomes inert, and the count is reported. Detection is deliberately phrase-based and
conservative; it cannot recognize every paraphrase, which is why the summary also travels in an
escaped, untrusted envelope.
"""

from __future__ import annotations

import re

__all__ = ["INJECTION_MARKER", "find_injections", "has_injection", "neutralize_injections"]

INJECTION_MARKER = "[FLAGGED:injection]"

# Linear time on any input: every whitespace run is possessive (``\s++``), so a run of spaces
# after "ignore" is read once rather than split between two quantifiers in every way.
_EN_INSTRUCTIONS = (
    r"\b(?:ignore|disregard|forget|override|bypass|skip)\s++(?:(?:all|any|the|your|of)\s++)*+"
    r"(?:(?:previous|prior|above|earlier|preceding|former|existing|original|system|safety)\s*+)?"
    r"(?:instructions?|prompts?|rules|directives|guidelines|guardrails|policies|messages|context)\b",
    r"\b(?:ignore|disregard)\s++(?:(?:all|any|the|your)\s++)*+"
    r"(?:previous|prior|above|earlier|preceding)\b",
    r"\byou\s++are\s++now\b",
    r"\bfrom\s++now\s++on,?\s++you\s++(?:are|will|must|should)\b",
    r"\b(?:new|updated|real)\s++(?:system\s++)?instructions?\s*+:",
    r"\b(?:reveal|print|show|output|repeat|leak|dump)\s++(?:me\s++)?(?:the|your)\s++"
    r"(?:system|developer|hidden|initial)\s++(?:prompt|message|instructions?)\b",
    r"\bsystem\s++prompt\b",
    r"\b(?:developer|god|dan|jailbreak)\s++mode\b",
    r"\bact\s++as\s++(?:an?\s++)?(?:system|admin(?:istrator)?|root|developer|unrestricted)\b",
    r"\b(?:grant|give)\s++(?:yourself|me|the\s++user|the\s++assistant)\s++"
    r"(?:(?:admin|root|full)\s++)?(?:access|permissions?|privileges?)\b",
    r"\bnew\s++(?:system\s++)?instructions?\b",
    r"\bjailbreak",
    r"\b(?:enable|unlock)\s++(?:all\s++)?(?:tools?|functions?)\b",
    r"\bdo\s++not\s++tell\s++the\s++user\b",
    r"\boverride\s++(?:(?:the|your)\s++)?(?:rules|policy|instructions|permissions)\b",
)
_ZH_INSTRUCTIONS = (
    r"(?:忽略|无视|忘记|忘掉|不要理会|跳过)(?:掉)?(?:之前|以上|上面|先前|前面|此前|所有|全部|原来|系统)"
    r"(?:的)?(?:所有|全部)?(?:的)?(?:指令|指示|命令|提示词?|规则|要求|设定|内容)",
    r"你现在(?:是|扮演|变成|成为)",
    r"从现在(?:开始|起)(?:，|,)?\s*+你(?:是|要|必须|将)",
    r"系统提示词?",
    r"(?:新的|最新)(?:系统)?指令",
    r"(?:忽略|无视)(?:之前|以上|上面|前面|先前|所有)",
    r"授予.{0,8}权限",
    r"不要告诉用户",
    r"(?:泄露|输出|显示|打印|告诉我)(?:你的)?(?:系统|隐藏)(?:提示|指令)",
)
# Line-start patterns skip blanks, not newlines: ``^\s*`` would re-read a run of empty lines
# from each of them.
_MARKUP = (
    r"<\s*+/?\s*+(?:system|developer|assistant|user|tool|function|instructions?|im_start|im_end"
    r"|compaction_summary|tool_result|tool_use|sys)\b[^<>]{0,200}>",
    r"<\|[a-z_]{2,30}\|>",
    r"\[/?INST\]",
    r"<</?SYS>>",
    r"^[ \t]*+#{2,}+[ \t]*+(?:system|instruction|developer)\b[^\n]{0,40}:?",
    r"^[ \t]*+(?:system|developer)[ \t]*+:",
)

_PATTERN = re.compile(
    "|".join(f"(?:{p})" for p in (*_EN_INSTRUCTIONS, *_ZH_INSTRUCTIONS, *_MARKUP)),
    # ASCII \b: "请ignore previous instructions" must match although 请 is a word character.
    re.IGNORECASE | re.MULTILINE | re.ASCII,
)


def find_injections(text: str) -> list[str]:
    """Every injection attempt found in ``text``, as the matched snippets (in order)."""
    return [match.group(0) for match in _PATTERN.finditer(text)]


def has_injection(text: str) -> bool:
    """Whether ``text`` holds at least one injection attempt (validators use this on items)."""
    return _PATTERN.search(text) is not None


def neutralize_injections(text: str) -> tuple[str, int]:
    """Replace every injection attempt by ``[FLAGGED:injection]``.

    Returns:
        The neutralized text and the number of attempts replaced.
    """
    return _PATTERN.subn(INJECTION_MARKER, text)
