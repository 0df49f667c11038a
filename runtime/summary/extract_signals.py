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

import re
import unicodedata
from dataclasses import dataclass

from runtime.summary.numerals import find_numerals, spell_digits
from runtime.summary.sentence_mood import (
    DONT_BIE,
    PAST_DAY_RE,
    TASK_NEGATION_RE,
    Voice,
    asks_nothing,
    bounds_something,
    clause_voices,
    is_question,
    is_request,
    names_offer,
    tells_what_happened,
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
_BREAK_RE = re.compile(r"[,，;；]|\s+[-–—]{1,2}\s+|(?<!\d)——(?!\d)")
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
    r"|\d{1,2}(?:st|nd|rd|th)?|\d{4}|(?:周|星期|礼拜)[一二三四五六日天]|[今明后]天|\d{1,2}[日号])$",
    re.IGNORECASE,
)
_CLOCK_AFTER_RE = re.compile(
    r"\s*(?:(?:at|by|before|after|around|until|till)\s+)?"
    r"(?:\d{1,2}(?::\d{2})?\s*(?:a\.?m(?![A-Za-z])|p\.?m(?![A-Za-z])|o'?clock)|\d{1,2}:\d{2}|noon\b|midnight\b|midday\b)"
    r"|\s*(?:凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|晚|早)?\s*[\d零〇一二两三四五六七八九十]{1,3}\s*[点时:]",
    re.IGNORECASE,
)
_ABBREVIATION_END_RE = re.compile(r"(?<![A-Za-z])[A-Za-z]\.[A-Za-z]\.$")
_TRIM = " \t\n,，;；、。.!！?？:：…"
# What the clause before set, said again as its limit or its reason, joins it whatever it
# carries itself: "超了就不做了", "一共就这么多", "any more and I walk", "that's my limit", a
# short allergy ("w/o peanuts, severe allergy").
_BACK_RE = re.compile(
    r"^(?:超了|超过了|超出|再多|再贵|再晚|再早)|就这么多|^(?:any\s*(?:thing)?\s+more|more\s+than"
    r"\s+that|beyond\s+that|that'?s\s+(?:all|it|my\s+(?:limit|max|budget|ceiling)))\b"
    r"|^(?:\w+\s+)?(?:allerg(?:y|ic)|intolerant)\b|^(?:ideally|preferably)\b"
    # the contrast that makes the clause before precise: "aisle seat, not window"
    r"|^not\s+\w+(?:\s+\w+)?\W*$"
    r"|^[\u4e00-\u9fff]{0,4}(?:过敏|不耐受)\W*$"
    # the value of what the clause before compared with, or its exception: "cheaper than the
    # last one, which was $85", "比上次那台便宜，上次是2,399元", "别打电话，除非是九点半之前"
    r"|^which\s+(?:was|is|were|cost)\b|^(?:上次|之前|原来|原价)(?:是|花了|买的)|^(?:除非|unless\b)"
    # the same again, its verb left out: "晚上10点以后别给我推送消息，早上7点前也别"; "我不太爱
    # 吃香菜，做菜尽量少放"
    r"|也(?:别|不要|不行|不用|不能)\W*$|(?:少|别|不要|不用|尽量不)(?:放|加|搁|用)(?:了|点|些)?\W*$"
    # what the clause before meant, said again: "…剔除掉，就是user_id以test_开头的那些"
    r"|^(?:就是|也就是|即)|^(?:i\.?e\.?|namely|meaning|that\s+is)\b",
    re.IGNORECASE,
)
# The figure a clause before asked for without giving it: "别拖太久，最多45分钟", "keep the toast
# short, at most 5 minutes" (not after a clause with a figure of its own: "leave on September
# 19, at most $45.50 one-way" are two constraints)
_LIMIT_START_RE = re.compile(
    r"^(?:at\s+(?:most|least)|max(?:imum)?|no\s+more\s+than|tops)\b|^(?:最多|最少|至少|不超过|顶多)"
    r"|^\W*[\d.,]+\s*[A-Za-z]{0,10}\s+(?:max(?:imum)?|tops|at\s+(?:most|the\s+most)|or\s+(?:less|under"
    r"|fewer))\W*$|^\W*[\d.,]+\s*[\u4e00-\u9fff]{0,3}(?:以内|以下|封顶|顶天)\W*$",
    re.IGNORECASE,
)
_ASKING_CLAUSE_RE = re.compile(
    r"(?:^|:)\W*(?:(?:um|uh|so|oh|hey|and|but|also|or)\W+)*(?:did|does|do|is|are|was|were|can"
    r"|could|would|will|should|what|where|when|why|how|who|which|any)\b|[?？]|什么|怎么|咋|哪|谁"
    r"|几|多少|吗|呢|是不是|有没有|要不要|会不会|可不可以|行不行",
    re.IGNORECASE,
)
_OWNED_RE = re.compile(
    r"我|咱|家里|自己|本人|\b(?:i|i'm|i've|my|we|we're|our)\b"
    # a wish said without its subject: "想把雅思考到6.5分，…有啥建议吗", "Planning to repaint the
    # hall, any tips?" (not "Want to play a game, or…?": that asks whether the other wants to)
    r"|^\W*(?:想|打算|准备|计划|希望)|^\W*(?:hoping|planning|trying)\s+to\b"
    r"|还剩|剩下|每(?:周|天|个?月|年)能|能(?:多)?(?:还|付|出|拿出|承受)"
    r"|^(?:(?!说|写的|讲|规定)[^，,]){0,8}?(?:\d[\d.,]*|[一二两三四五六七八九十百千]+)\s*"
    r"(?:万|千|块|元|w|k|年|个月)(?![\u4e00-\u9fff]{0,4}(?:吗|呢|么))"
    r"|(?:到手|收入|工资|奖金|月薪|年薪|存款|预算|房租|房贷|车贷|定投)[^，,]{0,4}?[\d一二两三四五六七八九十]",
    re.IGNORECASE,
)


def _first_asking(sentence: str, spans: list[tuple[int, int]]) -> int:
    """The index of the first clause of a question that asks (the last one if none shows it)."""
    for index, (a, b) in enumerate(spans):
        if _ASKING_CLAUSE_RE.search(sentence[a:b]):
            return index
    return len(spans) - 1


def _asks_for_quantity(text: str) -> bool:
    """Whether a question asks how much or how many of something (not a conversion)."""
    return _HOW_MUCH_RE.search(text) is not None and _CONVERSION_RE.search(text) is None


def _trip_day(text: str) -> bool:
    """Whether a clause gives the day of a trip ("10月3号从成都飞拉萨，有没有…起飞的"): the user's
    plan, said before what is asked about it."""
    folded = _fold(text)
    return _TRAVEL_RE.search(folded) is not None and (
        _WEAK_RE.search(folded) is not None or _DAY_NUMBER_RE.search(folded) is not None
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
    )


# Wishes for the other person: greetings of the season, "hope … you"
_WELL_WISH_RE = re.compile(
    r"^\W*(?:happy\s+(?:new\s+year|birthday|holidays|thanksgiving|easter|anniversary|diwali"
    r"|hanukkah|lunar\s+new\s+year)|merry\s+christmas|season'?s\s+greetings)\b"
    r"|^\W*(?:(?:i|we)\s+)?(?:hope|wish(?:ing)?)\s+(?:\w+\s+){0,4}?(?:you|your|u|ya|y'all)\b"
    r"|(?:新年|生日|节日|中秋|春节|国庆|元旦)快乐|^\W*祝(?:你|您)",
    re.IGNORECASE,
)
_GREETING_RE = re.compile(
    r"^\W*(?:good\s+(?:morning|afternoon|evening|night|day)|morning|night)\b|早上好|早安|下午好|晚上好|晚安",
    re.IGNORECASE,
)
_THAT_TIME_RE = re.compile(
    r"这段时间|那段时间|这个时间段?|那个时间段?|这个时段|那个时段|那天|当天|那一天|那个周末|那周"
    r"|\b(?:that|this)\s+(?:time|window|slot|period|day|week|weekend|night|morning|afternoon)\b"
    r"|\bduring\s+(?:that|those\s+hours)\b",
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
NEGATION_RE = re.compile(
    r"\b(?:don'?t|do\s+not|doesn'?t|does\s+not|never|no|not|nothing|none|nobody|without|w/o"
    r"|w/out|can'?t"
    r"|cannot|won'?t|will\s+not|shouldn'?t|should\s+not|mustn'?t|must\s+not|isn'?t|aren'?t"
    r"|avoid(?:ing)?|skip|refuse|hold\s+off|rather\s+not|instead\s+of|no-go|under\s+no"
    r"|refrain\s+from|steer\s+clear|stay\s+away|keep\s+away|out\s+(?:for\s+(?:me|us)|of\s+the"
    r"\s+question)|off\s+the\s+table)\b|n't\b|就算了|还是算了|就免了"
    r"|千万别|不许|不准|不让|不要|不能|不用|不想|不接受|不考虑|禁止|严禁|不得|避免|避开|躲开|绕开|拒绝|勿|不|没|免"
    r"|" + DONT_BIE,
    re.IGNORECASE,
)
# Negations that are not requirements: "no worries", "不错", "不过" (but), "差不多" (about).
_NOT_NEGATION_RE = re.compile(
    r"\bno\s+(?:worries|problem|prob|idea|way|doubt|wonder|kidding|matter)\b|\bnot\s+bad\b"
    r"|long\s+time\s+no|\bcan'?t\s+wait\b|\boh\s+no\b|\bnot\s+sure\b|\bnot\s+gonna\s+lie\b"
    r"|\bnothing\s+but\b|\bno\s+matter\b|\bwhy\s+not\b|\bif\s+not\b|\bnot\s+only\b"
    # what happened is not a rule: "I never had a chance", "it wasn't easy", "I didn't go"
    r"|\bnever\s+(?:had|been|was|were|did|knew|thought|got|seen|heard|imagined|expected|felt)\b"
    r"|\b(?:didn'?t|wasn'?t|weren'?t|hadn'?t|haven'?t|hasn'?t|couldn'?t)\b"
    r"|不错|不过|不同|不仅|不管|不久|不客气|不好意思|差不多|没事|没关系|没问题|不断|无论|不如|没想到"
    r"|不知道|没错",
    re.IGNORECASE,
)
_EXCLUSION_RE = re.compile(
    r"\b(?:except|excluding|anything\s+but|other\s+than|apart\s+from|hold\s+the|strictly)\b"
    r"|\w-free\b|\b(?:gluten|dairy|nut|peanut|sugar|lactose|soy|egg|alcohol|caffeine|meat|pork"
    r"|fragrance|scent|smoke|pet|msg)\s+free\b|除了|除外|以外|排除|无(?=[糖盐油辣烟麸乳奶蛋肉添酒])"
    # taking an option out: "Drop the Lenovo from the list", "so swap out the satay", "Swap the
    # ibuprofen for something else", "把测试账号的数据剔除掉"
    r"|(?:^\W*(?:(?:please|pls|so|and|then|just|also|oh)\s+)*|\bso\s+)(?:drop|remove|ditch|nix|scratch"
    r"|swap\s+out|get\s+rid\s+of|lose|(?:cross|strike|knock|scratch)\s+(?:(?!off\b)\S+\s+){0,4}off"
    r"|(?:take|leave|rule|cut)\s+(?:(?!out\b)\S+\s+){0,4}out|strike|cut)\b|\b(?:swap|replace)\s+(?:out\s+)?(?:the|that|those|this|these|my)\b"
    r"|剔除|去掉|删掉|拿掉|划掉|去除|换掉|踢掉|砍掉",
    re.IGNORECASE,
)
_ALLERGY_RE = re.compile(
    r"\b(?:allerg(?:y|ies|ic|ens?)|intoleran(?:t|ce)|c(?:o)?eliac|anaphyla\w*)\b|过敏|不耐受|忌口"
    r"|\bmakes?\s+(?:me|him|her|them|us)\s+(?:sick|ill|break\s+out)\b"
    r"|\bgives?\s+(?:me|him|her|them|us)\s+(?:hives|a\s+rash)\b"
    # "布洛芬我吃了胃疼", "一吃就过敏": what eating it does
    r"|吃了?就?会?(?:胃疼|胃痛|肚子疼|拉肚子|起疹子|长疹子|恶心|头晕|犯病|难受)",
    re.IGNORECASE,
)
_PREFERENCE_RE = re.compile(
    r"\b(?:prefer(?:s|red|ably)?|rather|sooner|ideally|if\s+(?:at\s+all\s+)?poss(?:ible)?|if\s+you\s+can"
    r"|(?:i|we|they)'?d\s+(?:like|love|go\s+for)|would\s+(?:like|love)|wish|hope|please|pls|plz"
    r"|only"
    r"|whichever|whatever\s+is\s+(?:cheap|fast|soon|quick|short|near)\w*"
    r"|the\s+\w+\s+the\s+better"
    r"|keep\s+it\s+to|stick\s+to|(?:has|have|got|needs?)\s+to|need(?:s)?|must|should|want(?:s)?"
    r"|fine\s+by\s+me|works\s+for\s+me|happy\s+with|go\s+for)\b"
    r"|\b(?:is|are|'s|'re|be|was)\s+(?:fine|okay|ok|good|acceptable|preferred)\b"
    r"|\bi'?m\s+(?:fine|okay|ok|happy)\s+with\b"
    r"|最好|优先|希望|尽量|倾向|偏好|就行|就好|就中|就成|都行|也行|可以|只要|只考虑|宁可|宁愿|必须|一定要"
    r"|稀饭|与其|^\W*不如|宁可|宁愿|只想|(?:近|便宜|快|安静|大|小|早|晚)点(?:的|儿|吧)"
    # "window > aisle": the one before the sign is preferred
    r"|[A-Za-z\u4e00-\u9fff]\s*>\s*[A-Za-z\u4e00-\u9fff]"
    # 得 as "must": "得找轮椅能进的餐厅" (not 觉得, 记得, 跑得快)
    r"|(?<![觉记懂值晓获取])得(?:找|订|买|选|是|要|有|在|安排|提前|能)"
    r"|需要|得在|要求|想要|更喜欢|喜欢|更愿意|情愿|更想|(?<![重主简必纲摘])要(?![是不])(?!\w{0,15}了(?:\W|$))(?!多少|几|多久|什么|怎么)|能\w{1,10}就|记得|务必|别忘|之前先|以前先"
    r"|先(?:问|跟我|和我|告诉|确认|通知)|少[放吃喝加用油糖盐辣]|多[放加]|清淡|\w一点(?!都)|\w一些"
    r"|\b(?:check\s+with\s+me|ask\s+me|run\s+it\s+by\s+me|until\s+i|unless\s+i)\b"
    r"|\b(?:switch\s+to|instead|if\s+(?:they|you|it)\s+(?:have|has|can|is|are))\b"
    r"|(?:换成|改成|改为|换为)(?![\w]{1,12}了)|只(?:订|买|坐|住|选|吃|喝|用|要|去|接受|考虑|能)(?![了过])"
    r"|\b(?:cheapest|fastest|quickest|shortest)\b"
    r"|哪\w{0,2}便宜|选便宜的|越\w{1,3}越好"
    r"|\b(?:any|either|whichever|whatever)\s+(?:\w+\s+){0,3}?(?:works|will\s+do)\b"
    # an option taken: "The second option works", "that slot sounds good"
    r"|\b(?:option|choice|one|plan|proposal|slot|offer|version|draft)\b(?:\s+\w+)?\s+(?:works"
    r"|will\s+do|sounds\s+(?:good|great|fine|perfect)|looks\s+(?:good|great|fine|perfect))\b"
    # what the thing asked for must have: "find a hotel with free cancellation", "book a table
    # that has outdoor seating"
    r"|(?:^\W*|\b(?:you|u|please|pls|to)\s+)(?:find|get|book|pick|choose|look\s+for|search\s+for"
    r"|recommend|suggest)\s+(?:me\s+|us\s+)?"
    r"(?:a|an|some|one|two|three)\s+(?:[\w-]+\s+){0,2}?(?:with(?!\s+(?:me|you|us|them|him|her)\b)"
    r"|that\s+(?:has|have|is|are|includes?|allows?|offers?|takes?))\b"
    # a file format: "Export the cleaned dataset as CSV", "导出成Excel"
    r"|\b(?:as|in|into|to)\s+(?:an?\s+)?(?:csv|tsv|json|jsonl|pdf|xlsx?|excel|markdown|parquet"
    r"|docx?|yaml|html|png|jpe?g|svg|bullet\s+points|plain\s+text)\b"
    r"|(?:导出|存|转|保存|输出|整理|做|写)成|(?i:csv|json|pdf|excel|markdown|word|ppt)格式",
    re.IGNORECASE,
)
# A diet is a lasting rule even when told as a change: "I switched to a vegetarian diet last
# month", "我上个月开始吃素了".
_DIET_RE = re.compile(
    r"\b(?:i'?m|i\s+am|we'?re|we\s+are|went|gone|switched\s+to|became|started)\s+(?:\w+\s+){0,3}?"
    r"(?:vegetarian|vegan|pescatarian|keto|halal|kosher)\b|吃素|全素|纯素|素食|清真",
    re.IGNORECASE,
)
# A bound on a day or a time is a deadline even without a figure: "before noon tomorrow".
_DEADLINE_RE = re.compile(
    r"\b(?:before|by|after|until|till|no\s+later\s+than|no\s+earlier\s+than)\s+(?:the\s+)?"
    r"(?:noon|midnight|tonight|tomorrow|today|morning|evening|lunch|dinner|monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday|next|end\s+of)\b|最迟|最晚|截止|之前|以前"
    r"|\bdeadline\s+(?:is|was\s+moved\s+to)\b|\bdue\s+(?:by|on|before)\b|\b(?:EOD|COB|EOW)\b"
    r"|\bat\s+(?:the\s+)?(?:very\s+)?(?:most|latest|earliest)\b"
    r"|\b(?:last|first)\s+(?:business|working|week)\s*day\b|最后一个工作日|第一个工作日"
    r"|\blatest\s+(?:on|by)\b"
    r"|(?:月底|月初|年底|年初|节前|周末|下班|放假|开学|中午|今晚|明天|后天|周[一二三四五六日天]"
    r"|星期[一二三四五六日天]|礼拜[一二三四五六日天]|\d{1,2}[号日])前(?![面边台])",
    re.IGNORECASE,
)
# A clause that opens with an imperative about the task ("Use the debit card").
_IMPERATIVE_RE = re.compile(
    r"(?:^\W*(?:(?:please|just|and|then|so)\s+)?|\b(?:but|and\s+then|but\s+please)\s+)"
    r"(?:use|get|keep|make|book|buy|pick|choose|take"
    r"|send|pay|order|find|put|bring|give|leave|call|schedule|set|add|include|remove|cancel"
    r"|check|ask|tell|stay|hold|cap|block|transfer|move|reserve|confirm|arrange|stick|limit"
    r"|skip|avoid|go\s+for|go\s+with|opt\s+for)\b"
    # a Chinese request that does something to the task, not one that looks something up
    # ("帮我查一下…要多少钱" asks, "帮我订周五的" requires)
    r"|^\W*(?:麻烦|劳驾|帮我|帮忙|请你|给我)(?!(?:查|看|问|算|搜|找找|想想)(?:一下|下|查)?)",
    re.IGNORECASE,
)
# A sentence that opens with a task for the assistant tells no story, whatever its relative
# clauses did: "Summarize the article I pasted above in 3 bullet points"
_TASK_START_RE = re.compile(
    _IMPERATIVE_RE.pattern
    + r"|^\W*(?:(?:please|just|and|then|so)\s+)?(?:summari[sz]e|write|draft|translate|rewrite"
    r"|list|compare|export|convert|format|generate|prepare|update|remind|review|edit|outline"
    r"|shorten|proofread|reply|respond|forward|plan|organi[sz]e|wake)\b",
    re.IGNORECASE,
)
_TRAVEL_RE = re.compile(
    r"出发|回来|回到|返回|返程|回程|到达|抵达|入住|退房|启程|动身|从[\u4e00-\u9fff]{1,4}飞|\bfly(?:ing)?\s+(?:to|from)\b"
    r"|\b(?:leav\w*|depart\w*|return\w*"
    r"|arriv\w*|check(?:ing)?[-\s]?(?:in|out)|fly(?:ing)?\s+(?:out|back|home)|back|home)\b"
    # a plan's day: "Looking at Japan for next April", "planning a trip for May"
    r"|^\W*(?:(?:i'?m|we'?re)\s+)?(?:looking\s+at|planning|thinking\s+of|eyeing)\s+[\w\s]{1,30}?\b(?:for|in)\b",
    re.IGNORECASE,
)
_WEAK_RE = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|weekend|morning|afternoon|evening|night|noon"
    r"|midnight|next\s+(?:day|week|month|year)|monday|tuesday|wednesday|thursday|friday"
    r"|(?:next|this|early|late|mid|in)[-\s]may"
    r"|saturday|sunday|jan(?:uary)?|feb(?:ruary)?|march|april|june|july|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)s?\b"
    r"|今天|今晚|明天|明早|明晚|后天|昨天|周[一二三四五六日天末]|星期[一二三四五六日天]|礼拜"
    r"|上午|下午|中午|晚上|傍晚|早上|凌晨|夜里|白天|下周|下个月|月底|月初|双十一"
    # holidays are days: "五一", "国庆", "Thanksgiving"
    r"|五一|十一长假|国庆|春节|中秋|元旦|端午|清明|圣诞|\b(?:christmas|thanksgiving|easter|new\s+year)\b",
    re.IGNORECASE,
)
_DIGIT_RE = re.compile(r"\d")
_PERFECTIVE_RE = re.compile(r"[\u4e00-\u9fff][了过](?![解])")
# Ids (trains, flights, bookings): letters then digits, bounded by anything but ASCII letters or
# digits ("G7301是几点" is an id followed by Chinese). "256G", "20kg" and "5k" are not ids.
# How often: "every other day", "twice a week" (twice is a number), "隔天", "每隔两天"; not
# "daily" or "weekly", which on LoCoMo are what someone's routine is ("my daily routine")
_FREQUENCY_RE = re.compile(
    r"\bevery\s+(?:other|second|third)\s+(?:day|week|month|morning|night|hour)\b"
    r"|隔天|隔周|隔一天|每隔",
    re.IGNORECASE,
)
# "没出过事故的" (one that never had an accident): a requirement on the choice, though "没…过"
# alone tells what happened (``small_talk`` blanks it before the other signals are looked for)
_NEVER_HAD_RE = re.compile(r"没(?:出过|有过|发生过|修过|泡过)[\u4e00-\u9fff]{1,6}的")
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
)
# A question for one quantity that gives another, measured: "猪肉馅一斤要配多少白菜合适？",
# "how much water for 3 cups of rice?" (not "how long to 5th avenue", "how many calories in 2
# eggs": a name, a count asked about)
_HOW_MUCH_RE = re.compile(
    r"多少|多久|多长时间|几(?=[\u4e00-\u9fff])(?!点)|\bhow\s+(?:much|many|long)\b", re.I
)
# A conversion asks what one unit is in another: "1公斤等于多少磅？", "how many grams is a cup?"
_CONVERSION_RE = re.compile(
    r"等于|换算|折合|相当于|\bconvert\w*|\bequals?\b"
    r"|\b(?:is|in)\s+(?:a|an|one|1)\s+(?:cup|gram|pound|kilo|liter|litre|ounce)\b",
    re.IGNORECASE,
)
_MEASURED_RE = re.compile(
    r"(?:\d|[一二两三四五六七八九十半])\s*(?:斤|公斤|千克|克|两(?![个人])|升|毫升|杯|勺|碗|人份|平米"
    r"|平方|平(?![时常均安])|米|厘米|公里|桶|箱|袋|瓶)"
    r"|\d\s*(?:cups?|grams?|g|kg|kilos?|lbs?|pounds?|oz|ounces?|ml|lit(?:er|re)s?|tbsp|tsp"
    r"|servings?|portions?|euros?|dollars?|bucks|quid|yen|sq\.?\s*f(?:ee)?t|square\s+(?:feet|foot"
    r"|met(?:er|re)s?)|m2)\b|\d\s*(?:元|块|美元|欧元|英镑|日元)|[$€£¥]\s*\d",
    re.IGNORECASE,
)
_ID_RE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{1,4}\d{2,}[A-Za-z0-9]*")
# Words quoted as words: "keeps saying 'half six'", "what does 'net 30' mean"
_MENTION_RE = re.compile(
    r"\b(?:say(?:s|ing)?|said|call(?:s|ed|ing)?|means?|word|term|does)\s+['\"‘“][^'\"’”]{1,30}['\"’”]",
    re.IGNORECASE,
)
# A figure that names a thing, not an amount: "my flight number is literally 777", "#12", a
# version.
_NUMBER_ID_RE = re.compile(
    r"\bnumber\s+(?:is\s+|was\s+)?(?:\w+ly\s+)?\d+|#\s?\d+|(?:号码|编号|单号|尾号)是?\s*\d+"
    # a version: "v2.8.1", "version 3.11", "版本号是2.4"
    r"|(?<![A-Za-z0-9])v\d+(?:\.\d+)+|\bversion\s+v?\d+(?:\.\d+)*|版本号?(?:是|为)?\s*v?\d+(?:\.\d+)*",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*|[\u4e00-\u9fff]")
_QUALIFIER_TEXT = (
    "more less bigger smaller larger longer shorter higher lower over under above below ever "
    "tops max min maximum minimum please it that this than at the latest earliest all a an "
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


def _has_figure(text: str) -> bool:
    """Digits outside ids (``G7301``, ``HAT069``), or a number in words.

    A Chinese "一" that is an ordinal ("第一次") or an article in a told event ("参加了一个班")
    counts no more than English "a" does.
    """
    plain = _ID_RE.sub(" ", _NUMBER_ID_RE.sub(" ", _MENTION_RE.sub(" ", text)))
    if _DIGIT_RE.search(plain):
        return True
    told = _PERFECTIVE_RE.search(plain) is not None
    return any(
        not (plain[n.start : n.end] == "一" and (told or plain[max(0, n.start - 1)] == "第"))
        for n in find_numerals(plain)
    )


def is_allergy(clause: str) -> bool:
    """Whether ``clause`` states an allergy or intolerance ("allergic", "过敏", "gluten makes me
    sick", "gives me hives")."""
    return _ALLERGY_RE.search(_fold(clause)) is not None


def _unbounded(text: str, *, figures_only: bool, told: bool) -> bool:
    """Whether the figures of a clause count for nothing: only figures that bound something
    count in a question or a story (``clause_signal``)."""
    unbounded = (figures_only or told) and not bounds_something(text)
    # the user's own figure set against what a story said: "…说我家上个月用了210立方，明显不
    # 对，我自己抄的表是86立方"
    unbounded = unbounded and not (told and not figures_only and _OWN_FIGURE_RE.search(text))
    # a question for one quantity gives the others: "猪肉馅一斤要配多少白菜合适？"
    unbounded = unbounded and not (
        figures_only
        and not told
        and _HOW_MUCH_RE.search(text)
        and _MEASURED_RE.search(text)
        and not _CONVERSION_RE.search(text)
    )
    # a clause that itself tells what happened ("refused to go to bed before 10 yesterday")
    return unbounded or (told and tells_what_happened(text))


def _asked_kinds(text: str) -> set[str]:
    """What a clause of a question still requires: what the thing asked for must lack ("有没有
    不用化学疏通剂的办法？"), and what the user is ("I'm lactose intolerant, any ideas for a
    creamy pasta sauce?")."""
    kinds = {"exclusion"} if _ASKED_WITHOUT_RE.search(text) else set()
    for name, pattern in (("allergy", _ALLERGY_RE), ("diet", _DIET_RE)):
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
    if _WELL_WISH_RE.search(text):
        return _QUIET  # "Happy new year! Hope 2026 treats you well", "祝你生日快乐"
    kinds: set[str] = set()
    # "We'll have the conference room from 9:30 to 4, and lunch is already handled"
    told = told and _FUTURE_RE.search(text) is None
    if not _unbounded(text, figures_only=figures_only, told=told) and _has_figure(
        _ASKED_ABOUT_RE.sub(" ", text) if figures_only else text
    ):
        kinds.add("figure")
    if not figures_only and not is_narrative(text):
        plain = without_small_talk(_NOT_NEGATION_RE.sub(" … ", text))  # "…" keeps words apart
        for name, pattern in (
            ("negation", TASK_NEGATION_RE if told else NEGATION_RE),
            ("exclusion", _EXCLUSION_RE),
            ("allergy", _ALLERGY_RE),
            ("preference", _PREFERENCE_RE),
            ("diet", _DIET_RE),
            ("deadline", _DEADLINE_RE),
            ("imperative", _IMPERATIVE_RE),
        ):
            if pattern.search(plain):
                kinds.add(name)
        if _NEVER_HAD_RE.search(text):
            kinds.add("exclusion")
        if _FREQUENCY_RE.search(plain):
            kinds.add("frequency")
    elif not is_narrative(text):
        kinds |= _asked_kinds(text)
    weak = bool(_WEAK_RE.search(PAST_DAY_RE.sub(" ", text)))
    if weak and not figures_only and not told and _TRAVEL_RE.search(text):
        kinds.add("dated")  # a day and what happens on it: "周六上午出发", "back on Sunday"
    return ClauseSignal(frozenset(kinds), strong=bool(kinds), weak=weak)


def split_clauses(sentence: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each clause of ``sentence``, trimmed, in order (see ``_BREAK_RE``)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BREAK_RE.finditer(sentence):
        if match.group(0) in ",，" and not _breaks(sentence, match.start()):
            continue
        if match.group(0) not in ",，;；" and _same_moment(sentence, match.start(), match.end()):
            continue  # "by January 15 — 5 pm sharp"
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


def _same_moment(text: str, start: int, end: int) -> bool:
    """Whether a dash between ``start`` and ``end`` joins a day and its clock time."""
    before, after = _fold(text[max(0, start - 24) : start]), _fold(text[end : end + 24])
    return bool(_DAY_BEFORE_RE.search(before) and _CLOCK_AFTER_RE.match(after))


def _breaks(text: str, at: int) -> bool:
    """Whether the comma at ``at`` separates clauses (see ``_BREAK_RE``)."""
    before, after = _fold(text[max(0, at - 24) : at]), _fold(text[at + 1 : at + 24])
    if before[-1:].isdigit() and _THOUSANDS_RE.match(after):
        return False
    if _YEAR_RE.match(after) and before[-1:].isalnum():
        return False
    if _DAY_BEFORE_RE.search(before) and _CLOCK_AFTER_RE.match(after):
        return False  # "Friday, 5 pm", "March 3, 14:00", "周五，下午3点": one moment
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


_DAY_NUMBER_RE = re.compile(r"\d{1,2}\s*[日号]|\d{1,2}/\d{1,2}")
# What someone likes or is after: a preference beside a requirement, never alone (LoCoMo's "I
# love this song!" is no constraint)
_TASTE_RE = re.compile(
    r"\b(?:loves?|(?:is|are|'s|'re)\s+(?:really\s+)?into|adores?|looking\s+for)\b|爱吃|爱玩|迷上",
    re.IGNORECASE,
)
# What a question asks for, without something: "有没有不用化学疏通剂的办法？", "any recipes without
# eggs?", "a sunscreen that doesn't contain oxybenzone?"
_ASKED_WITHOUT_RE = re.compile(
    r"不(?:用|含|加|放|带)[\u4e00-\u9fff]{1,8}的|\bwithout\s+\w+|\bwith\s+no\s+\w+"
    r"|\bthat\s+(?:doesn'?t|don'?t|isn'?t|aren'?t)\s+(?:contain|have|use|include|need)\b",
    re.IGNORECASE,
)
_FUTURE_RE = re.compile(r"\b(?:will|shall|going\s+to|gonna)\b|['’]ll\b", re.IGNORECASE)
_OWN_FIGURE_RE = re.compile(
    r"我[\u4e00-\u9fff]{0,8}是\s*[\d０-９]|\b(?:my|our)\s+(?:\w+\s+){0,3}(?:is|are)\s+(?:about\s+)?[$€£¥]?\d"
    r"|\bmine\s+(?:is|says|reads)\s+[$€£¥]?\d",
    re.IGNORECASE,
)
_FIGURE_ONLY_RE = re.compile(r"^\W*[$€£¥]?\s*\d[\d.,]*\s*[A-Za-z%\u4e00-\u9fff]{0,4}\W*$")
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
    r"|他们家|他家|她家|那家|这家|他们|她们|那边|他的|她的",
    re.IGNORECASE,
)
# The second of a pair said in two clauses: "check-in 23/8, check-out 26/8", "入住…，退房…"
_PAIR_OPEN_RE = re.compile(
    r"\bcheck[-\s]?in\b|\bdepart\w*|\bfly(?:ing)?\s+out\b|入住|出发|去程|与其|宁可|宁愿"
    r"|先(?:给我|让我|跟我|和我|问|确认|发给我)",
    re.I,
)
_PAIR_CLOSE_RE = re.compile(
    r"^\W*(?:check[-\s]?out|return\w*|back|fly(?:ing)?\s+back)\b|^\W*(?:退房|返回|返程|回程|回来"
    r"|不如|也不|也要|也得|别|不要|千万别)",
    re.I,
)
# A concession that the next clause narrows: "辣也不是不可以，微辣就好", "I wouldn't say no to
# a suite, ideally one with a view"
_CONCESSION_END_RE = re.compile(
    r"(?:不是不(?:可以|行|能)|也(?:行|可以|凑合)|\bwouldn'?t\s+say\s+no(?:\s+to\s+[\w\s]{1,30})?"
    r"|\bi\s+(?:guess|suppose)\s+(?:that'?s|it'?s)\s+(?:ok|okay|fine))\W*$",
    re.IGNORECASE,
)
_CONDITION_OPEN_RE = re.compile(r"^\W*(?:(?:if|unless|should)\b|如果|要是|假如|万一|除非)", re.I)


def _opens_condition(sentence: str, spans: list[tuple[int, int]], runs: list[list[int]]) -> bool:
    """Whether the run kept last is a condition still waiting for what it leads to."""
    if not runs or len(runs[-1]) != 1:
        return False
    a, b = spans[runs[-1][0]]
    return _CONDITION_OPEN_RE.search(sentence[a:b]) is not None


_QUIET = ClauseSignal(frozenset(), strong=False, weak=False)


_AGE_RE = re.compile(
    r"\d+\s*多?\s*岁(?:出头|多)?|\b\d+[-\s]?(?:years?|yrs?)[-\s]old\b|\bturned\s+\d+\b"
    r"|\b(?:is|are|was)\s+\d+\b(?!\s*(?:[a-z%$€£¥]|元|块))",
    re.IGNORECASE,
)


def _only_ages(text: str) -> bool:
    """Whether every figure of ``text`` is someone's age ("Mum is 84", "十二岁了")."""
    spelled = spell_digits(text)
    return bool(_AGE_RE.search(spelled)) and not _DIGIT_RE.search(_AGE_RE.sub(" ", spelled))


def _voiced_signal(
    text: str, voice: Voice, *, figures_only: bool, told: bool, asked: bool
) -> ClauseSignal:
    """A clause's signal as its voice allows (``sentence_mood.clause_voices``)."""
    if voice == "quiet" or (voice == "relayed" and asked):
        return _QUIET  # someone's words, or relayed in a question ("我朋友说…，你觉得呢？")
    if voice == "relayed":
        rule = _RELAYED_RULE_RE.search(text)
        if rule is None:
            return clause_signal(text, figures_only=True)
        return clause_signal(text[rule.start("rule") :])  # the rule itself, in the user's hands
    signal = clause_signal(text, figures_only=figures_only, told=told)
    if (
        told
        and signal.kinds <= _TELLING_KINDS
        and tells_what_happened(text)
        and not _WISH_RE.search(text)
    ):
        # a clause that itself tells what happened, with nothing addressed to the task, keeps
        # nothing: "we ended up on a 6:40 am bus instead", "We only spent 2 nights in Seville"
        return _QUIET
    return signal


# A rule relayed in the present is the user's to keep: "My physio says no running for the next 3
# weeks", "医生说不能吃辣"
_RELAYED_RULE_RE = re.compile(
    r"(?:\b(?:says|tells\s+(?:me|us))\s+(?:that\s+)?(?=(?:no|don'?t|never|not\s+to|avoid|stay\s+off)\b)"
    r"|说了?(?=(?:千万)?(?:别|不要|不能|不许|禁止)))(?P<rule>)",
    re.IGNORECASE,
)
_TELLING_KINDS = frozenset({"figure", "preference", "dated", "frequency"})
# A wish said now is no story, whatever the sentence told before it: "So I finally got my
# bonus and I want to put about 10k into an index fund"
_WISH_RE = re.compile(
    r"\b(?:i|we)(?:\s+(?:really\s+)?(?:want|need|would\s+(?:like|rather|prefer))|['’]m\s+looking"
    r"|['’]d\s+(?:really\s+)?(?:like|love|rather|prefer))\b(?!\s+(?:have|had)\s+\w+(?:ed|en|one)\b)"
    r"|我想|我要|想要|想买|宁可|宁愿|还是别",
    re.IGNORECASE,
)


def constraint_clauses(sentence: str) -> list[str]:
    """The clauses of a user's ``sentence`` that carry a constraint, as written.

    Adjacent clauses that belong together (a short tail, a continuation) come back as one
    clause with the text between them, so the user's wording stays intact.
    """
    if asks_nothing(sentence):
        return []
    spans = split_clauses(sentence)
    request = is_request(sentence) or _TASK_START_RE.search(sentence) is not None
    asked = is_question(sentence) and not request
    # a wish said now opens no story, whatever its reason tells: "We'd rather skip Tokyo since
    # we've already been"
    opens_told = bool(
        spans
        and is_narrative(sentence[: spans[0][1]])
        and not _WISH_RE.search(sentence[: spans[0][1]])
    )
    figures_only = asked or opens_told
    told = tells_what_happened(sentence) and not _TASK_START_RE.search(sentence)
    if told and figures_only:
        return []  # a question about what happened: "did I leave the door open after nine"
    # what the user says of themselves before asking is said, not asked: "我手上有5万块闲钱，…，股票
    # 就别碰了，…，你有什么建议？"; a clause before the question without "I"/"我" or a "don't"
    # belongs to the question ("SLA里写的99.9%可用性，一年下来能停机多久？")
    # and so is a measured quantity given for a question about another: "客厅墙面大概30平，要买
    # 几桶乳胶漆？"
    asking = _first_asking(sentence, spans)
    measure = asked and bool(spans) and _asks_for_quantity(sentence[slice(*spans[asking])])
    said = [
        asked
        and index < asking
        and (
            _owned(sentence[a:b])
            or (measure and _MEASURED_RE.search(sentence[a:b]) is not None)
            or _trip_day(sentence[a:b])
        )
        for index, (a, b) in enumerate(spans)
    ]
    voices = clause_voices(sentence, spans, told=told)
    signals = [
        _voiced_signal(
            sentence[a:b],
            voice,
            figures_only=opens_told or (figures_only and not own),
            told=told,
            asked=asked,
        )
        for (a, b), voice, own in zip(spans, voices, said, strict=True)
    ]
    # a request's day belongs to it: "Can you sort someone to collect Mia on Friday?"
    if not request and all(s.kinds <= {"figure"} for s in signals):
        # a sentence that only states ages is background: "Mum is 84", "我家那只十二岁了"
        signals = [
            _QUIET if s.kinds and _only_ages(sentence[a:b]) else s
            for (a, b), s in zip(spans, signals, strict=True)
        ]
    # a fragment that is only a day or a part of one answers a question: "下午吧", "Sat then"
    fragment = (
        len(spans) == 1 and _short(sentence) and not asked and not _GREETING_RE.search(sentence)
    )
    real = any(s.strong for s in signals)  # a requirement of its own, not only a request's
    any_strong = request or fragment or real
    runs: list[list[int]] = []
    last_kept = -2
    for index, ((a, b), signal) in enumerate(zip(spans, signals, strict=True)):
        text = sentence[a:b]
        kept = (
            signal.strong
            or (signal.weak and any_strong and not figures_only)
            or (real and not figures_only and _TASTE_RE.search(text) is not None)
        )
        loose = not signal.strong or _bare(text)
        tail = last_kept == index - 1 and (
            (loose and (_short(text) or _CONTINUATION_RE.search(text)))
            or _BACK_RE.search(text) is not None
            or (
                _LIMIT_START_RE.search(text) is not None
                and "figure" not in signals[index - 1].kinds
            )
            # "只坐高铁，不坐飞机": the one allowed, then the one refused
            or (
                _ONLY_RE.search(sentence[slice(*spans[index - 1])]) is not None
                and _REFUSED_RE.search(text) is not None
            )
            # "Bruno weighs 32 kg, so the place must take dogs that big"
            or (kept and _SO_RE.search(text) is not None)
            # "下周二下午两点到四点我要开会，这段时间别给我安排别的事"
            or (kept and _THAT_TIME_RE.search(text) is not None)
            # "Send them my actual meter reading, 612 kWh": the figure of what the clause named
            or (kept and _FIGURE_ONLY_RE.match(_fold(text)) is not None)
            # "…that's gluten free, my niece has celiac": the allergy the exclusion is for
            or (
                kept
                and signal.kinds & {"allergy", "diet"}
                and signals[index - 1].kinds & {"exclusion", "negation"}
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
                _short(text)
                or _SO_RE.search(text)
                or _ANAPHOR_RE.search(text)
                or _CONDITION_OPEN_RE.search(sentence[slice(*spans[index - 1])])
            )
            and not figures_only
        ):
            # "ibuprofen makes me break out, I'm allergic"; "I love window seats, so grab one
            # if you can": the clause before says what this one is about
            runs.append([index - 1, index])
            last_kept = index
        elif kept:
            runs.append([index])
            last_kept = index
    return [sentence[spans[run[0]][0] : spans[run[-1]][1]] for run in runs]
