"""Traditional Chinese read as simplified, character for character, for the extractor's rules.

The extractor's lexicon (``signal_words``, ``sentence_mood``, ``numerals``, ``extract_dates``) is
written in simplified characters, so "晚上十點以後別打電話給我" or "一萬五以下" (Taiwan, Hong
Kong, many overseas users) met none of its words: no 别, no 点, no 万. ``as_simplified`` gives the
same text in simplified characters (OpenCC's ``t2s``, the well-kept converter) *with the same
length*, so a span found in the simplified text is the same span of what the user wrote: the
rules read the simplified text, and a fact still quotes the user's own characters.

Written Cantonese (Hong Kong users, and many overseas) is read as Mandarin the same way: in a
text that carries Cantonese marks (唔, 咗, 嘅, 喺, 冇, 佢, 聽日 ...), its words are replaced by
Mandarin words of the same length ("唔好" 不要, "聽日" 明天, "多過" 超过, "三百蚊" 三百元,
"兩舊水" 两百元, "八點三個字" 八点十五分: each 字 is five minutes), so "一個人唔好超過三百蚊"
meets the same rules as "一个人不要超过三百元". A text without those marks is never touched:
食, 系 and 边 are Mandarin words too. Hand-written: OpenCC converts characters between
regions, not Cantonese words into Mandarin ones, and no maintained package on PyPI does.

Numerals written the financial way ("壹万贰仟叁佰元", on invoices and contracts) are read as
the ordinary ones ("一万二千三百元"), one character for one.

Text without a Chinese character is returned as is (the common case, and free). Nothing is
cached: a memo keyed by text would keep user text alive in the process past an erasure.
"""

from __future__ import annotations

import re
from typing import Final

import opencc

__all__ = ["as_mandarin", "as_simplified"]

_CJK_RE: Final = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_CONVERTERS: list[opencc.OpenCC] = []
"""OpenCC's ``t2s``, built at the first Chinese text (its dictionaries take a few
milliseconds to load; a process that never meets Chinese never pays them)."""


def _t2s() -> opencc.OpenCC:
    if not _CONVERTERS:
        _CONVERTERS.append(opencc.OpenCC("t2s"))
    return _CONVERTERS[0]


def as_simplified(text: str) -> str:
    """``text`` in simplified characters, the same length (see the module docstring).

    A phrase the converter would rewrite to another length (rare) is converted a character
    at a time instead, so offsets always carry over. A space typed between two Chinese
    characters reads as the comma it stands for ("部门聚餐你帮我订 有个同事对花生过敏 人均不超一百
    五哈", typed fast on a phone).
    """
    if not _CJK_RE.search(text):
        return text
    text = _SPACE_COMMA_RE.sub("，", text)
    converter = _t2s()
    converted: str = converter.convert(text)
    if len(converted) != len(text):
        pieces = [converter.convert(char) for char in text]
        converted = "".join(p if len(p) == 1 else c for p, c in zip(pieces, text, strict=True))
    if _CAPITALS_RE.search(converted):
        converted = _CAPITALS_RE.sub(lambda m: m.group(0).translate(_CAPITALS), converted)
    return as_mandarin(converted) if _CANTONESE_RE.search(converted) else converted


_SPACE_COMMA_RE: Final = re.compile(r"(?<=[\u4e00-\u9fff]) (?=[\u4e00-\u9fff])")


# Numerals written the financial way (大写, on invoices, cheques and contracts: "壹万贰仟叁佰元"),
# read as the ordinary ones. Only a run of two or more, or one before a currency: 拾 is also
# "pick up" (收拾), 伍 a rank (队伍), 陆 land (大陆).
_CAPITALS: Final = str.maketrans("零壹贰叁肆伍陆柒捌玖拾佰仟萬", "零一二三四五六七八九十百千万")
_CAPITAL = "壹贰叁肆伍陆柒捌玖拾佰仟"
_CAPITALS_RE: Final = re.compile(
    rf"[零{_CAPITAL}萬万亿]*[{_CAPITAL}][零{_CAPITAL}萬万亿]+|[{_CAPITAL}](?=[元圆块角])"
)


# Marks only written Cantonese uses (in simplified characters, after OpenCC).
_CANTONESE_RE: Final = re.compile(
    r"[唔咗嘅喺冇佢啲嚟畀睇揾谂嗰哋攞瞓咩噉]|听日|琴日|寻日|放工|返工|屋企|下昼|(?<=[\d百千万几])蚊"
    r"|(?<=[\d一二两三四五六七八九十])旧水|(?<=点)(?:十一|[一二两三四五六七八九十])个字"
)
_NUMERAL = "\\d一二两三四五六七八九十百千万几"
# Cantonese word -> Mandarin word of the same length, in simplified characters.
_WORDS: Final = {
    "唔好": "不要",
    "唔使": "不用",
    "唔该": "谢谢",
    "听日": "明天",
    "听朝": "明早",
    "听晚": "明晚",
    "琴日": "昨天",
    "寻日": "昨天",
    "今日": "今天",
    "前日": "前天",
    "后日": "后天",
    "朝早": "早上",
    "下昼": "下午",
    "晏昼": "下午",
    "夜晚": "晚上",
    "放工": "下班",
    "返工": "上班",
    "返学": "上学",
    "屋企": "家里",
    "多过": "超过",
    "迟过": "晚于",
    "早过": "早于",
    "少过": "少于",
    "平过": "低于",
    "贵过": "超过",
    "边度": "哪里",
    "边个": "哪个",
    "点样": "怎样",
    "点解": "为何",
    "几多": "多少",
    "乜嘢": "什么",
    "咩嘢": "什么",
    "头先": "刚才",
    "而家": "现在",
    "钟意": "喜欢",
    "埋单": "买单",
    "唔": "不",
    "冇": "没",
    "嘅": "的",
    "咗": "了",
    "喺": "在",
    "佢": "他",
    "啲": "些",
    "嚟": "来",
    "畀": "给",
    "睇": "看",
    "揾": "找",
    "谂": "想",
    "拣": "选",
    "嗰": "那",
    "哋": "们",
    "攞": "拿",
    "瞓": "睡",
    "枱": "桌",
}
_MINUTES: Final = {
    "一": "零五分",
    "二": "一十分",
    "两": "一十分",
    "三": "十五分",
    "四": "二十分",
    "五": "二十五",
    "六": "三十分",
    "七": "三十五",
    "八": "四十分",
    "九": "四十五",
    "十": "五十分",
    "十一": "五十五分",
}
_CANTONESE_WORDS_RE: Final = re.compile(
    # 字 after a clock hour: five minutes each ("八点三个字" 8:15)
    r"(?<=点)(?P<minutes>十一|[一二两三四五六七八九十])个字"
    # 蚊 (dollars) and 旧水 (hundreds of dollars) after a figure
    rf"|(?<=[{_NUMERAL}])(?P<money>蚊|旧水)"
    "|" + "|".join(sorted(_WORDS, key=len, reverse=True)) +
    # 系 "is" (not 系统, 关系 ...), 食 "eat" (not 食物, 食品 ...), 边 "where" (not 旁边 ...)
    r"|(?<![关体联派干])(?P<is>系)(?![统列数])|(?P<eat>食)(?![物品堂材谱量欲疗用盐])"
    r"|(?<![旁左右那这上下里外身海路北南东西前后两一])(?P<where>边)(?=[度个间位处，。？！?!,\s]|$)"
)


def _mandarin(match: re.Match[str]) -> str:
    if match.group("minutes"):
        return _MINUTES[match.group("minutes")]
    if money := match.group("money"):
        return "元" if money == "蚊" else "百元"
    if match.group("is"):
        return "是"
    if match.group("eat"):
        return "吃"
    if match.group("where"):
        return "哪"
    return _WORDS[match.group(0)]


def as_mandarin(text: str) -> str:
    """Written Cantonese ``text`` (simplified characters) in Mandarin words of the same
    length (see the module docstring)."""
    return _CANTONESE_WORDS_RE.sub(_mandarin, text)
