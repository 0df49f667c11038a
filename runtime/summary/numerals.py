"""Numbers written in words, in English and Chinese, read as digits.

Users write "two adults", "half a dozen eggs", "5k", "twelve", "两百块", "十五万", "四百五",
"一万五", "三场面试". A summary promises normalized numbers (``2``, ``6``, ``5000``, ``200``,
``150000``, ``450``, ``15000``, ``3``), and validation must be able to back them from the same
text, so both read numbers through this module: the extractor to annotate a clause with the
digits it spells, validation (``runtime.summary.quantities``) to read ``with_readings(text)``.

What counts as a number is a matter of lexicon, not of sentence shapes:

- English: number words (``zero`` to ``ninety-nine``, ``hundred``, ``thousand``, ``dozen``,
  ``half a dozen``, ``twice``), digits with a ``k`` suffix (``5k``, ``1.5k``), ``grand`` and
  ``million`` after a number ("forty grand", "1.5 million"), ordinals from ``third`` on ("the
  fourth floor", "the twenty-first"; ``first`` and ``second`` are words too often, and "a
  third" is a fraction), and ``a``/``an`` counted beside another number ("two adults and a
  kid"). ``one`` is a number only before a word that can be counted ("one king bed", not "the
  blue one in", "no one", "one-way").
- Chinese: a run of numeral characters that holds a unit (``十百千万``) or is followed by a
  measure word (``两杯``, ``三场``, ``一次``); colloquial tails count (``四百五`` = 450,
  ``一万五`` = 15000). Digits before ``万``/``千`` take the unit ("5万" = 50000, "1.5万"; not
  ``千克``, ``千米``), and the first end of a range takes the unit of the second ("三到五万",
  "3-5万": 30000 and 50000). ``千万`` before an imperative ("千万别") is an adverb, ``十分``
  before anything but ``钟`` means "very", ``一点`` is "a little" unless a part of the day
  precedes it.

Every pattern runs in linear time (no nested quantifiers over the same characters).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

__all__ = [
    "AFTERNOON_HOURS",
    "CN_DAY_PARTS",
    "LATE_DAY_PARTS",
    "MIDNIGHT_PARTS",
    "Numeral",
    "bare_clock",
    "cn_value",
    "day_half",
    "find_numerals",
    "spell_digits",
    "spoken_times",
    "with_readings",
]

CN_DAY_PARTS = (
    r"凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|半夜|(?<!最)晚(?=\s*\d)|(?<!最)早(?=\s*\d)"
)
"""The parts of a Chinese day said before a clock time, as a regex alternation (a bare 晚 or
早 only right before digits: "晚8点", not "晚于"; not 最晚/最早, "at the latest/earliest":
"最晚五点四十出发"); every reader of Chinese clocks uses it."""
LATE_DAY_PARTS = frozenset({"下午", "傍晚", "晚上", "夜里", "晚"})
MIDNIGHT_PARTS = frozenset({"night", "atnight", "tonight", "晚上", "夜里", "半夜"})
"""Halves of the day in which twelve o'clock is midnight, not noon ("晚上十二点", "12 at
night")."""
"""The parts of CN_DAY_PARTS that put an hour under 12 in the afternoon or evening."""

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
    "fourty": 40, "ninty": 90,  # as often typed
}  # fmt: skip
_UNIT_WORDS = "|".join(sorted(_UNITS, key=len, reverse=True))
_TEN_WORDS = "|".join(_TENS)
_SMALL = rf"(?:(?:{_TEN_WORDS})(?:[-\s](?:{_UNIT_WORDS}))?|(?:{_UNIT_WORDS}))"
# up to 999 in words; a thousand's rest is one too ("one thousand two hundred dollars")
# (the "and" before a thousand joins two figures: "between fifteen hundred and two thousand")
_HUNDREDS = (
    rf"{_SMALL}(?:\s+hundred(?:\s+(?:and\s+)?{_SMALL}(?!\s+(?:thousand|grand|hundred)\b))?)?"
)
_EN_NUMBER_RE = re.compile(
    rf"\b(?P<half>half\s+a\s+)?(?P<dozen>(?:a|one)\s+)?dozen\b"
    rf"|\b(?P<twice>once(?=\s+(?:a|an|per|every)\s|\s+or\s+twice)"
    rf"|(?<=(?:than|only|just|most)\s)once|twice|thrice)\b"
    rf"|\b(?P<num>{_HUNDREDS}(?:\s+thousand(?:\s+(?:and\s+)?{_HUNDREDS})?)?)\b(?P<after>-?\w*)",
    re.IGNORECASE,
)
# A vulgar fraction as NFKC writes it ("½" is "1⁄2", with the fraction slash), after its whole
_VULGAR_RE = re.compile(r"(?<![\d.])(?P<whole>\d*?)(?P<num>\d)\u2044(?P<den>[2-9]|10)(?!\d)")
_K_RE = re.compile(
    r"(?<![A-Za-z0-9_.])(?!401\(?[kK]\b)(?P<num>\d+(?:\.\d+)?)\s?[kK](?![A-Za-z])"
    # not a retirement plan ("401k"), nor a screen's resolution: "a 4K monitor", "8K TV"
    r"(?!\s*(?:tvs?|monitors?|screens?|displays?|video|footage|resolution|hdr|ultra|uhd)\b)"
)
# Money in millions with "M" right after it: "$1.2M", "€3m" (a currency sign before it, so
# "5M" alone, a size or a model, is not read)
_MILLIONS_RE = re.compile(r"(?<=[$€£¥])(?P<num>\d+(?:\.\d+)?)\s?[mM](?![A-Za-z0-9])")
_SCALES = {
    "grand": 1000, "thousand": 1000, "million": 1_000_000, "lakh": 100_000, "lakhs": 100_000,
    "k": 1000,
    "crore": 10_000_000, "crores": 10_000_000,
}  # fmt: skip
_SCALE = r"(?P<scale>grand|thousand|million|lakhs?|crores?)"
_SCALE_AFTER_RE = re.compile(rf"\s+{_SCALE}\b", re.IGNORECASE)
# "four k": thousands after a number word
_WORD_K_RE = re.compile(r"\s?(?P<scale>k)(?![A-Za-z0-9])", re.IGNORECASE)
_DIGIT_SCALE_RE = re.compile(
    rf"(?<![A-Za-z0-9_.])(?P<num>\d+(?:\.\d+)?)\s*{_SCALE}\b", re.IGNORECASE
)
# hundreds after digits: "not paying more than 2 hundred" (200)
_DIGIT_HUNDRED_RE = re.compile(
    r"(?<![A-Za-z0-9_.,])(?P<num>[1-9]\d?)\s+hundred\b(?!\s+(?:and\s+)?(?:thousand|grand|million)\b)",
    re.IGNORECASE,
)
# British money words: "a tenner a head", "a fiver"
_MONEY_WORDS = {"fiver": 5, "tenner": 10}
_MONEY_WORD_RE = re.compile(r"\b(?:an?\s+)?(?P<word>fiver|tenner)\b", re.IGNORECASE)
_ORDINALS = {
    "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
}  # fmt: skip
_UNIT_ORDINALS = {"first": 1, "second": 2} | {
    word: value for word, value in _ORDINALS.items() if value < 10
}
_ORDINAL_RE = re.compile(
    rf"(?<!\ba\s)(?<!\bone\s)(?<!\btwo\s)\b(?:(?P<tens>{_TEN_WORDS})[-\s])?"
    rf"(?P<ord>{'|'.join(sorted(_ORDINALS | _UNIT_ORDINALS, key=len, reverse=True))})\b",
    re.IGNORECASE,
)
_ARTICLE_RE = re.compile(r"\b(?:and|plus)\s+(?:a|an)\s+(?=(?!half\b)[A-Za-z]{3,})", re.IGNORECASE)
_AND_A_HALF_RE = re.compile(r"\s+and\s+a\s+half\b", re.IGNORECASE)
# "at most an hour", "within a week": one unit of time, bounded
_ONE_UNIT = (
    r"(?:hour|day|week|month|year|minute|night|mile|kilomet(?:er|re)|km|block|page|kilo|pound|paragraph"
    r"|sentence|slide|line|bag|suitcase)"
)
_BOUNDED_ONE_RE = re.compile(
    r"\b(?:at\s+most|at\s+least|under|over|within|(?:no|not)\s+(?:more|longer)\s+than"
    r"|less\s+than|more\s+than|longer\s+than|shorter\s+than|up\s+to|max(?:imum)?|tops"
    # the far end of a span: "workouts of 45 min to an hour"
    r"|\d+\s*(?:min(?:ute)?s?|hours?|hrs?|days?|weeks?|nights?|months?)\s+to"
    rf"|about|around|roughly)\s+(?P<one>an?)\s+(?={_ONE_UNIT}\b)"
    # "an hour tops", "a week at most", "a day or less": the bound after the unit
    rf"|\b(?P<after>an?)\s+(?={_ONE_UNIT}\s*,?\s+(?:tops|at\s+(?:the\s+)?most|max(?:imum)?\b"
    r"|or\s+(?:less|under|so)\b|at\s+the\s+(?:outside|latest)))"
    # "just the one suitcase": one, said with "the"
    r"|\b(?:just|only)\s+the\s+(?P<the>one)\s+(?=[a-z]{3,})",
    re.IGNORECASE,
)
_DIGITS_AND_A_HALF_RE = re.compile(
    r"(?<![A-Za-z0-9_.])(?P<num>\d+)\s+and\s+a\s+half\b", re.IGNORECASE
)
_A_SCALE_RE = re.compile(
    rf"\b(?:a|one)\s+(?P<scale>hundred|thousand|grand|million)"
    rf"(?:\s+(?:and\s+)?(?P<rest>{_SMALL}))?\b(?![-\w])",
    re.IGNORECASE,
)
_UNIT_AND_A_HALF_RE = re.compile(
    r"\ban?\s+(?:hour|day|week|month|year|night|mile|kilo(?:gram)?|pound)\s+and\s+a\s+half\b",
    re.IGNORECASE,
)
_PAIR_RE = re.compile(r"\ba\s+(?:couple|pair)\s+of\b", re.IGNORECASE)
# "a couple hundred bucks", "couple of thousand": two of the scale
_COUPLE_SCALE_RE = re.compile(
    r"\b(?:a\s+)?couple(?:\s+of)?\s+(?P<scale>hundred|thousand|grand)\b", re.IGNORECASE
)
_A_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000, "million": 1_000_000}
_DIGIT_OR_WORD_RE = re.compile(rf"\d|\b(?:{_SMALL})\b", re.IGNORECASE)
# "one" is not a count in "the blue one", "no one", "one of", "one-way", "this one".
_NOT_COUNTED = frozenset(
    {"of", "in", "on", "at", "to", "for", "with", "by", "from", "way", "another", "more"}
    | {"less", "or", "and", "but", "is", "are", "was", "were", "it", "that", "this", "than"}
    | {"then", "so", "as", "if"}
    # "one" standing for a thing named: "never written one before", "get one too"
    | {"before", "yet", "again", "too", "either", "already", "instead", "anyway", "ever"}
)
# "one" as the figure of a bound: "cut my streaming services down to one", "keep it to one"
_ONE_BOUND_RE = re.compile(
    r"\b(?:(?:down|up|back)\s+to|(?:keep|limit|cap)\s+(?:it|them|that|this)\s+to|at\s+(?:most|least))\s+$",
    re.IGNORECASE,
)
_ONE_BEFORE_RE = re.compile(
    r"\b(?:the|this|that|which|no|any|every|each|some|another|a|blue|red|other|last|first|second|third"
    r"|next|fourth|fifth"
    r"|same|right|new|old|big|small|cheap|good)\s+$",
    re.IGNORECASE,
)

_TIME_WORD_RE = re.compile(
    r"noon|midday|midnight|morning|afternoon|evening|night|quarter|half\s+past|\d[.\s][0-5]\d\s*[ap]\.?m"
    r"|\b(?:by|before|after|until|till|at|than|from|between|half|past)\s+(?:(?:like|about|around)\s+)?"
    r"\d{1,2}\b|\d\s*-?ish\b"
    r"|\d{4}\s*(?:hrs|hours|h)\b|\d{1,2}h(?:[0-5]\d)?\b|\bfor\s+0\d{3}\b|\b(?:meetings?|calls?|appointments?|lunch)\s+\(?\d{1,2}\s*[-–]\s*\d"
    r"|(?:days?|weekends?)\s+\d{1,2}\s*(?:to|-|–)\s*\d|\d\s*(?:to|-|–)\s*\d{1,2}\s+on\s+\w*(?:days?|weekends?)\b"
    r"|\b(?:lunch|dinner|breakfast|brunch|supper)\s+(?:at\s+)?(?:around|about|roughly)\s+\d"
    r"|\d\s*(?:to|until|till|and|-|–|—)\s*\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m|o'?clock|in\s+(?:the\s+)?(?:morning|afternoon|evening))|今晚|明晚|昨晚|刻|中午|午夜|半夜|[点时]\s*\d*\s*(?:到|至|-|~)"
    r"|\d\s*(?:到|至|-|~)\s*\d{1,2}\s*[点时]|(?:上午|下午|晚上|早上|傍晚|凌晨)\s*\d"
    r"|朝[\d一二三四五六七八九十]{1,2}晚",
    re.IGNORECASE,
)
_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5}
_CN_DIGITS |= {"六": 6, "七": 7, "八": 8, "九": 9, "俩": 2, "仨": 3}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000, "亿": 100_000_000}
_MEASURE = (
    "个位名人口次回趟遍张间套件条双对只头本份杯瓶碗盘片粒颗袋包盒箱台辆架班场顿餐步层楼岁年居室厅卫家集"
    "月日号天晚夜周点刻元块角毛斤克米里升度倍成折星站轮晚期季节堂门科章页段句字篇首项题道行棵株盆朵"
    "勺匙滴根撮桌席座卷捆罐束枚盏种寸尺菜汤支样款副部幅把所封通桶壶锅房笔批"
)
_MEASURE_WORDS = (
    "小时", "分钟", "公斤", "千克", "公里", "毫升", "星期", "礼拜", "秒钟",
    "大人", "小孩", "孩子", "成人", "儿童", "老人", "分糖", "分甜", "学期",
    # a size between the number and its measure: "一小碗", "两大杯" (not 小时: a measure itself)
    "小碗", "大碗", "小杯", "大杯", "小勺", "大勺", "小盒", "大盒", "小袋", "大袋", "小瓶", "大瓶",
    # a grade as a bound: "风险等级二级及以下" (not a grade told: "钢琴考了九级")
    "级及", "级以",
)  # fmt: skip
_CN_RUN_RE = re.compile(
    r"(?<![零〇一二两三四五六七八九十百千万亿俩仨廿])[零〇一二两三四五六七八九十百千万亿俩仨廿]++"
)
_DAY_PART_RE = re.compile(r"(?:凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里)\s*$")
_READ = frozenset("元块张人个位次天晚月日号点时小分岁周间趟")
_HALF_RE = re.compile(r"个?半(?=小时|个|天|年|月|钟|斤|公斤|杯|瓶|到|至)")  # 两个半到三个小时
# the half after the measure word: "一斤半" 1.5 斤, "两年半" 2.5 years
_MEASURE_HALF_RE = re.compile(r"(?:斤|公斤|年|天|杯|瓶|碗|米|公里|里|块|站|层|圈|周)半(?!个)")
_IMPERATIVE_RE = re.compile(r"^(?:别|不|要|记|注意|小心|得|必须|一定)")


_PERIOD = (
    r"(?P<period>in\s+(?:the\s+)?(?:morning|afternoon|evening)|at\s+night|tonight"
    r"|(?:this|tomorrow)\s+(?:morning|afternoon|evening)|a\.?m\.?|p\.?m\.?)"
)
_EN_PERIOD_RE = re.compile(
    r"(?<![\d:])(?P<h>1[0-2]|0?[1-9])(?::(?P<mi>[0-5]\d))?\s*(?:o'?clock\s*)?"
    + _PERIOD.replace("a\\.?m\\.?|p\\.?m\\.?", "(?!)")
    + r"\b",
    re.IGNORECASE,
)
_EN_RANGE_RE = re.compile(
    r"(?<![\d:.])(?P<h1>1[0-2]|0?[1-9])(?:[:.](?P<m1>[0-5]\d))?\s*(?:and|to|until|till|-|–|—)\s*"
    r"(?:(?P<noon>noon|midday)|(?P<half2>half\s+)?(?P<h2>1[0-2]|0?[1-9])(?:[:.](?P<m2>[0-5]\d))?"
    r"\s*(?:o'?clock\s*)?"
    r"(?:-?ish\s*)?" + _PERIOD + r")",  # "between 6 and 9-ish in the morning"
    re.IGNORECASE,
)
_PAST_TO_RE = re.compile(
    r"\b(?:(?P<quarter>(?:a\s+)?quarter)|(?P<half>half)"
    # minutes past or to the hour: "ten past eleven" (spelled "10 past 11"), "twenty to seven"
    r"|(?<![\d.:$€£¥-])(?<!from\s)(?<!between\s)(?<!day\s)(?<!days\s)(?<!weekend\s)(?<!weekends\s)"
    # (a slot's bare hours: "Games 10 to 4", "shift 10 to 6")
    r"(?<!games\s)(?<!matches\s)(?<!shift\s)(?<!shifts\s)(?<!practice\s)(?<!training\s)"
    r"(?P<mins>5|10|20|25)(?:\s+minutes)?(?=\s+(?:past|after|to)\s))"
    r"\s+(?P<rel>past|passed|after|to|before|till)\s+"  # ("passed": typed, or heard by dictation)
    r"(?P<h>1[0-2]|0?[1-9])(?:\b|(?=[ap]\.?m\b))(?![\d:]|\.\d|\s*(?:-|–|people|persons|guests|kids|days?|hours?|minutes?|mins?"
    r"|weeks?|nights?|times?|%|percent|dollars?|euros?|pounds?|bucks))"
    r"(?:\s*o'?clock)?(?:\s*" + _PERIOD + r")?",
    re.IGNORECASE,
)
_DOTTED_RE = re.compile(
    # (a space for the colon, as dictation writes it: "for 6 40 am")
    r"(?<![\d.:,])(?P<h>1[0-2]|0?[1-9])(?:\.(?P<mi>[0-5]\d)\s*|\s(?P<ms>[0-5]\d)\s+)"
    r"(?P<period>a\.?m(?![A-Za-z])\.?|p\.?m(?![A-Za-z])\.?)",
    re.IGNORECASE,
)
_WEEKDAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# a British dotted clock without am/pm, after a time word and before the part of the day it
# holds for: "delivered at 7.45 each morning" (not a price: "at 2.50 each")
_DOTTED_AT_RE = re.compile(
    r"\b(?:at|by|before|after|until|till|from)\s+(?P<h>1[0-2]|0?[1-9])\.(?P<mi>[0-5]\d)(?![\d.])"
    r"(?=\s+(?P<part>(?:each|every)\s+(?:morning|evening|night|afternoon)|in\s+the\s+(?:morning"
    r"|afternoon|evening)|tonight|this\s+(?:morning|afternoon|evening)|tomorrow\s+(?:morning"
    r"|afternoon|evening)))",
    re.IGNORECASE,
)
# a British dotted clock after a bound ("anything before 9.30", "not until 10.15"; not a price,
# which "at" or "for" introduce, nor a measure after it)
_DOTTED_BOUND_RE = re.compile(
    r"\b(?:before|after|until|till|no\s+later\s+than|no\s+earlier\s+than)\s+"
    r"(?P<h>1[0-2]|0?[1-9])\.(?P<mi>[0-5]\d)(?![\d.%]|\s*(?:km|mi|miles|kg|lbs?|[ap]\.?m|%|percent))",
    re.IGNORECASE,
)
# "checked out by 11 on Sunday", "before 10 on a Sunday", "before 9 tomorrow", "at 7 sharp": a
# bare hour after a time preposition, when a day, "sharp" or the end of the clause follows (not
# "after 3 tries")
_BARE_HOUR_RE = re.compile(
    r"\b(?:(?<!swears\s)(?<!swear\s)(?<!swore\s)by|before|after|until|till|at"
    r"|(?:no[t]?\s+)?(?:later|earlier)\s+than|not\s+before"
    # a curfew's hour: "Curfew for my 17 yr old is 11 on weeknights"
    r"|\bcurfew(?:\s+[\w']+){0,5}?\s+(?:is|at|of)|\bcurfews?\s*:"
    # "Anything from 9 onwards works for me", "anything 10 or later works"
    r"|from(?=\s+\d{1,2}\s+(?:onwards?|on)\b)|anything(?=\s+\d{1,2}\s+or\s+(?:later|after)\b)"
    # a meal's hour, hedged: "Lunch around 12 if possible", "dinner about 7 then"
    r"|\b(?:lunch|dinner|breakfast|brunch|supper)(?=\s+(?:at\s+)?(?:around|about|roughly)\s)(?:\s+at)?"
    # "ideally not past 5" (not "in the past 5 years", "half past 5", "20 past 5")
    r"|(?<!the\s)(?<!half\s)(?<!quarter\s)(?<!\d\s)past)\s+"
    # a hedge or a stress between: "nothing that lands after like 3", "at exactly 8 every morning"
    r"(?:(?:like|about|around|roughly|exactly|precisely)\s+)?"
    r"(?P<h>1[0-2]|0?[1-9])\b(?:\s*o'?clock\b)?"
    r"(?=\s+(?:on\s+(?:a\s+)?)?(?:"
    + _WEEKDAYS
    + r"|school\s+night|week[- ]?night|week\s?day|weekend)s?\b"
    r"|\s+on\s+the\s+\d{1,2}(?:st|nd|rd|th)\b|\s+these\s+days\b|\s+on\s+(?:my|our|her|his)\s+days?\s+off\b"
    r"|\s+on\s+(?:those|these|the\s+same)\s+days\b"
    r"|\s+(?:tomorrow|today|tonight|sharp|or|and|so|but|every|each|at\s+the\s+latest|though|tho"
    r"|then|please|pls|because|cause|cuz|coz|cos|since|as|if|when|unless|ideally|preferably|even"
    r"|before\s+(?:the|we|they|i|you|it|he|she)"
    r"|onwards?|on(?=\W*$))\b"
    # said to suit: "Tuesdays or Thursdays after 10 work best", "after 4 works for me"
    r"|\s+(?:works?|suits?|(?:is|are)\s+(?:best|better|fine|ok|okay|good|ideal)|would\s+(?:work|suit|be))\b"
    # the half of the day after it: "only after 10 of the morning" (as Spanish says it)
    r"|\s+(?:of|in)\s+(?:the\s+)?(?:morning|afternoon|evening|night)\b"
    # what the hour is for: "has to get in before 11 for a meeting"; whose clock it is: "or
    # after 5 my time (pst)"
    r"|\s+for\s+(?:the|a|an|my|our|[a-z]+s)\b|\s+(?:my|your|our|their|his|her|local)\s+time\b"
    r"|\s+\(?(?:[pmce][sd]t|utc|gmt|bst|cet|cest|ist|aest|jst)\b"
    # a sentence end, or an emoji that ends it: "be done by 9 🥲"
    r"|\s*(?:[,.](?!\d)|[;!?)]|[\u2600-\u27bf\U0001f000-\U0001faff]|[—–]|\s-\s|$))",
    re.IGNORECASE,
)
# "7 o'clock" names an hour whatever comes before it ("Saturday evening, on 7 o'clock")
# "Aim for 2pm for the retro, 4 at the very latest": a bare hour with its bound after it
_LATEST_HOUR_RE = re.compile(
    r"(?<![\d:.$€£¥])(?<!to\s)(?<!past\s)(?<!by\s)(?<!before\s)(?<!after\s)(?<!until\s)"
    r"(?P<h>1[0-2]|0?[1-9])\s+(?:at\s+the\s+(?:very\s+)?latest|latest|at\s+the\s+earliest)\b",
    re.IGNORECASE,
)
_OCLOCK_RE = re.compile(
    r"(?<![\d:.])(?P<h>1[0-2]|0?[1-9])\s*o'?clock\b"
    r"(?!\s*(?:in\s+the|at\s+night|tonight|this|tomorrow|a\.?m|p\.?m))",
    re.IGNORECASE,
)
_PART_AT_RE = re.compile(
    r"\b(?P<period>morning|afternoon|evening|tonight|night)\s+at\s+(?P<h>1[0-2]|0?[1-9])"
    r"(?::(?P<mi>[0-5]\d))?\b(?!\s*(?:[ap]\.?m\b|:|o'?clock\s+in))",
    re.IGNORECASE,
)
_NOON_RE = re.compile(r"\b(?P<word>noon|midday|midnight)\b", re.IGNORECASE)
_NOON_TO_RE = re.compile(
    r"\b(?:noon|midday)\s*(?:to|until|till|-|–)\s*(?P<h>[1-6]|one|two|three|four|five|six)\b"
    r"(?!\s*(?::|\.\d|a\.?m|people|hours?|min))",
    re.IGNORECASE,
)
# What may follow an hour said bare for it to be a time: the clause's end, a day, a link
# word ("between 8 and 11, since…", "half seven tonight"); not a noun ("8 and 11 people").
_CLOCK_FOLLOW = (
    r"(?=\s*(?:[,.;!?)]|$)|\s+(?:on|every|each|tomorrow|today|tonight|since|because|as|so|our|my|your|their"
    r"|but|and|or|please|pls|though|tho|then|this|at\s+the\s+latest|sharp|ideally|preferably|if|unless"
    r"|cause|cuz|works?|suits?|" + _WEEKDAYS + r")\b"
    # what the window is: "weekday mornings 9 to 11 are my writing block"
    r"|\s+(?:are|is)\s+(?:my|our|blocked|busy|free|booked|taken|reserved)\b"
    # what the window is for: "Saturday morning 8 to 10 to watch the dog"
    r"|\s+to\s+(?!\d)[a-z]{2,}\b|\s+for\s+(?:the|a|an|my|our)\b)"
)
# British "half seven" (7:30), not "half an hour", "half past", "half 2 litres"
_HALF_HOUR_RE = re.compile(
    r"\bhalf\s+(?P<h>1[0-2]|0?[1-9])\b(?:\s*" + _PERIOD + r"|" + _CLOCK_FOLLOW + r")",
    re.IGNORECASE,
)
# "0930 hrs", "1400 hours": a four-digit clock
_HOURS_CLOCK_RE = re.compile(
    r"(?<![\d:.])(?P<h>[01]\d|2[0-3])(?P<mi>[0-5]\d)\s*(?:hrs|hours|h)\b"
    # a clock said as hours after a time word, as many languages say it: "until 16 hours",
    # "nothing before 9 hours" (not "for 16 hours", "in 2 hours": durations)
    r"|\b(?:until|till|from|at|before|after)\s+(?P<h2>1\d|2[0-3]|0?\d)\s+hours\b"
    r"(?!\s+(?:a|per|of|late|early|ahead|behind|later|earlier|off)\b)"
    # the French and continental "18h", "18h30" after a time word, and "18h30" anywhere (not
    # the length of "a 14h flight", "under 3h")
    r"|\b(?:at|by|before|after|until|till|from|(?:later|earlier)\s+than)\s+"
    r"(?P<h3>1\d|2[0-3]|0?\d)h(?P<mi3>[0-5]\d)?\b"
    r"(?!\s*(?:flights?|drives?|shifts?|rides?|trips?|journey|of|a|per)\b)"
    r"|(?<![\d:.])(?P<h4>1\d|2[0-3]|0?\d)h(?P<mi4>[0-5]\d)\b"
    # a military clock with its leading zero after a time word: "a reminder for 0730"
    r"|\b(?:at|by|for|before|after|until|till|from|(?:later|earlier)\s+than)\s+"
    r"(?P<h5>0\d)(?P<mi5>[0-5]\d)\b(?![.,:]\d)",
    re.IGNORECASE,
)
# "seven thirty tonight", "at six forty five" (spelled "7 30", "6 45"): an hour and its minutes
# said aloud, after a time word or before a half of the day
_SPOKEN_CLOCK_RE = re.compile(
    r"(?:(?P<pre>\b(?:at|by|before|after|until|till|around|about|from|to|than)\s+)|(?<![\d:.]))"
    r"(?P<h>1[0-2]|0?[1-9])\s+(?P<mi>[0-5]\d)\b(?!\s*(?:[-/.:]?\d|%))(?:\s*" + _PERIOD + r")?",
    re.IGNORECASE,
)
# what makes "six fifteen" a time without "at": an alarm or a reminder said to a voice assistant
# ("set an alarm for six fifteen", "no wait make that six thirty"), or a day right after it
_SPOKEN_CUE_RE = re.compile(
    r"\b(?:alarm|wake\s+(?:me|us)|remind\s+(?:me|us)|make\s+(?:that|it))\b", re.IGNORECASE
)
_DAY_NEXT_RE = re.compile(
    r"\s+(?:tomorrow|tonight|today|this\s+(?:morning|evening|afternoon))\b", re.IGNORECASE
)
# "5ish", "around 7-ish": an hour, roughly
_ISH_RE = re.compile(
    r"(?<![\d:.])(?<!\d-)(?<!\d–)(?P<h>1[0-2]|0?[1-9])\s*-?ish\b(?!\s+(?:times|people|guests|days|hours|weeks|months|kids"
    r"|nights|items|pieces))(?:\s*" + _PERIOD + r")?",
    re.IGNORECASE,
)  # "around 9-ish pm", "like 7ish in the evening": the half of the day said after it holds
# a shift that runs to closing time starts in the afternoon or evening: "from 5 till close"
_TILL_CLOSE_RE = re.compile(
    r"(?<![\d:])\b(?:from|at)\s+(?P<h>1[0-2]|0?[1-9])(?::(?P<mi>[0-5]\d))?\s*(?:till|until|to|-|–)"
    r"\s*(?:close|closing)\b",
    re.IGNORECASE,
)
# "between 8 and 11", "from 7 to midnight", "friday night 7 to 11": a window said with bare
# hours
_BARE_RANGE_RE = re.compile(
    r"(?:\b(?:from|between)\s+(?=\d)|(?=\d{1,2}:[0-5]\d\s*(?:to|until|till|-|–))"
    r"|\b(?:any\s*time|anything)\s+(?=\d{1,2}\s*(?:to|until|till|-|–)\s*\d)"
    # a bare hour to a clock: "just not 10-10:30", "mornings 7-7:30"; a span said roughly: "9-11ish"
    r"|(?<![\d:.$€£¥])(?=\d{1,2}\s*[-–]\s*\d{1,2}(?::[0-5]\d|-?ish\b)|\d{1,2}-?ish\s*[-–]\s*\d)"
    r"|\b(?:mornings?|afternoons?|evenings?|nights?|tonight),?\s+(?=\d{1,2}\s*(?:to|until|till)\s*\d)"
    # a window whose half of the day follows it: "Block 9 to 10 every morning"
    r"|(?<![\d:.])(?=\d{1,2}\s*(?:to|until|till|-|–)\s*\d{1,2}\s+(?:every|each|in\s+the|this"
    r"|tomorrow)\s+(?:morning|afternoon|evening|night)))"
    r"(?<![\d:])"
    r"(?P<h1>1[0-2]|0?[1-9])(?::(?P<m1>[0-5]\d))?(?:-?ish)?\s*(?:to|and|until|till|-|–)"
    r"\s*(?:(?P<word>midnight|noon|midday)|(?P<h2>1[0-2]|0?[1-9]|1[3-9]|2[0-3])(?::(?P<m2>[0-5]\d))?"
    r"(?:-?ish)?)\b"
    r"(?:\s*o'?clock\b)?" + _CLOCK_FOLLOW,
    re.IGNORECASE,
)
# The words that put an hour said without am/pm in one half of the day: "Mornings only,
# between 8 and 11", "dinner around 7ish", "明天下午…4点半之前", "晚饭七点前".
_AM_WORDS_RE = re.compile(
    r"\b(?:mornings?|breakfast|wake|waking|alarm|sunrise)\b|(?<=\d)\s?a\.?m\b|\ba\.m\.|上午|早上|早晨|凌晨|早班"
    # out of bed by then: "I want him up by 10 at the latest"
    r"|\b(?:be|him|her|them|me|us|you|kids?)\s+up\s*$"
    r"|早饭|早餐|明早|今早|清早|一早|起床|叫醒|闹钟",
    re.IGNORECASE,
)
_PM_WORDS_RE = re.compile(
    r"\b(?:afternoons?|evenings?|tonight|nite|night(?!s)|dinner|supper)\b|(?<=\d)\s?p\.?m\b"
    r"|\bp\.?m\b|下午|傍晚|晚上|夜里|晚饭|晚餐|今晚|明晚|每晚|天天晚上|每天晚上"
    # an evening named by what happens in it: "部门要聚餐…大家下班都是六点", "after work"
    r"|聚餐|下班|晚宴|夜宵|\bafter\s+work\b|\bbed\s*time\b|睡前|睡觉前"
    # what goes on in the evening: "the live music thursdays … has to wrap up before half nine"
    r"|\blive\s+music\b|\b(?:gigs?|concerts?|karaoke|pub\s+quiz|open\s+mic)\b"
    r"|\blights?\s+out\b|\b(?:in|to)\s+bed\b|\bafter\s+(?:lunch|school)\b"
    r"|\bschool\s+pick[- ]?up\b|熄灯|熬夜|宵禁"
    # a teenager home by then: "only if he's home by 11:30"
    r"|\bhome\s+(?:by|before|no\s+later\s+than)\s*$"
    # the evenings a rule is for, and a teenager's: "school nights its 10pm", "curfew is 11"
    r"|\b(?:school|week)[- ]?nights?\b|\bcurfews?\b|\bprom\b",
    re.IGNORECASE,
)
# "between 5 and 7 this evening": the half of the day said right after a window
_HALF_AFTER_RE = re.compile(
    r"\s*(?:(?:this|tomorrow|every|each|on\s+\w+|our|my|your|their|his|her)\s+)?(?:mornings?|afternoons?"
    r"|evenings?|night|tonight)\b"
    # the evenings a rule is for: "past 8 on a school night", "11 on weeknights"
    r"|\s*(?:on\s+)?(?:a\s+)?(?:school|week)[- ]?nights?\b"
    r"|\s*(?:(?:in|of)\s+(?:the\s+)?(?:morning|afternoon|evening)|at\s+night)\b",
    re.IGNORECASE,
)
# the half of the day named by the reason right after a bare hour: "before 8 cos of bedtime"
_HALF_REASON_RE = re.compile(
    r"\s+(?:because|cause|cuz|coz|cos|for|since)\s+(?:of\s+)?(?:the\s+|my\s+|our\s+|his\s+|her\s+)?"
    r"(?:kids?'?\s+)?(?:bed\s*time|dinner|supper|breakfast|school|work)\b",
    re.IGNORECASE,
)
AFTERNOON_HOURS = range(1, 6)
"""Hours said with no half of the day and none in sight: 1 to 5 are read in the afternoon
("the nursery shuts at 5", "4点半之前"): nobody books a plumber at 4 in the night."""


def day_half(before: str) -> str | None:
    """``"am"``/``"pm"``: the half of the day the last part-of-day word of ``before`` names."""
    last: tuple[int, str] | None = None
    for pattern, half in ((_AM_WORDS_RE, "am"), (_PM_WORDS_RE, "pm")):
        for m in pattern.finditer(before):
            if last is None or m.end() > last[0]:
                last = (m.end(), half)
    return last[1] if last else None


_AM_CLOCK_RE = re.compile(r"(?<![\d:])(?P<h>1[01]|0?[1-9])(?::[0-5]\d)?\s*a\.?m\b", re.IGNORECASE)
_AM_WINDOW_RE = re.compile(
    r"(?<![\d:])(?P<a>1[01]|0?[1-9])\s*(?:-|–|to)\s*(?P<b>1[0-2]|0?[1-9])\s*a\.?m\b", re.IGNORECASE
)
# The first end of a range just before an hour: "9点到", "9 to", "零点到", "midnight until"
_RANGE_START_RE = re.compile(
    r"(?:(?P<midnight>零点|midnight)|(?<![\d:.])(?P<h>\d{1,2})(?::[0-5]\d)?\s*(?:[点时]半?)?)"
    r"\s*(?:到|至|-|~|～|–|—|to|until|till)\s*$",
    re.IGNORECASE,
)


_STAY_LATER_RE = re.compile(
    r"\b(?:stay|work|finish|run|be\s+out|keep\s+going)\s+(?:any\s+)?(?:later\s+than\s*)?$",
    re.IGNORECASE,
)
# "after 6" with no clock said before it: the evening ("After 6 is ideal"; not "at the office
# by 8:15, so a bus that leaves after 7")
_AFTER_RE = re.compile(r"\bafter\s*$", re.IGNORECASE)


def _after_no_clock(before: str) -> bool:
    """``before`` ends in "after" and names no figure (``_AFTER_RE``)."""
    return _AFTER_RE.search(before[-12:]) is not None and not any(c.isdigit() for c in before)


def bare_clock(hour: int, minute: int, before: str) -> str:
    """``H:MM`` of an hour said without am/pm: in the half of the day ``before`` (the text up
    to it) names last, else in the afternoon for 1 to 5 (``AFTERNOON_HOURS``), else as said."""
    half = day_half(before)
    start = _RANGE_START_RE.search(before)
    if start is not None and (start.group("midnight") or int(start.group("h")) == 0):
        half = "am"  # "零点到两点", "midnight to 2": the small hours
    elif start is not None and half is None and int(start.group("h")) > hour:
        half = "pm"  # "九点到六点", "9 to 5": a day's span ends in the afternoon
    if half is None and hour in AFTERNOON_HOURS:
        half = "pm"
    if (
        half is None
        and hour in (6, 7)
        and (_STAY_LATER_RE.search(before) or _after_no_clock(before))
    ):
        half = "pm"  # "I can't stay later than 6 on Thursdays", "After 6 is ideal": evening
    morning = list(_AM_CLOCK_RE.finditer(before))
    inside = any(  # "they gave a 7–11am window, can u ask them to come after 9": inside it
        int(m.group("a")) <= hour <= int(m.group("b")) for m in _AM_WINDOW_RE.finditer(before)
    )
    if half == "am" and morning and int(morning[-1].group("h")) > hour and not inside:
        half = "pm"  # "drop the car off at 8am and pick it up no later than 5": later that day
    if hour == 12 and half == "am":
        half = None  # "明天上午来，十二点前我得出门": the morning ends at noon, not midnight
    return _clock(hour, minute, half)


_CN_PART = rf"(?P<part>{CN_DAY_PARTS})"
_CN_RANGE_RE = re.compile(
    _CN_PART + r"\s*(?P<h1>\d{1,2})(?::(?P<c1>[0-5]\d)|\s*(?:[点时](?P<half1>半)?"
    r"(?:\s*(?P<m1>\d{1,2})\s*分)?)?)\s*(?:到|至|-|~|～|–|—)\s*(?P<h2>\d{1,2})"
    r"(?::(?P<c2>[0-5]\d)|\s*[点时](?P<half2>半)?(?:\s*(?P<m2>\d{1,2})\s*分)?)"
)
_CN_QUARTER_RE = re.compile(r"(?:" + _CN_PART + r"\s*)?(?P<h>\d{1,2})\s*[点时]\s*(?P<q>[13])\s*刻")
# working hours said as a pair: "朝九晚五", "朝八晚八"
_MORNING_TO_NIGHT_RE = re.compile(
    r"朝(?P<a>\d{1,2}|[一二三四五六七八九十]{1,2})晚(?P<b>\d{1,2}|[一二三四五六七八九十]{1,2})(?![\d点时])"
)
_CN_NOON_RE = re.compile(r"中午(?!\s*\d)|(?P<midnight>午夜|半夜)(?!\s*\d)")
_CN_EVENING_RE = re.compile(r"(?:今晚|明晚|昨晚)\s*(?P<h>\d{1,2})\s*[点时](?P<half>半)?")
_LATE = {
    "afternoon",
    "evening",
    "night",
    "tonight",
    "pm",
    "p.m",
    "p.m.",
} | LATE_DAY_PARTS


@dataclass(frozen=True, slots=True)
class Numeral:
    """A number written in words (or with a ``k`` suffix).

    Attributes:
        start: offset in the text.
        end: offset just past it.
        text: as written.
        value: the number in ASCII digits (``"2"``, ``"5000"``, ``"1.5"``).
    """

    start: int
    end: int
    text: str
    value: str


def _small(words: str) -> int:
    total = 0
    for part in re.split(r"[-\s]+", words.lower()):
        total += _TENS.get(part, 0) + _UNITS.get(part, 0)
    return total


def _en_value(text: str) -> int:
    """``"two hundred and fifty"`` -> 250, ``"three thousand"`` -> 3000."""
    total, current = 0, 0
    for chunk in re.split(r"\s+(?:and\s+)?", text.lower()):
        if chunk == "hundred":
            current = (current or 1) * 100
        elif chunk == "thousand":
            total += (current or 1) * 1000
            current = 0
        else:
            current += _small(chunk)
    return total + current


def _counted(text: str, match: re.Match[str]) -> bool:
    """Whether a lone ``one`` counts something (a noun follows, no determiner precedes)."""
    after = match.group("after")
    if after.startswith("-"):
        return False  # one-way, one-off
    following = re.match(r"\s+([A-Za-z]+)", text[match.end() :])
    if following is None or following.group(1).lower() in _NOT_COUNTED:
        return False
    return _ONE_BEFORE_RE.search(text[max(0, match.start() - 12) : match.start()]) is None


# A year said aloud after a month: "the twenty third of march twenty twenty seven" 2027,
# "june nineteen ninety" 1990
_MONTH_BEFORE_RE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+the)?(?:\s+[a-z-]+){0,2}"
    r",?\s+$",
    re.IGNORECASE,
)
_SPOKEN_YEAR_RE = re.compile(
    rf"\b(?P<century>nineteen|twenty)\s+(?P<rest>(?:{_TEN_WORDS})(?:[-\s](?:{_UNIT_WORDS}))?"
    rf"|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b",
    re.IGNORECASE,
)


def _spoken_years(text: str) -> list[Numeral]:
    found: list[Numeral] = []
    for m in _SPOKEN_YEAR_RE.finditer(text):
        if _MONTH_BEFORE_RE.search(text, max(0, m.start() - 40), m.start()):
            century = 19 if m.group("century").lower() == "nineteen" else 20
            year = century * 100 + _small(m.group("rest"))
            found.append(Numeral(m.start(), m.end(), m.group(0), str(year)))
    return found


def _english(text: str) -> list[Numeral]:
    found = _number_words(text) + _digits_with_words(text) + _ordinals(text) + _spoken_years(text)
    for m in _ARTICLE_RE.finditer(text):
        if _DIGIT_OR_WORD_RE.search(text, max(0, m.start() - 60), m.start()):
            article = m.group(0).split()[1]
            start = m.start() + m.group(0).rindex(article)
            found.append(Numeral(start, start + len(article), article, "1"))
    for m in _BOUNDED_ONE_RE.finditer(text):
        name = next(g for g in ("one", "after", "the") if m.group(g))
        found.append(Numeral(m.start(name), m.end(name), m.group(name), "1"))
    found += [Numeral(m.start(), m.end(), m.group(0), "1") for m in _SINGLE_RE.finditer(text)]
    return found


# "keep the house manual to a single page": one of a measure (not "a single mum", "single room")
_SINGLE_RE = re.compile(
    r"\b(?:a|one)\s+single(?=\s+(?:page|sheet|slide|paragraph|line|sentence|day|night|trip|visit"
    r"|bag|stop|change|transfer|layover|session|drink|glass|cup|meeting|call|email)\b)",
    re.IGNORECASE,
)


_FRACTION_PARTS: Final = {
    "third": 3,
    "thirds": 3,
    "quarter": 4,
    "quarters": 4,
    "fifth": 5,
    "fifths": 5,
    "sixth": 6,
    "sixths": 6,
    "eighth": 8,
    "eighths": 8,
    "tenth": 10,
    "tenths": 10,
}
"""A denominator said after a hyphen: "two-thirds", "three-quarters"."""


_PAST_OR_TO_END_RE = re.compile(
    r"\b(?:quarter|half|five|ten|twenty|twenty[- ]five)\s+(?:past|to|after|till)\s+$", re.IGNORECASE
)


def _number_words(text: str) -> list[Numeral]:
    """ "two", "twenty-five hundred", "half a dozen", "twice", "forty grand", "two and a half"."""
    found: list[Numeral] = []
    for m in _EN_NUMBER_RE.finditer(text):
        if m.group("twice"):
            times = {"once": "1", "twice": "2", "thrice": "3"}[m.group("twice").lower()]
            found.append(Numeral(m.start(), m.end(), m.group(0), times))
            continue
        if m.group("num") is None:
            value = 6 if m.group("half") else 12
            found.append(Numeral(m.start(), m.end(), m.group(0), str(value)))
            continue
        if m.group("after") and not m.group("after").startswith("-"):
            continue  # "someone", "oneself": the word goes on
        part = _FRACTION_PARTS.get(m.group("after").lower()[1:])
        numerator = _en_value(m.group("num"))
        if part is not None and numerator < 10:  # "two-thirds": 2/3 (not "twenty-third")
            found.append(Numeral(m.start(), m.end(), m.group(0), f"{numerator}/{part}"))
            continue
        words = m.group("num")
        end = m.start("num") + len(words)
        if words.lower() == "one" and not (
            _counted(text, m)
            or _AND_A_HALF_RE.match(text, end)
            or _PAST_OR_TO_END_RE.search(text, 0, m.start())  # "a quarter to one": 12:45
            or _ONE_BOUND_RE.search(text, max(0, m.start() - 20), m.start())
        ):
            continue
        number: int | Decimal = _en_value(words)
        scale = _SCALE_AFTER_RE.match(text, end) or _WORD_K_RE.match(text, end)
        if scale:
            number, end = number * _SCALES[scale.group("scale").lower()], scale.end()
        half = _AND_A_HALF_RE.match(text, end)
        if half:  # "two and a half hours": 2.5
            number, end = number + Decimal("0.5"), half.end()
        found.append(Numeral(m.start(), end, text[m.start() : end], str(number)))
    return found


# Two number words joined by a hyphen, as clocks and prices are said: "at ten-thirty" (10:30),
# "six-forty-five" (6:45); "quoted three-fifty", "under one-fifty a night" (350, 150: a price
# said short, known by the money around it). Neither a range of a count ("ten-fifteen
# minutes") nor a height ("five-ten", whose second part is no minute said this way).
_HOUR_WORDS = "|".join(w for w, v in _UNITS.items() if 1 <= v <= 12)
_HYPHEN_PAIR_RE = re.compile(
    rf"\b(?P<h>{_HOUR_WORDS})-(?P<mi>fifteen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty"
    r"|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)\b(?![-\w])",
    re.IGNORECASE,
)
_PRICE_BEFORE_RE = re.compile(
    r"(?:\b(?:quoted|cost|costs|paid|pay|priced|charged|charges|asking|under|over|below|above"
    r"|budget\s+is|was|is|only|just)\s+|[$€£¥]\s*)$",
    re.IGNORECASE,
)
_PRICE_AFTER_RE = re.compile(
    r"\s*(?:a\s+(?:night|head|month|week|piece|pop)|each|per|apiece|bucks|dollars?|quid|euros?"
    r"|pounds?)\b",
    re.IGNORECASE,
)
_NOT_CLOCK_AFTER_RE = re.compile(
    r"\s*(?:%|percent|min|mins|minutes?|hours?|hrs?|people|persons|guests|kids|years?|yrs?|days?"
    r"|weeks?|months?|kg|kilos?|lbs?|miles?|km|pages?|words?|items?|times|of)\b",
    re.IGNORECASE,
)
_CLOCK_MINUTES = re.compile(r"fifteen|(?:twenty|thirty|forty|fifty)(?:-five)?", re.IGNORECASE)


def _hyphen_clocks(text: str) -> list[Numeral]:
    """ "ten-thirty" 10:30, "six-forty-five" 6:45 (the half of the day is the reader's);
    "three-fifty" after "quoted" 350."""
    found: list[Numeral] = []
    for m in _HYPHEN_PAIR_RE.finditer(text):
        hour = _UNITS[m.group("h").lower()]
        minute = sum(_TENS.get(w, 0) + _UNITS.get(w, 0) for w in m.group("mi").lower().split("-"))
        if _PRICE_BEFORE_RE.search(text, 0, m.start()) or _PRICE_AFTER_RE.match(text, m.end()):
            found.append(Numeral(m.start(), m.end(), m.group(0), str(hour * 100 + minute)))
        elif _CLOCK_MINUTES.fullmatch(m.group("mi")) and not _NOT_CLOCK_AFTER_RE.match(
            text, m.end()
        ):
            found.append(Numeral(m.start(), m.end(), m.group(0), f"{hour}:{minute:02d}"))
    return found


# A Roman numeral after what it numbers: "chapters IX to XII", "第Ⅲ到Ⅴ章" (NFKC "III"), "Part
# II" (capitals only, so the pronoun "I" stays a word)
_ROMAN_RE = re.compile(
    r"(?:\b(?:chapters?|ch\.?|parts?|books?|volumes?|vols?\.?|seasons?|acts?|units?|sections?"
    r"|levels?|modules?|episodes?)\s+|第\s*)(?P<a>[IVXLC]{1,6})(?![A-Za-z])"
    r"(?:\s*(?:to|through|thru|-|–|到|至)\s*(?P<b>[IVXLC]{1,6})(?![A-Za-z]))?"
)
_ROMAN_VALUES: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def _roman_value(numeral: str) -> int | None:
    """The value of a well-formed Roman numeral under 400, else ``None``."""
    total = 0
    for index, char in enumerate(numeral):
        value = _ROMAN_VALUES[char]
        following = _ROMAN_VALUES[numeral[index + 1]] if index + 1 < len(numeral) else 0
        total += -value if value < following else value
    return total if 0 < total < 400 and _to_roman(total) == numeral else None


def _to_roman(value: int) -> str:
    out = ""
    for amount, letters in ((100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"),
                            (5, "V"), (4, "IV"), (1, "I")):  # fmt: skip
        count, value = divmod(value, amount)
        out += letters * count
    return out


def _romans(text: str) -> list[Numeral]:
    """ "chapters IX to XII": 9 and 12; "第III到V章": 3 and 5."""
    found: list[Numeral] = []
    for m in _ROMAN_RE.finditer(text):
        for group in ("a", "b"):
            said = m.group(group)
            value = _roman_value(said) if said else None
            if value is not None:
                found.append(Numeral(m.start(group), m.end(group), said, str(value)))
    return found


def _vulgar_fractions(text: str) -> list[Numeral]:
    """ "2½ kilos" (NFKC "21⁄2"): 2.5."""
    found: list[Numeral] = []
    for m in _VULGAR_RE.finditer(text):
        value = int(m.group("whole") or 0) + Decimal(m.group("num")) / Decimal(m.group("den"))
        found.append(Numeral(m.start(), m.end(), m.group(0), format(value.normalize(), "f")))
    return found


def _digits_with_words(text: str) -> list[Numeral]:
    """ "5k", "40 grand", "2 and a half", "a hundred", "a couple of"."""
    found: list[Numeral] = []
    for m in _K_RE.finditer(text):
        try:
            thousands = Decimal(m.group("num")) * 1000
        except InvalidOperation:
            continue
        found.append(Numeral(m.start(), m.end(), m.group(0), format(thousands.normalize(), "f")))
    for m in _MILLIONS_RE.finditer(text):  # "a condo under $1.2M": 1200000
        millions = Decimal(m.group("num")) * 1_000_000
        found.append(
            Numeral(m.start("num"), m.end(), m.group(0), format(millions.normalize(), "f"))
        )
    for m in _DIGIT_SCALE_RE.finditer(text):
        scaled = Decimal(m.group("num")) * _SCALES[m.group("scale").lower()]
        found.append(Numeral(m.start(), m.end(), m.group(0), format(scaled.normalize(), "f")))
    for m in _DIGITS_AND_A_HALF_RE.finditer(text):
        found.append(Numeral(m.start(), m.end(), m.group(0), f"{int(m.group('num'))}.5"))
    for m in _A_SCALE_RE.finditer(text):  # "under a hundred", "a thousand bucks"
        rest = m.group("rest")
        value = _A_SCALES[m.group("scale").lower()] + (_small(rest) if rest else 0)
        found.append(Numeral(m.start(), m.end(), m.group(0), str(value)))
    for m in _UNIT_AND_A_HALF_RE.finditer(text):  # "an hour and a half": 1.5 hours
        article = m.group(0).split()[0]
        found.append(Numeral(m.start(), m.start() + len(article), article, "1.5"))
    for m in _PAIR_RE.finditer(text):  # "a couple of nights", "a pair of tickets"
        if not _COUPLE_SCALE_RE.match(text, m.start()):
            found.append(Numeral(m.start(), m.end(), m.group(0), "2"))
    for m in _COUPLE_SCALE_RE.finditer(text):  # "a couple hundred bucks": 200
        scale = m.group("scale").lower()
        value = 2 * (_A_SCALES.get(scale) or _SCALES[scale])
        found.append(Numeral(m.start(), m.end(), m.group(0), str(value)))
    for m in _MONEY_WORD_RE.finditer(text):  # "a tenner": 10
        value = _MONEY_WORDS[m.group("word").lower()]
        found.append(Numeral(m.start(), m.end(), m.group(0), str(value)))
    return found


def _ordinals(text: str) -> list[Numeral]:
    """ "the fourth floor" 4, "the twenty-first" 21, "the fifth of May" 5; not "first" or
    "second" alone, nor a fraction ("a third", "one fifth"; "two thirds" is a plural)."""
    found: list[Numeral] = []
    for m in _ORDINAL_RE.finditer(text):
        word = m.group("ord").lower()
        if m.group("tens"):
            if word not in _UNIT_ORDINALS:
                continue  # "twenty tenth" is no number
            value = _TENS[m.group("tens").lower()] + _UNIT_ORDINALS[word]
        elif word in _ORDINALS:
            value = _ORDINALS[word]
        elif _OF_MONTH_RE.match(text, m.end()):
            value = _UNIT_ORDINALS[word]  # "the second of March": a day
        else:
            continue  # "first", "second" alone: a word before a number
        found.append(Numeral(m.start(), m.end(), m.group(0), str(value)))
    return found


_OF_MONTH_RE = re.compile(
    r"\s+of\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.IGNORECASE
)


def cn_value(run: str) -> int | None:
    """Chinese numerals as an int: ``两百`` 200, ``十五万`` 150000, ``四百五`` 450 (colloquial
    tail: a digit right after ``百``/``千``/``万`` is a tenth of it), ``一九`` 19."""
    if run and all(char in _CN_DIGITS for char in run):
        return int("".join(str(_CN_DIGITS[char]) for char in run))  # digit by digit: 八八 88
    total, section, digit = 0, 0, None
    last_unit = 0
    for char in run:
        if char in "零〇" and digit is None and last_unit:
            continue  # a gap after a unit: 一百零五 is 105, 两千零八 2008
        if char in _CN_DIGITS:
            if digit is not None:
                section = section * 10 + digit
            digit = _CN_DIGITS[char]
        elif char == "亿":  # 三亿五千万: 350000000
            total = (total + section + (digit or 0)) * 100_000_000
            section, digit, last_unit = 0, None, 100_000_000
        elif char == "万":
            total += (section + (digit or 0)) * 10000
            section, digit, last_unit = 0, None, 10000
        elif char == "廿":  # twenty: 廿八 28
            section += 20
            digit, last_unit = None, 10
        else:
            section += (1 if digit is None else digit) * _CN_UNITS[char]
            digit, last_unit = None, _CN_UNITS[char]
    if digit is not None and last_unit >= 100 and "零" not in run and not section % last_unit:
        return total + section + digit * last_unit // 10
    return total + section + (digit or 0)


def _measured(text: str, end: int) -> bool:
    rest = text[end : end + 2]
    return bool(rest) and (rest[0] in _MEASURE or rest.startswith(_MEASURE_WORDS))


_CN_NEIGHBOURS_RE = re.compile(
    r"(?P<tens>[一二两三四五六七八九]?十)?(?P<a>[一二两三四五六七八九])(?P<b>[两二三四五六七八九])"
    r"(?P<unit>[十百千万])?(?P<big>(?<=[十百千])万)?"
)
_CN_ROUGH_RE = re.compile(r"(?P<run>[一二两三四五六七八九十百千]+)(?:来|把)(?P<unit>[万千百])?")
_CN_PERCENT_RE = re.compile(
    r"百分之(?P<run>[零〇一二两三四五六七八九十百]+|\d+(?:\.\d+)?)(?:点(?P<dec>[零〇一二三四五六七八九]+))?"
)
_CN_TENTH_RE = re.compile(
    r"(?P<run>[一二两三四五六七八九十百千]+)(?P<unit>米|块)(?P<tenth>[一二三四五六七八九])"
    r"(?!(?<=一)[晚天夜次人位周月年份个张只件斤杯瓶])"  # (not "六百块一晚": 600 a night)
    r"(?![二两三四五六七八九十百千万钱毛角])(?!一(?![个份张只件斤杯瓶]))"
)
# the same in digits: "2米8" 2.8 m, "1米75" 1.75 m
_DIGIT_TENTH_RE = re.compile(
    r"(?<![\d.])(?:(?P<whole>\d)米(?P<part>\d{1,2})"
    # and money: "1块5" 1.5 yuan, "3块5一斤" (not "20块5个": five for twenty)
    r"|(?P<yuan>\d{1,3})块(?P<jiao>\d)(?![件份张只斤瓶袋箱盒包杯]))(?![\d.%个次天号])"
)
_CN_UPWARDS_RE = re.compile(r"上(?P<unit>[万千百])(?![万千百亿])")
# "两大一小": two adults and a child
_CN_PARTY_RE = re.compile(r"(?P<a>[一二两三四五六七八九])大(?P<b>[一二两三四五六七八九])小")


def _neighbours(run: str) -> tuple[int, int, int] | None:
    """ "两三千" (2000, 3000), "三四" (3, 4), "十五六" (15, 16), "二三十" (20, 30), "三四十万"
    (300000, 400000): two neighbouring digits say "about this or the next" (never the number
    3002 or 7). The third value is where the second number starts in ``run``."""
    m = _CN_NEIGHBOURS_RE.fullmatch(run)
    if m is None:
        return None
    a, b = _CN_DIGITS[m.group("a")], _CN_DIGITS[m.group("b")]
    if b != a + 1:
        return None
    base = cn_value(m.group("tens")) or 0 if m.group("tens") else 0
    unit = _CN_UNITS[m.group("unit")] if m.group("unit") else 1
    unit *= _CN_UNITS["万"] if m.group("big") else 1
    return (base + a) * unit, (base + b) * unit, m.start("b")


def _rough(text: str) -> list[Numeral]:
    """ "十来万" 100000, "百来块" 100, "千把块" 1000, "上万" 10000: about that many; and
    "百分之二十" 20%, "两米一" 2.1, "一块五" 1.5, "2米8" 2.8."""
    found: list[Numeral] = []
    for m in _CN_ROUGH_RE.finditer(text):
        value = cn_value(m.group("run"))
        unit = m.group("unit")
        if value is None or not (unit or _measured(text, m.end())):
            continue
        value *= _CN_UNITS[unit] if unit else 1
        found.append(Numeral(m.start(), m.end(), m.group(0), str(value)))
    for m in _CN_PERCENT_RE.finditer(text):  # 百分之二十: 20%
        run = m.group("run")
        percent = run if run[0].isdigit() else cn_value(run)
        if percent is not None:
            decimals = "".join(str(_CN_DIGITS[c]) for c in m.group("dec") or "")
            percent = f"{percent}.{decimals}" if decimals else percent  # 百分之二点五: 2.5%
            found.append(Numeral(m.start(), m.end(), m.group(0), f"{percent}%"))
    for m in _CN_TENTH_RE.finditer(text):  # 两米一: 2.1 m, 一块五: 1.5 yuan
        whole = cn_value(m.group("run"))
        if whole is not None:
            tenths = f"{whole}.{_CN_DIGITS[m.group('tenth')]}"
            found.append(Numeral(m.start(), m.end(), m.group(0), tenths))
    for m in _DIGIT_TENTH_RE.finditer(text):
        digits = m.group("whole") or m.group("yuan"), m.group("part") or m.group("jiao")
        tenths = ".".join(digits)
        found.append(Numeral(m.start(), m.end(), m.group(0), tenths))
    for m in _CN_UPWARDS_RE.finditer(text):
        found.append(Numeral(m.start(), m.end(), m.group(0), str(_CN_UNITS[m.group("unit")])))
    for m in _CN_PARTY_RE.finditer(text):  # 两大一小: 2 adults, 1 child
        found.append(Numeral(m.start("a"), m.end("a"), m.group("a"), str(_CN_DIGITS[m.group("a")])))
        found.append(Numeral(m.start("b"), m.end("b"), m.group("b"), str(_CN_DIGITS[m.group("b")])))
    return found


_UNIT_ALONE: Final = {"百": 100, "千": 1000, "万": 10000}
_CLOCK_TO_RE: Final = re.compile(r"[点时](?:半|\d{1,2}分?)?\s*(?:到|至|-|~|～|–|—)\s*$")


# 一 before these is no count: 一家人 ("the whole family"), 一笔钱 ("a sum"; 分两笔汇 is two)
_ONE_AS_WORD: Final = (
    "家人",
    "家子",
    "笔钱",
    "笔款",
    "笔账",
    "笔费",
    "笔开",
    "笔收",
    "笔存",
    "笔生",
)


def _word_not_number(text: str, run: str, start: int, end: int, *, minutes: bool) -> bool:
    """Whether numeral characters at ``start:end`` are a word, not a number: 千万别 ("by all
    means do not"), 十分 ("very"; not "六点十分", ten past six), 一点 ("a little"), 万一 ("in
    case"), 还有一件事 ("one more thing"), 再来一个 ("another one"), a weekday (周五; not
    "一周两次", twice a week)."""
    rest = text[end : end + 2]
    if run.startswith("千万") and _IMPERATIVE_RE.match(text[start + 2 :]):
        return True
    if run == "十" and rest.startswith("分") and not rest.startswith("分钟") and not minutes:
        return True
    if (
        run == "一"
        and rest.startswith("点")
        and not _DAY_PART_RE.search(text[:start])
        and not text[end : end + 3].startswith(("点半", "点钟"))  # 一点半, 一点钟: clocks
        and not _CLOCK_TO_RE.search(text, 0, start)  # "十二点到一点": the end of a stretch
    ):
        return True
    if run == "万一" and not _measured(text, end):
        return True
    if run == "一" and rest == "件事" and text[max(0, start - 2) : start] in ("还有", "另外"):
        return True  # 还有一件事: "one more thing"
    before = text[max(0, start - 2) : start]
    if run == "一" and rest.startswith("个") and before in ("再来", "再讲"):
        return True  # 再来一个: "another one" (a joke, a song), no count
    if run == "一" and rest.startswith("刻") and before.endswith("后"):
        return True  # 最后一刻: "the last moment", no quarter hour
    if run == "一" and rest in _ONE_AS_WORD:
        return True  # 一家人: "the whole family", 有一笔钱: "a sum of money", no count
    if run == "一" and text[start - 1 : start] in ("上", "下") and rest[:1] in ("封", "所", "通"):
        return True  # 上一封: "the last one (letter)", no count
    if run == "一" and before.endswith(("最早", "最晚", "最后", "末")) and rest[:1] in ("班", "趟"):
        return True  # 最早一班: "the first one", no count
    if (run == "一" and rest.startswith(("样", "部分", "把年", "把手"))) or rest in (
        "支持",
        "支付",
        "支出",
        "支援",
    ):
        return True  # 一样: "the same", 一部分: "a part"; 支持, 支付: verbs, no measure
    weekday = run in "一二三四五六七" and not rest.startswith(("次", "趟", "遍"))
    return weekday and text[max(0, start - 2) : start].endswith(("周", "星期", "礼拜"))


def _without_per(text: str, run: str, end: int) -> tuple[str, int]:
    """``run`` without a last 一 that means "per" before a measure word: 六百一晚 is 600 a night,
    not 610; 两三百一次 200-300; 三千五一学期 3500 a term, not 30006 (but 三万五块 is 35000);
    三十八一斤 38 a jin, not 309 (but 一百零一斤 is 101)."""
    if run[-1:] != "一" or not _measured(text, end):
        return run, end
    if (
        (len(run) > 2 and run[-2] in "百千万")
        or (
            len(run) > 3 and run[-2] in _CN_DIGITS and run[-2] not in "零〇" and run[-3] in "百千万"
        )
        or (len(run) > 2 and run[-2] in _CN_DIGITS and run[-2] not in "零〇" and run[-3] == "十")
    ):
        return run[:-1], end - 1
    return run, end


def _without_measure(text: str, run: str, start: int, end: int) -> Numeral | None:
    """A number that needs no measure word after it: a day after 月初 ("七月初七": the 7th),
    俩 and 仨 ("我们仨", "鸡蛋仨"; not 伎俩)."""
    if text[max(0, start - 2) : start] == "月初" and (cn_value(run) or 99) <= 10:
        return Numeral(start, end, run, str(cn_value(run)))
    if run in ("俩", "仨") and text[start - 1 : start] != "伎":
        return Numeral(start, end, run, str(_CN_DIGITS[run]))
    return None


def _chinese(text: str) -> list[Numeral]:
    found: list[Numeral] = _rough(text)
    for m in _CN_RUN_RE.finditer(text):
        start, run = m.start(), m.group(0)
        if (
            len(run) > 1
            and run[0] in "一二三四五六日天"
            and run[1] not in "百千万"  # "每周五百元": 500 a week
            and text[max(0, start - 2) : start].endswith(("周", "星期", "礼拜"))
            and text[start - 2 : start] != "每周"
        ):
            start, run = start + 1, run[1:]  # "周四两节": Thursday, then 2, not 四两 (a weight)
        run, end = _without_per(text, run, m.end())
        rest = text[end : end + 2]
        pair = _neighbours(run)
        if pair is not None and (run[-1] in _CN_UNITS or _measured(text, end)):
            cut = start + pair[2]
            found.append(Numeral(start, cut, text[start:cut], str(pair[0])))
            found.append(Numeral(cut, end, text[cut:end], str(pair[1])))
            continue
        minutes = rest.startswith("分") and text[max(0, start - 3) : start].rstrip().endswith(
            ("点", "点钟", "时")
        )  # "六点十分": ten past six
        if _word_not_number(text, run, start, end, minutes=minutes):
            continue
        if run in _UNIT_ALONE and text[start - 1 : start] in ("过", "破"):
            found.append(Numeral(start, end, run, str(_UNIT_ALONE[run])))  # 过千: over 1000
            continue
        if (
            run in {"万", "千", "百", "十"}
            and (
                (
                    not _measured(text, end)
                    and not minutes
                    and not (run == "十" and _measured_range_start(text, end))  # "十到十五公斤"
                )
                or text[start - 1 : start].isdigit()
            )
        ):
            continue  # a unit alone; after digits it is theirs ("5千克", see _cn_units_of_digits)
        alone = _without_measure(text, run, start, end)
        if alone is not None:
            found.append(alone)
            continue
        if (
            not any(c in _CN_UNITS or c == "廿" for c in run)
            and not _measured(text, end)
            and not _measured_range_start(text, end)
        ):
            continue  # 一起, 一下, 统一: no number without a unit or a measure word
        value = cn_value(run)
        half = _HALF_RE.match(text, end)
        if value is not None and half:
            found.append(Numeral(start, half.end(), text[start : half.end()], f"{value}.5"))
        elif value is not None and _MEASURE_HALF_RE.match(text, end):
            found.append(Numeral(start, end, run, f"{value}.5"))
        elif value is not None:
            found.append(Numeral(start, end, run, str(value)))
    return found


_CN_RANGE_TO = r"\s*(?:到|至|-|~|～|–|—)\s*"
_CN_RANGE_END_RE = re.compile(_CN_RANGE_TO + r"[零〇一二两三四五六七八九十百千万俩仨廿]+")


def _measured_range_start(text: str, end: int) -> bool:
    """Whether a numeral ending at ``end`` opens a range whose other end is measured ("三到五个":
    3 as much as 5)."""
    m = _CN_RANGE_END_RE.match(text, end)
    # "两到三千块" shares its unit (``_CN_SHARED_UNIT_RE``), not only its measure word
    return m is not None and not any(c in "百千万" for c in m.group(0)) and _measured(text, m.end())


# "5万", "3千5" (3500: a digit after the unit is a tenth of it), "2w" (万 typed as w; not after
# four digits: "2200W" is watts)
_CN_UNIT_OF_DIGITS_RE = re.compile(
    r"(?<![\d.])(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>亿|万|千(?![克米瓦卡兆])|百(?![分米])|(?<!\d{4})(?<!\d{4}\s)[wW](?![A-Za-z]))"
    r"(?P<tail>\d(?![\d.:])(?!\s*[百千万点号日月个人岁天周年]))?"
)
_CN_SHARED_UNIT_RE = re.compile(
    r"(?<![\d.零〇一二两三四五六七八九十百千万])(?P<first>\d+(?:\.\d+)?|[一二两三四五六七八九])"
    + _CN_RANGE_TO
    # the other end may take tens: "八到十万" (80000 to 100000), "五到十二万"
    + r"(?:\d+(?:\.\d+)?|[一二两三四五六七八九]?十[一二三四五六七八九]?|[一二两三四五六七八九])"
    + r"\s*(?P<unit>万|千(?![克米瓦卡兆])|百|[wW](?![A-Za-z]))"
)
_DEGREES_TENTH_RE = re.compile(r"(?<![\d.])(?P<whole>\d{2})度(?P<tenth>\d)(?![\d度])")
_DIGITS_AND_HALF_RE = re.compile(
    r"(?<![\d.])(?P<num>\d+)个?半(?=小时|个|天|年|月|钟|斤|公斤|杯|瓶)"
)
_CN_UNIT_VALUE = {"亿": 100_000_000, "万": 10000, "千": 1000, "百": 100, "w": 10000, "W": 10000}


def _scaled(number: str, unit: str) -> str:
    value = Decimal(number if number[0].isdigit() else _CN_DIGITS[number]) * _CN_UNIT_VALUE[unit]
    return format(value.normalize(), "f")


def _cn_units_of_digits(text: str) -> list[Numeral]:
    """Digits before a unit ("5万" 50000, "1.5万" 15000, "3千块" 3000, "3千5" 3500, "2w"
    20000), and the first end of a
    range before a unit ("三到五万", "3-5万": the 三 and the 3 are 30000)."""
    found: list[Numeral] = []
    for m in _CN_UNIT_OF_DIGITS_RE.finditer(text):
        unit = m.group("unit")
        if unit in "wW" and not _is_cjk(text[max(0, m.start() - 8) : m.end() + 4]):
            continue  # "2w" is 万 only among Chinese words ("预算500~550w")
        value = Decimal(_scaled(m.group("num"), unit))
        if m.group("tail"):
            value += Decimal(m.group("tail")) * _CN_UNIT_VALUE[unit] / 10
        found.append(Numeral(m.start(), m.end(), m.group(0), format(value.normalize(), "f")))
    for m in _DEGREES_TENTH_RE.finditer(text):  # "发烧38度5": 38.5 degrees
        degrees = f"{m.group('whole')}.{m.group('tenth')}"
        found.append(Numeral(m.start(), m.end(), m.group(0), degrees))
    for m in _DIGITS_AND_HALF_RE.finditer(text):  # "1个半小时": 1.5 hours
        found.append(Numeral(m.start(), m.end(), m.group(0), f"{int(m.group('num'))}.5"))
    for m in _CN_SHARED_UNIT_RE.finditer(text):
        first = m.group("first")
        if m.group("unit") in "wW" and not _is_cjk(text[max(0, m.start() - 8) : m.end() + 4]):
            continue
        found.append(
            Numeral(m.start(), m.start() + len(first), first, _scaled(first, m.group("unit")))
        )
    return found


def find_numerals(text: str) -> list[Numeral]:
    """Every number written in words (or ``5k``) in ``text``, in order, not overlapping."""
    found = sorted(
        _hyphen_clocks(text)
        + _english(text)
        + _chinese(text)
        + _cn_units_of_digits(text)
        + _point_decimals(text)
        + _cn_point_decimals(text)
        + _digit_hundreds(text)
        + _cn_clock_minutes(text)
        + _grouped_thousands(text)
        + _vulgar_fractions(text)
        + _romans(text)
        + _idioms(text),
        key=lambda n: (n.start, -n.end),
    )
    out: list[Numeral] = []
    for numeral in found:
        if out and numeral.start < out[-1].end:
            continue
        out.append(numeral)
    return sorted(
        _dozens(text, _shared_scale(text, out)) + _k_range_starts(text, out),
        key=lambda n: n.start,
    )


# thousands grouped the continental way: "85.000 rubles", "3.000 soles" (only whole thousands:
# "2.500" is 2.5 unless euros say otherwise, "2.500 EUR", "€3.200"; see extract_numbers for the
# amount), "1 200 euros"
_GROUPED_RE = re.compile(
    r"(?<![\d.,])\d{1,3}(?:\.000)+(?![\d.,])"
    r"|(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d.,])(?=\s*(?:€|eur\b|euros?\b|reais\b|reales\b|pesos?\b"
    r"|soles?\b|rub\b|rubles?\b|roubles?\b|₽|zł|pln\b|czk\b|kr\b|lira\b|lire\b|tl\b|rupiah\b))"
    r"|(?<=€|\$)\s*\d{1,3}(?:\.\d{3})+(?![\d.,])"
    r"|(?<![\d.,])\d{1,3}(?:\s\d{3})+(?![\d.,])(?=\s*(?:€|eur\b|euros?\b|rub|roubles?\b|₽|kr\b"
    r"|sek\b|nok\b|dkk\b|chf\b|pln\b|zł|czk\b|soles?\b|rupees?\b))",
    re.IGNORECASE,
)


_MEASURES_HALVED = (
    r"cups?|teaspoons?|tablespoons?|tsp|tbsp|kilos?|kg|pounds?|lbs?|lit(?:er|re)s?|glass(?:es)?"
    r"|bottles?|days?|pages?|miles?|spoons?|loaf|loaves|pints?|gallons?|ounces?|oz"
)
# what follows 打 when it is a verb, not a dozen: 一打电话, 打车, 打折 ...
_DOZEN_NOT = (
    "电话|车|折|针|球|开|扫|包|工|卡|游|印|字|算|听|架|扰|断|动|造|击|拼|通|理|败|牌|分|气"
    "|招|量|发|倒|捞|湿|孔|火|水|饭"
)
_IDIOMS: Final = (
    (re.compile(r"\b(?:a\s+)?couple(?:\s+of)?\s+dozen\b", re.I), "24"),
    (re.compile(r"\bhalf\s+(?:a|one)\s+(?:percent|per\s*cent|%)", re.I), "0.5%"),
    (re.compile(r"\b(?:a|one)\s+dozen\s+and\s+a\s+half\b", re.I), "18"),
    (re.compile(r"\ba\s+score\s+of\b", re.I), "20"),
    (re.compile(r"\bhalf\s+an\s+hour\b", re.I), "30"),  # minutes: "under half an hour"
    (re.compile(rf"\bhalf\s+an?(?=\s+(?:{_MEASURES_HALVED})\b)", re.I), "0.5"),
    (re.compile(rf"\ba\s+quarter(?:\s+of\s+an?)?(?=\s+(?:{_MEASURES_HALVED})\b)", re.I), "0.25"),
    # a multiple asked for: "Double the garlic", "triple my usual order" (not "a double room")
    (
        re.compile(r"(?<!\ba\s)\bdouble\b(?=\s+(?:the|my|our|it|that|this|his|her|their)\b)", re.I),
        "2",
    ),
    (
        re.compile(r"(?<!\ba\s)\btriple\b(?=\s+(?:the|my|our|it|that|this|his|her|their)\b)", re.I),
        "3",
    ),
    # Chinese: half an hour in minutes ("半个钟头以内" 30; not "一个半小时", 1.5 hours), a quarter
    # of an hour ("一刻钟" 15), "about one" (个把小时), a dozen and half of one ("一打鸡蛋",
    # "鸡蛋买一打", "半打"; not 一打电话, 打车), and the half month of "十天半个月" (10 to 15 days)
    (re.compile(r"(?<![\d一二两三四五六七八九十个])半个?(?:小时|钟头)"), "30"),
    (re.compile(r"一刻钟"), "15"),
    (re.compile(r"[两二]刻钟"), "30"),
    (re.compile(r"三刻钟"), "45"),
    (re.compile(r"个把(?=小时|钟头|月|星期|礼拜|钟|人)"), "1"),
    (re.compile(r"半打"), "6"),
    (re.compile(rf"一打(?=[\u4e00-\u9fff]|[，,。.！!；;\s]|$)(?!{_DOZEN_NOT})"), "12"),
    (re.compile(rf"[两二]打(?=[\u4e00-\u9fff]|[，,。.！!；;\s]|$)(?!{_DOZEN_NOT})"), "24"),
    (re.compile(r"(?<=十天)半个?月"), "15"),
    # "within a fortnight": 14 days
    (re.compile(r"\b(?:a|one)\s+fortnight\b", re.I), "14"),
)
# "one and a half grand" 1500, "two and a half thousand" 2500; "60-odd quid" 60
_HALF_SCALE_RE: Final = re.compile(
    rf"\b(?P<n>{_SMALL}|\d+)\s+and\s+a\s+half\s+(?P<scale>grand|thousand|million|k)\b", re.I
)
# a price said as two numbers before its currency: "nineteen ninety-nine dollars" (19.99; a
# year would have no currency after it)
_SPOKEN_PRICE_RE: Final = re.compile(
    rf"\b(?P<whole>{_SMALL})\s+(?P<cents>(?:{_TEN_WORDS})(?:[-\s](?:{_UNIT_WORDS}))?)"
    r"(?=\s+(?:dollars?|bucks|euros?|pounds|quid)\b)",
    re.IGNORECASE,
)
_ODD_RE: Final = re.compile(r"(?<![\d.])(?P<n>\d+)-odd\b", re.IGNORECASE)


def _idioms(text: str) -> list[Numeral]:
    """Quantities said as idioms (``find_numerals``): a couple dozen, a dozen and a half, a
    score of, half a cup, a quarter cup, double the…, one and a half grand, 60-odd."""
    found = [
        Numeral(m.start(), m.end(), m.group(0), value)
        for pattern, value in _IDIOMS
        for m in pattern.finditer(text)
    ]
    for m in _HALF_SCALE_RE.finditer(text):
        number = m.group("n")
        whole = Decimal(number) if number.isdigit() else Decimal(_small(number))
        scale = 1000 if m.group("scale").lower() in ("grand", "thousand", "k") else 1_000_000
        value = format(((whole + Decimal("0.5")) * scale).normalize(), "f")
        found.append(Numeral(m.start(), m.end(), m.group(0), value))
    found += [Numeral(m.start(), m.end(), m.group(0), m.group("n")) for m in _ODD_RE.finditer(text)]
    for m in _SPOKEN_PRICE_RE.finditer(text):  # "nineteen ninety-nine dollars": 19.99
        dollars, cents = _small(m.group("whole")), _small(m.group("cents"))
        if 10 <= cents <= 99:
            price = f"{dollars}.{cents}"
            found.append(Numeral(m.start(), m.end("cents"), m.group(0).strip(), price))
    return found


def _grouped_thousands(text: str) -> list[Numeral]:
    """Thousands grouped the continental way (``find_numerals``): "85.000 rubles", "1 200 euros"."""
    return [
        Numeral(m.start(), m.end(), m.group(0), re.sub(r"[.\s]", "", m.group(0)))
        for m in _GROUPED_RE.finditer(text)
    ]


_DIGIT_WORDS = "zero|oh|one|two|three|four|five|six|seven|eight|nine"
# a decimal said aloud: "one point five speed", "two point five percent", "3 point 5"
_POINT_RE = re.compile(
    rf"\b(?P<whole>{_DIGIT_WORDS}|ten|\d+)\s+point\s+(?P<tail>(?:(?:{_DIGIT_WORDS}|\d)\b\s*)+)",
    re.IGNORECASE,
)


# a Chinese decimal before its measure: "重量一点五公斤以下" (1.5), "三点五个小时" (not a clock:
# "十点五分" is 10:05)
_CN_POINT_RE = re.compile(
    r"(?<![零〇一二两三四五六七八九十百\d])(?P<whole>[零〇一二两三四五六七八九十]{1,3}|\d{1,3})点"
    r"(?P<tail>[零〇一二三四五六七八九]{1,2}|\d{1,2})(?=\s*(?:公斤|千克|斤|克|公里|千米|厘米|毫米|米|升|毫升|倍"
    r"|万|亿|个?小时|个月|年|元|块|度|英寸|寸|吨|折|[kK][gG]))"
)


# the minutes of a Chinese clock said with 零: "十二点零八分" (12:08), "八点零五出发"
_CN_ZERO_MINUTES_RE = re.compile(r"(?<=[点时])[零〇](?P<d>[一二三四五六七八九])(?![十百千万])")


def _cn_clock_minutes(text: str) -> list[Numeral]:
    """Minutes under ten said with 零 after 点 ("十二点零八分": 12点8分, 12:08)."""
    return [
        Numeral(m.start(), m.end(), m.group(0), str(_CN_DIGITS[m.group("d")]))
        for m in _CN_ZERO_MINUTES_RE.finditer(text)
    ]


def _digit_hundreds(text: str) -> list[Numeral]:
    """Hundreds after digits ("2 hundred": 200)."""
    return [
        Numeral(m.start(), m.end(), m.group(0), str(int(m.group("num")) * 100))
        for m in _DIGIT_HUNDRED_RE.finditer(text)
    ]


def _cn_point_decimals(text: str) -> list[Numeral]:
    """Decimals said with 点 before a measure ("一点五公斤": 1.5)."""
    found: list[Numeral] = []
    for m in _CN_POINT_RE.finditer(text):
        whole = m.group("whole")
        value = int(whole) if whole.isdigit() else cn_value(whole)
        tail = m.group("tail")
        digits = tail if tail.isdigit() else "".join(str(_CN_DIGITS[c]) for c in tail)
        if value is not None:
            found.append(Numeral(m.start(), m.end(), m.group(0), f"{value}.{digits}"))
    return found


def _point_decimals(text: str) -> list[Numeral]:
    """Decimals said with "point" ("one point five": 1.5)."""
    found: list[Numeral] = []
    for m in _POINT_RE.finditer(text):
        whole = m.group("whole").lower()
        digits = [w.lower() for w in m.group("tail").split()]
        value = whole if whole.isdigit() else str(_UNITS.get(whole, 10))
        tail = "".join(d if d.isdigit() else str(_UNITS.get(d, 0)) for d in digits)
        end = m.start("tail") + len(m.group("tail").rstrip())
        found.append(Numeral(m.start(), end, text[m.start() : end], f"{value}.{tail}"))
    return found


_K_RANGE_START_RE = re.compile(
    r"(?<![\d.,])(\d+(?:\.\d+)?)(?=\s*(?:[-–—~]|to)\s*[$€£]?\d+(?:\.\d+)?\s*(?:k|thousand|grand)\b)"
    # ...or "between 8 and 9.5k"
    r"|(?<=between\s)(\d+(?:\.\d+)?)(?=\s*and\s*[$€£]?\d+(?:\.\d+)?\s*(?:k|thousand|grand)\b)",
    re.I,
)


def _k_range_starts(text: str, numerals: list[Numeral]) -> list[Numeral]:
    """ "budget 15-18k", "between 8 and 9.5k": the k said once is both ends' (15000 and 18000)."""
    taken = [(n.start, n.end) for n in numerals]
    out: list[Numeral] = []
    for m in _K_RANGE_START_RE.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        start = m.group(1) or m.group(2)
        value = format((Decimal(start) * 1000).normalize(), "f")
        out.append(Numeral(m.start(), m.end(), start, value))
    return out


def _dozens(text: str, numerals: list[Numeral]) -> list[Numeral]:
    """ "two dozen eggs" is 24, not 2 and 12; "3 dozen cookies" is 36."""
    out: list[Numeral] = []
    for numeral in numerals:
        digits = _DIGITS_BEFORE_RE.search(text, 0, numeral.start)
        if numeral.text.lower() == "dozen" and digits is not None:
            value = str(int(digits.group(1)) * 12)
            out.append(
                Numeral(digits.start(1), numeral.end, text[digits.start(1) : numeral.end], value)
            )
            continue
        last = out[-1] if out else None
        if (
            last is not None
            and numeral.text.lower() == "dozen"
            and not text[last.end : numeral.start].strip()
            and last.value.isdigit()
        ):
            value = str(int(last.value) * 12)
            out[-1] = Numeral(last.start, numeral.end, text[last.start : numeral.end], value)
            continue
        out.append(numeral)
    return out


_DIGITS_BEFORE_RE = re.compile(r"(?<![\d.,])(\d{1,3})\s*$")
_EN_RANGE_JOIN_RE = re.compile(r"\s+(?:to|and|or)\s+|\s*[-–—]\s*", re.IGNORECASE)
_EN_SCALES: Final = {"hundred": 100, "thousand": 1000, "grand": 1000, "million": 1_000_000}


def _shared_scale(text: str, numerals: list[Numeral]) -> list[Numeral]:
    """A range's scale word said once is both ends': "between two and three thousand" is 2000
    and 3000, "two to three hundred" 200 and 300 (as "两到三千" is, ``_CN_SHARED_UNIT_RE``)."""
    out = list(numerals)
    for index, (low, high) in enumerate(itertools.pairwise(numerals)):
        scale = _EN_SCALES.get(high.text.lower().rsplit(None, 1)[-1]) if " " in high.text else None
        if (
            scale is None
            or not low.text.isalpha()
            or not _EN_RANGE_JOIN_RE.fullmatch(text[low.end : high.start])
            or not low.value.isdigit()
            # (counted past ten too: "between eleven and thirteen hundred" 1100-1300, "between ten
            # and twelve grand" 10000-12000)
            or not 0 < int(low.value) < 100
            or int(high.value) >= 100 * scale
            or int(low.value) * scale >= int(high.value)
        ):
            continue
        out[index] = Numeral(low.start, low.end, low.text, str(int(low.value) * scale))
    return out


def _is_cjk(text: str) -> bool:
    return any("\u4e00" <= char <= "\u9fff" for char in text)


def spell_digits(text: str) -> str:
    """``text`` (NFKC) with every number written in words replaced by its digits."""
    text = unicodedata.normalize("NFKC", text)
    following: Numeral | None = None
    for numeral in reversed(find_numerals(text)):
        joint = "-" if following is not None and following.start == numeral.end else ""
        text = text[: numeral.start] + numeral.value + joint + text[numeral.end :]
        following = numeral
    return text


def _clock(hour: int, minute: int, period: str | None) -> str:
    period = (period or "").lower().replace(" ", "")
    late = any(word.replace(" ", "") in period for word in _LATE) or period.startswith("p")
    if late and hour < 12:
        hour += 12
    if hour == 12 and (period.startswith(("a", "凌晨")) or period in MIDNIGHT_PARTS):
        hour = 0  # "12 am", "凌晨12点", "晚上十二点", "12 at night"; "上午9点到12点" ends at noon
    return f"{hour}:{minute:02d}"


def _past_to(text: str, before: str = "") -> list[tuple[int, int, str]]:
    """ "half past 6" 6:30, "a quarter to 9" 8:45, "quarter past 5 in the evening" 17:15."""
    found: list[tuple[int, int, str]] = []
    for m in _PAST_TO_RE.finditer(text):
        mins = m.group("mins")
        minute = 30 if m.group("half") else int(mins) if mins else 15
        hour = int(m.group("h"))
        if m.group("rel").lower() in {"to", "before", "till"}:
            if m.group("half") or (mins and (m.group("rel").lower() != "to" or minute <= hour)):
                continue  # "half to" is no clock; "5 to 7" is a range (only "20 to 7" is 6:40)
            hour, minute = (hour - 1) or 12, 60 - minute
        period = m.group("period")
        said = before + text[: m.start()]
        after = _HALF_AFTER_RE.match(text, m.end())  # "quarter past 5 on Wednesday morning"
        if after and day_half(after.group(0)) is not None:
            said = after.group(0)
        clock = _clock(hour, minute, period) if period else bare_clock(hour, minute, said)
        found.append((m.start(), m.end(), clock))
    return found


def _hours_clock(m: re.Match[str]) -> tuple[int, int, str]:
    """ "0930 hrs" 9:30, "until 16 hours" 16:00 (``_said_otherwise``)."""
    for hour, minute in (("h2", ""), ("h3", "mi3"), ("h4", "mi4"), ("h5", "mi5")):
        if m.group(hour):
            said = m.group(minute) if minute else None
            return m.start(hour), m.end(), f"{int(m.group(hour))}:{said or '00'}"
    return m.start(), m.end(), f"{int(m.group('h'))}:{m.group('mi')}"


def _dotted_clocks(text: str, before: str) -> list[tuple[int, int, str]]:
    """British dotted clocks without am/pm: "at 7.45 each morning" 7:45, "anything before 9.30"
    9:30 (``_said_otherwise``)."""
    found = [
        (m.start("h"), m.end(), bare_clock(int(m.group("h")), int(m.group("mi")), m.group("part")))
        for m in _DOTTED_AT_RE.finditer(text)
    ]
    for m in _DOTTED_BOUND_RE.finditer(text):
        clock = bare_clock(int(m.group("h")), int(m.group("mi")), before + text[: m.start()])
        found.append((m.start("h"), m.end(), clock))
    return found


def _said_otherwise(text: str, before: str = "") -> list[tuple[int, int, str]]:
    """ "8.30pm" (British English) 20:30, "tomorrow evening at 8" 20:00, "by 11 on Sunday"
    11:00 (a bare hour stays as said: which half of the day it means is the reader's guess)."""
    found: list[tuple[int, int, str]] = []
    for m in (*_DOTTED_RE.finditer(text), *_PART_AT_RE.finditer(text)):
        minute = m.groupdict().get("ms") or m.group("mi") or 0
        clock = _clock(int(m.group("h")), int(minute), m.group("period"))
        found.append((m.start(), m.end(), clock))
    found += _dotted_clocks(text, before)
    hours = (
        *_BARE_HOUR_RE.finditer(text),
        *_OCLOCK_RE.finditer(text),
        *_LATEST_HOUR_RE.finditer(text),
    )
    for m in hours:
        if not any(start <= m.start("h") < end for start, end, _ in found):
            said = before + text[: m.start("h")]  # (with its cue: "after 6" is evening)
            reason = _HALF_REASON_RE.match(text, m.end()) or _HALF_AFTER_RE.match(text, m.end())
            if reason and day_half(reason.group(0)) is not None:
                said = reason.group(0)  # "before 8 cos of bedtime", "at 5 every morning"
            clock = bare_clock(int(m.group("h")), 0, said)
            found.append((m.start("h"), m.end(), clock))
    for m in _HALF_HOUR_RE.finditer(text):  # "half seven tonight" 19:30
        hour, period = int(m.group("h")), m.group("period")
        clock = (
            _clock(hour, 30, period) if period else bare_clock(hour, 30, before + text[: m.start()])
        )
        found.append((m.start(), m.end(), clock))
    found += [_hours_clock(m) for m in _HOURS_CLOCK_RE.finditer(text)]
    for m in _SPOKEN_CLOCK_RE.finditer(text):  # "seven thirty tonight" 19:30
        cue = _SPOKEN_CUE_RE.search(text, max(0, m.start() - 30), m.start())
        if not (m.group("pre") or m.group("period") or cue or _DAY_NEXT_RE.match(text, m.end())):
            continue
        hour, minute, period = int(m.group("h")), int(m.group("mi")), m.group("period")
        clock = (
            _clock(hour, minute, period)
            if period
            else bare_clock(hour, minute, before + text[: m.start("h")])
        )
        found.append((m.start("h"), m.end(), clock))
    for m in _ISH_RE.finditer(text):  # "no later than 5ish"
        if not any(start <= m.start("h") < end for start, end, _ in found):
            hour, period = int(m.group("h")), m.group("period")
            clock = (
                _clock(hour, 0, period)
                if period
                else bare_clock(hour, 0, before + text[: m.start()])
            )
            found.append((m.start(), m.end(), clock))
    found += _till_close(text, found)
    found += _half_said_first(text, found)
    for m in _BARE_RANGE_RE.finditer(text):
        found.extend((m.start(), m.end(), clock) for clock in _bare_range(text, m, before))
    lead = _LEADING_RANGE_RE.match(text)
    lead = lead if lead is not None and _PART_BEFORE_RE.search(before[-24:]) else None
    if lead is not None and not any(start < lead.end() for start, _, _ in found):
        found.extend((lead.start(), lead.end(), clock) for clock in _bare_range(text, lead, before))
    return found


# A bare range that opens its clause after the half of the day or the day it falls in: "book him
# for Thursday morning, 9 to 12", "a grocery slot on Wednesday, 10–12 ideally"
_PART_BEFORE_RE = re.compile(
    r"\b(?:morning|afternoon|evening|night|" + _WEEKDAYS + r")s?\W*$", re.IGNORECASE
)
_LEADING_RANGE_RE = re.compile(
    r"^\W*(?P<h1>1[0-2]|0?[1-9])(?::(?P<m1>[0-5]\d))?\s*(?:to|until|till|-|–)\s*"
    r"(?:(?P<word>midnight|noon|midday)|(?P<h2>1[0-2]|0?[1-9])(?::(?P<m2>[0-5]\d))?(?:-?ish)?)\b"
    r"(?![:.\d]|\s*(?:people|persons|guests|kids|days?|hours?|hrs?|min|weeks?|months?|years?|%))",
    re.IGNORECASE,
)


# a span whose first end carries the half of the day: "between 10 in the morning and 1"
_HALF_FIRST_RE = re.compile(
    r"\b(?:between|from)\s+(?P<h1>1[0-2]|0?[1-9])(?::(?P<m1>[0-5]\d))?\s+(?:in\s+the\s+)?"
    r"(?P<p1>morning|afternoon|evening|a\.?m\.?|p\.?m\.?)\s+(?:and|to|till|until)\s+"
    r"(?P<h2>1[0-2]|0?[1-9])(?::(?P<m2>[0-5]\d))?\b(?!\s*(?::|a\.?m|p\.?m|o'?clock|in\s+the\b))",
    re.IGNORECASE,
)


def _half_said_first(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """ "between 10 in the morning and 1": 10:00 and 13:00, the second end in the same half of
    the day, or past noon when it is an earlier hour than the first (or noon itself)."""
    out: list[tuple[int, int, str]] = []
    for m in _HALF_FIRST_RE.finditer(text):
        if any(start <= m.start("h2") < end for start, end, _ in found):
            continue
        h1, h2 = int(m.group("h1")), int(m.group("h2"))
        first = m.group("p1").lower()
        morning = first.startswith(("morning", "a"))
        half = "pm" if not morning or h2 <= h1 or h2 == 12 else "am"
        out.append((m.start("h2"), m.end("h2"), _clock(h2, int(m.group("m2") or 0), half)))
    return out


def _till_close(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """ "cover the shift from 5 till close": 17:00, a shift that ends at closing time starts in
    the afternoon or evening (an hour up to 8); an hour already read in ``found`` is left."""
    out: list[tuple[int, int, str]] = []
    for m in _TILL_CLOSE_RE.finditer(text):
        if not any(start <= m.start("h") < end for start, end, _ in found):
            hour, minute = int(m.group("h")), int(m.group("mi") or 0)
            clock = _clock(hour, minute, "pm" if hour <= 8 else None)
            out.append((m.start("h"), m.end("h"), clock))
    return out


def _bare_range(text: str, m: re.Match[str], before: str) -> tuple[str, str]:
    """The two ends of "between 8 and 11" (in the half of the day said before it, else as
    said) or "from 7 to midnight" (an evening that ends at midnight)."""
    h1, m1 = int(m.group("h1")), int(m.group("m1") or 0)
    word = (m.group("word") or "").lower()
    if word:
        end = "0:00" if word == "midnight" else "12:00"
        return _clock(h1, m1, "pm" if word == "midnight" else "am"), end
    h2, m2 = int(m.group("h2")), int(m.group("m2") or 0)
    after = _HALF_AFTER_RE.match(text, m.end())
    half = day_half(after.group(0)) if after else day_half(before + text[: m.start("h1")])
    if half is None and h2 in AFTERNOON_HOURS:
        half = "pm"
    first_half = half if h1 <= h2 or h2 == 12 or half != "pm" else "am"
    if h1 == 12 and h2 < 12:
        first_half, half = None, "pm"  # "from 12 to 2": noon to 14:00
    if h2 == 12 and h1 < 12 and half == "am":
        half = None  # "Thursday morning, 9 to 12": the morning ends at noon
    return _clock(h1, m1, first_half), _clock(h2, m2, half)


# A slot of the working day said in bare hours: "no meetings from 12 to 1", "I'm busy between
# 2 and 4", "schedule the kickoff with the Berlin folks between 9 and 11" (hours 7-11 are the
# morning's, 12 noon, 1-6 the afternoon's)
_SLOT_RE = re.compile(
    r"\b(?:meetings?|calls?|appointments?|lunch|busy|free|available|block(?:ed)?|slots?"
    r"|schedul(?:e|ed|ing)|kick-?off|sometime|any\s?time)\b"
    r"[^.?!;]{0,40}?\b(?:from|between)\s+(?P<h1>1[0-2]|[1-9])(?::(?P<m1>[0-5]\d))?\s*"
    r"(?:to|and|-|–)\s*(?P<h2>1[0-2]|[1-9])(?::(?P<m2>[0-5]\d))?\b"
    r"(?!\s*(?::|\.\d|a\.?m|p\.?m|o'?clock|%|people|persons|days?|hours?|hrs?|min|weeks?|months?|years?))"
    # or right after what it is for, with a dash: "dont put any meetings 12-1", "lunch 12–1"
    r"|\b(?:meetings?|calls?|appointments?|lunch|swim|practice|class|lessons?|training|naps?|gym"
    # ("Games 9 to 5", not a tally "3 games 9 to 5")
    r"|(?<!\d\s)(?:games|matches)|shifts?|breakfast|brunch|dinner)\s+"
    r"\(?(?P<d1>1[0-2]|[1-9])\s*(?:[-–]|\s+to\s+)\s*"
    r"(?P<d2>1[0-2]|[1-9])(?::(?P<dm>[0-5]\d))?\b(?![-–:.\d%]|\s*(?:a\.?m|p\.?m|people|persons|times|days?|hours?|min"
    r"|weeks?|months?|years?|x)\b)"
    # or right after the days it holds for: "Saturdays 8 to 2", "weekdays 9-5"
    # (short forms and several days too: "Tues/Thurs 1 to 6")
    r"|\b(?:(?:(?:mon|tues|wednes|thurs|fri|satur|sun|week)days?|weekends?|tues?|thurs?|weds?)"
    r"(?:\s*/\s*(?:mon|tues?|wed|thurs?|fri|sat|sun)\w*)*),?\s+(?P<w1>1[0-2]|[1-9])"
    r"\s*(?:to|-|–|till|until)\s*(?P<w2>1[0-2]|[1-9])\b(?![-–:.\d%]|\s*(?:a\.?m|p\.?m|people|persons|times"
    r"|days?|hours?|hrs?|min|weeks?|months?|years?|x|o'?clock)\b)"
    # or before the days it holds for, after what is booked: "the elevator can only be
    # reserved 9–12 on weekdays"
    r"|\b(?:reserved|booked|open|available|free|busy)\b[^.?!;]{0,12}?\b(?P<v1>1[0-2]|[1-9])\s*(?:to|-|–)"
    r"\s*(?P<v2>1[0-2]|[1-9])\s+on\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun|week)days?|weekends?)\b"
    # or the hours the user works or opens: "i work 9 to 5", "my shift is 7-3", "my 8-to-5
    # job", "Saturday hours are 9-4", "we're open 10-6"
    r"|\b(?:(?:i|we)\s+work|shifts?(?:\s+(?:is|are|runs?))?|hours\s+(?:are|will\s+be)|hours\s*:"
    r"|(?:we'?re|we\s+are|(?:store|shop|caf[eé]|bakery)\s+is)\s+open)\s+(?:from\s+)?(?P<j1>1[0-2]|[1-9])\s*"
    r"(?:to|-|–)\s*(?P<j2>1[0-2]|[1-9])\b(?![-–:.\d%]|\s*(?:a\.?m|p\.?m|days?|hours?|hrs?|min|weeks?"
    r"|months?|years?|times|x|o'?clock)\b)"
    r"|\b(?P<k1>1[0-2]|[1-9])\s*(?:-\s*to\s*-|to|-|–)\s*(?P<k2>1[0-2]|[1-9])\s+(?:job|shift|workday)s?\b"
    # or said with "till", at a clause's end: "Lidia's starting Tuesday, 9 till 1"
    r"|(?<![\d:.$€£¥])(?P<t1>1[0-2]|[1-9])\s+(?:till|until|til)\s+(?P<t2>1[0-2]|[1-9])(?=\s*(?:[,;!?)]|\.(?!\d)|$)"
    # (or before its stress: "let's do 9 till 3 and not a minute later")
    r"|\s+(?:and|but)\s+not\s+(?:a|one)\s+minute\b)"
    # or before the meal it spans: "I only work the 11–2 lunch window"
    r"|(?<![\d:.$€£¥])(?P<l1>1[0-2]|[1-9])\s*[-–]\s*(?P<l2>1[0-2]|[1-9])\s+(?:lunch|dinner|brunch|stand-?up"
    r"|meeting|call|class|shift|nap)\b"
    # or before the day and its half: "the litter pick is 10–12 on saturday morning"
    r"|(?<![\d:.$€£¥])(?P<s1>1[0-2]|[1-9])\s*(?:-|–|till|until)\s*(?P<s2>1[0-2]|[1-9])\s+(?:on\s+)?"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|this|tomorrow)\s+(?:morning|afternoon)\b"
    # or kept free: "Keep 12-1 free every day for lunch", "block off 2 to 4 on fridays"
    r"|\b(?:keep|block(?:\s+off|\s+out)?|hold|leave)\s+(?P<f1>1[0-2]|[1-9])\s*(?:-|–|to)\s*"
    r"(?P<f2>1[0-2]|[1-9])\b(?=\s+(?:free|open|clear|empty|blocked|every|each|on)\b)",
    re.IGNORECASE,
)


# a digit clock after the later part of a day: "晚上10:00" (22:00; not 最晚, "at the latest":
# "最晚11:30之前得修完")
_CN_LATE_CLOCK_RE = re.compile(
    r"(?<!最)(?P<part>" + "|".join(sorted(LATE_DAY_PARTS, key=len, reverse=True)) + r")\s*"
    r"(?P<h>\d{1,2})[:：](?P<m>[0-5]\d)"
)


# a bare hour before a clock with its minutes: "make it 8 to 9:30" (8:00, in the same half)
_TO_CLOCK_RE = re.compile(
    r"(?<![\d:.$€£¥])(?P<h1>1[0-2]|0?[1-9])\s*(?:to|till|until|til|-|–)\s*(?P<h2>1\d|2[0-3]|0?[1-9])"
    # (its minutes after a colon, or a dot as British English writes them: "like 9 til 10.30")
    # (a quarter's minutes only after a dot: "5 to 10.50" is a price)
    r"(?::[0-5]\d|(?<=\s[1-9])\.(?:00|15|30|45)|(?<=\s1[0-2])\.(?:00|15|30|45))(?!\d|\s*[ap]\.?m)",
    re.IGNORECASE,
)
# a military clock range, its first end with its leading zero: "Block off 0900–1130"
_MILITARY_RANGE_RE = re.compile(
    # (or past noon after a word for time: "I can do the recert any time 1300–1700")
    # (not "between 1500 and 2000", a sum)
    r"(?:(?<![\d:.,])(?P<h1>0\d)|(?<=\btime\s)(?P<h1b>1[3-9]|2[0-3]))"
    r"(?P<m1>[0-5]\d)\s*(?:-|–|—|to|till|until)\s*"
    r"(?P<h2>[01]\d|2[0-3])(?P<m2>[0-5]\d)(?![\d.,:])"
)


def _to_clocks(text: str) -> list[tuple[int, int, str]]:
    """ "8 to 9:30": 8:00, the bare hour before a clock (``spoken_times``)."""
    return [
        (m.start("h1"), m.end("h1"), f"{int(m.group('h1'))}:00")
        for m in _TO_CLOCK_RE.finditer(text)
        if int(m.group("h1")) <= int(m.group("h2"))
    ]


def _military_ranges(text: str) -> list[tuple[int, int, str]]:
    """ "0900–1130": 9:00 and 11:30 (``spoken_times``)."""
    return [
        (m.start(h), m.end(mi), f"{int(m.group(h))}:{m.group(mi)}")
        for m in _MILITARY_RANGE_RE.finditer(text)
        for h, mi in (("h1" if m.group("h1") else "h1b", "m1"), ("h2", "m2"))
    ]


def _working_hour(hour: int, minute: int) -> str:
    return f"{hour + 12 if hour <= 6 else hour}:{minute:02d}"


def _noon_to(text: str) -> list[tuple[int, int, str]]:
    """ "noon to one": 12:00 to 13:00 (``spoken_times``)."""
    found: list[tuple[int, int, str]] = []
    for m in _NOON_TO_RE.finditer(text):
        end = m.group("h")
        hour = int(end) if end.isdigit() else _UNITS[end.lower()]
        found.append((m.start(), m.end(), "12:00"))
        found.append((m.start("h"), m.end(), _clock(hour, 0, "pm")))
    return found


def spoken_times(text: str, *, before: str = "") -> list[tuple[int, int, str]]:
    """``(start, end, "H:MM")`` of the times said with words in ``text`` (digits for the
    hours, see ``spell_digits``): "noon", "6 in the evening", "between 8 and 10 in the
    morning", "下午2点到4点" (the part of the day holds for both ends), "明晚7点"."""
    past_to = _past_to(text, before)
    # (the hours inside "ten to six" are no clocks of their own)
    found = past_to + [
        t for t in _said_otherwise(text, before) if not any(s <= t[0] < e for s, e, _ in past_to)
    ]
    told = [(start, end) for start, end, _ in found]
    for m in _EN_RANGE_RE.finditer(text):
        if any(s <= m.start() < e for s, e, _ in past_to):
            continue  # "ten to six this evening": 17:50, no stretch from 10 to 18
        period = m.group("period")
        if m.group("noon"):
            found.append(
                (m.start(), m.end(), _clock(int(m.group("h1")), int(m.group("m1") or 0), "am"))
            )
            found.append((m.start(), m.end(), "12:00"))
            continue
        h1, h2 = int(m.group("h1")), int(m.group("h2"))
        first_period = period if h1 <= h2 or h2 == 12 else "am"
        if h1 == 12 and h2 < 12 and not period.lower().startswith("a"):
            first_period = None  # "from 12 to 8pm": noon
        found.append((m.start(), m.end(), _clock(h1, int(m.group("m1") or 0), first_period)))
        minute = 30 if m.group("half2") else int(m.group("m2") or 0)  # "6 and half 9": 21:30
        found.append((m.start(), m.end(), _clock(h2, minute, period)))
    for m in _EN_PERIOD_RE.finditer(text):
        if any(start <= m.start() < end for start, end in told):
            continue  # the hour of "half past 6 in the evening" is not 18:00
        found.append(
            (
                m.start(),
                m.end(),
                _clock(int(m.group("h")), int(m.group("mi") or 0), m.group("period")),
            )
        )
    found += _noon_to(text)
    for m in _NOON_RE.finditer(text):
        if any(start <= m.start() < end for start, end, _ in found):
            continue  # the end of "from 7 to midnight", read with it
        found.append(
            (m.start(), m.end(), "0:00" if m.group("word").lower() == "midnight" else "12:00")
        )
    for m in _CN_LATE_CLOCK_RE.finditer(text):
        if 1 <= int(m.group("h")) < 12:
            clock = _clock(int(m.group("h")), int(m.group("m")), m.group("part"))
            found.append((m.start("h"), m.end(), clock))
    found += _slots(text, found)
    # (an hour read already, as a slot's, is not read again: "any slot but 3-3:30")
    ranges = [
        r
        for r in _military_ranges(text) + _to_clocks(text)
        if not any(start < r[1] and r[0] < end for start, end, _ in found)
    ]
    return found + _chinese_times(text, before) + ranges


_SLOT_STARTS = ("h1", "d1", "w1", "v1", "j1", "k1", "s1", "t1", "l1", "f1")


def _slots(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Bare hours of a working day's slot not read already: "meetings 12-1", "Saturdays 8 to 2"
    (an hour up to 6 is in the afternoon, ``spoken_times``)."""
    slots: list[tuple[int, int, str]] = []
    for m in _SLOT_RE.finditer(text):
        first = next(g for g in _SLOT_STARTS if m.group(g))
        # (a bare hour read already at the range's end is read again with its start: "9 till 1")
        last = m.start(f"{first[0]}2")
        if any(start < last and m.start(first) < end for start, end, _ in found):
            continue
        minutes = {"h1": ("m1", "m2"), "d1": ("", "dm")}.get(first, ("", ""))
        for hour, minute in zip((first, f"{first[0]}2"), minutes, strict=True):
            clock = _working_hour(int(m.group(hour)), int((minute and m.group(minute)) or 0))
            slots.append((m.start(hour), m.end(hour), clock))
    return slots


def _chinese_times(text: str, before: str = "") -> list[tuple[int, int, str]]:
    """ "下午2点到4点", "中午十二点到两点", "3点1刻", "中午", "明晚7点半" (``spoken_times``); a
    quarter said without its half of the day is read in the half said before it (``before``: the
    text before ``text``)."""
    found: list[tuple[int, int, str]] = []
    for m in _CN_RANGE_RE.finditer(text):
        part = m.group("part")
        for h, half, mi, colon in (("h1", "half1", "m1", "c1"), ("h2", "half2", "m2", "c2")):
            minute = 30 if m.group(half) else int(m.group(mi) or m.group(colon) or 0)
            hour, period = int(m.group(h)), part
            if h == "h2" and hour < int(m.group("h1")) <= 12:
                # "中午十二点到两点": noon to 14:00; "晚上十一点到一点": past midnight, 1:00
                period = "凌晨" if part in ("晚上", "夜里", "半夜") else "下午"
            found.append((m.start(), m.end(), _clock(hour, minute, period)))
    for m in _CN_QUARTER_RE.finditer(text):
        minute, hour, part = 15 * int(m.group("q")), int(m.group("h")), m.group("part")
        said = before + text[: m.start()]
        clock = _clock(hour, minute, part) if part else bare_clock(hour, minute, said)
        found.append((m.start(), m.end(), clock))
    for m in _MORNING_TO_NIGHT_RE.finditer(text):  # "朝九晚五": 9:00 to 17:00
        for group, period in (("a", "上午"), ("b", "晚上")):
            said = m.group(group)
            value = int(said) if said.isdigit() else cn_value(said)
            if value is not None and 1 <= value <= 12:
                found.append((m.start(group), m.end(group), _clock(value, 0, period)))
    for m in _CN_NOON_RE.finditer(text):
        found.append((m.start(), m.end(), "0:00" if m.group("midnight") else "12:00"))
    for m in _CN_EVENING_RE.finditer(text):
        found.append(
            (m.start(), m.end(), _clock(int(m.group("h")), 30 if m.group("half") else 0, "晚上"))
        )
    return found


def with_readings(text: str) -> str:
    """``text`` followed by the digits of every number it writes in words and the ``H:MM`` of
    every time it says in words.

    For a reader of quantities: "two adults" then yields the number 2 as well, "six in the
    evening" the time 18:00, and a summary that writes "2 adults, by 18:00" is backed by them.
    """
    # Chinese numerals before these measure words are read by quantities itself (``_arabize``),
    # except the second of two neighbours ("两三百块": quantities reads one number, 200 and 300
    # are both said)
    found = find_numerals(text)
    ends = {n.end for n in found}
    numerals = [
        n
        for n in found
        if not (
            _is_cjk(n.text)
            and not any(c in n.text for c in "半来把")  # "十来个", "千把块": quantities reads 十
            and not any(c.isdigit() for c in n.text)
            and text[n.end : n.end + 1] in _READ
            and n.start not in ends
        )
    ]
    if not (numerals or _TIME_WORD_RE.search(text) or _SLOT_RE.search(text)) and not (
        _MILITARY_RANGE_RE.search(text) or _TO_CLOCK_RE.search(text)
    ):
        return text
    readings = [n.value for n in numerals]
    spelled = spell_digits(text)
    readings += [value for _, _, value in spoken_times(spelled)]
    lines = [text, " ".join(readings)] if readings else [text]
    if any(not _is_cjk(n.text) for n in numerals):
        # "after ten am", "the eighth of june": the clock and the date are read off the
        # spelled text, as the extractor reads them (last: a month ending it reads no figure)
        lines.append(spelled)
    return " ;\n".join(lines)  # ";": "…of june" and a reading after it are no "june 4"
