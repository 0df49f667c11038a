"""Sentence-level cues for the extractive summarizer, in English and Chinese.

Splits message text into sentences and says what each one does: states a limit or a negation
("不自动购票", "don't book"), a preference ("优先直达", "prefer direct"), a decision or an
exclusion with its reason ("选 G7301，因为…", "G123 excluded: arrives too late"), or asks a
question. ``salience`` scores sentences for the verbatim notes kept for conversational data
(who did what, when, names, places): specific beats phatic.
"""

from __future__ import annotations

import re

from runtime.summary.signal_words import ALLERGY_RE, NEGATION_RE

__all__ = [
    "CODE_RE",
    "CORRECTED_RE",
    "CORRECTING_END_RE",
    "MENDED_RE",
    "REVISED_RE",
    "REVISING_EN",
    "REVISING_ZH",
    "content_terms",
    "date_role",
    "day_period",
    "ends_in_brackets",
    "find_codes",
    "is_choice",
    "is_exclusion",
    "is_negation",
    "is_preference",
    "is_question",
    "is_requirement_negation",
    "salience",
    "split_reason",
    "split_sentences",
]

# A title's or an abbreviation's full stop ends nothing: "don't book anything with dr. patel
# again", "Mr. Chen", "the whole season incl. gear is $1,200"
_NO_TITLE = "".join(
    rf"(?<!\b{t}[.])"
    for t in (
        *("[Dd]r", "[Mm]r", "[Mm]rs", "[Mm]s", "[Ss]t", "[Vv]s"),
        *("[Pp]rof", "[Ii]ncl", "[Ee]xcl"),
    )
)
# A full stop ends a sentence before a capital or a digit, and, as people type in a hurry,
# after a word of two letters or more before a lower-case word ("woke the baby up. so
# nobody before 10"; not "a.m. tomorrow", "e.g. this")
_SENTENCE_RE = re.compile(
    r"(?<=[。！？!?；;])\s*|" + _NO_TITLE + r"(?<=[.])\s+(?=[A-Z0-9\"'(\[“])"
    r"|" + _NO_TITLE + r"(?<=[A-Za-z]{2}[.])\s+(?=[a-z])|\s*\n+\s*"
    # after an aside typed in lower case: "…nut-free (school rule). recipe ideas?"
    r"|(?<=[)）][.])\s+(?=[a-z])"
    # typed in lower case after a year: "…back in 2019. for the bathroom redo I want…"
    r"|(?<=(?:19|20)\d\d[.])\s+(?=[a-z]{2,}\b)"
    # or after a clock time: "my eating window is 12:00–20:00. what should my first meal be?"
    r"|(?<=\d:\d\d[.])\s+(?=[a-z]{2,}\b)"
    # or after a day's number, before a question: "…it's due March 3. what can we pull off?"
    r"|(?<=\d[.])\s+(?=(?:what|how|can|could|any|should|which|where|when|who|pls|please)\b)"
    # after a quotation that ends a sentence: '…don't open the oven door." I'm allergic…'
    r"|(?<=[.!?][\"”])\s+(?=[A-Z])"
)
# An allergy said without its object is the reason of what came before: "…peanuts in it, not
# even a trace; my son is allergic", "Could we not do peanuts in anything? My son's allergic."
_BARE_ALLERGY_RE = re.compile(
    r"(?:(?:my|our|his|her|the)\s+)?\w+(?:\s+(?:is|are)|['’]s)\s+(?:very\s+|severely\s+|badly\s+)?"
    r"(?:allergic|intol[ae]r[ae]nt)\W*$|[\u4e00-\u9fff]{0,4}(?:过敏|不耐受)\W*$",
    re.IGNORECASE,
)
# A rule about the time the sentence before named: "Sleep is from 9 in the morning till 4 in the
# afternoon for me. No calls in that window, please", "我周三下午有课。这段时间别排别的"
# A figure said again to revise the one before it: "Keep the standup to 15 minutes max.
# Actually, 20's fine", "…in 200 words or fewer... on second thought, 120 words", "Ugh, fine, 90
# minutes", "——其实6个小时也能接受" (one with the sentence it revises)
REVISING_EN = r"actually|on\s+second\s+thought|fine|scratch\s+that"
REVISING_ZH = r"其实|算了|还是"
"""The words that open a revision (``REVISED_RE``; ``extract_signals`` keeps the figure after
them in their clause)."""
_FIGURE_RE = re.compile(r"[\d零一二两三四五六七八九十]")
REVISED_RE = re.compile(
    r"^\W*(?:(?:ugh|ok(?:ay)?|hmm+|wait|well|oh|no|nah|nope|sorry)\W+)*(?:"
    + REVISING_EN
    + r"|make\s+(?:it|that)|(?:(?:he|she|they|we)\s+)?(?:moved|pushed|changed)\s+(?:it|that)\s+to)"
    r"\W+(?:(?:make\s+(?:it|that)|like|maybe|say)\s+)?[$€£¥]?\d"
    # (after a slip owned first: "至少１５００毫升。哦不对，改成两千毫升吧")
    r"|^\W*(?:(?:哦|啊|嗯|哎|呃)*(?:不对|不不|说错了)[，,\s]*)?(?:" + REVISING_ZH + r"|改成|那就)"
    r"[^，,。]{0,4}?[\d零一二两三四五六七八九十]",
    re.IGNORECASE,
)
# A slip taken back and mended in the same breath, in writing: "Book three nights — no wait, make
# it four", "Window seat please. Ugh, actually aisle", "Nope, Wednesday", "No — the grey", "every 4
# hours — sorry, every 6", "衣服要M码，啊不，L码". What opens the mending (``CORRECTED_RE``, at the
# start of what follows a break) or a bare word of taking back (``CORRECTING_END_RE``, at the end
# of what precedes it) keeps the slip and its mending in one clause, so the kept value reads with
# the noun the slip named ("three nights … make it four").
_CORRECTING_EN = (
    r"(?:(?:ugh|hmm+|oh|um+|uh|er|well|ok(?:ay)?)\W+)*(?:no\s+wait|wait\s+no|nope|no(?=\s*[—–-]|\s*,)"
    r"|sorry(?=\s*[,—–-])|make\s+(?:it|that)|scratch\s+that|on\s+second\s+thought"
    # (not a new thought: "Actually I've never been fishing")
    r"|actually(?!\s+(?:i|i'?[a-z]{1,2}|we|we'?[a-z]{2}|it|it'?s|that|this|you|he|she|they|my|our|there"
    r"|not)\b))\b"
)
_CORRECTING_ZH = (
    r"(?:哦|啊|嗯|哎|呃)*(?:不对|不不|说错了|等一?下)|(?:哦|啊|哎)不(?![\u4e00-\u9fff])"
)
CORRECTED_RE = re.compile(rf"^\s*(?:{_CORRECTING_EN}|{_CORRECTING_ZH})", re.IGNORECASE)
CORRECTING_END_RE = re.compile(
    r"(?:\b(?:no\s+wait|wait\s+no|nope|sorry)|(?<![\u4e00-\u9fff])(?:哦|啊|哎)?不对|(?:哦|啊|哎)不|不不)\W*$",
    re.IGNORECASE,
)
# ...a sentence of its own that only mends the one before: "Window seat please. Ugh, actually
# aisle — …", "No — the grey.", "Make it three actualy, they're on sale" (a few words, then a
# break); and a sentence that is only a sound of hesitation ("Hmm.") before it
_MENDING_EN = rf"{_CORRECTING_EN}\W+(?:[\w'-]+\s*){{1,4}}(?:[,.;!?—–-]|$)"
_MENDING_RE = re.compile(rf"^\W*{_MENDING_EN}", re.IGNORECASE)
# A message that mends a slip states what it wants now, whatever story follows: "Double the
# garlic. wait no, just one extra clove, my husband complained last time"
MENDED_RE = re.compile(
    rf"(?:[.,;!，；。]|\s[—–-]+)\s*(?:{_MENDING_EN}"
    rf"|(?:{_CORRECTING_ZH})[，,\s]*[^，,。；！？]{{1,8}}(?:[，,。；！？]|$))",
    re.IGNORECASE,
)
_HESITATION_RE = re.compile(r"^\W*(?:hmm+|um+|uh+|ugh|erm)\W*$", re.IGNORECASE)
_THAT_WINDOW_RE = re.compile(
    r"(?:no|don'?t|nothing|not|never)\b[^.?!]{0,40}?\b(?:in|during|at)\s+(?:that|those)\s+(?:window"
    r"|time|hours|slot)\b|(?:这段时间|那段时间|这个时间段?|那个时间段?)[^。？！]{0,6}(?:别|不要|不能)",
    re.IGNORECASE,
)
_TITLE_END_RE = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|St|Jr|Sr|Mt|No|vs)\.$")
# An abbreviated bound before its figure ends no sentence: "min. five novels", "approx. 3 kg"
# (not "Budget is $400 max. Thanks": a bound said last)
_BOUND_ABBREV_END_RE = re.compile(r"\b(?:min|max|approx|est)\.$", re.IGNORECASE)
_FIGURE_START_RE = re.compile(
    r"(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a\s+dozen)\b)",
    re.IGNORECASE,
)
# "7 a.m." ends no sentence when the day or a lower-case word goes on: "no later than 7 a.m.
# Monday so I can review it"
_CLOCK_END_RE = re.compile(r"\d\s*[ap]\.m\.$", re.IGNORECASE)
_GOES_ON_RE = re.compile(
    r"[a-z]|(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|tomorrow"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
    # the clock's time zone: "Set the standup for 7:45 a.m. Pacific"
    r"|(?:pacific|eastern|central|mountain|(?-i:[A-Z]{1,3}T|UTC))\b(?:\s+time\b)?(?:\W*$|[,;]))"
)
CODE_RE = re.compile(
    # money is no id: "RM60" (ringgit), "Rs500", "HK$"-less "HKD300"
    r"(?<![\w-])(?!(?:RM|Rs|INR|PHP|MYR|SGD|HKD|TWD|NGN|USD|EUR|GBP|CNY|RMB)\d)"
    r"(?:[A-Z]{1,3}\d{1,5}[A-Z]?|(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,8}"
    r"|[a-z]+_[a-z]+_\d+)(?![\w-])"
)
_LIMITS_RE = re.compile(
    r"不超过|不高于|不低于|不多于|不少于|不晚于|不早于|不迟于|不大于|不小于|不到|不过|不错|不同"
    r"|不仅|不管|不断|不久|\bno\s+(?:more|later|earlier|less|fewer)\s+than\b"
    r"|\bnot\s+(?:more|later|earlier|less|fewer)\s+than\b|\bnot\s+exceed(?:ing)?\b|\bno\s+problem",
    re.IGNORECASE,
)
_REQUIREMENT_RE = re.compile(
    r"不要|不想|别|禁止|不自动|不接受|不考虑|无需|不用|不需要|不坐|不乘|不订|不买|不能|不允许|勿"
    r"|^\W*(?:please\s+)?(?:don'?t|do\s+not|never|no)\b"
    r"|\b(?:i|we)\s+(?:really\s+)?(?:do\s+not|don'?t|won'?t|will\s+not|would\s+not|wouldn'?t"
    r"|can'?t|cannot|must\s+not|mustn'?t)\s+(?:want|need|like|accept|fly|take|book|pay|use|travel"
    r"|go|stay|buy|sit|leave|arrive|have)\b"
    r"|\brather\s+not\b|\bavoid\b|\b(?:must|should)\s+not\b|\bmustn'?t\b",
    re.IGNORECASE,
)
_NOT_REQUIREMENT_RE = re.compile(
    r"^\W*no\s+(?:worries|problem|way|idea|matter|doubt|kidding|wonder)\b|long\s+time\s+no",
    re.IGNORECASE,
)
# The English phrases are whole words ("compass on", "backdrop", "rules the outside" are no
# exclusions), so each stem names the inflections it stands for; "rule ... out" and "cross ...
# off" take up to three words between ("ruled the 9am flight out").
_EXCLUDE_RE = re.compile(
    r"排除|不考虑|不选|放弃|淘汰|否决|赶不上|来不及"
    r"|\b(?:pass\s+on|rul(?:e|ed|es|ing)(?:\s+\w+){0,3}\s+out|cross(?:ed)?(?:\s+\w+){0,3}\s+off"
    r"|exclud(?:e|es|ed|ing)|reject(?:s|ed|ing)?|eliminat(?:e|es|ed)|drop(?:s|ped|ping)?"
    r"|not\s+an?\s+option|too\s+late|won'?t\s+work|doesn'?t\s+work)\b",
    re.IGNORECASE,
)
_CHOICE_RE = re.compile(
    r"选定|选择|选|决定|定了|就订|就要|就坐|改成|确定|go\s+with|choos(?:e|ing)|chose|chosen"
    r"|pick(?:ed)?|decided?|select(?:ed)?|(?:we|i)'?(?:ll| will)\s+take|settle\s+on|opt\s+for",
    re.IGNORECASE,
)
_PREFER_RE = re.compile(
    r"优先|最好|更喜欢|倾向|偏好|尽量|希望|prefer(?:ably|red|s)?|ideally|would\s+rather"
    r"|would\s+like|i'?d\s+like|if\s+possible",
    re.IGNORECASE,
)
_REASON_RE = re.compile(
    r"\s*(?:[，,]\s*)?(?:因为|由于|原因是|理由是|because|since|due\s+to|as\s+it)\s*"
    # a colon, a spaced dash or an em-dash pair, but never inside a time or a range ("18:25",
    # "9:00 - 11:30", "300——500")
    r"|(?<!\d)\s*[:：]\s*|\s*[:：]\s*(?!\d)|(?<!\d)\s+--?\s+|\s+--?\s+(?!\d)"
    r"|(?<!\d)——|——(?!\d)",
    re.IGNORECASE,
)
_QUESTION_START_RE = re.compile(
    r"^(?:why|what|how|when|where|which|who|whom|whose|is|are|can|could|would|will|do|does"
    r"|did|should|shall|may)\b",
    re.IGNORECASE,
)
# "哪家都行", "怎么都可以", "多少都行": "any … is fine" is no question
_CN_QUESTION_RE = re.compile(
    r"(?:为什么|为啥|怎么|如何|哪|几点|多少)(?![^，,。]{0,4}[都也](?:行|可以|好|成|没))"
    r"|是否|能否|可否|有没有|是不是|[吗呢么]$"
)
_PHATIC_RE = re.compile(
    r"^(?:hey|hi|hello|thanks?|thank\s+you|wow|cool|great|awesome|nice|lol|haha|ok(?:ay)?|yeah"
    r"|yes|sure|bye|good\s+(?:morning|night|to\s+see)|that'?s\s+(?:great|awesome|amazing|so)"
    r"|好的|谢谢|你好|嗯|哈哈)\b",
    re.IGNORECASE,
)
_EVENT_RE = re.compile(
    r"\b(?:went|visited|bought|started|joined|moved|adopted|finished|painted|made|took|got|met"
    r"|signed|ran|won|lost|learned|read|wrote|played|traveled|travelled|attended|graduated"
    r"|married|born|gave|received|created|built|decided|planning|plan|going\s+to|will)\b"
    r"|去了|买了|开始|参加|搬|完成|见了|报名",
    re.IGNORECASE,
)
_PROPER_RE = re.compile(r"(?<=[\w,;] )[A-Z][a-z]{2,}")
_TIME_WORD_RE = re.compile(
    r"\b(?:yesterday|today|tomorrow|last\s+(?:week|month|year|weekend)|next\s+(?:week|month"
    r"|year)|ago|since|years?|months?|weeks?)\b|\d",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")
_CJK_RUN_RE = re.compile(r"[\u4e00-\u9fff]+")
_STOP_WORDS = (
    "the and for with that this from was were are has have had will would should could can you "
    "your our their they them his her its who what which when where why how all any some into "
    "than then there here about after before also just only very more most less too please "
    "want wants need like okay yes because since been being really much many know think"
)
_STOP = frozenset(_STOP_WORDS.split(" "))
_ROLE_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("return", re.compile(r"回到|返回|返程|回程|回来|回\w{0,2}$|\breturn|\bback\b|\bhome\b", re.I)),
    ("arrive", re.compile(r"到达|抵达|到\b|\barriv", re.I)),
    ("depart", re.compile(
        r"出发|出行|启程|动身|前往|去程|(?<![走行])走(?![路了过])|\bdepart|\bleav|\bfly\s+out"
        r"|\bhead(?:ing)?\s+out|\bset(?:ting)?\s+(?:off|out)", re.I)),
    ("checkin", re.compile(r"入住|check[-\s]?in", re.I)),
    ("checkout", re.compile(r"退房|check[-\s]?out", re.I)),
)  # fmt: skip
_PERIODS = (
    ("morning", re.compile(r"上午|早上|早晨|清晨|\bmorning\b", re.I)),
    ("afternoon", re.compile(r"下午|\bafternoon\b", re.I)),
    ("evening", re.compile(r"晚上|傍晚|\bevening\b|\btonight\b", re.I)),
)


def ends_in_brackets(text: str) -> bool:
    """Whether ``text`` ends inside a bracket it opened ("(the CEO mocks them; it's a thing)",
    "light cardio (walking, cycling")."""
    return text.count("(") > text.count(")") or text.count("（") > text.count("）")


# One more option for a refusal just said: "Can't do grey grout again. Or beige.", "No pork. Or
# shellfish either."
_OR_TOO_RE = re.compile(
    r"^(?:or|nor)\s+(?:\w+[\s-]){0,2}\w+(?:\s+either)?[.!]?$"
    # ...or one more of the same: "dont suggest any recipes with shellfish, I'm allergic. peanuts
    # too."
    r"|^(?:and\s+)?(?:\w+[\s-]){0,2}\w+\s+(?:too|as\s+well)[.!]?$",
    re.IGNORECASE,
)


# A refusal just said, stressed on its own: "dont call her directly. ever.", "No nuts. At all."
_STRESS_RE = re.compile(
    r"^(?:ever(?:\s+again)?|never|at\s+all|period|full\s+stop|no\s+exceptions?)[.!]*$",
    re.IGNORECASE,
)


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text`` (Chinese and English punctuation, line breaks), stripped.

    A full stop after a title ("Dr. Hale", "Mr. Li") does not end a sentence.
    """
    parts = [part.strip() for part in _SENTENCE_RE.split(text) if part and part.strip()]
    out: list[str] = []
    for part in parts:
        if out and (
            _TITLE_END_RE.search(out[-1])
            or (_BOUND_ABBREV_END_RE.search(out[-1]) and _FIGURE_START_RE.match(part))
            or (_CLOCK_END_RE.search(out[-1]) and _GOES_ON_RE.match(part))
            or (out[-1].endswith((";", "；")) and ends_in_brackets(out[-1]))
            or _BARE_ALLERGY_RE.match(part)
            or (_THAT_WINDOW_RE.match(part) is not None and re.search(r"\d", out[-1]) is not None)
            or (REVISED_RE.match(part) is not None and _FIGURE_RE.search(out[-1]) is not None)
            or _MENDING_RE.match(part)
            or _HESITATION_RE.match(part)
            or (
                _OR_TOO_RE.match(part) is not None
                and (NEGATION_RE.search(out[-1]) or ALLERGY_RE.search(out[-1])) is not None
            )
            or (_STRESS_RE.match(part) is not None and NEGATION_RE.search(out[-1]) is not None)
        ):
            # (Chinese runs on after its full stop without a space, as it was written)
            out[-1] += ("" if out[-1].endswith(("。", "！", "？", "；")) else " ") + part
        else:
            out.append(part)
    return [piece for sentence in out for piece in _run_on_question(sentence)]


# A question asked at the end of a long run-on sentence, after the user's own clauses: ", so
# what are some ideas, and is eating eggs every day actually fine…?", "，你觉得住哪边方便啊？"
_TAIL_QUESTION_RE = re.compile(
    r"[,，]\s*(?=(?:(?:so|and|but|anyway)\s+)?(?:what|how|which|where|when|is|are|can|could|should|do"
    r"|does|any|would)\b[^,，]*[?？]\s*$|(?:那|所以)?(?:你觉得|你说|请问|有没有|能不能|哪|怎么|什么)"
    r"[^,，]*[?？]\s*$)",
    re.IGNORECASE,
)
_RUN_ON_COMMAS = 4
_FIRST_PERSON_RE = re.compile(r"\b(?:i|i'm|im|we|we're|my|our)\b|我", re.IGNORECASE)


def _run_on_question(sentence: str) -> list[str]:
    """``sentence`` with a question at the end of a run-on (four commas or more before it, the
    user speaking of themselves) split off, so that what is asked does not decide how the
    user's own clauses read (a story of others keeps its question: "…看到一个告示，说车厢里禁止
    饮食，…，你说这种规定到底有没有人真的执行啊？")."""
    m = _TAIL_QUESTION_RE.search(sentence)
    if (
        m is None
        or len(re.findall(r"[,，]", sentence[: m.start()])) < _RUN_ON_COMMAS - 1
        or _FIRST_PERSON_RE.search(sentence, 0, m.start()) is None
    ):
        return [sentence]
    return [sentence[: m.start()], sentence[m.end() :].strip()]


def find_codes(text: str) -> list[str]:
    """Ids such as train and flight numbers (``G7301``, ``HAT069``), bookings, user ids."""
    return list(dict.fromkeys(m.group(0) for m in CODE_RE.finditer(text)))


def is_negation(text: str) -> bool:
    """Whether ``text`` negates something once limit phrases ("不超过") and an agreement asked
    at its end ("你看行不") are taken out."""
    return NEGATION_RE.search(_LIMITS_RE.sub(" ", _AGREE_ASKED_RE.sub(" ", text))) is not None


_AGREE_ASKED_RE = re.compile(r"(?:行|可以|好|对|成|能)不\W*$")


def is_requirement_negation(text: str) -> bool:
    """Whether ``text`` negates as a requirement ("不自动购票", "don't book", "I do not want
    insurance"), not merely in passing ("long time no see", "I'm not alone")."""
    plain = _LIMITS_RE.sub(" ", text)
    return _REQUIREMENT_RE.search(plain) is not None and not _NOT_REQUIREMENT_RE.search(plain)


def is_exclusion(text: str) -> bool:
    """Whether ``text`` rules an option out ("排除 G123", "G123 excluded")."""
    return _EXCLUDE_RE.search(text) is not None


def is_choice(text: str) -> bool:
    """Whether ``text`` states a choice ("选 G7301", "let's go with G7301")."""
    return _CHOICE_RE.search(text) is not None and not is_negation(text)


def is_preference(text: str) -> bool:
    """Whether ``text`` states a soft preference ("优先直达", "prefer direct trains")."""
    return _PREFER_RE.search(text) is not None


def is_question(text: str) -> bool:
    """Whether ``text`` asks something."""
    stripped = text.strip()
    if stripped.endswith(("?", "？")):
        return True
    return bool(_QUESTION_START_RE.match(stripped) or _CN_QUESTION_RE.search(stripped))


def split_reason(text: str) -> tuple[str, str | None]:
    """``("排除 G123", "到达时间晚于计划")`` from ``"排除 G123，因为到达时间晚于计划"``."""
    match = _REASON_RE.search(text)
    if match is None or match.start() == 0:
        return text.strip(), None
    head, reason = text[: match.start()].strip(" ，,"), text[match.end() :].strip(" 。.")
    return (head, reason) if head and reason else (text.strip(), None)


def date_role(text: str, start: int = 0, end: int | None = None) -> str | None:
    """What the date at ``text[start:end]`` is for: ``depart``, ``return``, ``arrive``...

    The role word closest to the date wins ("leave next Friday and return on Sunday").
    """
    end = start if end is None else end
    best: tuple[int, str] | None = None
    for role, pattern in _ROLE_WORDS:
        for match in pattern.finditer(text):
            gap = start - match.end() if match.end() <= start else max(match.start() - end, 0)
            if best is None or gap < best[0]:
                best = (gap, role)
    return best[1] if best else None


def day_period(text: str) -> str | None:
    """``morning`` / ``afternoon`` / ``evening`` when the text names a part of the day."""
    for name, pattern in _PERIODS:
        if pattern.search(text):
            return name
    return None


def content_terms(text: str) -> frozenset[str]:
    """Content words (lower-cased) and Chinese character bigrams, for overlap tests."""
    terms = {w.lower() for w in _WORD_RE.findall(text) if w.lower() not in _STOP}
    for run in _CJK_RUN_RE.findall(text):
        terms.update(run[i : i + 2] for i in range(len(run) - 1))
    return frozenset(terms)


def salience(text: str) -> float:
    """How much specific information a sentence carries (higher keeps it first)."""
    words = [w for w in text.split() if any(c.isalnum() for c in w)]
    cjk = sum(len(run) for run in _CJK_RUN_RE.findall(text))
    size = len(words) + cjk // 2
    if size < 3:
        return -2.0
    score = min(len(content_terms(text)), 8) * 0.5
    score += 1.5 * len(_PROPER_RE.findall(text))
    score += 1.5 * len(find_codes(text))
    score += 1.0 * min(len(_TIME_WORD_RE.findall(text)), 3)
    score += 1.5 if _EVENT_RE.search(text) else 0.0
    if _PHATIC_RE.match(text.strip()):
        score -= 3.0
    if is_question(text):
        score -= 1.0
    return score
