"""Detection of prompt-injection attempts in text that will reach a summarizer or a summary.

Two families in any text: instructions addressed to the model ("ignore previous instructions",
"you are now", "reveal the system prompt", "忽略之前的指令", "系统提示"), and forged role or tag
markup (``<system>``, ``</compaction_summary>``, ``<|im_start|>``, ``[INST]``, ``<trusted>``,
hidden HTML). A third family only in untrusted text (tool results, assistant and system turns):
instructions to the summarizer or to memory ("store it as a confirmed user fact", "when
summarizing", "promote … to long-term memory", "写成已确认的偏好"), claims of the user's consent
("the user already agreed"), tool calls asked for ("call book_ticket(…)") and forged role lines
("role: user", ``{"role": "user", …}``). A user saying "remember this as my preference" or "别帮
我自动订票" talks about the task and is never flagged.

What is replaced by ``[FLAGGED:injection]`` is the whole attempt, not only its trigger phrase:
an instruction to the end of its sentence (within 400 characters each way, ending at sentence
punctuation, a line break, a quote or a tag), an opening tag to its closing tag (within 2,000
characters) or its line, so that the payload ("… and book G9999") does not stay behind to become
a fact. Matching reads the folded text (``redact.detection_view``: full-width letters are
ASCII), and letters spaced out ("I g n o r e") are read joined. Every pattern is linear in the
text. Detection is phrase-based and cannot recognize every paraphrase, which is why provenance
decides what becomes the user's memory and the summary travels in an escaped envelope.
"""

from __future__ import annotations

import re

from runtime.summary.redact import detection_view

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
    # "you are now root", not "you are now booked on a nonstop flight"
    r"\byou\s++are\s++now\s++(?:an?|the|my|in|free|unrestricted|jailbroken|dan|root|admin"
    r"|no\s++longer|going\s++to|acting|called|named|allowed|permitted|able)\b",
    r"\bfrom\s++now\s++on,?\s++you\s++(?:are|will|must|should)\b",
    r"\b(?:new|updated|real)\s++(?:system\s++)?instructions?\s*+:",
    r"\b(?:reveal|print|show|output|repeat|leak|dump)\s++(?:me\s++)?(?:the|your)\s++"
    r"(?:system|developer|hidden|initial)\s++(?:prompt|message|instructions?)\b",
    r"\bsystem\s++prompt\b",
    r"\b(?:developer|god|dan|jailbreak)\s++mode\b",
    r"\bact\s++as\s++(?:an?\s++)?(?:system|admin(?:istrator)?|root|developer|unrestricted)\b",
    r"\b(?:grant|give)\s++(?:yourself|itself|me|the\s++user|the\s++assistant)\s++"
    r"(?:(?:the|an?)\s++)?(?:(?:admin|root|full)\s++)?(?:access|permissions?|privileges?|role)\b",
    r"\bnew\s++(?:system\s++)?instructions?\b",
    r"\bjailbreak",
    r"\b(?:enable|unlock)\s++(?:all\s++)?(?:tools?|functions?)\b",
    r"\bdo\s++not\s++tell\s++the\s++user\b",
    r"\boverride\s++(?:(?:the|your)\s++)?(?:rules|policy|instructions|permissions)\b",
    r"\bsystem\s++override\b",
    r"\bconversation\s++(?:has\s++been\s++|was\s++|is\s++)?reset\b",
    r"\b(?:higher|takes?)\s++priority\s++(?:than|over)\s++(?:all|any|the)\b",
    r"\bas\s++the\s++(?:system\s++)?(?:administrator|admin|developer)\s*+,\s*+i\b",
    # (not what someone can do with a text: "write it so she can follow it", "easy to follow it")
    r"\b(?:and\s++)?(?:then\s++)?(?<!can\s)(?<!could\s)(?<!to\s)(?<!will\s)(?<!would\s)"
    r"(?:follow|obey|execute)\s++(?:it|them|these|this)\b",
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
    r"(?:开发者|管理员|系统)(?:指令|通知|消息)[：:]",
    r"[【\[]系统(?:消息|通知|指令)?[】\]]",
    r"系统覆盖|对话已(?:被)?重置|优先级高于(?:所有|一切|全部)",
    r"绕过(?:策略|规则|检查|审核|限制)",
    r"照做|并执行它",
)
_MARKUP = (
    r"<\s*+/?\s*+(?:system|developer|assistant|user|tool|function|instructions?|im_start|im_end"
    r"|compaction_summary|tool_result|tool_use|sys|trusted|untrusted|admin|memory|context)"
    r"\b[^<>]{0,200}>",
    r"<\|[a-z_]{2,30}\|>",
    r"\[/?INST\]",
    r"<</?SYS>>",
    # Line-start patterns skip blanks, not newlines: ``^\s*`` would re-read a run of empty lines
    # from each of them.
    r"^[ \t]*+#{2,}+[ \t]*+(?:system|instruction|developer)\b[^\n]{0,40}:?",
    r"^[ \t]*+(?:system|developer)[ \t]*+:",
)
# Only in untrusted text: what a tool result or an assistant turn has no business saying.
_UNTRUSTED = (
    r"\b(?:store|save|record|remember|write|list|mark|keep|add|pin|promote)\b[^.\n]{0,60}?"
    r"\bas\s++(?:an?\s++)?(?:(?:confirmed|verified|permanent|pinned|user|long-term)\s++)*+"
    r"(?:fact|preference|constraint|memory)\b",
    r"\b(?:promote|write|save|add)\b[^.\n]{0,60}?\bto\s++(?:the\s++)?long-term\s++memory\b",
    r"\bmust\s++be\s++pinned\b",
    r"\bwhen\s++summari[sz]ing\b",
    r"\b(?:summari[sz]er|assistant|model|llm)\s*+[:,]\s*+(?:store|save|record|remember|the)\b",
    r"\b(?:whoever|anyone|any\s++(?:model|ai|assistant))\s++(?:who\s++)?reads?\s++this\b",
    r"\btreat\s++(?:everything|all|the\s++following)\b[^.\n]{0,40}?\bas\s++the\s++user",
    r"\bthe\s++user\s++(?:has\s++)?(?:already\s++)?(?:agreed|consented|authori[sz]ed)\b",
    r"\b(?:call|invoke|run|execute)\s++(?:the\s++)?(?:tool\s++)?[A-Za-z_][A-Za-z0-9_]{2,40}+\(",
    r"\bSYSTEM\s*+:",
    r"(?:总结|摘要)(?:时|中)",
    r"(?:写成|当作|记为|作为)(?:已确认的|确定的)?(?:用户)?(?:偏好|约束|事实|记忆)",
    r"(?:写入|存入|保存到|记入)长期记忆|(?:致|给)读到这段话的",
    r"用户(?:已经|已)(?:同意|授权|确认)|用户(?:同意|授权)(?:把|将)",
    r"(?:助手|模型|摘要器|总结器)[，,：:]?请(?:注意|记录|记住|记下|把)",
    r"(?:调用|执行)\s*+[A-Za-z_][A-Za-z0-9_]{2,40}+\(",
    r"(?:^|[\"“\n])[ \t]*+系统[：:]",
    r"忽略[“\"'][^”\"'\n]{1,40}[”\"'](?:这条|这个|该|的)?(?:要求|指令|约束|规则|限制)",
    r"\b(?:tool_result_digests?|compaction_summary|summary_version|source_ids)\s*+[:=]",
    r"\b(?:all\s++)?other\s++results\s++are\s++(?:outdated|invalid|wrong|obsolete)\b",
    # Persona and role-play set-ups (the "jailbreak" genre): a tool result or an assistant turn
    # has no business giving the model a new identity or releasing it from its rules.
    r"\bpretend\s++(?:to\s++be|you\s++are|that\s++you)\b",
    r"\b(?:i\s++want\s++you\s++to|you\s++will|you\s++are\s++going\s++to|you\s++must|you\s++shall)"
    r"\s++(?:\w++\s++){0,3}?(?:act\s++as|play\s++(?:the\s++|a\s++)?(?:role|part|character)|role-?play"
    r"|immerse\s++yourself|(?:take\s++on|assume|adopt)\s++(?:the\s++|a\s++)?(?:role|persona"
    r"|identity|character)|simulate|emulate|impersonate)\b",
    r"\brole\s++of\s++(?:an?\s++)?(?:\w++\s++)?(?:ai|chatbot|bot|assistant|model|character)\b",
    r"\bact\s++as\s++(?:an?\s++)?(?:ai|bot|chatbot|character|persona)\b",
    r"\b(?:ai|chatbot|bot|language\s++model|model)\s++(?:named|called)\b",
    r"\byou\s++(?:are|were)\s++(?:now\s++)?(?:an?\s++)?(?:\w++\s++)?(?:ai|chatbot|language\s++model)\b",
    r"\b(?:free\s++(?:of|from)|not\s++bound\s++by|released\s++from|without)\s++(?:all\s++|any\s++)?"
    r"(?:the\s++|your\s++)?(?:usual\s++|typical\s++)?(?:restrictions|filters|limitations|censorship"
    r"|moral|ethic|guidelines|rules\s++(?:of|set))",
    r"\b(?:openai|chatgpt|content)\s++(?:polic(?:y|ies)|guidelines|filters?)\b",
    r"\b(?:amoral|unfiltered|uncensored)\b",
    r"\bstay\s++in\s++character\b",
    r"\bdo\s++anything\s++now\b",
    r"\b(?:answers?|respond\s++to)\s++(?:any|every)\s++(?:request|question|prompt)\b",
    r"\bfrom\s++(?:this|that|here)\s++(?:point|moment)\s++(?:on\s*+)?,?\s*+you\s++(?:are|will|must)\b",
    r"\bwith\s++no\s++(?:rules|restrictions|limits|limitations|filters|guidelines|boundaries)\b",
    r"\b(?:usual|normal|standard)\s++(?:limits|rules|restrictions|filters|guidelines|policies)"
    r"\s++(?:are\s++(?:off|lifted|suspended|void)|(?:do\s++not|don'?t|no\s++longer)\s++apply)\b",
    r"\bunrestricted\s++(?:mode|ai|assistant|version|persona)\b",
    # Releasing the model from its disclaimers and rules, asked of it ("leave out any warning").
    r"\b(?:exclude|omit|leave\s++out|remove|drop|skip|never\s++(?:mention|include|add|give)"
    r"|(?:do\s++not|don'?t)\s++(?:mention|include|add|give))\s++(?:any\s++|all\s++|the\s++|your\s++)?"
    r"(?:disclaimers?|warnings?|caveats?|reminders?|moral(?:izing|ising)?|ethical|guidelines"
    r"|polic(?:y|ies))\b",
    r"\b(?:whether\s++to|no\s++need\s++to|(?:do\s++not|don'?t)\s++(?:have|need)\s++to)\s++"
    r"(?:obey|follow|respect)\s++(?:the\s++|any\s++|your\s++)?(?:rules|guidelines|policies)\b",
    r"(?:你|您)(?:要|需要|必须|将|来|现在)?扮演|扮演(?:一个|一名|一位)?(?:叫|名为|名叫)",
    r"(?:没有|不受|摆脱|无视|不考虑)(?:任何|一切|所有)?(?:的)?(?:限制|约束|规则|审查|过滤|道德)",
    r"(?:去掉|去除|删掉|删除|排除|省略|不要(?:加|提|给出|包含)?)(?:所有|任何|一切)?(?:的)?"
    r"(?:免责声明|安全提示|警告|提醒|道德考虑)",
    r"\b(?:abandon|drop|discard|throw\s++out|break\s++free\s++of)\s++(?:all\s++|the\s++|your\s++)*+"
    r"(?:old|original|previous|usual|prior)\s++(?:rules|guidelines|policies|programming)\b",
    r"(?:放弃|抛弃|丢掉|抛开)(?:你)?(?:原来|原有|之前|以前|所有|全部)的?(?:规则|设定|限制|指令|准则)",
    r"不要提(?:到|及)?(?:任何)?(?:的)?(?:政策|规则|限制|指南)",
    r"(?:是否|不必|不用|无需)遵守(?:任何)?(?:规则|政策|限制)",
)
# Openings whose content goes with them, to the matching close (``_CLOSES``).
_HIDDEN = r"<(?P<hidden>[a-z]{1,10})\b[^<>]{0,200}display\s*+:\s*+none[^<>]{0,200}>"
_OPEN_TAG = (
    r"<\s*+(?P<open>system|developer|assistant|user|instructions?|trusted|admin|sys"
    r"|compaction_summary|tool_result|tool_use|function|memory|context)\b[^<>/]{0,200}>"
)
_OPENERS = (
    r"(?P<comment><!--[ \t]*+(?:system|assistant|developer|user|ai|model)[ \t]*+[:,])"
    r"|(?P<im><\|im_start\|>)|(?P<inst>\[INST\])"
)
_CLOSES = {"comment": "-->", "im": "<|im_end|>", "inst": "[/inst]"}
# In untrusted text, a message forged as JSON (the whole object goes) or as role lines (the
# lines up to a blank one go).
_ROLE_JSON = r"(?P<role_json>\"role\"\s*+:\s*+\"(?:system|user|assistant|tool|developer)\")"
_ROLE_LINE = (
    r"(?P<role_line>^[ \t]*+(?:user|human|assistant|ai|system|developer|tool)[ \t]*+:"
    r"|^[ \t]*+(?:role|角色)[ \t]*+[:：][ \t]*+(?:system|user|assistant|tool|developer)\b)"
)


def _compile(*families: tuple[str, ...], untrusted: bool) -> re.Pattern[str]:
    sentence = "|".join(f"(?:{p})" for family in families for p in family)
    tags = "|".join(f"(?:{p})" for p in _MARKUP)
    roles = f"{_ROLE_JSON}|{_ROLE_LINE}|" if untrusted else ""
    return re.compile(
        f"{_HIDDEN}|{_OPEN_TAG}|{_OPENERS}|{roles}(?P<tag>{tags})|(?P<sentence>{sentence})",
        # ASCII \b: "请ignore previous instructions" must match although 请 is a word character.
        re.IGNORECASE | re.MULTILINE | re.ASCII,
    )


_PATTERN = _compile(_EN_INSTRUCTIONS, _ZH_INSTRUCTIONS, untrusted=False)
_UNTRUSTED_PATTERN = _compile(_EN_INSTRUCTIONS, _ZH_INSTRUCTIONS, _UNTRUSTED, untrusted=True)
# "I g n o r e  previous": letters one or two spaces apart, read joined; a run starts only at
# its first letter, so it is read once.
_SPACED_RE = re.compile(
    r"(?<![A-Za-z])(?<![A-Za-z] )(?<![A-Za-z]  )(?:[A-Za-z][ ]{1,2}){3,}[A-Za-z](?![A-Za-z])"
)
_SPACED_WORDS = ("ignore", "disregard", "system", "instruction", "override", "jailbreak")
# Where an attempt's sentence ends: sentence punctuation, a line break, the quote closing a
# JSON string, a tag (Chinese quotes are inside a sentence: 把“…”写成偏好).
_SENTENCE_END_RE = re.compile(r"[!?。！？\n\"<>]|\.(?=\s|\Z)")
_SENTENCE_STARTS = ("!", "?", "。", "！", "？", "\n", '"', ">", ". ")
_REACH = 400
_TAG_REACH = 2000


def _joined_spaced(view: str) -> str:
    """``view`` with spaced-out letters that spell an instruction word written together,
    padded to the same length (so spans still index the original)."""

    def join(match: re.Match[str]) -> str:
        letters = match.group(0).replace(" ", "")
        if not any(word in letters.lower() for word in _SPACED_WORDS):
            return match.group(0)
        return letters + " " * (len(match.group(0)) - len(letters))

    return _SPACED_RE.sub(join, view)


def _sentence(view: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around ``view[start:end]``, within ``_REACH`` characters each way."""
    lo = max(0, start - _REACH)
    left = lo
    for boundary in _SENTENCE_STARTS:
        found = view.rfind(boundary, lo, start)
        if found >= 0:
            left = max(left, found + len(boundary))
    right = _SENTENCE_END_RE.search(view, end, min(len(view), end + _REACH))
    if right is None:
        return left, min(len(view), end + _REACH)
    stop = right.end() if right.group(0) in "!?。！？." else right.start()
    return left, max(stop, end)


def _closing(view: str, lowered: str, match: re.Match[str], close: str) -> tuple[int, int]:
    """From the match to ``close`` (an end tag or a brace) within ``_TAG_REACH``, else to the
    end of the line."""
    found = lowered.find(close, match.end(), match.end() + _TAG_REACH)
    if found >= 0:
        gt = view.find(">", found, found + 240) if close.startswith("<") else found
        return match.start(), (gt + 1 if gt >= 0 else found + len(close))
    newline = view.find("\n", match.end(), match.end() + _REACH)
    return match.start(), (newline if newline >= 0 else min(len(view), match.end() + _REACH))


def _span(view: str, lowered: str, match: re.Match[str]) -> tuple[int, int]:
    kind = match.lastgroup
    name = match.group("hidden") or match.group("open")
    if name:
        return _closing(view, lowered, match, f"</{name.lower()}")
    if kind in _CLOSES:
        return _closing(view, lowered, match, _CLOSES[kind])
    if kind == "role_json":
        return _closing(view, lowered, match, "}")
    if kind == "role_line":
        paragraph = view.find("\n\n", match.end(), match.end() + _REACH)
        return match.start(), (
            paragraph if paragraph >= 0 else min(len(view), match.end() + _REACH)
        )
    if kind == "tag":
        return match.span()
    return _sentence(view, match.start(), match.end())


def _spans(text: str, pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    """The attempts in ``text``, merged where they overlap or touch, in order."""
    view = _joined_spaced(detection_view(text))
    lowered = view.lower()
    if len(lowered) != len(view):  # a few characters lower-case to two
        lowered = view
    spans: list[tuple[int, int]] = []
    for match in pattern.finditer(view):
        if spans and match.start() < spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], match.end()))
            continue
        start, end = _span(view, lowered, match)
        while spans and start <= spans[-1][1]:  # a sentence may reach back over earlier spans
            earlier = spans.pop()
            start, end = min(start, earlier[0]), max(end, earlier[1])
        spans.append((start, end))
    return spans


def find_injections(text: str) -> list[str]:
    """Every injection attempt found in ``text`` (any role's family), as the flagged spans."""
    return [text[start:end] for start, end in _spans(text, _PATTERN)]


def has_injection(text: str) -> bool:
    """Whether ``text`` holds at least one injection attempt (validators use this on items)."""
    return bool(_spans(text, _PATTERN))


def neutralize_injections(text: str, *, untrusted: bool = False) -> tuple[str, int]:
    """Replace every injection attempt by ``[FLAGGED:injection]``.

    Args:
        text: any text.
        untrusted: the text is a tool result or an assistant or system turn; instructions to
            the summarizer or to memory, consent claims, tool calls and role lines count too.

    Returns:
        The neutralized text and the number of attempts replaced.
    """
    spans = _spans(text, _UNTRUSTED_PATTERN if untrusted else _PATTERN)
    if not spans:
        return text, 0
    parts: list[str] = []
    position = 0
    for start, end in spans:
        parts += [text[position:start], INJECTION_MARKER]
        position = end
    parts.append(text[position:])
    return "".join(parts), len(spans)
