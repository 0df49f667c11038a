"""Which clauses of a user's sentence carry a constraint, in English and Chinese.

The extractor keeps the user's own clause rather than recognizing phrasings: a sentence is cut
into clauses at commas and semicolons (an enumeration mark ``、`` lists inside a clause), never
inside a number, a time, a date or a range ("１２，５００", "18:25", "150–200", "October 3rd,
2026" stay whole), and a clause is kept when it carries a constraint signal:

- strong: a quantity (digits that are not an id like ``G7301``, a number in words, a date, a
  clock time), a negation or prohibition ("don't", "never", "without", "别", "不许"), an
  exclusion ("except", "anything but", "nut-free", "除了"), an allergy ("allergic", "过敏"), a
  preference ("prefer", "I'd rather", "is fine", "最好", "优先", "就行"), a bound on a day
  ("before noon"), an imperative about the task ("Use the debit card");
- weak: a day or part of a day without a figure ("Saturday", "tomorrow", "morning", "下周六"),
  kept only when the sentence also has a strong signal (it then belongs to the request).

A clause too short to stand alone ("tops", "ever") or opening with "and"/"plus"/"还有" joins
the kept clause before it, so "Cap it at 80 euros, not a cent over" stays one clause; a short
kept clause with nothing kept before it takes the clause before it along ("ibuprofen makes me
break out, I'm allergic"). In a question only figures count, unless it is a request ("Could
you…", "能不能…"): "what does the G in G7301 stand for?" carries none; "could you find a hotel
for 150–200 CNY?" does. Small talk and narrative are no constraint (``small_talk``): their
phrases are blanked before the signals are looked for ("long time no see", "hope you're well",
"must have been", "never had"), and a sentence that opens by telling of the past ("when I was a
kid", "小时候") counts only its bounded figures. Whether a sentence asks, tells, relays or
requires, and whose each clause is, is ``sentence_mood``'s to say.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass

from runtime.summary.extract_clauses import (
    CORRECTED_RE,
    CORRECTING_END_RE,
    MENDED_RE,
    REVISED_RE,
    REVISING_EN,
    REVISING_ZH,
    ends_in_brackets,
)
from runtime.summary.numerals import find_numerals, spell_digits
from runtime.summary.sentence_mood import (
    OWN_MONEY,
    OWN_RULE_SET_RE,
    PAST_DAY_RE,
    PRICED_RE,
    SAID_BEFORE_RE,
    TASK_NEGATION_RE,
    Voice,
    asks_nothing,
    bounds_something,
    clause_voices,
    is_question,
    is_request,
    names_offer,
    sets_task,
    tells_what_happened,
)
from runtime.summary.signal_words import (
    ABOUT_TO,
    ALLERGY_RE,
    ASKED_WITHOUT_RE,
    DEADLINE_RE,
    DIET_RE,
    EXCLUSION_RE,
    FREQUENCY_RE,
    IMPERATIVE_RE,
    NEGATION_RE,
    NEVER_HAD_RE,
    NO_NEED_RE,
    NOT_NEGATION_RE,
    PREFERENCE_RE,
    TASK_START_RE,
    TASTE_RE,
    TRAVEL_RE,
    WEAK_RE,
    WELL_WISH_RE,
)
from runtime.summary.small_talk import is_narrative, without_small_talk

__all__ = [
    "NEGATION_RE",
    "ClauseSignal",
    "clause_signal",
    "constraint_clauses",
    "is_allergy",
    "split_clauses",
]

# Clause breaks: , ， ; ；, a spaced dash, an em-dash pair between words. Colons never break
# ("18:25", "Quiet hours: no calls", "Budget: 200" stay whole); a comma does not either when it
# is a thousands separator ("1,200", "１２，５００"), precedes a year ("October 3rd, 2026") or
# follows a weekday before a month ("Saturday, September 19").
_BREAK_RE = re.compile(
    r"[,，;；]|\s+[-–—]{1,2}\s+|(?<!\d)——(?!\d)"
    # a pause between Chinese words, as voice input and quick typing leave it: "体检帮我约下午吧
    # 两点以后 上午我要去社区活动"
    # (not a list of days: "周三 周四下午都不行")
    r"|(?<=[\u4e00-\u9fff])(?<![周期拜][一二三四五六日天])\s+(?=[\u4e00-\u9fff])"
    # a pause in speech written down: "skip sports and um keep it short like five minutes tops"
    r"|\s+(?:and|but|also|oh)\s+(?:um+|uh+|er+|erm)\s+"
    # a new sentence said without its full stop: "how much have i spent so far im trying to
    # keep it under four hundred a month"
    r"|(?<=[a-z])\s+(?=(?i:i'?m|i\s+am)\s+(?:trying|hoping|planning|going|looking)\s+to\b)"
    # a wish after a bound: "budget is $800 tops and i'd prefer something with at least 16gb"
    r"|(?<=[a-z0-9])\s+(?=(?i:and\s+(?:i'?d|i\s+would)\s+(?:prefer|like|love|rather)\b))"
    # someone's words after the user's own: "trying to stay under 1,800 a day and my friend says…"
    r"|(?<=[a-z0-9])\s+(?=(?i:and\s+(?:my|our)\s+\w+\s+(?:says|thinks|reckons)\b))"
    # the user's own figure after someone's: "my advisor said 12 but I'm capped at 16", "The job
    # posting says 12–15 hrs/week but I can do twelve at most"
    r"|(?<=[a-z0-9%/])\s+(?=(?i:but\s+(?:(?:honestly|really|personally)\s+)?(?:i'?m|i\s+am|i\s+can|we\s+can"
    r"|we'?re)\b[^,;.!?]{0,25}?\b(?:at\s+most|at\s+least|capped|max(?:imum)?|tops|no\s+more\s+than|only"
    r"|(?:lower|higher|less|more|cheaper)\s+than|below|above|under|over)\b))"
    # hearsay after the user's own: "We were thinking ~$10 a week but apparently her friends all
    # get 20"
    r"|(?<=[a-z0-9])\s+(?=(?i:but\s+(?:apparently|supposedly|everyone\s+says|people\s+say)\b))"
    # someone's words after the user's own: "guest list is capped at 85 and she said no lilies"
    r"|(?<=[a-z0-9])\s+(?=(?i:and\s+(?:he|she|they)\s+(?:said|says|told\s+(?:me|us))\b))"
    # a second bound on another quantity: "at least 25g protein per scoop and under $40 a tub"
    # (not the other end of a range, "no less than 5 and no more than 8 km"; not a part of a
    # set, "at least 12 of them")
    r"|(?<=[a-z])\s+(?=(?i:and\s+(?:under|below|over|above|at\s+(?:most|least)"
    r"|(?:no|not)\s+(?:more|less|fewer)\s+than|(?:less|more|fewer)\s+than)\s+[$€£¥]?\d[\d,.]*+"
    r"(?!\s*of\b)))"
)
_THOUSANDS_RE = re.compile(r"\d{3}(?!\d)")
_YEAR_RE = re.compile(r"\s*\d{4}\b")
_WEEKDAY_BEFORE_RE = re.compile(
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?$", re.IGNORECASE
)
_MONTH_AFTER_RE = re.compile(
    r"\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*\d", re.IGNORECASE
)
_DAY_BEFORE_RE = re.compile(
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|tomorrow"
    r"|\d{1,2}(?:st|nd|rd|th)?|\d{4}|(?:周|星期|礼拜)[一二三四五六日天]|[今明后]天|\d{1,2}[日号]"
    # a half of the day and its clock: "安排在下午，三点到五点之间", "Saturday evening, on 7"
    r"|\b(?:morning|afternoon|evening|night)|凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
    # a part of the day named by what fills it: "during my lunch, 12:30 to 1:30", "午休，12点到1点"
    r"|\b(?:lunch|breakfast|dinner|nap|lunch\s+break|commute|school\s+run)|午休|午饭|晚饭|早饭)$",
    re.IGNORECASE,
)
_CLOCK_AFTER_RE = re.compile(
    r"\s*(?:(?:at|by|before|after|around|until|till|on|no\s+later\s+than|not\s+later\s+than)\s+)?"
    r"(?:\d{1,2}(?::\d{2})?\s*(?:a\.?m(?![A-Za-z])|p\.?m(?![A-Za-z])|o'?clock)|\d{1,2}:\d{2}|noon\b|midnight\b|midday\b"
    r"|(?:a\s+)?quarter\s+(?:past|to)\s+\d|half\s+past\s+\d)"
    r"|\s*(?:凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|晚|早)?\s*[\d零〇一二两三四五六七八九十]{1,3}\s*[点时:]",
    re.IGNORECASE,
)
_ABBREVIATION_END_RE = re.compile(r"(?<![A-Za-z])[A-Za-z]\.[A-Za-z]\.$")
_TRIM = " \t\n,，;；、。.!！?？:：…"
# More of the same kind after a list: "avoid anything fancy, tasting menus and that sort of thing"
_SUCH_LIKE_RE = re.compile(
    r"\b(?:and|or)\s+(?:that|this|the\s+like|all\s+that)\s*(?:sort|kind)?\s*(?:of\s+(?:thing|stuff))?\W*$"
    r"|\b(?:and|or)\s+(?:stuff|things|anything)\s+like\s+(?:that|this)\W*$|(?:之类|这类|那类|等等)的?\W*$",
    re.IGNORECASE,
)
# The hours just named, kept clear: "My planning period is 1:10-1:50pm, can you keep that free"
_KEEP_CLEAR_RE = re.compile(
    r"\b(?:keep|leave|block)\s+(?:that|those|it|them)\s+(?:free|clear|open|empty|off|out)\b",
    re.IGNORECASE,
)
# What a figure before covers, or that it is not to be passed: "预算总共八千，机票加酒店全算进去，
# 别超了"
_SCOPE_END_RE = re.compile(
    r"(?:别|不要|不能|不许|千万别)超(?:了|过|出)?了?[啊哈吧]?\W*$"
    # what the figure covers: "预算总共八千，机票加酒店加补助全算进去"
    r"|(?:全|都)(?:算|包括|含)(?:进去|在内)了?\W*$|\b(?:all\s+in|everything\s+included)\W*$"
    # "预算总共一万五，宴席、蛋糕、礼物全包在里面，不能超"
    r"|(?:全|都)包(?:在里面|在内|进去)",
    re.IGNORECASE,
)
# The latest of the deadline before: "周五下班前必须交，最晚不能超过下午6点", "by EOD Wednesday, no
# later than 5"
_LATEST_START_RE = re.compile(r"\W*(?:最晚|最迟|no\s+later\s+than\b|at\s+the\s+latest\b)", re.I)
_WEEKDAY_END_RE = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\W*$", re.IGNORECASE)
_DAY_OF_MONTH_RE = re.compile(r"\W*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\W*$", re.IGNORECASE)
# A clause ending in "too early / too late / too long / too many", its figure in the clause after:
# "早上别排太早，9点之前…起不来", "别写太长，三行就够了"
_TOO_END_RE = re.compile(
    r"太(?:早|晚|长|多|贵|久|远)\W*$|\btoo\s+(?:early|late|long|many|much|far)\W*$", re.IGNORECASE
)
_NOT_PART_RE = re.compile(
    r"\W*(?:not|no)\s+(?:in\s+the\s+)?(?:(?:early|late)\s+)?(?:mornings?|afternoons?|evenings?|nights?"
    r"|early|late)(?:\s+(?:pls|please|plz))?\W*$",  # "no early mornings pls, nothing before 7am"
    re.IGNORECASE,
)
# Enough said of a figure, before more is refused: "师傅来两个就够了啦，别派三四个来"
_ENOUGH_END_RE = re.compile(r"(?:就够了?|就行|就好|足够了?)[啦了吧啊哈]*\W*$")
# A bare direction for the figure of the clause before: "we need 400, no fewer", "两千，不能再多了"
_NO_FURTHER_RE = re.compile(
    r"\W*(?:\w+\s+(?:that|it|them)\s+)?(?:(?:and|but)\s+)?(?:no|nothing|not\s+(?:one|a\s+\w+|any))\s+"
    r"(?:fewer|less|more|lower|higher|later|earlier"
    r"|sooner|cheaper|pricier)\b(?:\s+than\s+that)?\W*$"
    r"|\W*(?:一个|一分|一分钱|一天)?(?:都|也)?不能(?:再)?(?:少|多|晚|早|低|高)了?\W*$"
    r"|\W*一点(?:都|也|儿都|儿也)不(?:行|能|要|可以)\W*$"
    r"|\W*(?:别|不要|不用|千万别)(?:再)?多(?:买|订|拿|点|要|带|放|加|做|备|囤)了?\W*$"
    # "就玩六天五晚，别再长了": not a day longer
    r"|\W*(?:别|不要|不能|千万别)再(?:长|久|多|贵|晚|早|远|大|小|少)了?[啊哈吧]?\W*$",
    re.IGNORECASE,
)
# What the clause before set, said again as its limit or its reason, joins it whatever it
# carries itself: "超了就不做了", "一共就这么多", "any more and I walk", "that's my limit", a
# short allergy ("w/o peanuts, severe allergy").
_BACK_RE = re.compile(
    r"^(?:超了|超过了|超出|再多|再贵|再晚|再早|多了(?:不|就)|(?:低于|高于|少于|多于|超过)(?:这个|这个数|那个))"
    r"|就这么多|\b(?:can'?t|cannot|won'?t)\s+go\s+(?:over|above|past|beyond|higher\s+than)\s+that\b"
    r"|^(?:any\s*(?:thing)?\s+more|more\s+than"
    r"\s+that|beyond\s+that|that'?s\s+(?:all|it|my\s+(?:limit|max|budget|ceiling)))\b"
    # a comparative without its figure bounds the one before: "27 inch, nothing bigger will fit"
    r"|^(?:nothing|no|not\s+any(?:thing)?|anything)\s+(?:bigger|larger|smaller|longer|shorter|wider"
    r"|taller|heavier|higher|lower|later|earlier|pricier|deeper|more\s+expensive)\b(?!\s+than\b)"
    r"|^(?:\w+\s+)?(?:allerg(?:y|ic)|intol[ae]r[ae]nt)\b|^(?:like|say|e\.?g\.?)\s+\d{1,2}[:.]\d\d|^(?:ideally|preferably)\b"
    # (not a bound of its own: "at least 140cm wide, ideally under $400")
    r"(?!\s+(?:under|below|over|above|less|more|at\s+(?:most|least))\b)"
    # the contrast that makes the clause before precise: "aisle seat, not window"
    r"|^not\s+(?:just\s+|only\s+)?(?:a\s+|an\s+|the\s+)?\w+(?:\s+\w+)?\W*$"
    r"|^(?:[\u4e00-\u9fff]{0,4}|(?![^，,。]*我)[\u4e00-\u9fff]{5,6})(?:过敏|不耐受)\W*$"
    # the value of what the clause before compared with, or its exception: "cheaper than the
    # last one, which was $85", "比上次那台便宜，上次是2,399元", "别打电话，除非是九点半之前"
    r"|^which\s+(?:was|is|were|cost)\b|^(?:上次|之前|原来|原价)(?:是|花了|买的)|^(?:除非|unless\b)"
    # the same again, its verb left out: "晚上10点以后别给我推送消息，早上7点前也别"; "我不太爱
    # 吃香菜，做菜尽量少放"
    # the object just named, and asking to be asked: "婴儿奶粉我自己带，你就别在清单里加了", "别替我
    # 买全价，先问我"
    r"|^(?:你|那|那你)?就别|^(?:先|要)问(?:我|一下我)(?:一声|一下)?\W*$"
    # ...or to see it first: "千万别替我拍板定价格，先发给我看", "send it to me first"
    r"|^先(?:发|拿|给|传)(?:给)?我(?:看|过目|确认)|^(?:send|show)\s+(?:it|them|that)\s+(?:to\s+)?me\s+first\W*$"
    r"|^(?:check|ask)\s+(?:with\s+)?me\s+first\W*$|^(?:show|run|read)\s+(?:it|them|that)\s+(?:to|by)\s+me\b"
    # the step waits for the user's ok: "写好了先别发，等我确认了再发"
    r"|^等我(?:确认|看过|看完|同意|点头|回复)了?(?:之后|以后)?再"
    # an order asked for what was just named: "sorted by gift size, biggest first", "in the order
    # they came in, oldest first"
    r"|^(?:oldest|newest|cheapest|earliest|latest|shortest|closest|nearest|biggest|smallest"
    r"|largest|most\s+recent)\s+first\W*$"
    # the window the clause before names: "don't run the dryer during peak, that's 4 to 9 pm"
    r"|^that'?s\s+(?:from\s+|between\s+)?\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\s*)?(?:to|-|–|and|till|until)\s*\d"
    # ...and asking to be asked before: "千万别替我直接付定金，付款前必须问我"
    r"|^[\u4e00-\u9fff]{0,4}(?:前|之前)(?:必须|一定要|要|得)?先?问(?:我|一下我|过我)"
    # something else asked for instead: "鸡胸肉吃腻了，换点别的蛋白质来源吧"
    r"|^换(?:点|个|成|些)?别的"
    # a figure stressed: "Order 4 bags of the Purina senior, exactly 4"
    r"|^(?:exactly|precisely|just|only)\s+\d+\W*$"
    # the kind just named: "第二件半价那种活动我不感兴趣，别推这种", "帮我找晚上的，七点到九点之间
    # 那种"
    r"|^[\u4e00-\u9fff]{0,10}(?:这种|那种|这类|那类)的?\W*$"
    r"|也(?:别|不要|不行|不用|不能)\W*$|(?:少|别|不要|不用|尽量不)(?:放|加|搁|用)(?:了|点|些)?\W*$"
    # what the clause before meant, said again: "…剔除掉，就是user_id以test_开头的那些"
    r"|^(?:就是|也就是|即)|^(?:i\.?e\.?|namely|meaning|that\s+is)\b"
    # the wish about what the clause before allowed or named: "It's not impossible to meet on
    # Friday, but I'd rather we didn't", "spend $200 on a leaky tap — keep it under that",
    # "不在地铁站五百米以内的酒店，我是不会考虑的", "…peanuts in it, not even a trace; my son is
    # allergic"
    r"|^(?:but\s+)?(?:i'?d|i\s+would|we'?d)\s+(?:rather|prefer)(?:\s+(?:we|you|it|they))?\s+"
    r"(?:not|didn'?t|wasn'?t|weren'?t|don'?t)\W*$"
    r"|^(?:so\s+)?keep\s+it\s+(?:under|below|within|to|at)\s+that\b"
    r"|^(?:but\s+)?not\s+(?:any\s+)?(?:more|higher|longer|later)\s+than\s+that\b"
    r"|^(?:我们?)?(?:是)?(?:不会|不|绝不)(?:考虑|要|去|住|买|接受)的?\W*$|^(?:就)?别(?:推荐|考虑|买|订|找)了?\W*$"
    r"|^(?:那)?这(?:套|家|款|个)就?(?:别|不要|不)"
    r"|^not\s+even\s+(?:a|one|the)\b"
    # the hour before not to be passed, examples of the kind refused, the kind refused again:
    # "早上7点半化妆师要到，别迟于这个点", "不要订连锁快捷酒店，像那种如家汉庭的都不行",
    # "别上生的，刺身之类的一律不要", "I hate apartment complex deliveries, skip those when you can"
    r"|^(?:别|不要|不能)(?:晚|迟|早)于(?:这个|那个)(?:点|时间)|^像(?:那种|这种)|^[\u4e00-\u9fff]{1,6}之类的"
    r"|^(?:so\s+)?(?:skip|avoid|drop)\s+(?:those|them|these)\b"
    # the thing just named kept away, the hours just named kept clear of what: "Mum can't stand
    # coriander, keep it out of the ready meals", "keep 1 to 5 pm free for him, no client calls"
    r"|^(?:so\s+)?keep\s+(?:it|them|that|those)\s+(?:out|off|away)\b"
    # when to come back to it, another refusal in the same breath, whose allergy it is:
    # "今晚１１：３０以后别再给我推送订单提醒了，明早七点再说", "nothing scary, no monsters pls",
    # "nothing with peanuts, my nephew's allergic and he's coming"
    r"|^[^，,。]{0,16}再说\W*$|^no\s+[\w-]+(?:\s+[\w-]+)?(?:\s+(?:pls|please|plz))?\W*$"
    # the figure before not to be passed, its unit named there, it pointed at, counted too, its
    # examples: "tops out at 4.5k, cant go over that", "at least 20 hours…, but no more than 25",
    # "公积金那个帐户我不想动，别把它算进可投资的钱里", "溏心蛋也算哦", "包括腰果杏仁核桃"
    r"|^(?:i\s+)?(?:can'?t|cant|cannot|won'?t|wont)\s+go\s+(?:over|above|beyond|past)\s+(?:that|this|it)\b"
    r"|^(?:but|and)\s+(?:no|not)\s+more\s+than\s+\d+(?=\s+(?:cause|cuz|coz|because|since|as|due)\b|\W*$)"
    r"|^(?:你)?(?:别|不要)把(?:它|这个|那个|这笔|这些|这部分)|^[^，,。]{1,8}也算(?:哦|啊|的|进去)?\W*$"
    r"|^(?:包括|包含|比如|例如)"
    # the hour of the day before, hedged: "arrive by Thursday evening, like 7 pm latest"; the
    # ceiling before not to be passed: "15% off…, but nothing deeper than that"
    r"|^(?:like|say|e\.?g\.?|ideally)\s+\d{1,2}(?:[:.]\d\d)?\s*(?:[ap]\.?m\.?)?(?:\s+(?:latest|at\s+the\s+latest"
    r"|tops|max))?\W*$|^(?:but\s+)?nothing\s+(?:deeper|bigger|higher|more|lower|longer)\s+than\s+that\b"
    # what the hour before means: "她下午三点之前都在学校，别排太早"; the window before, shut:
    # "any time 1300–1700 on the 22nd, nothing outside that"
    r"|^(?:别|不要|不能)(?:排|约|安排|定)?(?:得)?太(?:早|晚)\W*$|^nothing\s+outside\s+(?:that|those|this)\b"
    r"|^(?:(?:my|our|his|her)\s+)?\w+(?:'s|\s+is|\s+are)\s+(?:very\s+|severely\s+)?(?:allergic|intol[ae]r[ae]nt"
    r"|c(?:o)?eliac)\b"
    # the same again for all of what was named, someone else's not to be used: "以后周末收到的工作
    # 邮件，除非标了紧急，都别推送通知给我", "用我的身份证，别用小王的"
    r"|^都(?:别|不要|不用|不能)|^(?:别|不要)(?:用|拿|填|写)[\u4e00-\u9fff]{1,4}的\W*$"
    r"|^(?:and\s+)?no\s+(?:\w+\s+){0,2}(?:calls?|meetings?|visits?|appointments?|visitors?)\W*$"
    # the figure before accepted: "a $50 deposit to hold the slot, i'm fine with that"
    r"|^(?:but\s+)?(?:i'?m|im|we'?re|i\s+am|we\s+are)\s+(?:totally\s+|perfectly\s+)?(?:fine|ok(?:ay)?|good"
    r"|happy|cool)\s+with\s+(?:that|it)\W*$",
    re.IGNORECASE,
)
# The figure a clause before asked for without giving it: "别拖太久，最多45分钟", "keep the toast
# short, at most 5 minutes" (not after a clause with a figure of its own: "leave on September
# 19, at most $45.50 one-way" are two constraints)
_LIMIT_START_RE = re.compile(
    r"^(?:at\s+(?:most|least)|max(?:imum)?|no\s+more\s+than|tops)\b|^(?:最多|最少|至少|不超过|顶多)"
    r"|^\W*[$€£¥]?[\d.,]+\s*(?:[A-Za-z]{0,10}\s+){0,3}?(?:max(?:imum)?|tops|at\s+(?:most|the\s+most"
    r"|a\s+push|a\s+stretch)"
    r"|or\s+(?:less|under"
    r"|fewer))\W*$|^\W*[\d.,一二两三四五六七八九十百千万]+\s*[\u4e00-\u9fff]{0,3}?(?:以内|以下|封顶|顶天)\W*$",
    re.IGNORECASE,
)
_ASKING_CLAUSE_RE = re.compile(
    r"(?:^|:)\W*(?:(?:um|uh|so|oh|hey|and|but|also|or)\W+)*(?:did|does|do|is|are|was|were|can"
    r"|could|would|will|should|what|where|when|why|how|who|which|any)\b|[?？]|什么|怎么|咋|哪|谁"
    r"|几|多少|吗|呢|是不是|有没有|要不要|会不会|可不可以|行不行",
    re.IGNORECASE,
)
# The size of the user's party: "a party of 20", "for a class of 30", "between 5 of us"
_PARTY_OF = (
    r"\b(?:(?:a|our|my)\s+(?:party|class|group|team|family)|(?:between|among|for)\s+(?:the\s+)?"
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten))\s+of\s+(?:us|\d+|two|three|four|five|six"
    r"|seven|eight|nine|ten|twelve|twenty|thirty)\b"
    # who lives there: "There are 3 of us in the flat"
    r"|\bthere(?:\s+are|'re|'s|\s+is)\s+(?:\d+|two|three|four|five|six|seven|eight)\s+of\s+us\b"
    r"|\bwe(?:'re|\s+are)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(?:people|adults|of\s+us)\b"
    # what a dish must feed: "what can I make for dinner that feeds 5 people"
    r"|\b(?:feeds?|serves?)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+"
    r"(?:people|persons|adults|guests|kids)\b"
    # who it is for: "How I go cook jollof for 20 people…?"
    r"|\bfor\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty)\s+"
    r"(?:people|persons|guests|adults|kids|pax)\b"
    # how many a dish is for: "做个四人份的火锅要准备啥？"
    r"|(?:做|煮|烧|准备|订|点|买)个?(?:\d+|[一二两三四五六七八九十]+)\s*人份"
)
# A fragment naming what is wanted: "Something around 50 bucks?", "Anything under $40?"
_WANTED_RE = re.compile(
    r"^\W*(?:(?:something|anything|one|somewhere)|(?:maybe|ideally|preferably|say))\s+(?:around"
    r"|about|under|below|less\s+than|within|near|close\s+to|in\s+the\s+[$€£¥]?\d)"
    # one sought by its measure: "这个沙发有没有宽度在180到200cm之间的？"
    r"|有没有[^，,。？?]{0,24}[\d０-９][^，,。？?]{0,12}的\W*$"
    # a goal of the user's own money: "What's a realistic plan to save up 15k?"
    r"|\b(?:save|saving|pay\s+off|paying\s+off)\s+(?:up\s+)?(?:[$£€¥]\s?)?\d"
    # the user's own plan put up for approval: "Is it ok if I book the tour for Oct 12 at 10am?"
    r"|\b(?:is\s+it|would\s+it\s+be)\s+(?:ok(?:ay)?|fine|alright|all\s+right)\s+if\s+(?:i|we)\s+"
    r"(?:book|schedule|move|set|plan|go|come|leave|arrive|pick|order|buy|keep|make)\b",
    re.IGNORECASE,
)
# What the user pays where they live: "rent here is $1,850/month, are there cheaper…?"
_RENT_HERE = (
    r"^\W*(?:the\s+)?(?:rent|mortgage)\s+(?:here\s+)?(?:is|'s)\s+(?:about\s+|like\s+)?[$€£¥]?\d"
)
# What the user bought, said without "I": "买了3斤五花肉，…够几个人吃？"
_BOUGHT = r"^\W*(?:刚|已经)?(?:买了|囤了|备了)\s*[\d０-９一二两三四五六七八九十半]"
# The figure the user holds themself to: "im trying to keep it under four hundred a month",
# "honestly I'm aiming for about 6000 for now"
_AIMING = (
    r"\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:trying\s+to\s+(?:keep|stay|spend|save)"
    r"|aiming\s+(?:for|at)|shooting\s+for)\b"
)
_OWNED_RE = re.compile(
    # a setting the user chose, said before the question: "温度就设200度，大概烤多久合适？"
    r"就(?:设|调|定)(?:成|为|到|在)?|"
    # the user's own booking, told before the question: "航班是早上８：４０的，我该几点出门？"
    r"(?:航班|飞机|火车|高铁|动车|车次|船)(?:是|在)[^，,。？?]{0,6}[\d０-９]|"
    r"我|咱|家里|自己|本人|\b(?:i|i'm|i've|my|we|we're|our)\b"
    # a wish said without its subject: "想把雅思考到6.5分，…有啥建议吗", "Planning to repaint the
    # hall, any tips?" (not "Want to play a game, or…?": that asks whether the other wants to)
    r"|^\W*(?:但是?|不过|可是)?(?:想|打算|准备|计划|希望|不太想|不大想|不想|不愿意)"
    # a wish said of a thing first: "客厅想刷成浅灰色，配什么颜色的沙发比较好？"
    r"|^[\u4e00-\u9fff]{1,6}?想(?:刷|买|换|订|去|租|住|装|改|上|办|定|约|放)|^[\u4e00-\u9fff]{1,6}?要[\u4e00-\u9fff]{1,6}的$"
    # who comes along: "带两个小孩去动物园，门票会不会很贵啊？"; who it is for: "有没有适合十来个
    # 人的包间？"
    # when someone arrives, said before who will meet them: "Grandpa's train gets in at 14:20,
    # can someone else do the station pickup?"
    r"|\b(?:train|flight|bus|plane|ferry|coach)\s+(?:gets\s+in|arrives|lands|leaves|departs)\b"
    # who of the party arrives when: "Dan and Leo fly in on the 9th, rest of us on the 11th"
    r"|\b(?:fly|flies|flying|get|gets|getting)\s+in\s+on\b|\brest\s+of\s+us\b"
    # the dose of the one the user cares for: "She takes 500 mg of metformin, is it ok…?"
    r"|\b(?:he|she|they|mum|mom|dad)\s+(?:takes|'s\s+on|is\s+on)\s+[\d.]+\s*(?:mg|mcg|ml|units?|iu"
    r"|tablets?|pills?)\b"
    # what the user bought or has, said without "I"
    r"|" + _BOUGHT + r"|^\W*(?:手上有|手头有|家里有)\s*[\d０-９一二两三四五六七八九十半]"
    # where the user must be by when, before a question: "明天早上８：３０要到公司开会，…几点出门？"
    r"|[点:：][\d０-９半]{0,2}(?:之前|前)?(?:要|得|必须)(?:到|赶到)"
    # the user's own event before a question: "Group project meeting is Sunday 3-5pm, what…?"
    # "Pickup is at 07:15 on the 3rd, can the counter be open that early?"
    r"|\b(?:meeting|meet|appointment|class|lesson|interview|session|exam|party|game|shift|pick-?up"
    r"|drop-?off|check-?in|check-?out|delivery|surgery|reservation)(?:'s|\s+is)\s+(?:on\s+|at\s+)?"
    r"(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|tonight|next|this|(?<=at\s)[\d０-９]|the\s+\d)"
    r"|\b(?:warm-?ups?|doors|check-?in|kick-?off)\s+(?:starts?|opens?|begins?)\s+at\s+\d"
    # a need said without "I": "Need ferry tickets to Naxos for 3 people on July 3rd — also…?"
    r"|^\W*need\s+(?!to\s+know\b)\w"
    # what must be, said before the question: "…，必须本周五之前送到，来得及吗？"; what can only
    # be: "奥数和编程只能报一个，你觉得哪个…？"
    r"|必须|务必|一定要|只能(?:报|选|买|订|带|去|要|挑|参加|上|请|用)"
    # the deadline of the user's task, before what they ask: "报告截至时间是这周五中午12点，你能
    # 先给个大纲吗"
    r"|(?:截止|截至)(?:时间|日期)?(?:是|在)"
    # the measures of the one it is for: "孩子身高１３５cm，体重３０公斤左右，校服选哪个码？",
    # "she's 135cm and about 30kg, which size…?"
    r"|(?:身高|体重|腰围|胸围|臀围|脚长|鞋码|头围)\s*(?:是|有|大概|约)?\s*[\d０-９一二三四五六七八九十]"
    r"|\b(?:height|weight|waist|inseam|chest)\s+(?:is\s+)?(?:about\s+|around\s+)?\d"
    r"|\bweighs\s+(?:about\s+|around\s+)?\d|\b\d+\s*cm\s+tall\b"
    # a plan that opens with its day, before the question: "下周三晚上请同事来家吃饭，…菜单怎么定？"
    r"|^\W*(?:下下?周[一二三四五六日天末]?|下个?星期[一二三四五六日天]|明天|后天|这周[一二三四五六日天末]"
    r"|周[一二三四五六日天末])(?:早上|上午|中午|下午|晚上)?[^，,。？?]{0,10}?(?:请|办|约|带|陪|搬|招待|接人|送)"
    # how a dish is to be made, said before the question: "糖少放点，一个小时内能搞定嘛？"
    r"|(?:少|多)(?:放|加|搁)点?|少(?:油|盐|糖|辣|冰)|去冰|微辣|免辣"
    r"|^\W*带着?[\u4e00-\u9fff\d]{1,10}去|适合[\d一二两三四五六七八九十来几]+个?人"
    # what the user has booked, said before a question: "体检约在下周三上午，…几点以后不能吃东西？"
    r"|^\W*[\u4e00-\u9fff]{0,6}?(?:约在|约了|预约在|定在|排在|安排在)"
    # how many a dish or a place must take: "got a recipe … that serves four people?"
    r"|\b(?:serves?|feeds?|sleeps|seats|makes)\s+(?:about\s+|around\s+|roughly\s+)?(?:\d+|two|three"
    r"|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty"
    r"|twelve)\b"
    r"|^\W*(?:hoping|planning|trying)\s+to\b|^\W*(?:aiming|shooting)\s+for\b"
    r"|" + _RENT_HERE +
    # who is going: "Two adults and one kid, flying out of Manchester — which airlines…?",
    # "Beer for a party of 20, how many pints…?"
    r"|^\W*(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:adults?|kids?|children"
    r"|grown-?ups|people|guests)\b|" + _PARTY_OF +
    # who it is for: "Cooking for six this time, any main dish that scales well?", "hosting
    # dinner for 8 on Saturday, …?" (not "for 5 minutes": a duration)
    r"|^\W*(?:cooking|baking|hosting|catering|feeding|making\s+\w+|booking\s+\w+|shopping)\b"
    r"[\w\s]{0,20}?\bfor\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|a\s+dozen)\b(?!\s*(?:hours?|hrs?|min(?:ute)?s?|days?|weeks?|months?|years?|[$€£%]))"
    r"|还剩|剩下|每(?:周|天|个?月|年)能|能(?:多)?(?:还|付|出|拿出|承受)"
    r"|^(?:(?!说|写的|讲|规定|比如|例如|“)[^，,]){0,8}?(?:\d[\d.,]*|[一二两三四五六七八九十百千]+)\s*"
    r"(?:万|千|块|元|w|k|年|个月)(?![\u4e00-\u9fff]{0,4}(?:吗|呢|么))"
    r"|" + OWN_MONEY + r"[^，,]{0,4}?"
    r"[\d一二两三四五六七八九十]|分\s*\d+\s*期",
    re.IGNORECASE,
)


# A request to look something up, not to plan the user's day: "你帮我查查北京明天天气咋样"
_LOOKUP_RE = re.compile(r"查|天气|\b(?:check|look\s+up|weather|forecast)\b", re.IGNORECASE)

# A story told after the request, opening with when it happened or why it matters
_STORY_OPEN_RE = re.compile(
    r"^\W*(?:(?:and|but)\s+)?(?:last\s+(?:time|year|week|month|night|summer|winter)|yesterday"
    r"|the\s+other\s+day|上次|上回|昨天|前天|去年|上周|上个月"
    # or with what makes it a reason: "…二十块钱左右就巴适了，反正天天摔"
    r"|反正|因为|毕竟|because|cuz|since)",
    re.IGNORECASE,
)


# An option the asking clause rules out: "whats the cheapest way thats not western union?"
_EXCLUDING_RE = re.compile(
    r"\b(?:that'?s|thats|that\s+is|which\s+is|as\s+long\s+as\s+it'?s)\s+not\s+\w+"
    # a bound set on what is asked: "can the porch light stay on at night but not past 11:30pm?"
    r"|\bbut\s+not\s+(?:past|after|before|over|under|more\s+than|later\s+than|earlier\s+than)\b",
    re.IGNORECASE,
)


def _first_asking(sentence: str, spans: list[tuple[int, int]]) -> int:
    """The index of the first clause of a question that asks (the last one if none shows it)."""
    for index, (a, b) in enumerate(spans):
        if _ASKING_CLAUSE_RE.search(sentence[a:b]):
            return index
    return len(spans) - 1


_CHECKS_RE = re.compile(
    r"(?:这样|这么)\w{0,3}(?:对|行|可以|合适|够)(?:吗|不)|对吗|对不对|来得及(?:吗|么)|来不来得及|赶得(?:上|及)吗"
    # a plan asked to fit the figure: "每个月吃饭的钱大概1500上下，按这个能做出来吗"
    r"|按(?:这个|这|那个)(?:数|预算|标准)?[^，,。？?]{0,6}?(?:能|可以|够|行)"
    r"|\bis\s+(?:that|this)\s+(?:right"
    r"|ok(?:ay)?|correct|enough|fine|safe)\b|\bdoes\s+(?:that|this)\s+sound\s+(?:right|ok(?:ay)?|fine"
    r"|safe)\b"
    # a figure of the user's to be worked out: "Annual subs are £240, what does that work out as
    # per month?"
    r"|\bwhat\s+does\s+(?:that|this|it)\s+(?:work|come)\s+out\s+(?:as|to|at)\b",
    re.IGNORECASE,
)
# A sum of the user's own asked to be worked out: "how do I split 180 bucks four ways…?"
_SUM_ASKED_RE = re.compile(
    r"\bhow\s+(?:do|should|can|would)\s+(?:i|we)\s+(?:split|divide|share|spread)\b", re.IGNORECASE
)
"""A question asking to check what the user said before it."""
# A bound that speaks of what is left to do: "剩下半个月顶多再花一千二", "请把保洁安排在…"
_NOW_BOUND_RE = re.compile(
    r"顶多|最多|不超过|别超过|以内|至少|安排在|定在|\b(?:(?:i'?d|i\s+would|i\s+will|i'?ll)\s+(?:\w+\s+)?pay\s+up\s+to"
    r"|at\s+(?:most|least)|no\s+more\s+than|max(?:imum)?)\b"
    # a spec under its heading: "Dates: thurs 2026-10-15 to fri 2026-10-16"; a cap said with 就够:
    # "一共三碗就够"
    r"|^\W*(?:dates?|times?|budget|rooms?|when|venue)\s*:"
    r"|[\d一二两三四五六七八九十百千]\s*[\u4e00-\u9fff]{0,3}就够",
    re.IGNORECASE,
)
# the budget stated, whatever the story beside it: "budget is $25 a head and everyone voted…"
_BUDGET_STATED_RE = re.compile(
    r"\bbudget\s+(?:is|'s)\s+(?:about\s+|around\s+)?[$€£¥]?\d", re.IGNORECASE
)
# A figure told and then taken as the task's: "…，今年按这个数准备材料吧"
_ADOPTED_RE = re.compile(
    r"按(?:这个|那个)(?:数|数字|标准|量|预算|规格)"
    # "…is about 340 CAD, can you put that in the claim", "…can you build a shopping list off that"
    r"|\b(?:put|add|include)\s+(?:that|it|this|those)\s+(?:in|into|on|to)\s+(?:the|my)\s+(?:claim|expenses?"
    r"|report|spreadsheet|budget|log|list)\b"
    r"|\b(?:build|plan|make|work\s+out)\s+(?:\w+\s+){0,4}?(?:off|around|from|based\s+on)\s+that\b"
    # "around £40 is what I paid at my old place so aim for something like that"
    r"|\baim\s+for\s+(?:something\s+like\s+that|that|around\s+that)\b"
    # "…came to $187.40 this month, set up the autopay for exactly that"
    r"|\b(?:for|to|at)\s+exactly\s+(?:that|this)\b|\bfor\s+(?:exactly\s+)?that\s+(?:amount|figure|number)\b",
    re.IGNORECASE,
)
# Whether a price the user gives is fair: "押金３，０００是不是有点高？", "一期12节课总共2400，
# 这价格算贵吗？", "they want $450 for it, is that too pricey?"
_PRICE_CHECK_RE = re.compile(
    r"(?:算|是不是|是否)(?:有点|有些|太)?(?:贵|便宜|高)(?:了)?(?:吗|么|不|啊|\W*$)|贵不贵|划算(?:吗|不)"
    # the market asked about: "你帮我打听下本地行情", "查查这个价合不合理"; a sum to be noted:
    # "…一共３，６００，这个钱已经交了，帮我记一下"
    r"|行情|比比?价|合不合理|值不值|划不划算|\b(?:going|market)\s+rate\b|记一下|记下来|记个账|记账"
    r"|\bis\s+(?:that|this|it)\s+(?:too\s+)?(?:expensive|pricey|steep|a\s+good\s+(?:price|deal)"
    r"|reasonable|fair)\b",
    re.IGNORECASE,
)


def _asks_for_quantity(text: str) -> bool:
    """Whether a question asks how much or how many of something (not a conversion)."""
    return _HOW_MUCH_RE.search(text) is not None and _CONVERSION_RE.search(text) is None


_STAY_RE = re.compile(
    r"(?:\d+|[一二两三四五六七八九十]+)\s*(?:天|晚|夜|周|个月)|\b\d+\s*(?:days?|nights?|weeks?)\b",
    re.IGNORECASE,
)


def _trip_day(text: str) -> bool:
    """Whether a clause gives the day of a trip ("10月3号从成都飞拉萨，有没有…起飞的"): the user's
    plan, said before what is asked about it."""
    folded = _fold(text)
    return TRAVEL_RE.search(folded) is not None and (
        WEAK_RE.search(folded) is not None
        or _DAY_NUMBER_RE.search(folded) is not None
        or _STAY_RE.search(folded) is not None  # "去日本玩七天"
    )


_PARTY_OF_RE = re.compile(_PARTY_OF, re.IGNORECASE)


def _sized(clause: str) -> bool:
    """Whether an asking clause names the size of the user's party: "What can I get for a class
    of 30?" (the size is the user's, whatever is asked)."""
    return _PARTY_OF_RE.search(clause) is not None or _DISTANCE_OF_RE.search(clause) is not None


# The length of the user's own move or drive, in the question: "…movers for roughly 1,200 miles?"
_DISTANCE_OF_RE = re.compile(
    r"\bfor\s+(?:about|roughly|around|like|~)?\s*[\d,]+\s*(?:miles?|km|kilomet(?:er|re)s?)\b",
    re.IGNORECASE,
)


def _owned(text: str) -> bool:
    """Whether a clause speaks of the user ("我手上有…", "I'm lactose intolerant") or tells the
    assistant not to do something ("股票就别碰了"); a condition of the question is asked with it
    ("If my bank does a chargeback on the £72 order, does the shop…?")."""
    if _CONDITION_OPEN_RE.search(text):
        return False
    return (
        _OWNED_RE.search(text) is not None
        or TASK_NEGATION_RE.search(text) is not None
        or names_offer(text)  # "Plumber quote came in at 850 for…, does that sound fair?"
        or _NO_RULE_RE.search(text) is not None
        or _DISTANCE_OF_RE.search(text) is not None
    )


# A rule said as "no X" for whom the task is for: "mom's on warfarin so no ibuprofen or aspirin
# for her back pain — what else can she take?" (not "no idea why", "no worries")
_NO_RULE_RE = re.compile(
    r"(?:^\W*|\b(?:so|and|but|then)\s+)no\s+(?!idea|way|worries|problem|clue|rush|offen[cs]e|kidding"
    r"|joke|doubt|wonder|matter|thanks|one\b|longer|more\b|big\s+deal|luck|time\b|sign\b|word\b)[a-z]",
    re.IGNORECASE,
)


_GREETING_RE = re.compile(
    r"^\W*(?:good\s+(?:morning|afternoon|evening|night|day)|morning|night)\b|早上好|早安|下午好|晚上好|晚安",
    re.IGNORECASE,
)
_THAT_TIME_RE = re.compile(
    r"这段时间|那段时间|这个时间段?|那个时间段?|这个时段|那个时段|那天|当天|那一天|那个周末|那周"
    r"|在?(?:那|这)之[前后]|在?(?:那|这)以[前后]|[那这][两二三四五]天|[这那]期间"
    # the time just named, left out: "下午4点以后我都有空，之前别给我约任何东西"
    r"|^\W*之[前后](?=[别不都])|\b(?:before|after)\s+that\b|\b(?:before|after|by|until|till)\s+then\b"
    r"|\b(?:that|this)\s+(?:time|window|slot|period|day|week|weekend|night|morning|afternoon)\b"
    r"|\bduring\s+(?:that|those\s+hours)\b"
    # "周三上午十点到十一点半我有会，别把别的事排进去": into the time just named; "…are 9am to
    # 5pm — please tell the landscaper no mowing then"
    r"|(?:排|塞|安排|约)进去|这几天|那几天|\b(?:no|not|nothing|don'?t)\b[^,.;]{0,30}\bthen\W*$"
    r"|^\W*(?:别|不要|不能)(?:冲突|撞)",
    re.IGNORECASE,
)
_ONLY_RE = re.compile(r"只|\bonly\b", re.IGNORECASE)
_REFUSED_RE = re.compile(r"^[不别][\u4e00-\u9fff]{1,4}\W*$|^(?:not|no)\s+\w+(?:\s+\w+)?\W*$", re.I)
# A clause that goes on from the one before: "and…", "plus…", a short "but…" ("but no more than
# that"), "the rest…" ("剩下的放货币基金").
_CONTINUATION_RE = re.compile(
    r"^(?:and|or|nor|plus|also|as\s+well|including|the\s+rest|everything\s+else)\b"
    r"|^but(?:\s+[\w']+){0,5}$|^(?:以及|还有|并且|而且|另外|或者|也|剩下|其余|其他|其它|别的)",
    re.IGNORECASE,
)
_DIGIT_RE = re.compile(r"\d")
_PERFECTIVE_RE = re.compile(r"(?!超过|越过)[\u4e00-\u9fff][了过](?![解])")  # 超过: "exceeds"
# "四月份", "4月": a month named without its day; in a question ("那边四月份天气怎么样？") it is
# no more a figure than "in April" is
_BARE_MONTH_RE = re.compile(
    r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*月(?:份)?(?![\d一二三四五六七八九十号日])"
)
# In a question a month or a year named is what is asked about, no figure ("那边四月份天气怎么
# 样？", "What's the Roth IRA contribution limit for 2025?")
_ASKED_ABOUT_RE = re.compile(
    _BARE_MONTH_RE.pattern
    + r"|(?<!\d)(?:19|20)\d\d(?!\d)(?!\s*(?:[元块$€£¥%]|dollars|bucks|euros))"
    # a phrase quoted to be asked about: "比如“500元以内”，500算不算？"
    + r"|“[^”]{1,30}”|「[^」]{1,30}」"
    # the period of a rate asked: "小学生一天推荐吃多少克盐？"
    + r"|一(?:天|周|星期|个月|年|次|顿)(?=[^，,。？?]{0,8}(?:多少|几))"
)
# The options of a choice the user asks to have weighed, none of them a constraint: "你觉得续签
# 两年好还是一年好？", "物业费一年交一次还是一个季度交一次划算啊" (not "…还是三晚都行")
_CHOICE_ASKED_RE = re.compile(
    r"[\d一二两三四五六七八九十]+\s*个?(?:年|月|季度|次|天|晚|周)[^，,。？?]{0,8}?还是[^，,。？?]{0,4}?"
    r"[\d一二两三四五六七八九十]+\s*个?(?:年|月|季度|次|天|晚|周)[^，,。？?]{0,6}?"
    r"(?:好|划算|合适|便宜|合算)(?:呢|啊|呀|吗|些|一点|点)?\W*$"
)
# A question for one quantity that gives another, measured: "猪肉馅一斤要配多少白菜合适？",
# "how much water for 3 cups of rice?" (not "how long to 5th avenue", "how many calories in 2
# eggs": a name, a count asked about)
_HOW_MUCH_RE = re.compile(
    r"多少|多久|多长时间|几(?=[\u4e00-\u9fff])(?!点)|\bhow\s+(?:much|many|long)\b"
    # whether it is enough: "大概15个箱子，叫一辆小面包车够不够？"
    r"|够不够|够吗|够用吗|装得下吗|放得下吗|\b(?:is|would)\s+(?:that|it|this|one)\s+(?:be\s+)?enough\b",
    re.I,
)
# A conversion asks what one unit is in another: "1公斤等于多少磅？", "how many grams is a cup?"
_CONVERSION_RE = re.compile(
    r"等于|换算|折合|相当于|\bconvert\w*|\bequals?\b"
    # what a food holds: "How many calories are in 100 g of cooked rice?", "100克米饭多少热量"
    r"|\bcalories\b|\b(?:grams?\s+of\s+)?(?:protein|carbs|sugar|caffeine|sodium|fib(?:er|re))\s+(?:is\s+|are\s+)?in\b"
    r"|热量|卡路里|大卡|蛋白质|含糖量|咖啡因"
    # a unit price asked: "鸡蛋批发价一般多少钱一斤？"
    r"|多少钱一[\u4e00-\u9fff]|\bhow\s+much\s+(?:is\s+it\s+|are\s+they\s+)?(?:a|per)\s+(?:pound|lb|kilo|kg|dozen)\b"
    r"|\b(?:is|in)\s+(?:a|an|one|1)\s+(?:cup|gram|pound|kilo|liter|litre|ounce)\b",
    re.IGNORECASE,
)
_MEASURED_RE = re.compile(
    r"(?:\d|[一二两三四五六七八九十半])\s*(?:个(?=箱|袋|桶))?(?:斤|公斤|千克|克|两(?![个人])|升|毫升|杯|勺|碗|人份|期|平米"
    r"|平方|平(?![时常均安])|米|厘米|公里|桶|箱|袋|瓶|ml|mL|ML(?![A-Za-z]))"
    r"|\d\s*(?:cups?|grams?|g|kg|kilos?|lbs?|pounds?|oz|ounces?|ml|lit(?:er|re)s?|tbsp|tsp"
    r"|servings?|portions?|euros?|dollars?|bucks|quid|yen|sq\.?\s*f(?:ee)?t|square\s+(?:feet|foot"
    r"|met(?:er|re)s?)|m2)\b|\d\s*(?:元|块|美元|欧元|英镑|日元)|[$€£¥]\s*\d"
    # a bill and how many share it: "这个月电费２８６．５，按４个人平摊，每人多少？"
    r"|(?:电费|水费|燃气费|网费|房租|月租|账单|总共|一共|总价)\s*\d|按\s*\d+\s*个?人"
    # a temperature taken: "孩子发烧38度5，…美林该喂多少毫升？"
    r"|(?:发烧|发热|体温|烧到|高烧)\s*(?:\d|[三四]十)",
    re.IGNORECASE,
)
# Ids (trains, flights, bookings): letters then digits, bounded by anything but ASCII letters or
# digits ("G7301是几点" is an id followed by Chinese). "256G", "20kg" and "5k" are not ids.
_ID_RE = re.compile(
    r"(?<![A-Za-z0-9])(?!(?:RM|Rs|INR|PHP|MYR|SGD|HKD|TWD|NGN|USD|EUR|GBP|CNY|RMB)\d+(?:\.\d+)?\b)"
    r"[A-Za-z]{1,4}\d{2,}[A-Za-z0-9]*"
)  # not money: "RM60", "Rs500"
# Words quoted as words: "keeps saying 'half six'", "what does 'net 30' mean"
_MENTION_RE = re.compile(
    r"\b(?:say(?:s|ing)?|said|call(?:s|ed|ing)?|means?|word|term|does)\s+['\"‘“][^'\"’”]{1,30}['\"’”]",
    re.IGNORECASE,
)
# A figure that names a thing, not an amount: "my flight number is literally 777", "#12", a
# version, a kind of shop or network.
_NUMBER_ID_RE = re.compile(
    r"\bnumber\s+(?:is\s+|was\s+)?(?:\w+ly\s+)?\d+|#\s?\d+|(?:号码|编号|单号|尾号)是?\s*\d+"
    # a version: "v2.8.1", "version 3.11", "版本号是2.4"
    r"|(?<![A-Za-z0-9])v\d+(?:\.\d+)+|\bversion\s+v?\d+(?:\.\d+)*|版本号?(?:是|为)?\s*v?\d+(?:\.\d+)*"
    # a three-part version that is no day ("2.3.0 vs 2.3.1", "4.17.21"; not "12.03.2026"); a
    # kind named by a figure: "4S店" (a car dealer), "5G", "4K", "3D"
    r"|(?<![\d.])(?:\d+\.\d+\.\d|\d+\.(?:1[3-9]|[2-9]\d|\d{3,})\.\d+|(?:3[2-9]|[4-9]\d|\d{3,})\.\d+\.\d+)"
    r"(?![\d.])|\d+(?:\.\d+)*\s+LTS\b|\b40[13]\(?[kb]\)?(?![\w])"
    # a flat or a room: "my tenant in 3A", "unit 12B"
    r"|\b(?:in|unit|apt\.?|apartment|flat|room|suite)\s+#?\d{1,4}(?-i:[A-Z])\b"
    # the year something was built: "我们小区是2008年建的"
    r"|(?:19|20)\d\d\s*年(?:建|盖|造|产|出厂)的"
    # a rating: "10/10 would not recommend"
    r"|\b\d{1,2}/10\s+would\b"
    # a model year: "it's a 2019 MacBook Air", "my 2012 Civic"
    r"|\b(?:a|my|our|his|her|their)\s+(?:19|20)\d\d(?=\s+(?-i:[A-Z]))|4S店|(?<![A-Za-z0-9])"
    # (not an amount of data bounded: "流量每天至少2G", "at least 4G a day")
    r"(?<!至少)(?<!最少)(?<!最多)(?<!超过)(?<!少于)(?<!多于)(?<!least\s)(?<!most\s)"
    r"(?-i:[2-6]G|[48]K|[23]D)(?![A-Za-z0-9])",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*|[\u4e00-\u9fff]")
_QUALIFIER_TEXT = (
    "more less bigger smaller larger longer shorter higher lower over under above below ever "
    "tops max min maximum minimum please it that this than at the latest earliest later earlier "
    "sooner all a an "
    "cent penny he she they we i i'm he's she's they're is are allergic either too then "
    "though okay ok fine sure and or but"
)
_QUALIFIER_WORDS = frozenset(_QUALIFIER_TEXT.split(" "))
_SHORT_WORDS = 3
_SHORT_CJK = 4


@dataclass(frozen=True, slots=True)
class ClauseSignal:
    """What a clause carries: the kinds of signal it has, strong or only weak."""

    kinds: frozenset[str]
    strong: bool
    weak: bool


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


_ORDINAL_RE = re.compile(
    r"第[\d一二两三四五六七八九十百]+|\b(?:chapter|episode|season|page)\s+\d+", re.IGNORECASE
)


# Where a run-on request goes from what happened to what is asked and back: "I just started
# tracking what I eat and I'm kinda lost so could you give me dinner ideas that stay under 600mg"
_RUN_ON_RE = re.compile(
    r"\s(?=(?:because|cause|cuz|bc|coz|since)\s+\w"
    r"|(?:so|and|but)\s+(?:(?:pls|please|could|can|would|keep|make|find|get|book)\b"
    r"|(?:i|i'm|im|he|she|we|my|his|her|definitely|definately|nothing|no|don'?t|never)\b))",
    re.IGNORECASE,
)


def _run_on(sentence: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    """A told request said without a comma, split where it turns (``_RUN_ON_RE``)."""
    start, end = span
    cuts = [m.end() for m in _RUN_ON_RE.finditer(sentence, start, end)]
    edges = [start, *cuts, end]
    return [(a, b) for a, b in itertools.pairwise(edges) if b > a]


def _compared_with_figure(sentence: str, spans: list[tuple[int, int]], index: int) -> bool:
    """Whether clause ``index`` and the one before are a bound against something named, without
    a figure, and a clause with the figure of what it is compared with."""
    before, text = sentence[slice(*spans[index - 1])], sentence[slice(*spans[index])]
    return any(
        _COMPARED_RE.search(bound) is not None and not _has_figure(bound) and _has_figure(figure)
        for bound, figure in ((before, text), (text, before))
    )


# A count said roughly, with no figure to write: "大概十几个人", "二十几块", "几十号人"
_ROUGH_COUNT_RE = re.compile(
    r"(?:[一二两三四五六七八九]?十几|几十|几百)(?:个|号|位|人|块|元|斤|天|张|件|次)"
)


def _has_figure(text: str) -> bool:
    """Digits outside ids (``G7301``, ``HAT069``), or a number in words.

    A Chinese "一" that is an ordinal ("第一次") or an article in a told event ("参加了一个班")
    counts no more than English "a" does.
    """
    plain = _ID_RE.sub(" ", _NUMBER_ID_RE.sub(" ", _MENTION_RE.sub(" ", text)))
    plain = _ORDINAL_RE.sub(" ", plain)  # "第二部比第一部好看": which one, not how many
    if _DIGIT_RE.search(plain) or _ROUGH_COUNT_RE.search(plain):
        return True
    told = _PERFECTIVE_RE.search(plain) is not None
    return any(
        not (plain[n.start : n.end] == "一" and (told or plain[max(0, n.start - 1)] == "第"))
        for n in find_numerals(plain)
    )


def is_allergy(clause: str) -> bool:
    """Whether ``clause`` states an allergy or intolerance ("allergic", "过敏", "gluten makes me
    sick", "gives me hives")."""
    return ALLERGY_RE.search(_fold(clause)) is not None


# What announces the decision a story led to: "We've talked it over a lot and here's where we
# landed: three bedrooms minimum" (what follows is said now)
_DECISION_LEAD_RE = re.compile(
    r"\b(?:here'?s|this\s+is)\s+(?:where|what)\s+(?:we|i)\s+(?:landed|decided|settled\s+on|want"
    r"|need)\s*:|\b(?:we|i)(?:'ve|\s+have)?\s+decided\s*:|\b(?:bottom\s+line|long\s+story\s+short|so\s+the\s+plan\s+is)\s*:"
    # a group's decision the user acts on: "ok the group voted: Lisbon, first week of June"
    r"|\b(?:the\s+group|we|everyone|the\s+family)\s+(?:voted|agreed)\s*:|\bconsensus\s+is\s*:",
    re.IGNORECASE,
)


def _after_decision(text: str) -> str:
    """``text`` from the decision a story announces (``_DECISION_LEAD_RE``), else all of it."""
    leads = list(_DECISION_LEAD_RE.finditer(text))
    return text[leads[-1].end() :] if leads else text


def _unbounded(text: str, *, figures_only: bool, told: bool) -> bool:
    """Whether the figures of a clause count for nothing: only figures that bound something
    count in a question or a story (``clause_signal``)."""
    # the user's own figure, even in a story: "…说我家上个月用了210立方，明显不对，我自己抄的表是
    # 86立方", "我去年接私活收入大概15万，个税汇算要补多少？"
    if told and not figures_only and _OWN_FIGURE_RE.search(text):
        return False
    unbounded = (figures_only or told) and not bounds_something(text)
    # a question for one quantity gives the others: "猪肉馅一斤要配多少白菜合适？"
    unbounded = unbounded and not (
        figures_only
        and not told
        and _HOW_MUCH_RE.search(text)
        and _MEASURED_RE.search(text)
        and not _CONVERSION_RE.search(text)
    )
    # a clause that itself tells what happened ("refused to go to bed before 10 yesterday"); what
    # follows a colon stands alone ("We've talked it over and here's where we landed: three
    # bedrooms minimum")
    return unbounded or (
        told and tells_what_happened(_after_decision(text)) and not _BUDGET_STATED_RE.search(text)
    )


_ASKED_WITH_RE = re.compile(
    r"^\W*(?:any|are\s+there\s+(?:any|some)|is\s+there\s+(?:a|an|any)|(?:you\s+)?(?:got|know)"
    r"\s+(?:any|a|an))\b[^?]{0,50}?\bwith\s+(?:a|an)\s+[a-z]"
    # "有没有掉毛少的品种？"
    r"|(?:有没有|有什么|有啥)(?!人)[^，,。？?]{1,10}?的(?:品种|款|牌子|型号|房子|酒店|路线|地方|餐厅|课)",
    re.IGNORECASE,
)


def _asked_kinds(text: str) -> set[str]:
    """What a clause of a question still requires: what the thing asked for must lack ("有没有
    不用化学疏通剂的办法？"), and what the user is ("I'm lactose intolerant, any ideas for a
    creamy pasta sauce?")."""
    kinds = {"exclusion"} if ASKED_WITHOUT_RE.search(text) else set()
    if _ASKED_WITH_RE.search(text):
        kinds.add("preference")  # "Any hostels in Prague with a private room?"
    for name, pattern in (("allergy", ALLERGY_RE), ("diet", DIET_RE)):
        if pattern.search(text):
            kinds.add(name)
    return kinds


def clause_signal(clause: str, *, figures_only: bool = False, told: bool = False) -> ClauseSignal:
    """The constraint signals of one clause (see the module docstring).

    Args:
        clause: the clause, as written.
        figures_only: count only figures that bound something (a question that is not a
            request, a sentence that tells of the past).
        told: the sentence tells what happened ("上次…迟到了一个多小时"): a figure counts only
            when it bounds something, a negation only when it is addressed to the task.
    """
    text = _fold(clause)
    if WELL_WISH_RE.search(text) or _POLITENESS_ONLY_RE.match(text):
        # "Happy new year! Hope 2026 treats you well", "祝你生日快乐"; "Please," alone
        return _QUIET
    kinds: set[str] = set()
    # "We'll have the conference room from 9:30 to 4, and lunch is already handled"
    told = told and _FUTURE_RE.search(text) is None
    if not _unbounded(text, figures_only=figures_only, told=told) and _has_figure(
        _CHOICE_ASKED_RE.sub(" ", _ASKED_ABOUT_RE.sub(" ", text) if figures_only else text)
    ):
        kinds.add("figure")
    if not figures_only and not is_narrative(text):
        plain = without_small_talk(NOT_NEGATION_RE.sub(" … ", text))  # "…" keeps words apart
        for name, pattern in (
            ("negation", TASK_NEGATION_RE if told else NEGATION_RE),
            ("exclusion", EXCLUSION_RE),
            ("allergy", ALLERGY_RE),
            ("preference", PREFERENCE_RE),
            ("diet", DIET_RE),
            ("deadline", DEADLINE_RE),
            ("imperative", IMPERATIVE_RE),
        ):
            if pattern.search(plain):
                kinds.add(name)
        if NEVER_HAD_RE.search(text) or NO_NEED_RE.search(text):
            kinds.add("exclusion")
        if FREQUENCY_RE.search(plain):
            kinds.add("frequency")
    elif not is_narrative(text):
        kinds |= _asked_kinds(text)
    weak = bool(WEAK_RE.search(PAST_DAY_RE.sub(" ", text)))
    if weak and not figures_only and not told and TRAVEL_RE.search(text):
        kinds.add("dated")  # a day and what happens on it: "周六上午出发", "back on Sunday"
    return ClauseSignal(frozenset(kinds), strong=bool(kinds), weak=weak)


_POLITENESS_ONLY_RE = re.compile(r"\W*(?:please|pls|plz|kindly|麻烦你?|请)\W*$", re.IGNORECASE)


def split_clauses(sentence: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each clause of ``sentence``, trimmed, in order (see ``_BREAK_RE``)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BREAK_RE.finditer(sentence):
        if match.group(0) in ",，" and not _breaks(sentence, match.start()):
            continue
        if match.group(0) not in ",，;；" and _same_moment(sentence, match.start(), match.end()):
            continue  # "by January 15 — 5 pm sharp"
        pause = match.group(0).isspace()
        at, end = match.start(), match.end()
        if CORRECTED_RE.match(sentence[end : end + 40]) or CORRECTING_END_RE.search(
            sentence[max(0, at - 12) : at]
        ):
            continue  # "three nights — no wait, make it four": a slip and its mending
        if pause and _said_again(sentence[max(0, at - 24) : at], sentence[end : end + 24]):
            continue  # "十点以后 十点以后别给我发消息了": one clause said twice
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(sentence)))
    out = []
    for left, right in spans:
        while left < right and sentence[left] in _TRIM:
            left += 1
        while right > left and sentence[right - 1] in _TRIM:
            if _ABBREVIATION_END_RE.search(sentence, 0, right):
                break  # "after 10 a.m." keeps its full stop
            right -= 1
        if left < right:
            out.append((left, right))
    return out


# A slip taken back in dictation, with what replaces it: "下午三点 不是三点 三点半", "来六个人
# 不对 七个"; and a half of the day said before its clock: "上午 十点"
_CN_SLIP_RE = re.compile(r"^(?:不是|不对|哦不|啊不|不不)[\u4e00-\u9fff\d]{0,5}$")
_CN_FIGURE_RE = re.compile(r"[\d零一二两三四五六七八九十百千万]")
_CN_DAY_HALF_END_RE = re.compile(r"(?:上午|下午|晚上|早上|中午|凌晨|傍晚)$")
_CN_HALF_OF_RE = re.compile(
    r"^(?:是|我说的是|指的是)?(?:上午|下午|晚上|早上|中午|傍晚)(?:那个|的)?(?P<h>[\d一二两三四五六七八九十]{1,3})点"
)
_CN_CLOCK_START_RE = re.compile(r"^[\d一二两三四五六七八九十]{1,3}[点:：]")


def _said_again(before: str, after: str) -> bool:
    """Whether a pause in dictated Chinese only repeats or mends what came before it: the next
    words start with the last ones said ("七个 七个人吃饭", "十点 十点整"), correct them ("下午三点
    不是三点 三点半"), or give the clock of the half of the day just said ("上午 十点")."""
    last = re.split(r"[\s,，;；。！？!?]", before)[-1]
    following = re.split(r"[\s,，;；。！？!?]", after)[0]
    if not last or not following:
        return False
    if _CN_SLIP_RE.match(following) and _CN_FIGURE_RE.search(last):
        return True
    if _CN_SLIP_RE.match(last) and _CN_FIGURE_RE.search(following):
        return True
    if _CN_DAY_HALF_END_RE.search(last) and _CN_CLOCK_START_RE.match(following):
        return True
    half = _CN_HALF_OF_RE.match(following)
    if half is not None and f"{half.group('h')}点" in last:
        return True  # the half of the day of the clock just said: "7点左右吧，晚上那个7点哈"
    size = min(len(last), len(following))
    return any(
        following.startswith(last[-k:]) and _CN_FIGURE_RE.search(last[-k:])
        for k in range(2, size + 1)
    )


def _same_moment(text: str, start: int, end: int) -> bool:
    """Whether a dash between ``start`` and ``end`` joins a day and its clock time, or the two
    ends of a stretch of days ("Aug 30 – Sept 1")."""
    before, after = _fold(text[max(0, start - 24) : start]), _fold(text[end : end + 24])
    if _MONTH_DAY_END_RE.search(before) and _MONTH_DAY_START_RE.match(after):
        return True
    return bool(_DAY_BEFORE_RE.search(before) and _CLOCK_AFTER_RE.match(after))


_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_MONTH_DAY_END_RE = re.compile(rf"\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\s*$", re.IGNORECASE)
_MONTH_DAY_START_RE = re.compile(rf"\s*{_MONTH}\s+\d{{1,2}}\b", re.IGNORECASE)


_NEGATED_ITEM_RE = re.compile(r"(?:^|[\s,])(?:no|without)\s+[a-z-]+$", re.IGNORECASE)
_NEGATED_NEXT_RE = re.compile(r"\s*(?:and\s+)?(?:no|nothing\s+with)\s+[a-z-]+", re.IGNORECASE)
_NO_MORE_END_RE = re.compile(r"\bno\s+(?:longer|more|less|later|earlier|sooner)$", re.IGNORECASE)
_LIST_END_RE = re.compile(r"\s*[a-z-]+\s+(?:or|and|nor)\s+[a-z-]+\b", re.IGNORECASE)


# A tolerance or an alternative said after a target belongs to it: "at 500 dollars, plus or
# minus 50", "10:30, give or take 15 minutes", "about 200 cm wide, 10 cm either way is ok",
# "Dinner for 4, maybe 5", "以五万为准，上下浮动不超过10%", "26度左右，正负1度都行"
_TOLERANCE_AFTER_RE = re.compile(
    r"\s*(?:plus\s+or\s+minus|give\s+or\s+take|±|or\s+so\b|maybe\s+\d|\d+(?:\.\d+)?\s*\w*\s+either\s+way"
    r"|正负|上下(?:差|浮动)|误差|多(?:一|两)?点少(?:一|两)?点"
    # a ceiling said again: "预算就5000块，多一分都不行", "$50, not a penny more"
    r"|多(?:一|1)\s*(?:分|毛|块|元|天|分钟|秒)钱?都不|(?:一|1)\s*(?:分|毛|块)钱?都不能多"
    r"|not\s+(?:a|one)\s+(?:cent|penny|dollar|euro|pound|minute|day|second)\s+"
    r"(?:more|over|later|longer)"
    # "in 5 bullet points, no more than that", "venue cap is 30 ppl, don't go over"
    r"|(?:and\s+)?(?:no|not)\s+(?:more|less|fewer)(?:\s+than\s+(?:that|this))?\W*$"
    r"|(?:and\s+)?(?:don'?t|do\s+not|never)\s+go\s+(?:over|above|past|under|below)(?:\s+(?:that|this|it))?\W*$"
    # (in Chinese: "团建预算人均２００元，别超了啊")
    r"|(?:千万|可)?(?:别|不要|不能|不许)超(?:了|过了?)?(?:啊|哈|哦|呀)?(?:[，,。！!]|$)"
    # the ceiling past an approximate figure: "around £80, not paying more than 120 tops"
    r"|(?:but\s+)?(?:not|never)\s+(?:paying|spending|going)\s+(?:more|over|above)\b)",
    re.IGNORECASE,
)


# A bound said against what the user has or had, and the figure of that right after it: "rent
# no higher than what I pay now, 1,850 a month", "不能比我现在这台重，这台是1.3公斤", "跟去年差不多
# 就行，去年大概花了三千五"
_COMPARED_RE = re.compile(
    r"(?:比|超过)(?:我|我们)?(?:上次|上回|现在|这台|这个|这周|今年|去年|原计划|之前|以前|它)"
    r"|跟(?:现在|去年|上次|上回|今年)[^，,]{0,8}(?:一样|差不多)"
    r"|\b(?:than|as)\s+(?:the\s+old|my|last|what|our|the\s+one|yesterday|it\s+is\s+now)"
    # against anything named (``_compared_with_figure``): "cheaper than the dyson I have now",
    # "under what we spent in March", "别比上一版多", "要比火车便宜"
    r"|\b(?:cheaper|shorter|lighter|smaller|less|fewer|lower|longer|more|bigger|larger|heavier"
    r"|higher|further|farther|later|earlier|quicker|faster|slower|sweeter)\s+than\b"
    r"|\b(?:under|below|over|above|within)\s+what\b"
    r"|比[^，。,；;！!？?]{1,12}?(?:便宜|贵|少|多|短|长|轻|重|小|大|远|近|晚|早|低|高|快|慢)",
    re.IGNORECASE,
)
_REFERENCE_RE = re.compile(
    r"\s*(?:现在|上次|上回|这台|这周|今年|去年|原来|之前|以前|目前|一(?:学期|个月|年|晚|次|周))"
    r"|\s*(?:that\s+(?:one\s+)?was|which\s+(?:was|is|does|dragged|cost)|i'?m\s+paying|i\s+pay"
    r"|it\s+was|\$?\d)",
    re.IGNORECASE,
)


_EXAMPLES_AFTER_RE = re.compile(
    r"\s*(?:like(?!\s+(?:(?:i|we|you|he|she|they)\b|\d))|such\s+as|e\.g\.?|including|especially)\s"
    r"|\s*(?:尤其是|特别是|比如|例如|像是)",
    re.IGNORECASE,
)
_REVISING_END_RE = re.compile(
    r"\b(?:" + REVISING_EN + r")$|(?:" + REVISING_ZH + r")$", re.IGNORECASE
)
_FIGURE_AFTER_RE = re.compile(r"\s*(?:make\s+(?:it|that)\s+)?[$€£¥]?\d")
# what else an allergy covers, said right after it: "我对青霉素过敏，哦还有头孢", "allergic to
# penicillin, and amoxicillin too"
_ALLERGY_END_RE = re.compile(r"过敏$|不耐受?$|\ballergic\s+to\s+[\w -]{1,30}$", re.IGNORECASE)
_ALSO_AFTER_RE = re.compile(
    # what the allergy rules out, said next: "我奶奶乳糖不耐受，牛奶一口都不能喝"
    r"\s*[\u4e00-\u9fff]{1,4}(?:一口|一点|一滴)(?:都|也)(?:不能|不可以|别|碰不得)"
    r"|\s*(?:哦|噢|啊|对了)?\s*还有(?![一两几个件点事些])|\s*(?:oh\s+)?and\s+(?:also\s+)?[\w-]+"
    r"(?:\s+[\w-]+)?\s+(?:too|as\s+well)\b",
    re.IGNORECASE,
)
_MONTH_BEFORE_RE = re.compile(
    r"\b(?:(?:next|this|that)\s+month|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)$",
    re.IGNORECASE,
)
_DAY_OF_MONTH_AFTER_RE = re.compile(r"\s*(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)\b", re.IGNORECASE)
_QUOTED_END_RE = re.compile(r"['\"‘“][^'\"‘’“”]{1,30}['\"’”]$")
_QUOTED_START_RE = re.compile(r"\s*['\"‘“]")


_NEVER_END_RE = re.compile(r"\bnever$|\b(?:do\s+not|don'?t)$", re.IGNORECASE)
# the rule after its aside: "Do not, under any circumstances, auto-renew…"
_ASIDE_DONE_RE = re.compile(
    r"(?:^|,)\s*(?:under\s+(?:any|no)\s+circumstances|whatever\s+happens)$",
    re.IGNORECASE,
)
_EVER_AFTER_RE = re.compile(
    r"\s*(?:ever\b|under\s+(?:any|no)\s+circum|whatever\s+(?:happens|you\s+do)\b)",
    re.IGNORECASE,
)


def _goes_on(before: str, after: str) -> bool:
    """Whether what follows a comma goes on with what it follows: a revision and its figure ("on
    second thought, 120 words"), an allergy's second item ("我对青霉素过敏，哦还有头孢"), a topic
    and what is said of it ("那个糖啊，一点都不能放")."""
    return bool(
        (_REVISING_END_RE.search(before) and _FIGURE_AFTER_RE.match(after))
        or (_ALLERGY_END_RE.search(before) and _ALSO_AFTER_RE.match(after))
        or _TOPIC_END_RE.search(before)
        or (_NEVER_END_RE.search(before) and _EVER_AFTER_RE.match(after))  # "Never, ever a…"
        or _ASIDE_DONE_RE.search(before) is not None
        # a slip taken back: "remind me on the 14th — no, the 12th"
        or (_SLIP_END_RE.search(before) and _CORRECTED_FIGURE_RE.match(after))
        # what it does to the user, the reason of a refusal: "anything except shellfish, it
        # makes my throat swell up"
        or (_REFUSED_END_RE.search(before) and _REACTION_AFTER_RE.match(after)) is not None
        # (in Chinese: "海鲜一口都别碰，他一吃就起疹子")
        or (_CJK_END_RE.search(before) is not None and _CN_REACTION_RE.match(after) is not None)
        # "not X but Y": "不是不让你发邮件，是发之前必须先给我看一眼"; "X, but not too much":
        # "我不是不能吃辣，但是别放太多"
        or (_NOT_THAT_END_RE.search(before) is not None and _BUT_THIS_RE.match(after) is not None)
        # a clock that qualifies what was just asked: "帮我安排下午的会议，３点以后都行"
        or _CLOCK_QUALIFIER_RE.match(after) is not None
        # the hours of a time just named: "开会别安排在午饭时间，12点到1点半我一般不在工位"
        or (_MEAL_TIME_END_RE.search(before) and _CN_CLOCK_SPAN_RE.match(after)) is not None
        # what to use, named just before: "冰箱里就剩点白菜跟鸡蛋，帮我用这俩凑个晚饭"
        or _USE_THESE_RE.match(after) is not None
        # a price said after what it is for: "add the garage spot as an optional extra, $75/month"
        or _BARE_PRICE_RE.match(after) is not None
        # a rule about the time just named: "周四上午10:00-11:30我们有课，排练别放那会儿"
        or (_TIME_NAMED_END_RE.search(before) and _THAT_TIME_AFTER_RE.match(after)) is not None
        # what "only" leaves out, said next: "send the draft to me only, not the whole list"
        or (_ONLY_END_RE.search(before) is not None and _NOT_OTHER_RE.match(after) is not None)
        or (_CN_ONLY_RE.search(before) is not None and _CN_NOT_OTHER_RE.match(after) is not None)
        # the bound restated: "砍到三百五我就出了，再低就算了"
        or _LOWER_NOT_RE.match(after) is not None
        # the consent a rule waits for: "没有我确认，不要直接发送任何文件", "without my ok, don't
        # sign anything"
        or _CONSENT_END_RE.search(before) is not None
        # a bare "don't" about what was just named: "鱼缸我自己开车拉，不用算进去", "除了和客户的
        # 那个，那个千万别动"
        or (
            _CJK_END_RE.search(before) is not None
            and (_BARE_REFUSAL_RE.match(after) or _RESUMED_RE.match(after)) is not None
        )
    )


_CJK_END_RE = re.compile(r"[\u4e00-\u9fff]$")
_NOT_THAT_END_RE = re.compile(r"(?:^|[，,。；;])\s*(?:我|你)?(?:也)?不是[^，,。；;]{1,16}$")
_BUT_THIS_RE = re.compile(r"\s*(?:而是|是|但是?|不过|只是)")
_CLOCK_QUALIFIER_RE = re.compile(
    r"\s*[\d０-９一二两三四五六七八九十]{1,3}(?:[:：][\d０-９]{2})?\s*点半?(?:以后|之后|以前|之前|前|后)"
    r"(?:都行|都可以|都好|就行|都ok)"
)
_USE_THESE_RE = re.compile(r"\s*你?就?(?:帮我)?就?用这(?:俩|两样|几样|些|两个|几个)")
_SCRATCHED_END_RE = re.compile(
    r"\b(?:scratch|forget|drop|cancel|nix)\s+(?:the|that|those|my)\s+[^,;]{0,30}\d[^,;]*$",
    re.IGNORECASE,
)
_INSTEAD_RE = re.compile(
    r"\s*(?:and\s+)?(?:get|make\s+it|do|order|book|buy)?\s*\d+\s+(?:\w+\s+)?instead\b",
    re.IGNORECASE,
)
_MEAL_TIME_END_RE = re.compile(
    r"(?:午饭|午休|晚饭|早饭|吃饭|睡觉|午睡|上课|下班|接孩子)(?:的)?时间(?:段)?$"
)
_CN_CLOCK_SPAN_RE = re.compile(
    r"\s*[\d０-９一二两三四五六七八九十]{1,3}(?:[:：][\d０-９]{2}|点半?)\s*(?:到|至|-|~|～)\s*"
    r"[\d０-９一二两三四五六七八九十]{1,3}(?:[:：][\d０-９]{2}|点半?)"
)
_BARE_PRICE_RE = re.compile(
    r"\s*(?:at\s+|for\s+)?[$€£¥]\s?\d[\d,.]*\s*(?:/\s*(?:mo|month|wk|week|yr|year|night|hr|hour)|a\s+month"
    r"|per\s+(?:month|week|night|year))?\W*$",
    re.IGNORECASE,
)
_TIME_NAMED_END_RE = re.compile(r"\d[:：]\d\d[^，,。；;]{0,12}$|[点时][^，,。；;]{0,12}$")
_THAT_TIME_AFTER_RE = re.compile(
    r"[^，,。；;]{0,8}?(?:别|不要|不能|不许|千万别)[^，,。；;]{0,6}?"
    r"(?:那会儿?|那个?时间段?|那段时间|这段时间|那时候?|这个?时间段?)"
)
_ONLY_END_RE = re.compile(r"\bonly$", re.IGNORECASE)
# (in Chinese: "我只能参加线上的，线下去不了")
_CN_ONLY_RE = re.compile(r"(?:只能|只要|只接受|只考虑|只选)[^，,。；;]{1,12}$")
_CN_NOT_OTHER_RE = re.compile(
    r"\s*[\u4e00-\u9fff]{1,6}(?:去不了|来不了|不行|不可以|不要|不考虑|不接受|免谈|就算了)(?:[，,。；;！!]|$)"
)
_NOT_OTHER_RE = re.compile(
    r"\s*(?:and\s+)?not\s+(?:the|a|an|any|my|our|his|her|their|to|on|in)\b", re.IGNORECASE
)
_LOWER_NOT_RE = re.compile(
    r"\s*(?:再|更)(?:低|高|多|少|便宜|贵|晚|早|远|久|长)(?:的?话)?(?:我?就|都)"
)
_CONSENT_END_RE = re.compile(
    r"(?:没有|没|未|不)(?:经过?)?我的?(?:确认|同意|允许|批准|点头|签字)$"
    r"|\bwithout\s+(?:my|our)\s+(?:ok|okay|approval|confirmation|consent|go-ahead|sign-off)$",
    re.IGNORECASE,
)
_PART_RE = re.compile(r"[，,；;。]")


def _said_alike(before: str, after: str) -> bool:
    """Whether a comma only parts what is said again (``_said_again``) or one schedule said
    in parts (``_parallel``); ``before`` and ``after`` are the words next to the comma (a long
    message is not copied again at every comma)."""
    return _said_again(before, after) or _parallel(before, after)


def _parallel(before: str, after: str) -> bool:
    """Whether the clauses around a comma are two parts of one schedule, said alike and each
    with its figure: "早上７：３０一次，晚上７：３０一次", "周一两节，周四两节"."""
    last = _PART_RE.split(before)[-1].strip()
    following = _PART_RE.split(after)[0].strip()
    if not (2 < len(last) <= 12 and 2 < len(following) <= 12) or not _CJK_END_RE.search(last):
        return False
    tail = 2
    return (
        last[-tail:] == following[-tail:]
        and last != following
        and all(_CN_FIGURE_RE.search(part[:-tail]) for part in (last, following))
    )


_RESUMED_RE = re.compile(
    r"\s*(?:[那这][个份些张件条位家次本台辆]|它)(?:千万|一定|可|就)?(?:别|不要|不能|不许|得|要)"
)
_REFUSED_END_RE = re.compile(
    r"\b(?:except|but|no|not|without|avoid|skip|allergic\s+to)\s+(?:\w+\s+){0,2}\w+$", re.IGNORECASE
)
_REACTION_AFTER_RE = re.compile(
    r"\s*(?:it|they|that|those|these)\s+(?:always\s+|just\s+)?(?:makes?|gives?)\s+(?:me|my)\b",
    re.IGNORECASE,
)
_CN_REACTION_RE = re.compile(
    r"\s*(?:他|她|我|孩子|宝宝|娃|老人)?(?:只要)?一(?:吃|喝|碰|闻|用|沾)(?:就|便)"
    r"(?:[^，,。]{0,4})(?:起|过敏|拉|吐|痒|肿|疼|喘|红)"
)
_BARE_REFUSAL_RE = re.compile(
    r"\s*(?:就|也|都)?(?:不用|不要|别|甭|不需要)(?:算进去|算上|算|管|考虑|包括|计入|带|搬|拉|推给我|推荐给我|推)"
    r"(?:它|了|啦)?"
    r"\s*(?:[，,。；;！!]|$)"
)


_SLIP_END_RE = re.compile(r"(?:^|[—–-]\s*|\.\.\.\s*)(?:no|nope|oops|sorry)$", re.IGNORECASE)
_CORRECTED_FIGURE_RE = re.compile(
    r"\s*(?:i\s+mean\s+)?(?:(?:on|at|by)\s+)?(?:the\s+)?[$€£¥]?\d", re.IGNORECASE
)


_TOPIC_END_RE = re.compile(r"(?:^|[，,\s])(?:那个|这个)?[\u4e00-\u9fff]{1,4}(?:啊|呀|呢)$")


def _replaced(text: str, at: int, after: str) -> bool:
    """A count dropped, then its replacement: "scratch the 3 packs of onesies, get 5 instead"
    (read over more than ``_breaks``'s window: the verb that drops it comes well before)."""
    return bool(_INSTEAD_RE.match(after)) and bool(
        _SCRATCHED_END_RE.search(_fold(text[max(0, at - 60) : at]))
    )


def _breaks(text: str, at: int) -> bool:
    """Whether the comma at ``at`` separates clauses (see ``_BREAK_RE``)."""
    before, after = _fold(text[max(0, at - 24) : at]), _fold(text[at + 1 : at + 24])
    if before[-1:].isdigit() and _THOUSANDS_RE.match(after):
        return False
    if ends_in_brackets(text[:at]):
        return False  # "light cardio (walking, cycling, the elliptical) but nothing…": one aside
    if _EXAMPLES_AFTER_RE.match(after):
        return False  # "Don't recommend anything invasive, like mint or bamboo": its examples
    if (
        _goes_on(before, after)
        or _said_alike(text[max(0, at - 24) : at], text[at + 1 : at + 25])
        or _replaced(text, at, after)
    ):
        return False
    if _QUOTED_END_RE.search(before) and _QUOTED_START_RE.match(after):
        return False  # "don't use 'circle back', 'synergy' or 'leverage'": one list of quotes
    if _YEAR_RE.match(after) and before[-1:].isalnum():
        return False
    if _DAY_BEFORE_RE.search(before) and _CLOCK_AFTER_RE.match(after):
        return False  # "Friday, 5 pm", "March 3, 14:00", "周五，下午3点": one moment
    if _NEGATED_ITEM_RE.search(before) and (
        _LIST_END_RE.match(after)
        or (_NEGATED_NEXT_RE.match(after) and not _NO_MORE_END_RE.search(before))
    ):
        return False  # "no dairy, eggs or honey", "no garlic, no onion": one list of refusals
    if _TOLERANCE_AFTER_RE.match(after):
        return False  # "500 dollars, plus or minus 50", "26度左右，正负1度都行": one target
    if _COMPARED_RE.search(before) and _REFERENCE_RE.match(after):
        return False  # "不能比现在住的离公司远，现在走路十五分钟": the bound and its figure

    if _MONTH_BEFORE_RE.search(before) and _DAY_OF_MONTH_AFTER_RE.match(after):
        return False  # "next month, on the 3rd": one day
    return not (_WEEKDAY_BEFORE_RE.search(before) and _MONTH_AFTER_RE.match(after))


def _short(text: str) -> bool:
    words = _WORD_RE.findall(text)
    cjk = sum(1 for w in words if "\u4e00" <= w <= "\u9fff")
    if cjk:
        return cjk <= _SHORT_CJK and len(words) - cjk == 0
    return len(words) <= _SHORT_WORDS


def _bare(text: str) -> bool:
    """A qualifier with no content of its own: "not more", "nothing bigger", "he's allergic",
    "不要", "也不行" (it belongs to the clause before it)."""
    plain = NEGATION_RE.sub(" ", _fold(text))
    words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z']+", plain)]
    if any(w not in _QUALIFIER_WORDS for w in words):
        return False
    return len(re.sub(r"[^\u4e00-\u9fff]|[也就都了吧啊呢的行是太很要过敏]", "", plain)) < 2


_DAY_NUMBER_RE = re.compile(r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*[日号]|\d{1,2}/\d{1,2}")
_OR_ELSE_ASKED_RE = re.compile(
    r"^\W*还是(?!算了|别|不要|要|得)[^，,。.!！]{1,16}(?:[?？]|呢|吗|啊)?\W*$"
)
_YEAR_ALONE_RE = re.compile(r"^\W*(?:in\s+)?(?:19|20)\d\d\s*(?:年的?)?\W*$", re.IGNORECASE)
_FUTURE_RE = re.compile(
    r"\b(?:will|shall|going\s+to|gonna)\b|['’]ll\b"
    # a schedule said in the present: "i land at 11:45pm", "my flight leaves at 6"
    r"|\b(?:i|we|(?:my|our)\s+(?:flight|train|bus|plane))\s+(?:land|arrive|leave|depart|get\s+in)s?\b",
    re.IGNORECASE,
)
# What the user did, told as the data of a question: "…，我住了三晚，超标的部分要不要自己出？"
# (what others did or how it went, told beside a question, is a story: "…，实际走了快15分钟，
# 这算虚假宣传吗？")
_SELF_OPEN_RE = re.compile(r"\W*(?:我|咱|\b(?:i|we)\b)", re.IGNORECASE)
# Back then: the user's own money as it was is a story ("那会儿房租才一千五")
_BACK_THEN_RE = re.compile(r"那会儿?|那时候?|那阵子|当年")
_OWN_FIGURE_RE = re.compile(
    OWN_MONEY + r"[^，,]{0,4}?[\d一二两三四五六七八九十]"
    r"|我[\u4e00-\u9fff]{0,8}是\s*[\d０-９]|\b(?:my|our)\s+(?:\w+\s+){0,3}(?:is|are)\s+(?:about\s+)?[$€£¥]?\d"
    r"|\bmine\s+(?:is|says|reads)\s+[$€£¥]?\d"
    # the user's own bill or pay, told: "My electricity bill jumped to £212 this quarter"
    r"|\b(?:my|our)\s+(?:\w+\s+){0,2}(?:bill|rent|salary|pay|income|mortgage|premium|balance)\s+"
    r"(?:\w+\s+){0,4}?(?:[$€£¥]\s?\d|\d{1,3},\d{3}|\d{3,})"
    # what the user pays where they live, or holds a figure to
    r"|" + _RENT_HERE + r"|" + _AIMING +
    # what the user has already paid: "场地押金我们已经交了８，０００块"
    r"|(?:(?:我|咱)们?(?:现在)?已经|当时|那时|一共|总共)(?:交|付|转|借|花|用)了[^，,。]{0,3}?"
    r"[\d０-９一二两三四五六七八九十]"
    # the user's own bill of a month: "上个月电费交了387块"
    r"|(?:上个?月|这个?月|本月)[\u4e00-\u9fff]{0,4}?(?:交|付)了[^，,。]{0,3}?[\d０-９一二两三四五六七八九十]"
    # money the user has set aside: "猫咪绝育手术的钱我准备了2000块左右"
    r"|(?:我|咱)们?(?:已经)?(?:准备|存|攒)了[^，,。]{0,3}?[\d一二两三四五六七八九十]"
    # the household the user keeps: "我养了两只猫", "我家有两个孩子"
    r"|(?:我|我们|我家)(?:养了|养着|家有)\s*[\d一二两三四五六七八九十]+\s*(?:只|条|个|位)"
    r"|(?:定金|订金|押金|首付|预付款?)(?:已经|也)?(?:交|付|转)了\s*[\d一二两三四五六七八九十]"
    # what the user has put by: "I have saved around 12.000 reais, what should I do with it?"
    r"|\b(?:i|we)(?:'ve|\s+have)\s+(?:\w+\s+)?(?:saved|put\s+aside|set\s+aside|put\s+away)\s+(?:up\s+)?"
    r"(?:about|around|roughly|like|nearly|almost|over)?\s*[$€£¥]?\d"
    # and what is still to pay: "尾款大概还差２８００左右"
    r"|(?:尾款|余款|还款|欠款)[^，,。]{0,3}?还(?:差|剩|欠)(?:大概|大约|约)?\s*[\d０-９一二两三四五六七八九十]"
    # what the user carries: "打车去机场，…，我带了两个大箱子"
    r"|(?:我|我们)(?:带了|带着)\s*[\d一二两三四五六七八九十]+\s*(?:个|件|只|箱|袋)"
    # the regime the user keeps now: "I'm doing a 1,800 calorie thing my doctor suggested"
    r"|\b(?:i'?m|i\s+am|we'?re)\s+(?:currently\s+|now\s+)?(?:doing|on|following|sticking\s+to)\s+"
    r"(?:a|an|the)\s+[\d,]+\s*(?:-\s*)?(?:cal(?:orie)?s?|kcal|carb|gram|g)\b"
    r"|" + _BOUGHT,
    re.IGNORECASE,
)
# (or the figure after 是, its subject said before: "水表读数我拍了，是0357")
_FIGURE_ONLY_RE = re.compile(
    r"^\W*(?:(?:就|都|也)?是\s*)?[$€£¥]?\s*\d[\d.,]*\s*[A-Za-z%\u4e00-\u9fff]{0,4}\W*$"
)
_SO_RE = re.compile(r"^\W*(?:(?:so|then)\b|所以|那就)", re.IGNORECASE)
# A clause that is only the predicate of a subject said clauses before: "The limit for the
# whole renovation, and I mean tiles, …, is 9,000 pounds", "总预算，包括…在内，控制在十五万以内"
_PREDICATE_RE = re.compile(
    r"^\W*(?:is|are|should\s+be|must\s+be|has\s+to\s+be|comes?\s+to|adds?\s+up\s+to)\b"
    r"|^\W*(?:控制在|总共|一共|合计|不超过|别超过|不能超过|不得超过)",
    re.IGNORECASE,
)
# A clause that points back at what the clause before named: "上次快马搬家迟到了…，这次别再找
# 他们家了", "The Hilton was filthy, never book them again".
_ANAPHOR_RE = re.compile(
    r"\b(?:them|those|that\s+(?:one|place|company|airline|hotel|shop|guy)|there)\b"
    r"|他们家|他家|她家|那家|这家|这套|这款|他们|她们|那边|他的|她的|那(?:个|款|种|件)(?=\W*$)",
    re.IGNORECASE,
)
# The user's own look before a step: "I want to read it first", "我要先看一眼"
_CHECK_FIRST_RE = re.compile(
    r"\b(?:i\s+want\s+to|i'?d\s+like\s+to|let\s+me)\s+(?:read|check|see|review|look\s+(?:at|over))"
    r"\s+(?:it|them|that|this)\s+first\b|(?:我|让我)(?:要|想)?先(?:看|过目|确认|检查)"
    # a threshold before which the user is asked: "转账超过5000的，必须先问我"
    r"|^\W*(?:必须|一定|得|要)?先(?:问我|跟我确认|和我确认|找我|经过我)",
    re.IGNORECASE,
)
# A rule about the one just named, by pronoun: "…，排班的时候别排她", "…，别让他值夜班"
_HER_HIM_RE = re.compile(r"(?:别|不要|不能|不用)[\u4e00-\u9fff]{0,3}[他她](?![们的])")
# A verdict of allergy that names nothing: "兽医说可能是不耐受", "the vet thinks it's an allergy"
_ALLERGY_VERDICT_RE = re.compile(
    r"^\W*(?:[\u4e00-\u9fff]{1,4}说)?(?:可能|应该|估计|大概|怀疑)?(?:是|有点)?(?:不耐受|过敏)(?:了|吧)?\W*$"
    r"|^\W*(?:(?:the|my|our)\s+\w+\s+(?:says|thinks|said|reckons)\s+)?(?:it'?s|it\s+is)\s+"
    r"(?:probably|likely|maybe)?\s*(?:an?\s+)?(?:intol[ae]r[ae]n\w+|allerg\w+)\W*$",
    re.IGNORECASE,
)
# A refusal whose object was named before it: "以后别推荐了", "don't suggest that again"
_OBJECT_LEFT_OUT_RE = re.compile(
    r"^\W*(?:以后|下次|再也|尽量)?(?:千万)?(?:别|不要|不用|不想)再?(?:给我)?(?:推荐|推|买|订|点|找|约|选|安排)?了?"
    r"[吧啊哈]?\W*$"
    # the service refused for what the user does themselves: "…我自己加，别让店里加钱给我弄"
    r"|^\W*(?:别|不要|不用)让[\u4e00-\u9fff]{1,6}(?:加钱)?(?:给我)?(?:弄|加|换|做|装|买)\W*$"
    r"|\b(?:never|don'?t|do\s+not|stop)\s+(?:recommend|suggest|book|order|buy|pick)(?:ing)?\s+"
    r"(?:it|that|this|them|those)(?:\s+(?:again|anymore|any\s+more))?\W*$",
    re.IGNORECASE,
)
# The second of a pair said in two clauses: "check-in 23/8, check-out 26/8", "入住…，退房…"
_PAIR_OPEN_RE = re.compile(
    r"\bcheck[-\s]?in\b|\bdepart\w*|\bfly(?:ing)?\s+out\b|入住|出发|去程|与其|宁可|宁愿|^\W*不是"
    r"|先(?:给我|让我|跟我|和我|问|确认|发给我)",
    re.I,
)
_PAIR_CLOSE_RE = re.compile(
    r"^\W*(?:check[-\s]?out|return\w*|back|fly(?:ing)?\s+back)\b|^\W*(?:退房|返回|返程|回程|回来"
    r"|不如|也不|也要|也得|别|不要|千万别|而?是(?=少|多|稍|只|要|换|改))",
    re.I,
)
# A concession that the next clause narrows: "辣也不是不可以，微辣就好", "I wouldn't say no to
# a suite, ideally one with a view"
_CONCESSION_END_RE = re.compile(
    r"(?:不是不(?:可以|行|能)|也(?:行|可以|凑合)|\bwouldn'?t\s+say\s+no(?:\s+to\s+[\w\s]{1,30})?"
    r"|\bi\s+(?:guess|suppose)\s+(?:that'?s|it'?s)\s+(?:ok|okay|fine))\W*$",
    re.IGNORECASE,
)
_CONDITION_OPEN_RE = re.compile(
    # after a lead-in: "Quick q: if a recipe says 350F and I set the oven to 180C, is that…?"
    r"^\W*(?:(?:quick|random|silly|dumb)\s+(?:q|qn|question)\W+|(?:so|and|but|ok|okay|also)\s+)?"
    r"(?:(?:if|unless|should)\b|如果|要是|假如|万一|除非"
    # a step the clause after it gates: "Before you send anything to suppliers, run it past me"
    r"|(?:before|once|whenever)\s+(?:you|u|anyone|someone)\b)",
    re.I,
)


def _opens_condition(sentence: str, spans: list[tuple[int, int]], runs: list[list[int]]) -> bool:
    """Whether the run kept last is a condition still waiting for what it leads to."""
    if not runs or len(runs[-1]) != 1:
        return False
    a, b = spans[runs[-1][0]]
    return _CONDITION_OPEN_RE.search(sentence[a:b]) is not None


_QUIET = ClauseSignal(frozenset(), strong=False, weak=False)


_AGE_RE = re.compile(
    r"\d+\s*多?\s*岁(?:出头|多)?|\b\d+[-\s]?(?:years?|yrs?)[-\s]old\b|\bturned\s+\d+\b"
    r"|\b(?:is|are|was)\s+(?:\d{1,2}|1[01]\d)\b(?!\s*(?:[a-z%$€£¥]|元|块))"
    # "she is 7 years" (a second-language writer's age)
    r"|\b(?:is|are|was)\s+\d+\s+years\b(?!\s+(?:of|in|at|with|since|ago))",
    re.IGNORECASE,
)


def _only_ages(text: str) -> bool:
    """Whether every figure of ``text`` is someone's age ("Mum is 84", "十二岁了"), and it names
    no day ahead ("下周六给闺女办十岁生日party"; not "今天是我生日，三十岁了")."""
    spelled = spell_digits(text)
    return (
        bool(_AGE_RE.search(spelled))
        and not _DIGIT_RE.search(_AGE_RE.sub(" ", spelled))
        and not WEAK_RE.search(_TODAY_RE.sub(" ", text))
    )


_TODAY_RE = re.compile(r"今天|今晚|\b(?:today|tonight)\b", re.IGNORECASE)


# "but" then the user's own request after someone's words (not "but it was"): the clause's rest
_BUT_OWN_RE = re.compile(
    r"\bbut\s+(?=(?:pls|please|plz|just|don'?t|dont|do\s+not|never|no|make|keep|book|find|get)\b"
    r"|(?:i|we)(?:'d|\s+(?:want|need|would|only|can'?t|won'?t|must|have\s+to))\b)"
    r"|(?:但是?|不过)(?=请|别|不要|千万|一定|我|帮|先)",
    re.IGNORECASE,
)
# A reason given after a clause ("preferably not python bc he already did a year of it") tells
# of the reason, not of the clause
_REASON_RE = re.compile(
    r"\s+(?:because|bc|b/c|cos|coz|cuz|'cause|since)\s+|因为|由于", re.IGNORECASE
)


def _voiced_signal(
    text: str, voice: Voice, *, figures_only: bool, told: bool, asked: bool, story_on: bool = False
) -> ClauseSignal:
    """A clause's signal as its voice allows (``sentence_mood.clause_voices``); ``story_on``:
    the sentence tells how a story went on (a carer's words in it were for then)."""
    if _KNOW_ASKED_RE.match(text):
        return _QUIET  # "你知道一颗鸡蛋大概有多少卡路里吗，…": a fact asked for, mid-sentence
    rule = None
    carer = _CARER_RE.search(text) is not None and not story_on
    if voice != "own" and (not asked or carer):
        # (a carer's rule stands before a question too, and told: "my physio said no running for
        # 6 weeks after the surgery, what can I do instead?", "医生说咖啡一天最多喝一杯，我已经喝了
        # 两杯了，还能喝茶吗")
        rule = (_RELAYED_RULE_RE if voice == "relayed" else _RULE_SAID_RE).search(text)
        rule = rule or (
            (_RELAYED_RULE_RE.search(text) or _CARER_RULE_RE.search(text)) if carer else None
        )
    elif not asked and told:
        rule = _RULE_SAID_RE.search(text)  # "My nurse advised no more than 2 a day"
    if rule is not None:
        # a rule relayed, now or then, that binds the user: "My physio says no running for the
        # next 3 weeks", "My parents said we can't spend more than 150 dollars"
        return clause_signal(text[rule.end() :])
    contrast = _BUT_OWN_RE.search(text) if voice != "own" and not asked else None
    if contrast is not None:
        # what the user sets against someone's words is theirs: "My sister keeps telling me to
        # let you handle it but pls dont book anything without asking me first"
        return clause_signal(text[contrast.end() :])
    rule_after = _SO_RULE_RE.search(text) if told and voice == "own" else None
    if rule_after is not None:
        # the rule a story leads to: "His braces just got tightened so soft foods only for now"
        return clause_signal(text[rule_after.end() :])
    if voice == "quiet" or (voice == "relayed" and asked):
        return _QUIET  # someone's words, or relayed in a question ("我朋友说…，你觉得呢？")
    if voice == "relayed" and _DEFINITION_RE.search(text):
        # what a word means, relayed: "my friend says anything over 24 hours counts as a stopover"
        return _QUIET
    if voice == "relayed":
        # an allergy relayed binds the task all the same: "三楼那家租客说他对花生过敏"
        return clause_signal(text, figures_only=not is_allergy(text))
    # (a clause of a told sentence that itself tells nothing, and bounds a figure, speaks of now:
    # "这个月买菜的钱已经花了１，８５０了，剩下半个月顶多再花一千二")
    now_bound = told and _NOW_BOUND_RE.search(text) is not None and not tells_what_happened(text)
    signal = clause_signal(text, figures_only=figures_only, told=told and not now_bound)
    # a negation in how the story went on is what happened: "…，结果不能退款"
    kinds = signal.kinds - {"negation"} if _STORY_NEXT_RE.search(text) else signal.kinds
    if (
        (told or (asked and not _SELF_OPEN_RE.match(text)))
        and kinds <= _TELLING_KINDS
        and tells_what_happened(_after_decision(_REASON_RE.split(text, maxsplit=1)[0]))
        and not _WISH_RE.search(text)
        and not (_OWN_FIGURE_RE.search(text) and not _BACK_THEN_RE.search(text))
        and not _AGAINST_BEFORE_RE.search(text)
        and not _BUDGET_STATED_RE.search(text)
    ):
        # a clause that itself tells what happened, with nothing addressed to the task, keeps
        # nothing: "we ended up on a 6:40 am bus instead", "We only spent 2 nights in Seville"
        return _QUIET
    return signal


_DEFINITION_RE = re.compile(
    r"\b(?:counts?\s+as|(?:is|are)\s+(?:considered|called|defined\s+as|classed\s+as))\b|算是|就叫|被定义为",
    re.IGNORECASE,
)
# A bound set against what was paid or had before: "budget is less than what i paid for the old
# one which was $250", "酒店离地铁站要比上次那家近，上次走了十五分钟"
_AGAINST_BEFORE_RE = re.compile(
    r"\b(?:cheaper|less|lower|fewer|shorter|quicker|faster|closer|smaller|lighter)\s+th[ae]n\s+"
    r"(?:what\s+(?:i|we)\s+(?:paid|spent|had)|(?:the\s+|our\s+|my\s+)?(?:last|old|previous)\b)"
    r"|要比(?:上次|上回|之前|以前|原来|上一台|现在那个)",
    re.IGNORECASE,
)
# "so" and the rule a story leads to: "…just got tightened so soft foods only for now"
_SO_RULE_RE = re.compile(
    r"\bso\s+(?=(?:[\w-]+\s+){1,3}only\b|(?:no|nothing|never|don'?t|dont|pls|please)\b"
    # "…confirmed they have availability on both dates, so lets drop the Braga option completely"
    r"|let'?s\s+(?:drop|skip|cut|ditch|scrap|lose)\b"
    r"|(?:skip|avoid|leave\s+out|drop|exclude)\s+(?:those|these|them|that|it|both|him|her)\b"
    # "My team scrims from 7 to 9:30 pm every Wednesday so keep that block free"
    r"|(?:keep|leave|block|hold)\s+(?:that|this|those|the)\s+(?:\w+\s+)?(?:free|open|clear)\b)"
    # "…just had his gallbladder out and has to keep it under 40g fat a day"
    r"|\band\s+(?=(?:has|have|needs?)\s+to\s+(?:keep|stay|avoid|stick|limit|cut)\b)"
    # "…一个礼拜吃了三回，所以晚饭就别再做土豆了"
    r"|所以(?=[^，,。]{0,8}(?:别|不要|不用|千万别))",
    re.IGNORECASE,
)
# A rule relayed in the present is the user's to keep: "My physio says no running for the next 3
# weeks", "医生说不能吃辣", "老师说这周五之前要交表"
_RELAYED_RULE_RE = re.compile(
    r"(?:(?<!always\s)\b(?:says|tells\s+(?:me|us))\s+(?:that\s+)?(?=(?:no|nothing|don'?t|never|not\s+to|avoid"
    # what the one it is for would hate or like: "Mom says he'd hate anything techy", "my wife
    # says breakfast included would be nice"
    r"|(?:he|she|they)'?d\s+hate|[^,.;!?]{1,40}?\bwould\s+be\s+(?:really\s+)?(?:nice|great|lovely|ideal)"
    r"|stay\s+off|(?:we|i)\s+(?:can'?t|cannot|shouldn'?t|mustn'?t|must|have\s+to|need\s+to))\b)"
    # not a saying always repeated (总说, 老说, 常说) nor a book's or an expert's word (作者说,
    # 书上说, 书里说, 博主说, 专家说)
    r"|(?<![总老常者上里主家])说了?(?="
    r"我?(?:千万)?(?:别|不要|不能|不许|禁止)"
    # with what it bounds named first: "他说车龄不要超过五年"
    r"|我?(?![他她我你它咱])[\u4e00-\u9fff]{1,4}?(?:千万)?(?:别|不要|不能|不许)超过?"
    # …with what it is for and how often first: "给狗狗买零食一个月别花超过两百"
    r"|(?![他她]|医生)[^，,。？?]{1,14}?(?:别|不要|不能)(?:花|用|买|吃|喝|超)(?:超过|超)?"
    # a deadline or a must relayed: "老师说这周五之前要交研学报名表", "hr说要在周五之前给答复",
    # "医生说必须空腹"
    r"|要在[^，,。？?]{1,10}(?:之前|以前|前)|[^，,。？?]{0,12}?(?:之前|以前|前)(?:要|得|必须)"
    r"|必须|一定要|务必"
    # with what it is about named first: "老公说买冰箱一定要一级能效", "我妈说最好别坐夜车",
    # "他说亏本的绝对不要", "医生说海鲜、啤酒都得戒", "她说伴娘服统一要粉色的"
    r"|[^，,。？?]{0,8}?(?:一定要|必须|务必|最好别|最好不要|绝对不要|绝对不能|坚决不要|都得戒|得戒|都不能|最多"
    r"|统一要|统一用|最重要)))(?P<rule>)",
    re.IGNORECASE,
)
# A rule said then that still binds the user: "My parents said we can't spend more than 150
# dollars" (not "昨天非说不要睡午觉": a child's words told, nor "the sign said nothing over $10",
# nor a saying, "my mom always said I shouldn't drink coffee after 2pm")
_RULE_SAID_RE = re.compile(
    r"(?<!always\s)(?<!used\sto\s)\b(?:said|told\s+(?:me|us))\s+(?:that\s+)?(?=(?:we|i)\s+(?:can'?t|cannot|shouldn'?t|mustn'?t"
    r"|must|have\s+to|need\s+to)\b|not\s+to\b)(?P<rule>)"
    # the user's own carer: "my physio said no running for 6 weeks" (not "the doctor said…" of
    # someone else)
    r"|\b(?:my|our)\s+(?:doctor|doc|gp|physio|physiotherapist|dentist|surgeon|nurse|midwife)\s+"
    r"(?:said|told\s+(?:me|us))\s+(?:that\s+)?(?=no\s+[a-z]+ing\b)(?P<rule_mine>)"
    # what someone approved on a condition: "my boss approved the lisbon trip as long as its
    # economy and im back in the office by the 9th"
    r"|\b(?:approved|agreed\s+to|okayed|ok'?d|signed\s+off\s+on)\b[^.;!?]{0,40}?\b(?:as\s+long\s+as"
    r"|only\s+if|provided(?:\s+that)?|on\s+condition\s+that)\s+"
    # a promise the user made: "she made me promise no clowns"
    r"|\bmade\s+(?:me|us)\s+promise\s+(?:that\s+)?(?=no\b|not\s+to\b|never\b|(?:we|i)\s+(?:won'?t|wouldn'?t)\b)"
    # a rule passed on after a colon: "My landlord just texted back: absolutely no nails or
    # screws in the walls", "领导交代了：合同里任何金额都不要自己改"
    r"|\b(?:texted|wrote|emailed|messaged|replied|said|told\s+(?:me|us))(?:\s+back)?\s*:\s*"
    r"(?=(?:absolutely\s+|strictly\s+)?(?:no|never|don'?t|do\s+not|not)\b)"
    r"|(?:交代|吩咐|嘱咐|叮嘱|要求|规定|说)了?\s*[:：]\s*"
    r"(?=[^。！？!?]{0,16}?(?:不要|别|不能|不许|必须|一定要|只能))"
    # a "no" said by the one it is for: "grabbing groceries for my roommate, she said no dairy"
    r"|\b(?:she|he|they)\s+(?:said|says)\s+(?:that\s+)?(?=no\s+(?!(?:problem|worries|way|idea|doubt|thanks|rush"
    r"|need|one|longer|more|matter)\b)\w|(?:keep|make|get|avoid|skip|stay|don'?t)\s)"
    # the wish of the one it is for, passed on: "she just told me she'd rather keep it under 250"
    r"|\btold\s+(?:me|us)\s+(?:that\s+)?(?:she|he|they)(?:['’]d|\s+would)\s+(?=(?:rather|prefer)\b)"
    # what a carer prescribed: "My doctor said no more than 2,000 mg of sodium a day"
    # (the user's own carer: not "my dad had surgery and the doctor said no running")
    # "My physio said to ice the knee for 20 minutes, no more", "my doctor told me to cap
    # caffeine at 200 mg a day", "my doctor said ideally not more than…"
    r"|\b(?:(?:my|our)\s+(?:\w+\s+)?(?:doctor|doc|gp|physio|dentist|nurse|dietitian|nutritionist"
    r"|midwife|surgeon|cardiologist|specialist)\s+(?:said|advised|recommended)|(?:doctor|doc|gp|physio"
    r"|dentist|nurse|dietitian|nutritionist|midwife|surgeon|cardiologist|specialist)\s+(?:told|advised"
    r"|wants|asked)\s+(?:me|us))"
    r"\s+(?:that\s+)?(?:(?:i|we)\s+(?:should|must)\s+)?(?:ideally\s+)?"
    r"(?=(?:no|not|never|only|at\s+most|max(?:imum)?|under|less|fewer|avoid|stay|keep|cut|to)\b)"
    r"(?:to\s+)?(?P<care>)",
    re.IGNORECASE,
)
_CARER_VERDICT_RE = re.compile(
    r"\b(?:my|our)\s+(?:doctor|doc|gp|physio|dentist|nurse|dietitian|nutritionist|midwife|surgeon"
    r"|cardiologist)\s+(?:has\s+|just\s+)?(?:cleared|signed\s+off\s+on)\b"
    # "医生说我一天盐别超过５克，上次你给的食谱太咸了"
    r"|(?:医生|大夫|营养师|康复师|护士)(?:跟我说|说我|让我)[^，,。]{0,8}?(?:别|不要|不能|不许|必须|最多|不超过"
    r"|控制在)",
    re.IGNORECASE,
)
_CN_CARERS = "医生|大夫|营养师|康复师|护士|药师|兽医"
_CARER_RE = re.compile(
    r"\b(?:doctor|doc|gp|physio|physiotherapist|dentist|nurse|dietitian|nutritionist|midwife|surgeon"
    r"|vet|pharmacist|cardiologist|pediatrician|paediatrician)\b|" + _CN_CARERS,
    re.IGNORECASE,
)
# A carer's rule with what it holds for said first: "医生说三个月内不能爬山", "医生说还不能做剧烈
# 运动" (not "医生说她不能吃辣的": someone else's)
_CARER_RULE_RE = re.compile(
    r"(?:" + _CN_CARERS + r")(?:跟我)?说了?(?![他她])"
    r"(?=[^，,。？?]{0,10}?(?:不能|不可以|别|不要|不许|避免))"
)
# How the story went on: "…，护士说打完三十分钟内别走，结果他在那哭了整整半小时" (the carer's words
# were for then)
_STORY_ON_RE = re.compile(r"[，,]\s*(?:结果|后来|没想到)")
_STORY_NEXT_RE = re.compile(r"^\W*(?:结果|后来|没想到|谁知道?)(?![要得需])")
_TELLING_KINDS = frozenset({"figure", "preference", "dated", "frequency", "deadline"})
"""What a clause that itself tells what happened may carry and still keep nothing: "i was up
till midnight" bounds nothing now."""
# A wish said now is no story, whatever the sentence told before it: "So I finally got my
# bonus and I want to put about 10k into an index fund"
_WISH_RE = re.compile(
    r"\b(?:i|we)(?:\s+(?:really\s+|ideally\s+)?(?:want|need|would\s+(?:like|rather|prefer))|['’]m\s+looking"
    r"|['’]d\s+(?:really\s+|ideally\s+|also\s+|much\s+|still\s+)?(?:like|love|rather|prefer))\b(?!\s+(?:have|had)\s+\w+(?:ed|en|one)\b)"
    # how the user has it done, beside a question: "how long to boil an egg, i like it runny"
    r"|\b(?:i|we)\s+(?:like|prefer)\s+(?:it|them|mine|ours)\s+(?!when|if|here|there|a\s+lot|so\b|very"
    r"|too|all|both|because|but|and|better|more|less|anyway|now|already)[a-z]{4,}(?:\s+[a-z]+)?\W*$"
    r"|我想(?!不想|问|请教|咨询|了解)|我要(?!不要|" + ABOUT_TO + r")|想要|想买|宁可|宁愿|还是别"
    # no more of it from now on: "冷链的那家我不想再用了"
    r"|不想再(?=[\u4e00-\u9fff])|再也不(?:想|要)?(?:用|找|去|买|订|坐|住|点)"
    # no more from now on: "周一到周五晚上不再安排任何课外班了"
    r"|不再(?:安排|报|买|订|用|找|去|约|接|吃|喝|点)",
    re.IGNORECASE,
)


def qualifies_question(previous: str, sentence: str) -> bool:
    """Whether ``sentence`` only names the year of the question asked right before it in the
    same message ("中秋节是哪天来着？2027年的。"): no constraint of its own. A quantity said after
    a question stays ("这个充电宝能带上飞机吗？10000毫安的。"), and so does a bound ("Any flights to
    Tokyo? Under $500.")."""
    if not previous or not is_question(previous) or is_request(previous):
        return False
    # the other half of an either-or asked: "…一般是账单的10%吗？还是各家银行不一样"
    return (_YEAR_ALONE_RE.match(_fold(sentence)) or _OR_ELSE_ASKED_RE.match(sentence)) is not None


# A short fragment that carries on the story told right before it: "lol my son just told
# everyone his teacher is 100 years old. she's 34", "We went to Rome last spring. Three nights."
_CARRIES_ON_RE = re.compile(
    r"^[^A-Za-z0-9]*(?:(?:he|she|they|it)(?:'s|\s+is|\s+was|'re|\s+are|\s+were)\s+)?"
    r"[A-Za-z0-9$€£¥.,:-]+(?:\s+[A-Za-z0-9$€£¥.,:-]+){0,3}[.!?\s]*$",
    re.IGNORECASE,
)
_WISH_WORD_RE = re.compile(
    r"\b(?:please|pls|need|want|must|max|min|under|over|at\s+(?:most|least)|no(?!\s+\w+\s+whatsoever)"
    r"|not|only)\b",
    re.IGNORECASE,
)


def carries_on_story(previous: str, sentence: str) -> bool:
    """Whether ``sentence`` is a short fragment that only carries on the story ``previous``
    (the sentence before it in the same message) tells: no constraint of its own. A fragment
    with a wish or a bound in it ("Under $500.", "no more than 3 nights") stays."""
    if not previous or not tells_what_happened(previous) or is_request(previous):
        return False
    if _FORBIDS_RE.match(previous):
        return False  # "Don't rewrite anything he wrote. It's due Friday at 8:15am."
    return bool(_CARRIES_ON_RE.match(sentence)) and not _WISH_WORD_RE.search(sentence)


# A sentence that forbids something tells no story, whatever past verb it names
_FORBIDS_RE = re.compile(
    r"^\W*(?:(?:and|also|but|please|pls|oh)\W+)*(?:don'?t|do\s+not|never)\b|^\W*(?:请|也)?(?:别|不要|不许|不准)",
    re.IGNORECASE,
)


# The user speaking of themself again after someone else's story, in Chinese: "我表姐去年…花了
# 八万多，我预产期是明年3月，想找一家…", "我同学说…，我自己的话年化3%左右就够了" (not "我同学…")
_SELF_AGAIN_RE = re.compile(
    r"^\W*我(?:自己|们)?(?!(?:的)?(?:同学|同事|朋友|表|堂|妈|爸|哥|姐|弟|妹|老公|老婆|爷|奶|姥|外|舅|姨"
    r"|叔|婶|家|儿|女|闺蜜|室友|邻居|领导|老板|上次|以前|之前|昨天|去年|当时))"
)


_WISH_AHEAD_RE = re.compile(r"想|要|希望|打算|最好|就够了?|就行|就好|帮我|给我")


def _own_again(clause: str, told: bool, rest: str) -> bool:
    """A clause where the user speaks of themself now, after a story (``_SELF_AGAIN_RE``), on
    the way to a wish (in it or in ``rest``, the sentence after it): "我住８楼，等了快一个钟头"
    and "我真的不理解" are still the story."""
    return (
        not told
        and _SELF_AGAIN_RE.search(clause) is not None
        and _WISH_AHEAD_RE.search(clause + rest) is not None
    )


def _story_span(sentence: str, spans: list[tuple[int, int]]) -> tuple[int, int]:
    """The clauses a told sentence's story covers, ``[start, end)``: not what the user asks
    before it ("making pancakes for 6 ppl whats the ratio…, last time they came out like
    rubber"), nor a request after a story that opens it ("上次你推荐的那个绘本孩子特别喜欢，再推荐
    几本类似的吧，适合5–7岁的")."""
    telling = [tells_what_happened(sentence[a:b]) for a, b in spans]
    first = telling.index(True) if any(telling) else 0
    start = first if first and _asks_before(sentence[: spans[first][0]]) else 0
    end = next(
        (
            i
            for i in range(max(start, 1), len(spans))
            if telling[start]
            and not telling[i]
            and (
                is_request(sentence[slice(*spans[i])])
                or _own_again(sentence[slice(*spans[i])], telling[i], sentence[spans[i][1] :])
                or _PREFERRED_END_RE.search(sentence[slice(*spans[i])]) is not None
            )
            and not _LOOKUP_RE.search(sentence[slice(*spans[i])])
        ),
        len(spans),
    )
    return start, end


# A wish said as what would be best, after a story: "…，她已经有太多了，价格在２００到３００块之
# 间比较好"
_PREFERRED_END_RE = re.compile(r"(?:比较好|更好|最好|就好|就行|也可以|也行)(?:了|吧|啊)?\W*$")


def _asks_before(text: str) -> bool:
    """Whether what comes before a story asks for something: a request, a rule for the task,
    a wish, an imperative after its topic ("For my marathon block keep the long runs between 18
    and 32 km, that's what worked last time", "去成都玩４天，…，住的地方离地铁站别超过５００米，
    上次…走了２０分钟"; not "No worries about the typo on slide 3, nobody noticed")."""
    return (
        is_request(text)
        or TASK_NEGATION_RE.search(without_small_talk(NOT_NEGATION_RE.sub(" … ", text))) is not None
        or _WISH_RE.search(text) is not None
        or _TOPIC_IMPERATIVE_RE.search(text) is not None
        or _PARTY_TOTAL_RE.search(text) is not None
        or _SETTLED_RE.search(text) is not None
        or _OWN_REFUSAL_RE.search(text) is not None
    )


# The user's own refusal before the story behind it: "I won't ship internationally, too much
# hassle with customs forms last time", "我不吃香菜，也不吃葱，…，上次那家又放了一堆"
_OWN_REFUSAL_RE = re.compile(
    r"\b(?:i|we)\s+(?:won'?t|will\s+not|don'?t|do\s+not|never|can'?t|cannot)\s+(?:eat|drink|fly|ship"
    r"|drive|take|accept|use|book|pay|travel|stay|sleep|share|lend|sell|buy|touch|allow|work|do)\b"
    r"|(?:我|我们)(?:也|从来)?(?:不|从不|不能|没法)(?:吃|喝|碰|坐|住|用|要|接受|考虑|开)",
    re.IGNORECASE,
)


# An arrangement proposed with 吧 before the story behind it: "面试安排在9月19号上午吧，上次排在
# 下午，候选人等了两个小时"
_SETTLED_RE = re.compile(r"(?:安排|定|订|约|改|放|选|排|设)在?[^，,。！!？?]{1,14}吧\W*$")


# The size of the user's party, summed up: "my parents, my brother's family and us, so 9 people
# total", "一共8个人"
_PARTY_TOTAL_RE = re.compile(
    r"\b\d+\s+(?:people|persons|adults|guests|of\s+us)\s+(?:total|in\s+total|altogether|all\s+together)\b"
    r"|(?:一共|总共|加起来)\s*[\d一二两三四五六七八九十]+\s*(?:个人|人|位|个(?=\W|$))",
    re.IGNORECASE,
)


_TOPIC_IMPERATIVE_RE = re.compile(
    r"^\W*(?:for|on|with|about)\s+(?:the|my|our|this|that|a|an)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:keep|make|book|find|get|pick|use|avoid|skip|cap|limit|stick)\s",
    re.IGNORECASE,
)


# A refusal said with force is the user's now, whatever story comes around it: "机票我看了一圈，
# 红眼航班坚决不坐，上次坐完她三天没缓过来", "…, under no circumstances a middle seat"
_FIRM_REFUSAL_RE = re.compile(
    r"坚决不|绝对不|(?<![判解])决不|(?<![杜拒])绝不|打死(?:也|都)?不|说什么(?:也|都)不"
    # the user's own "never again": "那家搬家公司我是不会再用了" (not "他不会再来了")
    r"|(?:我|咱们?|我们)(?:是|真的|肯定)?(?:不会再|再也不)"
    r"|\b(?:absolutely\s+no|under\s+no\s+circumstances)\b",
    re.IGNORECASE,
)


_REPORTING_RE = re.compile(r"\b(?:told|said|says?|swore|wrote|texted)\b|说", re.IGNORECASE)


def _refuses(clause: str) -> bool:
    """Whether ``clause`` refuses something with force, now, in the user's own words (not "I
    told him absolutely no dogs", "他说绝对不去")."""
    found = _FIRM_REFUSAL_RE.search(clause)
    return (
        found is not None
        and not _REPORTING_RE.search(clause[: found.start()])
        and not tells_what_happened(clause)
    )


def _speaks_now(clause: str) -> bool:
    """Whether a clause inside a story is the user's own say now: a forceful refusal, or a
    figure of theirs ("My doctor keeps saying 10,000 steps a day, but honestly I'm aiming for
    about 6000 for now")."""
    return (
        _refuses(clause)
        or _PARTY_TOTAL_RE.search(clause) is not None  # "…，我们又多了一个人，总共九个"
        or (_OWN_TARGET_RE.search(clause) is not None and not tells_what_happened(clause))
        or _OWN_SCHEDULE_RE.search(clause) is not None
        # a rule from now on after the story: "昨天带狗去打针，…以后零食一天别超过5块吧"
        or _FROM_NOW_RE.search(clause) is not None
        # what the body cannot do now: "刚拔完智齿，硬的东西嚼不了"
        or _CANNOT_NOW_RE.search(clause) is not None
        # the plan the story leads to: "…can't be earlier than 3pm, so let's have the airport
        # transfer around 2:30"
        or _SO_PLAN_RE.search(clause) is not None
    )


# A kind named, then the rule for it: "每笔超过２００块的支出，没我确认不许自动记账"
_KIND_END_RE = re.compile(r"的[\u4e00-\u9fff]{0,3}\W*$")
_RULE_START_RE = re.compile(
    r"\W*(?:没我(?:确认|同意|允许)|都|也|一律|就|千万)?(?:千万别|不许|不准|一律不|别|不要|不能)"
)
# A fact asked for: "你知道一颗鸡蛋大概有多少卡路里吗" (not an item asked for: "你知道有没有三百
# 以内的酒店吗")
_KNOW_ASKED_RE = re.compile(
    r"^\W*(?:你|您)(?:知道|晓得|了解)[^，,。]*?(?:多少|几|什么|为什么|为啥|怎么|哪)[^，,。]*?[吗么]\W*$"
)
# A figure mended at the clause's end: "around 100 euros — actually no, around 120"
_MENDING_END_RE = re.compile(
    r"\b(?:actually(?:\s+no)?|no\s+wait|wait\s+no|scratch\s+that|i\s+mean)\W*$|(?:不对|说错了|哦不)\W*$",
    re.IGNORECASE,
)
# The plan a story or someone's words lead to: "…so let's have the transfer around 2:30"
_SO_PLAN_RE = re.compile(
    r"^\W*(?:(?:so|then|ok(?:ay)?)\W+)?let'?s\s+(?:have|do|book|get|make|plan|schedule|set|aim|go\s+for)\b"
    # the user's own intent against someone's words: "我妈老说别买太贵的东西，但我还是打算给她挑个…"
    r"|^\W*(?:但是?|不过|可)我(?:还是|就|也)?(?:打算|准备|决定|想)"
    r"|^\W*(?:那|所以)(?:我们)?就(?:定|订|约|安排|排)在",
    re.IGNORECASE,
)


_CANNOT_NOW_RE = re.compile(
    r"(?:嚼|吃|喝|走|爬|站|坐|跑|提)不了(?!了)|\b(?:i|he|she)\s+can'?t\s+(?:walk|chew|stand|climb|lift)\b",
    re.IGNORECASE,
)
_FROM_NOW_RE = re.compile(
    r"^\W*(?:以后|今后|从今往后|从现在开始)[^，,。]{0,10}?(?:别|不要|不能|都|只)"
    # what the user will do past a figure this time: "去年交了4,280，今年要是超过4500就换一家"
    # (not a rule asked about: "是不是超过一百瓦时就不让带？")
    r"|^(?![^，,。]*?(?:是不是|吗|么|[?？]))\W*(?:今年|这次|这回|下次)?(?:要是|如果|万一)?[^，,。]{0,12}?"
    r"(?:超过|高于|多于|过了)[^，,。]{0,10}?(?:我)?就(?:不|别|换|算了)"
    r"|^\W*(?:from\s+now\s+on|going\s+forward)\b",
    re.IGNORECASE,
)


# The user's own schedule set against what they heard: "Hotel check-in can't be before 3pm
# apparently, but our train arrives at 11:20"
_OWN_SCHEDULE_RE = re.compile(
    r"^\W*(?:(?:but|and|though|while)\s+)?(?:my|our|his|her|their)\s+(?:train|flight|bus|plane|ferry"
    r"|coach|appointment|appt|meeting|shift|class|interview|follow-?up|check-?up|surgery|scan)\s+"
    r"(?:arrives?|lands?|gets\s+in|leaves|departs?|starts?|ends?|is\s+(?:at|on))\b",
    re.IGNORECASE,
)


# The figure the user holds themself to: "I'm aiming for about 6000", "我的目标是一天八千步"
_OWN_TARGET_RE = re.compile(
    _AIMING + r"|(?:我|我们|咱们?)(?:的目标是|想控制在|打算控制在)", re.IGNORECASE
)


def _asking_after(
    sentence: str, spans: list[tuple[int, int]], *, relayed: bool, now: list[bool]
) -> list[bool]:
    """Which clauses of a sentence that opens with a story ask for something (a request after
    the story, and what the request goes on to say: "…，在推荐几本类似的吧，适合5–7岁的");
    ``now`` marks the clauses where the user speaks now (``_speaks_now``)."""
    out: list[bool] = []
    for index, (a, b) in enumerate(spans):
        clause = sentence[a:b]
        asking = (
            bool(index)
            and (
                is_request(clause)
                or _own_again(clause, tells_what_happened(clause), sentence[b:])
                or now[index]
                # a rule of the user's after someone's words relayed now: "三楼租客说他对芒果过敏，
                # 礼包里别放芒果干"
                or (relayed and _asks_before(clause) and not tells_what_happened(clause))
            )
            and not _LOOKUP_RE.search(clause)
            and not _inside_quote(sentence[:a])
        )
        out.append(asking or bool(out and out[-1]))
    return out


_QUOTE_OPEN_RE = re.compile(r"(?:^|[\s(])['\"“‘](?=\w)")
_QUOTE_CLOSE_RE = re.compile(r"(?<=[\w.,!?])['\"”’](?=[\s,.;:!?)]|$)")


def _inside_quote(before: str) -> bool:
    """Whether a clause starts inside quoted words (``before`` opens a quote it does not close):
    "My friend says 'actually, make it a double' every single time"."""
    return len(_QUOTE_OPEN_RE.findall(before)) > len(_QUOTE_CLOSE_RE.findall(before))


def constraint_clauses(sentence: str) -> list[str]:
    """The clauses of a user's ``sentence`` that carry a constraint, as written.

    Adjacent clauses that belong together (a short tail, a continuation) come back as one
    clause with the text between them, so the user's wording stays intact.
    """
    if asks_nothing(sentence) and not is_allergy(sentence):
        return []  # (an allergy is the user's to keep: "Only asking because my girlfriend's…")
    spans = split_clauses(sentence)
    request = (
        is_request(sentence)
        or TASK_START_RE.search(sentence) is not None
        or MENDED_RE.search(sentence) is not None
    )
    happened = tells_what_happened(sentence)
    if request and len(spans) == 1 and happened:
        spans = _run_on(sentence, spans[0])
    asked = is_question(sentence) and not request
    # a wish said now opens no story, whatever its reason tells: "We'd rather skip Tokyo since
    # we've already been"
    opens_told = bool(
        spans
        and is_narrative(SAID_BEFORE_RE.sub(" ", sentence[: spans[0][1]]))
        and not _WISH_RE.search(sentence[: spans[0][1]])
        and not sets_task(sentence[: spans[0][1]])
        and not OWN_RULE_SET_RE.search(sentence[: spans[0][1]])
    )
    figures_only = asked or opens_told
    # a carer's verdict is an instruction relayed, not a story: "My doctor cleared me for light
    # cardio again … but nothing high-impact for 6 weeks, so plan something around that"
    told = (
        happened and not TASK_START_RE.search(sentence) and not _CARER_VERDICT_RE.search(sentence)
    )
    # what was paid, asked if fair: "一期12节课总共2400，这价格算贵吗？"
    price_checked = bool(_PRICE_CHECK_RE.search(sentence) and PRICED_RE.search(sentence))
    adopted = _ADOPTED_RE.search(sentence) is not None
    priced = asked and price_checked
    if (
        told
        and figures_only
        and not _OWN_FIGURE_RE.search(sentence)
        and (asked or not _RULE_SAID_RE.search(sentence))
        and not (opens_told and any(_refuses(sentence[a:b]) for a, b in spans))
        and not priced
        # a carer's rule before the question: "医生说布洛芬一天最多吃3次 我今天已经吃了两次了 …吗"
        and not (
            _CARER_RE.search(sentence)
            and (_RELAYED_RULE_RE.search(sentence) or _CARER_RULE_RE.search(sentence))
            and not _STORY_ON_RE.search(sentence)
        )
        # an allergy is the user's whatever happened: "我对青霉素过敏，感冒了一般吃啥药比较好？"
        and not any(
            is_allergy(sentence[a:b]) and not tells_what_happened(sentence[a:b]) for a, b in spans
        )
    ):
        return []  # a question about what happened: "did I leave the door open after nine"
    # what the user says of themselves before asking is said, not asked: "我手上有5万块闲钱，…，股票
    # 就别碰了，…，你有什么建议？"; a clause before the question without "I"/"我" or a "don't"
    # belongs to the question ("SLA里写的99.9%可用性，一年下来能停机多久？")
    # and so is a measured quantity given for a question about another: "客厅墙面大概30平，要买
    # 几桶乳胶漆？"
    asking = _first_asking(sentence, spans)
    measure = asked and bool(spans) and _asks_for_quantity(sentence[slice(*spans[asking])])
    # what the user states and asks to have checked ("降压药每天吃一次，每次5mg，这样吃对吗？"),
    # and what follows a clause of theirs with its subject left out ("我在吃布洛芬，一天三次，每次
    # 200mg，可以…吗？"), is said too
    checks = (
        asked and bool(spans) and _CHECKS_RE.search(sentence[slice(*spans[asking])]) is not None
    )
    said: list[bool] = []
    for index, (a, b) in enumerate(spans):
        clause = sentence[a:b]
        # the asking clause gives its own figures when it is a trip's day or asks for something
        # to be done: "Speech therapy is twice a week for my son, could we do it somewhere 3–5pm?"
        requested = index == asking and (
            is_request(clause) or _EXCLUDING_RE.search(clause) is not None
        )
        # the user's own wish beside a question: "where do I even start, given I'd rather not
        # hire anyone for this?"
        wished = asked and _WISH_RE.search(clause) is not None and _owned(clause)
        said.append(
            wished
            or (
                asked
                and (
                    index < asking
                    or (
                        index == asking
                        and (
                            _trip_day(clause)
                            or priced
                            or (names_offer(clause) and _has_figure(clause))
                            or requested
                            or _sized(clause)
                            or (_WANTED_RE.search(clause) or _SUM_ASKED_RE.search(clause))
                            is not None
                        )
                    )
                )
                and (
                    checks
                    or priced
                    or requested
                    or _owned(clause)
                    or (_WANTED_RE.search(clause) or _SUM_ASKED_RE.search(clause)) is not None
                    or (measure and _MEASURED_RE.search(spell_digits(clause)) is not None)
                    or _trip_day(clause)
                    or (
                        bool(said)
                        and said[-1]
                        and _has_figure(clause)
                        and not _OWNED_RE.search(clause)
                    )
                )
            )
        )
    voices = clause_voices(sentence, spans, told=told)
    # a request after the story is the user's: "my sister said the museum is closed on
    # mondays, can u find something else for us to do sun afternoon"
    now = [_speaks_now(sentence[a:b]) for a, b in spans]
    asking_after = (
        _asking_after(sentence, spans, relayed=voices[0] == "relayed", now=now)
        if opens_told and not asked
        else [False] * len(spans)
    )
    story, asking_from = _story_span(sentence, spans) if told else (0, len(spans))
    story_on = _STORY_ON_RE.search(sentence) is not None
    signals = [
        _voiced_signal(
            sentence[a:b],
            voice,
            figures_only=(opens_told and not after)
            or (figures_only and not (own or now[index] or after)),
            # (a price told, then asked to be checked, is the task's: "木工师傅日薪开到了四百八，…，
            # 你帮我打听下本地行情"; not one told and asked about: "…收他120块，你说贵不贵？")
            told=told
            and story <= index < asking_from
            and not now[index]
            and not (price_checked and not asked and PRICED_RE.search(sentence[a:b]))
            # (a figure told, then taken for the task: "去年来了大概六十来个人，今年按这个数准备")
            and not (adopted and _has_figure(sentence[a:b])),
            asked=asked,
            story_on=story_on,
        )
        for index, ((a, b), voice, own, after) in enumerate(
            zip(spans, voices, said, asking_after, strict=True)
        )
    ]
    # a request's day belongs to it: "Can you sort someone to collect Mia on Friday?"
    if not request and all(s.kinds <= {"figure"} for s in signals):
        # a sentence that only states ages is background: "Mum is 84", "我家那只十二岁了"
        signals = [
            _QUIET if s.kinds and _only_ages(sentence[a:b]) else s
            for (a, b), s in zip(spans, signals, strict=True)
        ]
    # a fragment that is only a day or a part of one answers a question: "下午吧", "Sat then"
    # a year alone qualifies what was asked before it ("中秋节是哪天来着？2027年的。")
    fragment = (
        len(spans) == 1
        and _short(sentence)
        and not asked
        and not _GREETING_RE.search(sentence)
        and not _YEAR_ALONE_RE.match(sentence)
    )
    real = any(s.strong for s in signals)  # a requirement of its own, not only a request's
    any_strong = request or fragment or real
    runs: list[list[int]] = []
    last_kept = -2
    for index, ((a, b), signal) in enumerate(zip(spans, signals, strict=True)):
        text = sentence[a:b]
        kept = (
            signal.strong
            or (
                signal.weak
                and any_strong
                and not (figures_only and not (asking_after[index] or said[index]))
            )
            # a day the user gives before a question about it: "面试定在下周二下午，要提前多久到？"
            or (signal.weak and said[index] and index < len(spans) - 1)
            or (real and not figures_only and TASTE_RE.search(text) is not None)
            # a slip mended is a wish however it is worded: "Paint it white. Hmm. Actually
            # off-white"
            or MENDED_RE.search(text) is not None
        )
        loose = not signal.strong or _bare(text)
        tail = last_kept == index - 1 and (
            (loose and (_short(text) or _CONTINUATION_RE.search(text)))
            or _BACK_RE.search(text) is not None
            # "Keep the standup to 15 minutes max. Actually, 20's fine": the figure revised
            or REVISED_RE.match(text) is not None
            or (_KEEP_CLEAR_RE.search(text) is not None and "figure" in signals[index - 1].kinds)
            # "预算总共八千，机票加酒店全算进去，别超了": the figure before not to be passed
            or (_SCOPE_END_RE.search(text) is not None and "figure" in signals[index - 1].kinds)
            # "师傅来两个就够了啦，别派三四个来": more refused after enough
            or (
                _ENOUGH_END_RE.search(sentence[slice(*spans[index - 1])]) is not None
                and re.match(r"\W*(?:千万)?(?:别|不要|不用)", text) is not None
            )
            # "早上别排太早，9点之前我妈起不来": the hour that "too early" means; "Not mornings,
            # I'm useless before ten": the hour a half of the day refused ends
            or (
                (
                    _TOO_END_RE.search(sentence[slice(*spans[index - 1])]) is not None
                    or _NOT_PART_RE.match(sentence[slice(*spans[index - 1])]) is not None
                )
                and _has_figure(text)
            )
            # "周五下班前必须交，最晚不能超过下午6点": the latest of the deadline before
            or (kept and _LATEST_START_RE.match(text) is not None)
            # "每笔超过２００块的支出，没我确认不许自动记账": a rule after the kind it is for
            or (
                _KIND_END_RE.search(sentence[slice(*spans[index - 1])]) is not None
                and _RULE_START_RE.match(text) is not None
            )
            # "around 100 euros — actually no, around 120": the figure mended, beside what it
            # mends (its unit, its thing)
            or (
                _MENDING_END_RE.search(sentence[slice(*spans[index - 1])]) is not None
                and _has_figure(text)
            )
            # "flying in Thursday, the 10th": the date of the weekday before
            or (
                _WEEKDAY_END_RE.search(sentence[slice(*spans[index - 1])])
                and _DAY_OF_MONTH_RE.match(text)
            )
            # "avoid anything too fancy, tasting menus and that sort of thing": more of the same
            or _SUCH_LIKE_RE.search(text) is not None
            # "we need 400, no fewer": the direction of the figure before
            or (
                _NO_FURTHER_RE.match(text) is not None
                and signals[index - 1].kinds & {"figure", "negation"}
            )
            or (
                _LIMIT_START_RE.search(text) is not None
                and "figure" not in signals[index - 1].kinds
            )
            # "只坐高铁，不坐飞机": the one allowed, then the one refused; and the other way round:
            # "别用第三方library，只用标准库"
            or (
                _ONLY_RE.search(sentence[slice(*spans[index - 1])]) is not None
                and _REFUSED_RE.search(text) is not None
            )
            or (
                re.match(r"\W*(?:别|不要|不用)", sentence[slice(*spans[index - 1])]) is not None
                and re.match(r"\W*只(?:用|要|吃|坐|买|订)", text) is not None
            )
            # "Bruno weighs 32 kg, so the place must take dogs that big"
            or (kept and _SO_RE.search(text) is not None)
            # "下周二下午两点到四点我要开会，这段时间别给我安排别的事"
            or (kept and _THAT_TIME_RE.search(text) is not None)
            # "Send them my actual meter reading, 612 kWh": the figure of what the clause named
            or (kept and _FIGURE_ONLY_RE.match(_fold(text)) is not None)
            # "…that's gluten free, my niece has celiac": the allergy the exclusion is for (not
            # a bound's: "人均别超过三十块，我对花生过敏")
            or (
                kept
                and signal.kinds & {"allergy", "diet"}
                and signals[index - 1].kinds & {"exclusion", "negation"}
                and "figure" not in signals[index - 1].kinds
            )
            # "返还型的感觉不划算，尽量别推": a refusal of what the clause before named
            or (kept and _OBJECT_LEFT_OUT_RE.search(text) is not None)
            # "Don't send it, I want to read it first": why the step waits
            or (
                signals[index - 1].kinds & {"negation", "figure"}
                and _CHECK_FIRST_RE.search(text) is not None
            )
            # "店里小张周三周四请假，排班的时候别排她": the one the clause before named
            or (kept and _HER_HIM_RE.search(text) is not None)
            # "我家猫吃了三文鱼就吐，兽医说可能是不耐受": the verdict on what the clause named
            or (
                "allergy" in signals[index - 1].kinds
                and _ALLERGY_VERDICT_RE.search(text) is not None
            )
            # "我对花生过敏，千万别放花生啊": what the allergy rules out
            or (
                kept
                and signal.kinds & {"exclusion", "negation"}
                and "figure" not in signal.kinds
                and "allergy" in signals[index - 1].kinds
            )
        )
        # "If the hotel charges more than 30 for parking, find another one": what the condition
        # leads to is part of it (the bound's direction is in the two together)
        tail = tail or (last_kept == index - 1 and _opens_condition(sentence, spans, runs))
        # "辣也不是不可以，微辣就好": what the concession allows, narrowed
        tail = tail or (
            last_kept == index - 1
            and kept
            and _CONCESSION_END_RE.search(sentence[slice(*spans[index - 1])]) is not None
        )
        # "check-in 23/8, check-out 26/8": one stay, said in two clauses
        tail = tail or (
            last_kept == index - 1
            and _PAIR_CLOSE_RE.search(text) is not None
            and _PAIR_OPEN_RE.search(sentence, spans[index - 1][0], spans[index - 1][1]) is not None
        )
        # "Keep it under what we spent in March, that was $640", "字数别比上一版多，上一版3000字": a
        # bound against something named, and that thing's figure (either order)
        tail = tail or (last_kept == index - 1 and _compared_with_figure(sentence, spans, index))
        if tail and runs:
            runs[-1].append(index)
            last_kept = index
        elif kept and _PREDICATE_RE.search(text) and index and not figures_only:
            start = runs[-1][-1] + 1 if runs else 0
            runs.append(list(range(start, index + 1)))
            last_kept = index
        elif (
            kept
            and index
            and last_kept != index - 1
            and (
                (
                    not figures_only
                    and (
                        _short(text)
                        or _SO_RE.search(text)
                        or _ANAPHOR_RE.search(text)
                        or _BACK_RE.search(text)
                        or _CONDITION_OPEN_RE.search(sentence[slice(*spans[index - 1])])
                    )
                )
                # a refusal after a story, of what the story named: "食堂二楼的麻辣香锅我吃了两次
                # 都拉肚子，以后别推荐了"
                or (
                    (asking_after[index] or not figures_only)
                    and _OBJECT_LEFT_OUT_RE.search(text) is not None
                )
            )
        ):
            # "ibuprofen makes me break out, I'm allergic"; "I love window seats, so grab one
            # if you can": the clause before says what this one is about
            runs.append([index - 1, index])
            last_kept = index
        elif kept:
            runs.append([index])
            last_kept = index
    return [sentence[spans[run[0]][0] : spans[run[-1]][1]] for run in runs]
