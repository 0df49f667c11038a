"""Whether a user's sentence asks, tells, relays or requires (English and Chinese).

A constraint is what the user requires of the task. The same words, numbers and negations
also fill questions ("is 2 hrs enough … at 5pm?"), stories ("the 3 nights in Bath were
lovely", "人均才八十"), other people's words ("my partner says", "我爷爷以前常说") and opinions
("I think $6 for a coffee is ridiculous"). ``extract_signals`` asks this module which of those
a sentence is, and keeps only what the user requires:

- a question that is not a request keeps a figure only when it bounds something ("any flights
  under $300?"); a request is one wherever it asks ("Leo is allergic to sesame — can you pass
  that on?"), not when it asks to be told something ("Can you explain what net-30 means?");
- a sentence that tells what happened keeps a figure only when it bounds something and a
  negation only when it is addressed to the task ("上次…迟到了一个多小时，这次别再找他们家了");
  a question about what happened, or a sentence saying nothing is asked ("just curious",
  "I wasn't talking to you"), keeps nothing;
- a clause of someone else's words or an opinion keeps nothing, except an instruction relayed
  in the present ("My doctor says under no circumstances more than 20 mg a day"), which keeps
  its bounded figures.

The lexicon was grown from hold-outs written by people who never read it (see
``tests/data/constraints/HOLDOUT.md``); every form is pinned in ``test_lexicon.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from runtime.summary.small_talk import OLD_RULE, PAST_VERB, UNMENTIONED_RE, is_narrative

__all__ = [
    "DONT_BIE",
    "OWN_MONEY",
    "PAST_DAY_RE",
    "PRICED_RE",
    "SAID_BEFORE_RE",
    "TASK_NEGATION_RE",
    "Voice",
    "asks_nothing",
    "bounds_something",
    "clause_voices",
    "doubted_reports",
    "is_question",
    "is_request",
    "message_asks_nothing",
    "names_offer",
    "sets_task",
    "tells_what_happened",
]

Voice = Literal["own", "relayed", "quiet"]
"""Whose a clause is: the user's own, an instruction relayed (bounded figures only), or
someone else's words, a story or an opinion (nothing)."""

OWN_MONEY = (
    r"(?:到手|收入|工资|奖金|年终奖|税后|月薪|年薪|存款|预算|房租|房贷|车贷|定投|账单|要还|还款"
    r"|物业费|学费)"
)
"""The user's own money said by its kind (Chinese): its figures are theirs, told or asked."""
PRICED_RE = re.compile(
    r"[$€£¥￥]|\d\s*(?:元|块|万|千|折)|[一二两三四五六七八九十百千万]\s*(?:元|块|折)|价|费|钱|押金|租金|[日月时年]薪|工资"
    r"|\b(?:price|cost|fee|quote|rent|deposit|bucks|dollars|euros|pounds|quid)\b",
    re.IGNORECASE,
)
"""Money named in a sentence: a price or a bill the user gives, asked about."""
DONT_BIE = (
    r"(?<![特区告级类性识辨鉴离错])(?<!(?<!出)差)(?<!(?<![每这那各一两几单0-9])个)(?<!(?<!部)分)"
    r"别(?![人处墅致的])"
)
"""别 "don't", not inside a word: 特别 (especially), 分别, 区别, 差别, 告别, 级别, 个别, 别人
(others); after 部分 and 出差 it is "don't" again ("数据那部分别动", "出差别订廉航"), and after a
counted 个 ("礼物每个别超过两百", "这个别碰", "单个别超过30块")."""
# In a told event only a negation addressed to the task counts ("这次别再找他们家了", "so don't
# book them again"), not one describing what happened ("还一点都不心虚", "一口饭都没顾上吃", "we
# had a strict no-deploys rule").
TASK_NEGATION_RE = re.compile(
    # (after a heading: "quick one: don't push anything to main directly")
    r"^\W*(?:[a-z' ]{1,20}:\s*)?(?:(?:so|and|but|then|please|just|oh|also|whatever\s+you\s+do)\W+)*"
    r"(?:don'?t|do\s+not|never"
    r"|no\s+more|avoid|skip"
    r"|stop|nothing|no|not(?!\s+(?:even|a\s+single|one\s+single)))\b|\b(?:not|never)\s+again\b"
    r"|\b(?:i|we)(?:'m|'re|'d|\s+am|\s+are|\s+would|\s+will)?\s+(?:not|never)\s+(?:want|need|like"
    r"|accept|take|book|fly|use|go|pay)|\b(?:i|we)\s+(?:don'?t|won'?t|wouldn'?t)\s+(?:want|need|like"
    r"|accept|take|book|fly|use|go|pay)"
    # what the user (or whom they book for) cannot take, whatever happened: "I can't take
    # ibuprofen, it gave me a rash…", "she can't have anything with latex, bad reaction last year"
    r"|\b(?:i|we|he|she|they)\s+(?:can'?t|cannot)\s+(?:take|eat|drink|have|tolerate|handle|use|wear)\b"
    r"|" + DONT_BIE + r"|不要|不许|不准|不能|(?<!终于)(?<!总算)(?<!再也)不用|禁止|严禁|不得"
    r"|就算了|还是算了|免了",
    re.IGNORECASE,
)
# A question that asks the assistant to do something ("hey can u find me…", "Leo is allergic
# to sesame — can you pass that on?", "上门费能不能压在200块以内？") is a request; so is one that
# only asks for agreement at its end ("so nobody before 10 am ok??", "行吗？").
_REQUEST_RE = re.compile(
    r"\b(?:could|can|cn|would|will)\s+(?:you|u|someone|somebody|anyone|anybody)\b(?!\s+(?:believe|imagine)\b)|\bany\s+chance\s+(?:you|u|there'?s|there\s+(?:is|are)|of|it|they|the|my|our|we|someone|somebody|anyone|anybody)\b|^\W*(?:(?:so|and|ok(?:ay)?|hmm+|um+|oh|actually|wait)\W+){0,2}(?:can|could|shall)\s+we\b|\b(?:please|pls|plz)\b(?!\W+(?:which|what|how|who|where|when|why)\b)"
    r"|^\W*(?:for|about|on|with|re)\s+[^,?.]{1,40}?\s+(?:can|could|shall)\s+we\b"
    # whether a service can do it for the user: "Can the mechanic take my car Thursday?"
    r"|^\W*(?:can|could)\s+(?:the|my|our)\s+(?:\w+\s+){1,3}?(?:take|fit|see|do|come|pick|fix|deliver|happen"
    r"|squeeze|book|move|start)\b"
    # ...or whether a thing can be held to a bound: "Can the gala recap video be kept to two
    # minutes?"
    r"|^\W*(?:can|could)\s+(?:the|my|our|this|that|it)\b[^?.]{0,40}?\bbe\s+(?:kept|capped|limited|held"
    r"|trimmed|cut)\s+(?:to|under|below|at|within)\b"
    # asked without its subject, as Singapore and Malaysia write it: "Can help me set aside $800
    # every month?", "ticket under RM60 can?", "can or not?"
    r"|^\W*can\s+(?:help|book|check|find|get|send|arrange|settle|do|remind|tell)\b"
    # an imperative asking for help: "help me pick a hair dye color", "pls help me plan…"
    r"|^\W*(?:(?:pls|please|plz|ok|so|hey)\W+)?help\s+(?:me|us)\s+(?:pick|choose|find|plan|write|make"
    r"|figure|decide|budget|draft|come\s+up|put|get|sort|book|organi[sz]e)\b"
    r"|\bcan(?:\s+or\s+not)?\W*$|\bcan\s+or\s+not\b"
    # a follow-up that proposes another option: "What about Porto instead?", "how about Friday"
    r"|^\W*(?:what|how)\s+about\b"
    # an item asked for: "got a recipe for 红烧肉 that serves four people?", "do you know a
    # vet that's open on sundays?"
    r"|^\W*(?:(?:do\s+)?(?:you|u)\s+)?(?:got|have|know)\s+(?:a|an|any)\s+[^?]{0,40}?"
    r"\b(?:that|which|who|with)\b"
    # a search said as what the user is after: "Looking for a plumber who can come Tuesday…"
    r"|^\W*(?:(?:i'?m|i\s+am|we'?re|we\s+are)\s+)?(?:looking|searching)\s+for\b"
    # asking leave: "Would it be okay if we didn't schedule anything on Friday?", "Do you mind
    # not booking anything automatically?", "Can I ask you to keep it to 1,500 words?", "Could
    # we not do peanuts?", "Any chance we can sit together?", "可以不要放香菜吗？", "是否可以…"
    r"|\bwould\s+it\s+be\s+(?:ok(?:ay)?|alright|all\s+right|possible|fine|a\s+problem|convenient)"
    r"\s+(?:if|to|for)\b"
    r"|\b(?:do|would)\s+you\s+mind\b|\b(?:can|could|may)\s+i\s+ask\s+you\s+to\b"
    # a wish put as a question: "Ideally somewhere in the Cotswolds or near Bath?"
    r"|^\W*(?:ideally|preferably)\b"
    # asking for the item itself: "Can I order a dozen cupcakes…?", "Could we get a table…?"
    r"|^\W*(?:can|could|may)\s+(?:i|we)\s+(?:order|get|book|have|reserve|grab|schedule)\b"
    r"|\b(?:could|can)\s+we\s+(?:not|please|maybe|just|try|keep|make|get|have|skip|avoid|do|go"
    r"|cut|bring|drop|reduce|lower|raise|bump)\b"
    r"|\bany\s+chance\s+(?:we|i)\b"
    # what is asked for by its kind: "Any seats in section 112 or close to it?"
    r"|^\W*(?:(?:so|ok(?:ay)?|hey|hi)\W+)?any\s+(?:\w+\s+)?(?:seats?|tickets?|rooms?|tables?|flights?"
    r"|trains?|slots?|spots?|appointments?|openings?)\b[^?.!]{0,60}\?"
    r"|可以(?:不要|别|不|帮我|先|在|给我|把)|是否(?:可以|能)|能把[^，,。？?]{1,20}[吗么嘛]"
    r"|能(?:不能)?(?:少|多|别|不)(?:放|加|要)[^，,。？?]{0,12}[吗么嘛]"
    # a place asked for: "周三晚上８点到９点半那节动感单车还有位吗？"; a visit asked for as what
    # is on offer: "明天下午３点到５点之间能上门洗狗的，有没有？"; a wake-up call:
    # "早上７：４５叫我起床"
    r"|能[^，,。？?]{1,20}的[，,]?\s*有没有|^[\W\d０-９:：点半早上晚明天每]*叫醒?我(?:起床|一声)"
    r"|还有(?:位|位置|座|座位|空位|名额|票|房|房间|号)(?:子)?(?:吗|么|嘛|没)"
    # a delivery or a visit asked for a time: "可以那时候送吗", "能周六上门吗"
    r"|(?:可以|能)[^，,。？?]{0,6}(?:送|送货|上门|配送|派送|安装|来装)(?:吗|么|嘛)|能(?:订|帮|找|安排|给|换|改|约|推荐|发)"
    r"[^，,。]{0,20}[吗么嘛]"
    # a visit asked for its time: "下周六上午9点到12点之间能来做个深度保洁吗？"
    r"|(?:可以|能)(?:过)?来(?:做|修|打扫|装|弄|收|送|取|看)[^，,。？?]{0,10}(?:吗|么|嘛)"
    # a time proposed: "would Tuesday afternoon work for the review?", "does 3pm suit you?"
    r"|\b(?:would|does|will|could|can|do)\s+(?:[\w:.']+\s+){0,3}?(?:(?:mon|tues|wednes|thurs|fri"
    r"|satur|sun)day|tomorrow|tonight|today|morning|afternoon|evening|weekend|next\s+\w+"
    r"|\d{1,2}(?::[0-5]\d)?\s*[ap]\.?m\b|\d{1,2}(?:st|nd|rd|th)\b|\d{1,2}:[0-5]\d)"
    r"(?:\s+[\w:.']+){0,2}?\s+(?:work|suit)\b"
    r"|能不能|能否|可不可以|可以帮"
    r"|麻烦|帮我|帮忙|劳驾|推荐(?!量|(?:吃|喝|摄入|睡|用)[^，,。？?]{0,4}?(?:多少|几))|\brec+om+end\w*|\bsuggest\w*"
    # a search asked as a bare noun and what it is for: "dog sitter for aug 3-6?", "babysitter
    # for sat 6-11pm??"
    r"|^\W*(?!(?:what|how|who|why|when|where|which|is|are|do|does|did|can|could|should|would"
    r"|will|any)\b)(?:an?\s+)?[a-z-]+(?:\s+[a-z-]+)?\s+for\s+(?:this\s+|next\s+)?(?:\d|(?:mon|tue|wed"
    r"|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|tonight|tomorrow)"
    # asking whether the task can be done: "Is there any way to pause my subscription for
    # three weeks?", "is it possible to move it to Friday?"
    r"|^\W*(?:(?:so|and)\s+)?(?:can|could)\s+it\s+be\b"
    r"|^\W*(?:is\s+there\s+(?:any|a|some)\s+way\s+(?:to|for|i\s+can)|is\s+it\s+possible\s+to"
    r"|would\s+it\s+be\s+possible\s+to)\b"
    # a correction of the task: "oh wait, actually make it four people not three"
    r"|^\W*(?:(?:oh\s+)?wait\W+)?(?:actually\s+)?(?:make|change|switch|move)\s+(?:it|that|them)\s+"
    r"(?:to\s+)?\w"
    # asking for advice: "Any tips for a first trip to Lisbon in October?", "有啥备考建议吗"
    r"|\bany\s+(?:\w+\s+)?(?:tips|advice|ideas|suggestions|recommendations|pointers)\b"
    r"|\b(?:tips|advice|pointers)\s+(?:for|on|about)\b"
    r"|^\W*any\s+(?:good|nice|decent|cheap|cheaper)\s+\w+"
    # a search said as "any …?": "any 火锅 place for 8 people this Saturday?"
    # a slot asked for by when it is free: "any tennis court free between 4 and 6pm?"
    r"|^\W*any\s+(?:\S+\s+){0,3}?(?:free|available|open)\s+(?:between|from|after|before|at|on)\b"
    r"|^\W*any\s+(?:\S+\s+){0,2}?(?:places?|restaurants?|hotels?|spots?|bars?|caf[eé]s?|shops?"
    r"|flights?|options?|venues?|rooms?)\s+(?:for|near|around|in|that|with|under|open)\b"
    # an option asked for by what it must be: "whats a good pc build for like 1k?"
    r"|^\W*what(?:'s|s|\s+is)\s+(?:a|an)\s+(?:good|decent|nice|cheap|solid|reliable)\s+[^?]{0,30}?"
    r"\b(?:for|under|within|around)\b"
    r"|(?:^\W*|\bwhat(?:'s|\s+is)\s+the\s+)(?:cheapest|fastest|quickest|easiest|best)"
    r"\s+(?:way|option|route|place|time)\b|提醒我|叫醒我|通知我|^\W*找(?:个|家|一家|一个|些)"
    # a suggestion put as a question: "what if we kept the standup to 15 min max?", "shouldn't
    # the nursery paint be low-VOC?", "瓷砖要不就选浅色的？"
    r"|^\W*(?:(?:so|ok|okay|hmm|also)\W+)?(?:what\s+if\s+(?:we|you|i)|how\s+about\s+(?:we|you)"
    r"|why\s+don'?t\s+we|shouldn'?t\s+(?:the|it|we|this|that))\b|要不(?:就|还是|咱们?|我们)"
    # a request with a tag asking for agreement: "周五下班前给我初稿ok?", "帮我改一下好吗"
    r"|(?:给我|帮我|替我|发我)[^？?。]{0,20}?(?:ok|okay|好吗|行吗|可以吗|行不行|好不好)\W*$"
    r"|^\W*(?:(?:hey|hi|ok|okay|so)\W+)?(?:is|are)\s+there\s+(?:a|an|any)\s+(?:\w+\s+){1,2}?"
    r"(?:near|around|that|which|with|open|for|under)\b"
    # a ride or a booking asked for: "is there a bus from the airport late at night?"
    r"|^\W*(?:is|are)\s+there\s+(?:a|an|any)\s+(?:\w+\s+)?(?:flight|train|bus|coach|ferry"
    r"|shuttle|ride|table|room|slot|appointment|seat)s?\b"
    # the task asked as what someone could do: "Could the caterer do a proper vegan main?"
    r"|^\W*(?:could|can|would)\s+(?:the|my|our)\s+\w+\s+(?:do|make|cook|bring|provide|handle|include)\b"
    # can someone come: "师傅明天上午能来吗？"
    r"|(?:能|可以)(?:来|到|上门|送|过来|送到)吗"
    # the task asked as a question about it: "Could the BP pill reminder go off at quarter past
    # seven?", "can the delivery come after 6?"
    r"|^\W*(?:could|can|would)\s+(?:the|my|our|this|that)\b[^?]{0,40}?\b(?:go\s+off"
    r"|pick\s+(?:me|us|them|him|her)\s+up|collect|drop\s+(?:me|us)|be\s+(?:set"
    r"|moved|scheduled|booked|done|ready|delivered|sent|changed)|start|end|arrive|come)\b"
    r"|有(?:啥|什么|没有)\w{0,4}(?:建议|推荐)|给点建议|求建议"
    # a place or a slot asked for: "有没有适合十来个人的包间？"
    r"|^\W*有(?:没有|木有)(?:适合|能坐|能住|能容纳|坐得下|住得下)"
    r"|(?:\b(?:ok(?:ay)?|right|alright|yeah)|好吗|行吗|可以吗|好不好|行不行|成吗"
    r"|(?:你看|你觉得)(?:行不|可以不|咋样|怎么样))\W*$",  # "…想刷偏暖一点的浅灰色，你看行不"
    re.IGNORECASE,
)
_QUESTION_END_RE = re.compile(
    r"[?？]\s*$|[吗么]\W*$|有[^，。,]{0,10}没\W*$|(?:对吧|是吧|对不)\W*$"
    # a verb of ability and 不 at the end: "你能看图片不", "这个能退不"
    r"|(?:能|会|可以|行|要)[^，。,！!\s]{0,10}不\W*$|是[^，。,！!\s]{1,10}的不\W*$"
    # a question word and a final particle: "今年是阳历几月几号啊"
    r"|(?:什么|啥|怎么|哪|谁|几|多少|多久|多长)[^，。,！!]*[啊呀哇]\W*$|(?:啥|什么)关系\W*$|(?:没|有)(?:啥|什么)?问题吧\W*$"
    # a question someone sent the user to ask: "我妈让我问问你，腊肠要蒸多少分钟才熟"
    r"|(?:问问你|问你一下|请问)[^。！!]*?(?:多少|几|怎么|什么|哪|多久|多长)"
    # A-not-A asks wherever it stands: "工作经历那块是不是太长了" (not 能不能/可不可以: requests;
    # not 不对不对, "no, no": a correction)
    r"|是不是|有没有(?!都行|都可以|无所谓|都无所谓)(?![^，,。？?]{1,6}(?:都行|都可以|无所谓|都无所谓|没关系))|会不会|(?<!不)对不对|算不算|够不够|要不要|该不该|用不用|需不需要"
    # a judgment asked for: "宿舍晚上11点断电到底合不合理啊", "这价靠不靠谱"
    r"|合不合(?:理|适)|正不正常|靠不靠谱|值不值|划不划算|贵不贵"
)
# Asking to be told something is a question, however politely: "Can you explain what net-30
# means?", "能不能解释一下…"
_EXPLAIN_RE = re.compile(
    r"\b(?:explain|define|describe|tell\s+me\s+(?:what|why|how|whether|if|about))\b|解释|讲讲|介绍一下"
    r"|是什么意思"
    # a fact asked to be recalled: "Remind me: is the deposit refundable if I cancel 48 hours out?"
    r"|^\W*remind\s+me\s*[:,—–-]\s*(?:is|are|was|were|what|when|how|where|who|do|does|did)\b",
    re.IGNORECASE,
)
# 呢 ends a question only beside a question word: "睡觉呢" is "(I'm) asleep"
_NE_QUESTION_RE = re.compile(
    r"(?:什么|怎么|咋|哪|谁|几|多少|是不是|有没有|要不要|会不会|为什么).*呢\W*$"
)
# Where a question or a told event keeps a figure: it bounds something ("any flights under
# $300?"); not a figure that is only asked about or told ("is 2 hrs enough?", "人均才八十").
_BOUND_CUE_RE = re.compile(
    r"\bpast(?=\s+(?:\d|midnight|noon))|[≤≥]|[<>]=(?=\s*[$€£¥]?\d)"
    r"|\bor\s+(?:later|earlier|more|less|fewer|above|below|higher|lower|newer|older|longer)\b"
    # (not a span: "hold their value … over the next 5 years")
    r"|\b(?:under|over(?!\s+the\s+(?:next|last|past|coming)\b)|below|above|less|more|fewer"
    r"|max(?:imum)?|min(?:imum)?|at\s+(?:most|least"
    r"|the\s+latest)|before|after|by|until|till|within|up\s+to|cheaper|tops|budget|cap(?:ped)?"
    r"|limit|(?!other\b|rather\b)[a-z]{2,}er\s+than(?!\s+[a-z]+s\b))\b"  # not "better than hybrids"
    # how many of a ranking: "just the top 10"
    r"|\btop\s+\d{1,3}\b"
    # what the user has to give: "if I can only spare 20 minutes a day"
    r"|\bcan\s+only\s+(?:spare|afford|manage|give|put\s+in|commit)\b"
    # how long a task may take: "a dinner i can make in like 30 mins", "ready in 20 minutes"
    r"|\b(?:make|cook|bake|prep|ready|done|finish|fix|deliver(?:ed)?)\s+(?:\w+\s+)?in\s+"
    r"(?:like\s+|about\s+|around\s+|roughly\s+)?\d"
    r"|(?:\d|[一二两三四五六七八九十半])\s*(?:个)?(?:分钟|小时|钟头)(?:内|以内|之内)?就?能(?:搞定|做好|做完|弄好|完成"
    r"|做出来|吃上)"
    # a wanted interval: "月租两千五到三千的有没有靠谱的？", "somewhere between £600 and £800?"
    r"|\bbetween\s+[$€£¥]\s?\d[\d,.]*\s+and\s+[$€£¥]?\s?\d"
    r"|[\d一二两三四五六七八九十百千万][\d.一二两三四五六七八九十百千万]*\s*(?:到|至|-|–|—|~)\s*"
    r"[\d一二两三四五六七八九十百千万]+\s*(?:万|千|块|元|w|k)?的"
    # "一个小时内", "三天内" (a span's 内; not 国内, 室内)
    r"|(?<=[时天钟周月年])内(?![容部外地存衣科])"
    r"|以内|以下|以上|不超过|别超过|(?:不能|不可以|不得|不准|不许)超过|不到|之前|以前|之后|以后|最多|最少|至少|额度|限额|最低消费|低于|高于|便宜|预算|极限|封顶|顶天"
    # all the user has for it: "if I can only put $400 a month toward it"
    r"|\b(?:can|could)\s+only\s+(?:afford|spend|put|pay|manage|give|set\s+aside|do)\b"
    # an item asked for with its size: "有没有那种十五分钟左右的冥想音频？"
    r"|(?:有没有|有什么|有啥|推荐)[^，,。？?]{0,8}?[\d一二两三四五六七八九十百千万]+(?:\.\d+)?\s*"
    r"[\w%％]{0,3}?(?:左右|上下)的"
    r"|封顶|上限|最晚|最早|(?<=[点时号日])前|顶多|至多|不多于|控制在|(?<!发)(?:待|呆|留|陪)到",
    re.IGNORECASE,
)
_EVENT_CUE_RE = re.compile(
    r"\b(?:after|before)\s+(?:(?:the|a|an|my|his|her|their|our|your)\s+[A-Za-z]+(?:\s+[A-Za-z]+)?"
    r"|work|school|class|lunch|dinner|breakfast|bed)\b(?!\s*\d)"
    # set against what was planned, not a bound: "900 euros more than planned"
    r"|\b(?:more|less|over|under|higher|lower|longer|later)\s+than\s+(?:(?:we|i|they|anyone)\s+)?"
    r"(?:had\s+)?(?:planned|expected|budgeted|anticipated|thought|hoped|usual|normal|quoted)\b"
    # what someone trusts, not a deadline: "my neighbour swears by 10"
    r"|\bsw(?:ears?|ore|earing)\s+by\b"
    # a margin, not a deadline: "overbook flights by like 10 percent"
    r"|\bby\s+(?:like\s+|about\s+|around\s+|roughly\s+|almost\s+)?\d[\d.,]*\s*(?:%|percent"
    r"|per\s*cent|points?|times)(?!\w)",
    re.IGNORECASE,
)
# The habit of someone outside the household, with its routine: "my coworker Dana drinks like 5
# coffees before a night shift", "我舅舅每次吃饭都要喝半斤白酒", "我表姐每次出去玩都要住五星级"
OTHERS_HABIT = (
    r"(?:\b(?:my|our)\s+(?:sister|brother|cousin|friend|buddy|mate|neighbou?r|co-?worker|colleague"
    r"|roommate|flatmate)(?:\s+[A-Z][a-z]+)?"
    # ...or named by where they live: "Jim next door does his lawn at 6am every Sunday"
    r"|\b[A-Z][a-z]+\s+(?:next\s+door|upstairs|downstairs|across\s+the\s+(?:street|road|hall)))"
    r"\s+(?:always\s+|usually\s+|literally\s+)?"
    r"(?!(?:is|has|needs|wants|says|thinks|can'?t|won'?t|doesn'?t|hates|loves|likes|prefers|tells"
    r"|insists|swears|reckons|asks|asked)\b)[a-z]+[^s\W]s\b(?=[^.!?]*\b(?:every|each|always|never"
    r"|a\s+(?:day|week|night)|per\s+(?:day|week)|before|whenever)\b)"
    r"|(?:朋友|同事|表姐|表哥|表妹|表弟|堂姐|堂哥|堂妹|堂弟|舅舅|姑姑|姨妈|叔叔|邻居|室友|闺蜜|哥们)"
    r"[\u4e00-\u9fff]{0,6}?(?:每次|每天|每周|每年|从来|总是|一直|一天要|一周要)"
    # ...told of their own household: "隔壁王阿姨说她家金毛一天要吃五百克狗粮"
    r"|说(?:她|他|她们|他们)家[\u4e00-\u9fff]{0,6}?(?:每次|每天|每周|每年|从来|总是|一直|一天要|一周要)"
)
_OTHERS_HABIT_RE = re.compile(OTHERS_HABIT, re.IGNORECASE)
# What was, not what must be: a day gone by, "last time", "the last airbnb had", "…ago";
# in Chinese also a verb done to a count ("排了两个小时", "送了俩果盘") or finished ("赶完了").
_TOLD_RE = re.compile(
    r"\b(?:yesterday|the\s+other\s+day|earlier\s+today|(?<!than\s)(?<!like\s)last\s+(?:night|time|week|weekend|month"
    r"|year|yr|wk|mo|summer|winter|spring|autumn|fall|trip|visit|sprint|quarter|semester|term|season"
    r"|shift)"
    r"|\w+\s+ago|since\s+(?:19|20)\d\d"
    # how long it took, in a story: "3 vet visits later he's totally fine", "two weeks later"
    r"|^\W*(?:\d+|a\s+few|two|three|four|five|six|several|many)\s+(?:[\w-]+\s+){0,2}?later,?\s+(?:he|she|they|it|we|i|the|my|our|his|her|their)\b"
    r"|the\s+last\s+(?:[\w']+\s+){1,2}?(?:had|was|were|did|came|went|got|took|ran|lasted|ended|cost)"
    r"|(?:^|[,:;]\s|\band\s)\W*(?:(?:lol|haha|omg|ugh|wow|yay|welp|well|so|ok|okay)\W+)*"
    r"(?:the|my|our|his|her|their)\s+"
    r"(?:(?!(?:is|are|be|been|being|will|gets?|has|have|says|tells|wants|needs|requires|insists"
    r"|must|should|can|could|would|may|might)\b)\w+\s+){1,2}\w+[^e\W]ed"
    r"|(?:my|our|the)\s+last\s+(?:job|company|place|team|trip|hotel|flight|landlord|boss)"
    r"|\b(?:my|our|the)\s+last\s+one\s+(?:got|had|was|were|drew|sold|took|cost)\b"
    # a promise reported, then how it went: "The pharmacist said my prescription would be ready
    # by 4 but it's 5:30"
    r"|\b(?:said|told\s+(?:me|us))\s+(?:that\s+)?(?:my|our|the|your)\s+\w+\s+(?:would|was\s+going\s+to)\b"
    r"|(?:the|my|our)\s+(?:[\w:.-]+\s+){1,3}?(?:was|were)\s+(?:(?:so|really|totally|actually|kind\s+of"
    r"|pretty|quite)\s+)*(?:beautiful|gorgeous|stunning|insane|crazy|awful"
    r"|terrible|great|amazing|lovely|horrible|nuts|bad|fine|packed|late|slow)"
    r"|\b(?:the|my|our)\s+(?:earlier|first|last|previous|old|original)\s+\w+\s+(?:was|were)\s+(?:fine|ok(?:ay)?"
    r"|good|great|better)\b"
    r"|(?:the|my|our)\s+\w+\s+(?:was|were)\s+\d+\s*\w+\s+(?:late|early|delayed|behind)\b"
    r"|^\W*(?:(?:um|uh|so|oh|hey)\W+)*did\s+(?:i|we|you|they|he|she)\b|^\W*(?:was|were)\s+(?:it|that|they)\b"
    # a past said without its subject: "ugh had pizza twice this week and skipped the gym"
    r"|^\W*(?:(?:ugh|lol|so|well|oh|omg|welp|man|meh)\W+)*(?:had|skipped|missed|ate|spent|tried)"
    r"(?=\s+(?!better\b|to\b|an?\s+[$€£¥]?\d)\w)"  # (not a cost met: "Had a $1,200 car repair hit")
    r"|funny\s+(?:story|how|thing)|fun\s+fact|"
    # how it went, a habit of nights, a tally of times, what just came: "the 3 o'clock jab went
    # fine", "Some nights I'm up at 2am", "3rd time in 4 years", "the tenant just sent me…"
    r"\b(?:went|turned\s+out)\s+(?:fine|well|ok(?:ay)?|great|badly|smoothly)\b|"
    r"\bdidn'?t\s+want\s+to\s+(?:leave|go|stop|come)\b|\bfinally\s+(?:made|got|worked|clicked|came|took|ate|slept)\b|"
    # a first in a while: "first time in like 2 weeks"
    r"\bfirst\s+time\s+in\s+(?:like\s+|about\s+|over\s+|almost\s+|nearly\s+)?(?:\d+|a|an|two|three|four|five|six|ages|years|months|weeks)\b|"
    r"^\W*(?:some|most)\s+(?:nights|days|mornings)\b|\b\d+(?:st|nd|rd|th)\s+time\s+(?:in|this)\b|"
    r"\bjust\s+(?:spent|wasted|finished)\s+\d|\bflew\s+by\b|"
    r"\bjust\s+(?:sent|got|had|gave|made|took|left|came|went|found|bought|paid|spent|heard|saw"
    r"|called|texted|emailed)\s+(?:me|us|a|an|the|my|our)\b|"
    # a place compared, looked back on: "that hotel was way better than the dump in Lisbon"
    r"\b(?:that|the|this)\s+\w+\s+(?:was|were)\s+(?:way|much|so|a\s+lot)\s+(?:better|worse|nicer"
    r"|cheaper)\b|"
    # what the assistant got right, looked back on: "you were right, it was 12:30 not 12:00"
    r"\b(?:you|u)\s+were\s+(?:right|correct|spot\s+on)\b|"
    # what happened, said by what it did to us or by whom: "cracked me up", "made me laugh",
    # "the guy who drove 600 miles", "but never explained", "看到一个大爷…"
    r"\b(?:the|my|our)\s+(?:\w+\s+){0,2}(?:said|told\s+(?:me|us))\s+(?:he|she|they|it)(?:'d|'ll"
    r"|\s+would|\s+will|\s+was|\s+were|\s+had)\b|"
    # someone's vow reported: "the guy next to me just told the flight attendant he'd never…",
    # "Zoe just sent a voice note saying she'll never eat there again"
    r"\b(?:said|says|saying|told\s+(?:the\s+|his\s+|her\s+)?\w+(?:\s+\w+)?)\s+(?:that\s+)?(?:he|she|they)"
    r"(?:'d|'ll|\s+would|\s+will)\s+never\b|"
    # what was finished, and when a first time came: "the guy was done in about 40 minutes",
    # "warm for the first time since October"
    r"\b(?:was|were)\s+(?:done|finished|over)\s+in\b|\bfor\s+the\s+first\s+time\s+(?:since|in)\b|"
    r"\b(?:cracked\s+me\s+up|made\s+me\s+(?:laugh|cry|smile))\b"
    # how long it took them: "Took them 3 months to fix it"; what is remembered: "I remember
    # mine expired in 2021"; a friend's or colleague's habit: "my coworker puts in 500 a month"
    r"|(?:^\W*|\b(?:i|we)\s+)didn'?t\s+(?:even\s+)?(?:need|use|end\s+up|last|make\s+it)\b"
    r"|\bdidn'?t\s+even\s+(?:notice|realize|realise|know|try)\b"
    # how late something went: "the neighbors party didnt end till 3am"
    r"|\b(?:didn'?t|did\s+not)\s+(?:end|finish|stop|start|close|leave|arrive|show\s+up)\s+(?:till|until)\b"
    # what people say: "People keep telling me never touch it before 59 and a half"
    r"|\b(?:people|everyone|everybody)(?:\s+(?!keeps?\b|says?\b|said\b|told\b)\w+){0,4}?\s+"
    r"(?:keeps?\s+(?:telling|saying)|says?|said|told)\b"
    r"|\bother\s+\w+\s+(?:seem\s+to\s+)?(?:say|said|recommend)\b|\b(?:it'?s|it\s+has)\s+happened\b"
    # a long gap told: "Haven't cried at a book like that in 10 years"
    r"|^\W*(?:i\s+)?(?:haven'?t|hadn'?t|never)\s+\w+(?:\s+\w+){0,6}?\s+in\s+(?:\d+|years|ages|forever)\b"
    r"|\b(?:my|our|his|her|their)\s+\w+\s+keeps\s+saying\b(?!\s+to\b)"
    # someone else's habit, what keeps coming up: "my cat keeps knocking stuff off the counter at
    # like 3am", "I keep seeing 5 minutes, 15 minutes, 30"
    r"|\b(?:my|our|his|her|their)\s+\w+\s+keeps\s+(?!asking\b|telling\b|saying\b)\w+ing\b"
    r"|\b(?:i|we)\s+keep\s+(?:seeing|hearing|reading)\b"
    # a pet or a person of old and their ways: "My old cat would refuse anything but tuna"
    r"|\b(?:my|our)\s+(?:old|late|former)\s+\w+\s+(?:would|used\s+to)\b"
    # money looked back on: "best £40 I've ever spent"
    r"|\bbest\s+[^,.;!?]{0,20}?\s+(?:i'?ve|i\s+have)\s+ever\s+(?:spent|had|bought|made|done)\b"
    # a time looked back on: "Best 3 hours of my year honestly"
    r"|^\W*(?:the\s+)?best\s+(?:\w+\s+){1,3}of\s+my\s+(?:life|year|week|month|summer)\b"
    # a tally so far: "3 worksheets and counting"
    r"|\band\s+counting\b"
    # what someone close did: "my friend had a 14-hour one in Doha", "My cousin went to Lisbon"
    r"|\b(?:my|our)\s+(?:old\s+|former\s+|ex-?)?(?:friend|cousin|sister|brother|neighbou?r|coworker"
    r"|kids|children|son|daughter|husband|wife|partner"
    r"|co-worker|colleague|boss|team\s+lead|lead"
    r"|manager|teacher|landlord|mum|mom|dad|grandpa|grandma|granddad|grandmother|grandfather|uncle"
    r"|aunt|roommate|flatmate)\s+(?:(?:just|once|also)\s+)?(?!said\b|told\b|provided\b)(?:"
    + PAST_VERB
    + r"|put)\b"
    # what someone of another household does by habit: "My sister does meal prep every Sunday
    # and makes like 15 containers" (not the user's own household's needs: "my son eats…")
    r"|\b(?:my|our)\s+(?:sister|brother|cousin|friend|neighbou?r|co-?worker|colleague|roommate"
    r"|flatmate)\s+(?:always\s+|usually\s+|still\s+)?(?:does|makes|feeds|cooks|buys|spends|bakes)\b"
    # ...or any habit of theirs with its routine said (``OTHERS_HABIT``)
    r"|"
    + OTHERS_HABIT
    # what someone did, told with an adverb: "He even agreed to the whole thing without
    # slamming a door" (not "he said…", "she told me…": words relayed)
    + r"|^\W*(?:he|she|they)\s+(?:even|finally|actually|totally|also)\s+(?!said\b|told\b)(?:agreed|"
    + PAST_VERB
    + r")\b"
    # what someone once did: "our old beagle once ate 3 socks", "my dad once drove 14 hours"
    r"|\b(?!(?:and|so|but|then|just|if|when)\b)[a-z]+\s+once\s+(?:" + PAST_VERB + r")\b"
    # what was done to us: "the nurses woke me at 5 every morning", "the hotel gave us a room"
    r"|\b(?:the|they|my|our|his|her|their)\s+(?:\w+\s+)?(?:woke|took|gave|made|kept|sent|left|put"
    r"|charged|moved|called)\s+(?:me|us)\b"
    # what the user did not expect: "Honestly I didn't think the 6:15 train would still run"
    r"|\b(?:i|we)\s+(?:didn'?t|did\s+not)\s+(?:think|expect|know|reali[sz]e|believe)\b"
    r"|^\W*(?:it\s+)?took\s+(?:them|him|her|me|us)\b|\bi\s+remember\s+(?:when|that|mine|my|how|the|there)\b"
    r"|\bmy\s+(?:coworker|co-worker|colleague|friend|buddy|neighbou?r|boss|classmate|team|staff|crew)"
    r"(?:\s+(?:in|from|at)\s+[A-Z]\w+)?\s+"
    r"(?!(?:is|has|needs|wants|can'?t|doesn'?t|won'?t|hates|loves|likes|prefers|says|tells"
    r"|thinks|insists|reckons|swears|claims|keeps|suggests|recommends)\b)\w+[^s\W]s\b"
    # what the assistant did for us: "You saved me like two hours of work today"
    r"|\byou\s+(?:\w+ly\s+|just\s+)?(?:saved|helped|rescued)\s+(?:me|us)\b|\bwho\s+(?:just\s+)?"
    + PAST_VERB
    + r"\b|\b(?:but\s+)?never\s+(?:once\s+)?(?:\w+[^e\W]ed|got|went|heard|saw|found|knew"
    r"|thought)\b|"
    # surprise at what happened, hearsay, what someone told us, what a count of family did:
    # "never thought I'd do it", "I read somewhere that…", "the hotel told us checkout was at
    # 11", "My three kids ate like 12", "my six year old just announced…", "never once switched"
    r"\bnever\s+(?:thought|expected|imagined|dreamed|dreamt)\b|\bnever\s+once\b|"
    r"\bturn(?:s|ed)\s+out\b|"
    r"\b(?:i|we)\s+(?:read|heard|saw)\s+(?:somewhere|online|that|on\s+(?:the\s+)?\w+|in\s+(?:a|an|the)\s+\w+)\b|"
    r"\b(?:the|my|our)\s+(?:\w+\s+){1,2}(?:told|gave|sent|showed)\s+(?:us|me)\b|"
    # what is remembered, and how long it took: "Remember when we had 12 kids over…", "the
    # school run took 45 minutes this morning"
    r"^\W*(?:(?:lol|haha|omg|oh|hey|so)\W+)*(?:do\s+you\s+)?remember\s+(?:when|the\s+time|that)\b|"
    r"\b(?:took|lasted)\s+(?:me\s+|us\s+|them\s+)?(?:like\s+|about\s+|almost\s+|over\s+)?"
    r"(?:\d+|an?|two|three|four|five|six)\s+(?:minutes|mins|hours|hrs|days|weeks)\b|"
    # what someone did and then undid: "…set a reminder … and turned it off after 2 days"
    r"\band\s+(?:then\s+)?(?:turned|switched|gave|called|threw)\s+(?:it|them)\b|"
    # what someone told others (not a relayed instruction, "my boss told me to…"): "my son
    # just told everyone his teacher is 100 years old"
    r"\b(?:my|our)\s+\w+\s+(?:just\s+)?told\s+(?:everyone|everybody|people|the\s+\w+|his|her"
    r"|their)\b|"
    # what someone else had to do, what they have long done: "He had to pay $250 to change
    # it", "She's been growing them for 40 years", "Grandma's been doing that since March 3rd"
    r"\b(?:he|she|they)\s+had\s+to\b|\b(?!(?:i|we|you)\b)\w+(?:'s|\s+has|'ve|\s+have)\s+been\s+\w+ing\b"
    r"(?=[^.?!]*\b(?:for\s+(?:\d+|years|ages|decades)|since\s))|"
    # how it ended: "the cake was gone by 3", "the tickets were sold out"
    r"\b(?:the|my|our)\s+\w+\s+(?:was|were)\s+(?:all\s+|already\s+)?(?:gone|over|finished|empty"
    r"|sold\s+out)\b|"
    # someone else's routine: "My sister's kids are in bed by 7 every night"
    r"\b(?:my|our)\s+\w+'s\s+(?:\w+\s+){0,2}(?:are|is|go|goes|get|gets)\b"
    r"(?=[^.?!]*\bevery\s+(?:night|day|morning|evening|week)\b)|"
    r"\b(?:my|our)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)[\s-]+"
    r"(?:(?:year|month)[\s-]+old|kids|children|boys|girls|sons|daughters|friends|guests)\s+"
    r"(?:just\s+|finally\s+)?" + PAST_VERB + r"\b|"
    # a request taken back and done: "Never mind, found the booking ref myself"
    r"^\W*(?:never\s*mind|nvm)\W+(?:i\s+)?(?:just\s+|already\s+)?" + PAST_VERB + r"\b|"
    # a day something was: "Mine was on the 12th", "it was on Tuesday"
    r"\b(?:mine|ours|it|that)\s+was\s+(?:on|at|in)\b|"
    # what has happened: "I've heard nothing since", "we've paid twice" (not a state she is in:
    # "she's wiped out after lunch", "he's worried about the cost")
    r"\b(?:i|we|they|he|she)(?:'ve|'s|\s+have|\s+has)\s+(?:\w+ly\s+|already\s+|never\s+)?"
    r"(?!(?:got|been|gotten|wiped|tired|exhausted|worried|scared|stressed|confused|allowed|supposed"
    r"|used|bored|terrified|knackered)\b)" + PAST_VERB + r"\b|"
    # how something went: "that lasagna recipe was a hit", "the report … looked great"
    r"\b(?:was|were|looked|tasted|sounded|worked(?:\s+out)?|went(?:\s+(?:down|over|off))?)\s+"
    r"(?:so\s+|really\s+|just\s+)?"
    r"(?:great|good|amazing|awesome|perfect(?:ly)?|fantastic|lovely|delicious|wonderful|excellent"
    r"|helpful|useful|brilliant|superb|spot\s+on|a\s+(?:hit|success|blast|disaster)|the\s+one)|"
    # said without its subject: "just ran my first 10k in 58 minutes", "finally finished it"
    # (not "Only licensed electricians pls": a kind of the ones wanted, its plural after it)
    r"^\W*(?:(?:so|and|oh|well|omg|wow|yay|lol|haha)\s+)?(?:just|finally|only)\s+"
    + PAST_VERB
    + r"(?!\s+(?!this\b|his\b|was\b|yes\b|plus\b)[a-z]{3,}s\b)|"
    # a habit: "never eats before 7", "always takes the 7:15", "天天早上五点起来"
    r"\b(?:never|always|usually|still)\s+(?!\w+ing\b)\w+[^s\W]s\b"
    r"(?!\s+(?:above|below|over|under|past|beyond|higher|lower)\b)|(?:some|every|no)(?:one|body)\s+(?:broke|went|came|got|took|\w+[^e\W]ed)"
    # "we ended up", "my sister lost", "We only spent": not the polite past of a wish ("I
    # wanted", "what I had in mind"), a restatement ("I said", "I told you"), "I won't"
    # (not a participle after "get"/"have": "I have to get my passport renewed")
    r"|(?:i|we|he|she|they|(?<!get\s)(?<!have\s)(?<!got\s)(?<!need\s)(?<!want\s)it|mine|ours|the\s+kids"
    r"|(?<!get\s)(?<!have\s)(?<!had\s)(?<!got\s)(?:my|our|his|her|their)\s+\w+(?:'s\s+\w+)?)\s+"
    r"(?:\w+ly\s+|never\s+|just\s+|still\s+)?(?!(?:had|was|were|did"
    r"|wanted|needed|hoped|planned|wondered|liked|preferred|asked|expected|intended|said|told|provided"
    r"|changed\s+(?:my|our)\s+mind"
    r"|thought|let|read|won(?![’']t)|been|done|gone|known|seen|imagined)\b)"
    + PAST_VERB
    + r"(?!['’])|\bback\s+in\s+(?:19|20)\d\d|(?:nobody|no\s+one)\s+(?:ever\s+)?\w+[^e\W]ed)\b"
    # (outside the \b group above, which CJK text never borders:) "刚面完", "我试过…", "开了整整一个
    # 半小时", "deadline又被PM往前提了两天"; how long a trouble has gone on, "我跟我老公吵了三天了"
    # (not a thing's age, "手机用了三年了想换"); some and others, "有的才七八百有的要两千多"
    r"|刚[\u4e00-\u9fff]{1,2}完(?![再就])|我试过|了整整|又被[^，,。]{1,12}了"
    # what the user just told someone: "我刚才跟我妈说火车是8点的，结果…"
    r"|(?:刚刚|刚才)(?:跟|和|对)[\u4e00-\u9fff]{1,6}?说"
    # a price seen: "超市看到鸡胸肉一斤才１２块９"
    r"|看到[^，,。？?]{1,12}?(?:才|只要|卖|标价)\s*[\d０-９一二两三四五六七八九十]"
    r"|(?:吵|闹|等|哭|病|咳|烧|疼|痛|拖|忙|熬|加班)了(?:[一二三四五六七八九十两几半]|\d)+个?多?"
    r"(?:天|周|星期|礼拜|月|年|小时|钟头)了?(?![\u4e00-\u9fff])"
    r"|有的[^，,。]{1,10}有的|有卖[^，,。]{1,8}?的[，,]?也有卖"  # "网上有卖８０的也有卖８００的"
    r"|一会儿[^，,。]{1,10}一会儿"  # "一会儿跳到350一会儿又变了"
    # what the user got: "我抽了个三等奖"
    r"|我(?:抽|中|拿|得|赢|捡)了(?:个|一个)"
    # only arrived at an hour: "晚上十一点才到酒店", "外卖十一点才送到"
    r"|[点钟]才(?:送到|送来|到|来|回来|回到)"
    r"|(?<!把)昨天|昨晚|前天|(?<!把)上次|上(?<![晚早]上)回|上个?礼拜|上个?星期|(?<![加算带只表单网图历把])上周|去年|(?:大)?前年|前几天|(?:(?<![\u4e00-\u9fff]{2})|(?<=[我你他她]们))那天|总算|终于|天天|老是|总是|居然|竟然"
    # how long ago, and what people around say: "都三年前的事了", "身边好多人都说越早越好"
    r"|[\d一二两三四五六七八九十几]+\s*(?:年|个月|天|周|星期)前的事|(?:身边|周围)[^，。,]{0,8}说"
    # a promise reported, then how it went: "房东说3月15号之前会把押金退给我，结果到现在还没动静"
    r"|说[^。！？!?]{0,30}?[，,]\s*结果(?:到现在|现在|一直)?(?:还没|没|都没|也没|还是没)"
    # a thought taken back: "我刚想说要一等座，后来想想还是先问问价格再说"
    r"|(?:刚|本来|原本)想(?:说|要)[^。！？!?]{0,20}?[，,]\s*(?:后来|但是?|不过|结果)"
    # how it turned out: "今天去医院没带医保卡，结果只能全自费"; what came again: "今天又有两个
    # 员工请假"; what was done before: "之前搞的那个满100减20"
    r"|(?:^|[，,])\s*结果(?:只能|就|还是|又|都|也)|(?:今天|昨天|刚才|最近)又(?=有|来了|被|是|出)"
    r"|之前(?:搞|做|办|弄|买|用|订)的|谢谢你?之前|\bswears?\s+by\s+(?:it|them|this|that)\b|(?<![别不就])被[\u4e00-\u9fff]{1,6}?了(?:哈+|啊|呀|吧)?(?=\W|$)"
    # how long it has been so: "it's been that way since like 1998"
    r"|\bit'?s\s+been\s+(?:that\s+way|like\s+that)\s+since\b"
    # a change someone made, a promise made before: "我们组长把周会改到周六了", "说好三天到的";
    # a first reached: "first time under 8!!"
    r"|(?:组长|老板|领导|经理|老师|他们|他|她)把[^，,。]{1,10}(?:改|换|挪|调|推|提)到[^，,。]{1,8}了(?=\W|$)"
    r"|说好[^，,。！？!?]{1,10}的(?=\W|$)|\bfirst\s+time\s+(?:under|over|below|above|breaking)\b"
    # a feat told without its subject: "Coached my son's U10 team to a 3-1 win today!!", "rowed 2k
    # in 7:58 today"
    r"|^\W*(?:(?:so|just|finally)\s+)?(?:coached|rowed|swam|cycled|biked|hiked|climbed|completed"
    r"|finished|survived|nailed|crushed)\b"
    # how it changed, told: "我老公一开始说预算两万，后来又说三万，最后干脆不买了"
    r"|(?:一开始|起初|最开始)[^。！？!?]{0,20}?[，,]\s*后来"
    # how early it was done: "我早上六点就起来去公园打太极了" (not "六点就要走了")
    r"|(?:点|[:：]\d\d)(?:半|多|钟)?就(?!要|得|会|能|可以|该|行|好|够)[\u4e00-\u9fff]{1,12}了(?=\W|$)"
    # how the story went on: "我同事上次订了个２００块的Airbnb，结果不能退款"
    r"|^\W*(?:结果|后来|没想到|谁知道?)(?![要得需])"
    # what it really took, against what was promised: "写着近地铁５００米，实际走了快15分钟"
    r"|^\W*实际(?:上)?(?:只|才|就|都)?[\u4e00-\u9fff]{1,2}了"
    # a plan someone had and dropped: "我老婆本来想十一去三亚，后来又改成了云南"; a rule that was
    # ("我们公司以前规定早上八点半打卡")
    # an elder's age, told: "我外婆今年九十二了"
    r"|(?:爷爷|奶奶|姥姥|姥爷|外公|外婆|老人家?)(?:今年)?[\d一二三四五六七八九十]{2,}(?:岁)?了"
    r"|(?:他|她|他们|我老婆|我老公|我妈|我爸|我们|老板)?本来(?:想|打算|计划|要)(?=[^，。,]{0,20}[，,][^。]*(?:后来|结果|最后|没))"
    r"|以前(?:规定|要求|租|住|买|用|是)|现在(?:已经)?(?:改成|换成|变成)[^，。,]{1,10}了"
    # how it changed since: "我同事说以前是30天，后来又改了"
    r"|后来(?:又|就|才)[^，。,]{0,6}了"
    # when it was, told: "年轻的时候当过兵", "腿是1979年受的伤" (not "是2015年以后的就行")
    r"|年轻的时候|年轻时|小时候|那时候|那会儿|成功[了啦]"
    # the hour it already was: "到家都凌晨一点了"
    r"|都(?:凌晨|晚上|半夜|快)?[一二三四五六七八九十两\d]+点(?:多|半)?了"
    r"|是(?:19\d\d|20[01]\d)年(?![^，,。]{0,3}(?:以后|以前|之后|之前|后|前|以上|以下))[^，,。\d]{1,5}?的"
    # a habit, what used to be: "我平时一天喝两杯咖啡", "我奶奶以前每年五月初五都要包二三十个"
    # (not a rule for ordinary days: "周末房价定在480一晚，平时３８０左右就行")
    r"|(?:平时|平常)(?![^，,。]{0,12}?(?:就行|就好|就可以|可以|最好|别|不要|定在|定成|设成|能|有空))"
    r"|(?<![\d点时号日天周月年])以前(?=每|都|常|总|经常|一直|也|一[顿天次周个]|能|会|可以"
    # what one never did then, where one lived then: "我妈以前带孩子从来不请保姆",
    # "以前在成都的时候"
    r"|[^，。,]{0,8}从(?:来)?(?:不|没)|在[^，。,]{1,8}的时候)"
    # hearsay: "说是存款证明不够十万" (what they said then)
    r"|(?<![你您别不])说是"
    # what was seen: "今天地铁上看到一个大爷…"
    r"|(?:看到|看见|碰到|遇到|碰见|听到|听见)(?:了|一个|一位|一只|一辆|个|[两三几]个)"
    # lived through: "三天两晚住下来"
    r"|(?:住|玩|跑|走|吃|算|干|做|学|坚持|熬)下来"
    # only then done: "加班到十点才回家"
    r"|才(?:回家|回来|到家|下班|睡觉?|吃上|忙完|弄完|搞定|做完|写完)"
    # done already: "2nd coffee already", "刚开完会", "第3个了"
    # (not a state the user is in: "I'm already nervous")
    r"|(?<![\d%])(?<![\d%]\s)\balready\b(?!\s+(?:have|has|own|owns|got|know|knows|use|uses"
    r"|nervous|excited|stressed|anxious|worried|scared)\b)|\b(?:i|we|he|she|they)'d\s+been\b|刚[\u4e00-\u9fff]{0,2}[完了到]|第\d+[个次回杯]了|已经(?!是?极限)[\u4e00-\u9fff]{1,6}了"
    # (not what is about to be: "快喝完了")
    r"|(?<![最更就])(?<!快[\u4e00-\u9fff])(?<!快要[\u4e00-\u9fff])[完好]了(?=\W|$)"
    # how one feels now: "今天练腿练得好累啊", "累死了"
    r"|(?<![别要能让])(?:好|太|真|特别|超|可)(?:累|困|饿|撑|开心|高兴|难受|爽|冷清|无聊|郁闷)|[累困热冷饿忙烦]死了"
    # done already: "师傅下午三点就到了"; what happens every time: "每次不到十二点就卖光了"
    r"|就(?:到|来|好|修好|搞定|做完|回来|回家|走|睡)了|每次[^，,。]{0,12}?就\w{0,4}?(?:光|完|没)了"
    # a habit of years: "除了茶什么饮料都不喝，三十年如一日", "没有一天不看…，雷打不动"
    r"|年如一日|雷打不动|没有一天不"
    # a job left: "我上家公司每天加班到晚上十点"
    r"|上家公司|上一家公司|前公司|上份工作|上一份工作|以前的公司"
    # what happened, said without its subject: "Happened to me three times today.", "Trained 16
    # weeks for this race", "Waited 40 min for the bus"
    r"|^\W*happened\b|^\W*(?:trained|spent|waited|drove|flew|walked|queued|stayed|worked|sat)\s+"
    r"(?:\d|for\b|all\b|the\s+whole\b|hours\b|ages\b|forever\b|two\b|three\b|an?\s+(?:hour|whole))"
    # "saw a guy at the track doing 400m repeats at like 6am"
    r"|^\W*(?:just\s+)?(?:saw|met|watched|spotted|noticed|ran\s+into|bumped\s+into)\s+"
    r"(?:a|an|this|some|the|my|our|someone|somebody)\b"
    # a price seen somewhere: "saw restaurant depot has the 12-packs for $24.99 this week"
    r"|^\W*(?:i\s+)?(?:just\s+)?(?:saw|noticed|spotted)\s+(?:that\s+)?(?:[\w'&-]+\s+){1,3}?"
    r"(?:has|have|had|is|are|was|were|sells?|sold|charges?|charged|does|did)\b"
    # what someone got wrong, what was said just now: "师傅今天把开关装反了", "我boss刚刚说…了"
    r"|把[\u4e00-\u9fff]{1,6}?[装弄搞修做写放贴]反了|(?<![别要能])[装弄搞拿买写发寄]错了|(?<![我你])(?:刚刚|刚才)说(?!错)[^，。,]{1,30}了"
    # what someone else did not do: "My grandmother never didn't have a tin of biscuits…"
    r"|\b(?:my|our|his|her)\s+(?:\w+\s+){1,2}?(?:never\s+)?(?:didn'?t|did\s+not|couldn'?t|could\s+not"
    r"|wasn'?t\s+able)\b",
    re.IGNORECASE,
)
# A verb done to a count ("排了两个小时", "送了俩果盘", "收了我两百块") tells what happened,
# unless it is the current period's account ("这个月水电燃气一共交了八百二",
# "这个月工资到手12,500，房租就占了3500"): the user's own figures now
_DONE_COUNT_RE = re.compile(
    # (not "V不了", cannot: "硬座我坐不了十几个钟头")
    r"(?<![来不])(?<=[\u4e00-\u9fff])了(?=(?:[我你他她]们?)?[俩仨两一二三四五六七八九十\d])"
)
_CURRENT_PERIOD_RE = re.compile(
    r"这个月|本月|今年|这周|本周|目前|每个?月|每年"
    # or the user's own money: "房租从3800涨到了4500，帮我算算…"
    r"|" + OWN_MONEY
)
# A count that still runs now: "车子跑了六万公里了", "这台电脑用了五年了"
_SO_FAR_RE = re.compile(
    r"了[^，。,]{0,6}?[\d一二两三四五六七八九十百千万]+(?![\d一二两三四五六七八九十百千万遍次回趟下])"
    r"[^，。,]{0,4}了"
)
# "那天" right after the day it points at is that day, not a day gone by
_THAT_DAY_RE = re.compile(
    r"((?:\d{1,2}\s*[日号]|周[一二三四五六日天]|星期[一二三四五六日天]|明天|后天|[\u4e00-\u9fff]{2}前一天)"
    r"[^。！？!?]{0,24}?)"
    r"(?:那天|那会儿?|那时候?)"
)
_WHAT_IF_RE = re.compile(r"\bwhat\s+if\s+(?:we|you|u|i|they)\s+[a-z]+\b", re.IGNORECASE)
# why a time is what it is, after it: "Track session on Tuesdays at 18:30, that's when the club
# has it booked" (the story is the reason's, not the sentence's)
_THATS_WHEN_RE = re.compile(
    r"(?<=\w)\s*[,;—–]\s*(?:that'?s|thats)\s+(?:when|why)\b[^.!?]*[.!?]*\s*$", re.IGNORECASE
)
# the user's own rule said to be firm is no habit told: "背单词每天不少于40分钟，这个雷打不动",
# "周日全天不排任何课，…，雷打不动" (not "我爸每天五点起床，雷打不动")
_FIRM_RULE_RE = re.compile(
    r"(?:这个|这条|这点|这)(?:是)?雷打不动|(?<=[不别要]排)([^。！？!?]*)雷打不动"
)
# the one used before, named for a request: "约下保养，…，地址还是上次那家", "same place as
# last time"
_SAME_AS_BEFORE_RE = re.compile(
    r"(?:还是|跟|和|同)上次(?:那家|那个|那位|一样|的)|\b(?:same(?:\s+\w+)?\s+as|like)\s+last\s+time\b"
    # what was settled earlier, built on: "On top of what we already set up, also add…",
    # "买菜清单在上次的基础上再加两斤排骨，其他照旧"
    r"|\bwhat\s+(?:we|i)\s+(?:already\s+|just\s+)?(?:set\s+up|agreed(?:\s+on)?|discussed"
    r"|talked\s+about|planned|decided(?:\s+on)?)\b|在上次的?基础上|照旧",
    re.IGNORECASE,
)
# what the user has now, said as "got" in a reason: "…by 4:30 cause I got school pickup after"
_GOT_NOW_RE = re.compile(r"\b(?:'?cause|cuz|coz|cos|because)\s+(?:i|we)\s+got\s+(?!to\b)", re.I)
SAID_BEFORE_RE = re.compile(
    r"(?<![你您])(?:上次|之前|刚才|前面)(?:跟你)?(?:说|提|讲|聊)(?:过)?的"
    r"|(?:(?:上次|之前|刚才|前面)(?:那个|那条)?[^，。,；;]{0,12}?)?(?:要求|那条|那个)就?(?:撤了|作废了?|不算了)"
    r"|\b(?:the\s+one\s+)?i\s+mentioned\s+(?:earlier|before|last\s+time)\b|\blike\s+i\s+said\b"
    # a correction of what was just said: "Ok I lied, I can stretch to 950", "I misspoke"
    r"|\bi\s+(?:lied|misspoke|was\s+wrong|got\s+that\s+wrong)\b|我说错了|说错了",
    re.IGNORECASE,
)
# Said to make clear nothing is asked: "I'm just curious", "Rhetorical question", "随便问问";
# and set phrases of complaint: "don't even get me started".
_NO_ASK_RE = re.compile(
    # a why asked after the story: "今天好累啊，加班到十点才回家，你说人为什么要上班😂"
    r"(?<=[，,])\s*你说[^，。？?]{0,8}为(?:什么|啥)|"
    # a case made up to ask about: "Like if someone put 1000 in at 5% what happens after 10 years"
    r"^\W*(?:like\s+)?if\s+(?:someone|somebody|a\s+person)\b|"
    # what someone would do if let: "My son would sleep till 2pm if I let him"
    r"\bwould\b[^.?!]{0,40}\bif\s+(?:i|we)\s+let\s+(?:him|her|them)\b|"
    r"\b(?:just|only)\s+(?:curious|wondering|asking)\b|\brhetorical\b|就是好奇|只是好奇|随便问问|好奇问一下|随口一问"
    r"|^\W*is\s+it\s+true\b|是真的吗|是不是真的|真的假的"
    # two things set side by side as the example of a question: "like 2.3.0 vs 2.3.1"
    r"|^\W*(?:like|e\.g\.?|say)\s+[^?!]{1,40}?\s(?:vs\.?|versus)\s+[^?!]{1,30}$"
    # whether a figure of the world still holds: "Is the contribution limit still around 7000?"
    r"|^\W*(?:is|are)\s+(?:the|it|they)\b[^?]{0,40}\bstill\b(?=[^?]*\?)"
    # asking whether what someone said holds: "医生说我一天最多喝两杯咖啡，这个说法有依据吗？"
    r"|(?:这个|这种|这)说法|有依据吗|有科学依据|\bis\s+(?:that|this)\s+(?:actually\s+)?(?:true|right"
    r"|correct|a\s+myth)\b"
    r"|\bdon'?t\s+(?:even\s+)?get\s+me\s+started\b"
    # how things usually are: "是不是经常晚点半小时以上？", "一般几点到站？"
    r"|是不是(?:经常|总是|一般|通常)|(?:一般|通常)(?:几点|多久|要多久)"
    # not said to the assistant, or asking what it said
    r"|\b(?:wasn'?t|not|weren'?t)\s+talking\s+to\s+you\b|不是(?:跟|对|和)你说|你刚才说|你说的是|没听清"
    r"|\bdidn'?t\s+(?:catch|hear)\s+(?:that|you|what)\b",
    re.IGNORECASE,
)
# A question asking why is never a rule: "Why do I buy a dozen bananas every Sunday?"
_WHY_RE = re.compile(
    r"^\W*(?:(?:bruh|lol|omg|ugh|ok|okay|so|wait|ngl|like|seriously)\W+)*"
    # (after a heading: "Quick q: why do airlines say…")
    r"(?:(?:quick|random|silly|dumb|honest)\s+(?:q|qn|question)\s*[:,-]\s*)?"
    r"(?:(?:do\s+(?:you|u)\s+know|any\s+idea|(?:can|could)\s+(?:you|u)\s+(?:explain(?:\s+to\s+me)?"
    r"|tell\s+me))\s+)?"
    r"(?:why|how\s+come|what'?s\s+the\s+(?:actual\s+|real\s+)?(?:reason|reasoning|logic)\s+"
    r"(?:for|behind))\b"
    r"|^\W*(?:你知道[^，。？?]{0,12})?(?:为什么|为啥|凭什么|咋)",
    re.IGNORECASE,
)
# An opinion about what something is worth: "I think $6 for a coffee is ridiculous",
# "我觉得花两千多买个手机壳完全不值" (not "I think 200 is the most I'd pay")
_OPINION_RE = re.compile(
    r"\bi\s+(?:think|find|feel)\b.*\b(?:ridiculous|crazy|insane|absurd|outrageous|overpriced"
    r"|a\s+rip-?off|a\s+steal|a\s+bargain|worth\s+(?:it|every))\b"
    r"|我觉得.*(?:不值|离谱|太坑|值得|划算)"
    # a guess: "i think it's 6 but not sure", "I think it was 'between 8 and 6'"
    # (not a figure given to be checked: "I think it's roughly 14.5k but double check against the
    # invoices")
    r"|\bnot\s+(?:100%\s+|entirely\s+)?sure\W*$|\bi\s+think\s+it(?:'s|\s+is|\s+was)\b"
    r"(?!(?:[^.;!?]|\.\d)*\b(?:but|so|pls|please)\s+(?:double[- ]?)?(?:check|verify|confirm)\b)",
    re.IGNORECASE,
)
_PRESENT_REPORT_RE = re.compile(
    r"\b(?:says|tells\s+(?:me|us)|keeps?\s+(?:telling|saying)|(?:is|are)\s+(?:telling|saying))\b"
    r"|(?<![以前常老时总])(?:说(?!什么也|什么都|啥也|啥都)|告诉我)",
    re.IGNORECASE,
)
# A clause that only introduces someone's words: the rest of the sentence is theirs
# ("我爷爷以前常说，饭不能吃十分饱"; "She used to say any meal under 10 dollars…").
# In a told sentence, what someone or something said then is theirs: "Funny how the shop's
# sign said nothing over $10" (outside one, "The roofer said ballpark five grand" is the
# user's figure to go by)
_PAST_REPORT_RE = re.compile(
    r"\b(?:the\s+\w+(?:'s\s+\w+|\s+\w+)?|\w+'s\s+\w+)\s+said\b"
    r"|\b(?:(?:said|saying)\s+|told\s+(?:\w+\s+){1,3}?)(?:that\s+)?(?:he|she|they)(?:'d|'ll|\s+would"
    r"|\s+will)\b|(?<![跟和对给同向我你])[\u4e00-\u9fff]{1,3}(?<![我你小])"
    # words to pass on are no report: "麻烦跟他们说早上７：３０之前别来" (but "我妈跟我说…" is hers)
    r"(?<![跟和对给同向][^我\W])(?<![跟和对给同向][^我\W][\u4e00-\u9fff])"
    # (nor what to say in a message asked for: "别说是孩子不想上，就说家里有事")
    r"(?<!别)(?<!^就)(?<!^你就)说(?!话|明|服|清楚|什么也|什么都|啥也|啥都)"
    # a speaker named in Latin letters: "IT 说周五前修好，结果还是这样"
    r"|\b[A-Za-z]{2,}\s*说(?!话|明|服|清楚|什么也|什么都|啥也|啥都)",
    re.IGNORECASE,
)
# Words quoted as someone's or something's in a story: "the shop had a sign saying 'cash only,
# no exceptions'" (the rest of the sentence is theirs, or the story's)
_QUOTED_THEN_RE = re.compile(
    r"\b(?:saying|said|read|reading|went|wrote|written)\s*:?\s*['\"‘“]"
    # words sent and quoted: "my professor emailed everyone \"the midterm is…\"", "Just got this
    # from my kid's daycare: \"Reminder: …\""
    r"|\b(?:emailed|texted|messaged|posted|sent|announced)\b(?:\s+[\w'#]+){0,5}?\s*:?\s*[\"“]"
    r"|\bgot\s+this\s+from\b[^:]{0,40}:\s*[\"“]",
    re.IGNORECASE,
)
# ... and a thing's words, quoted, whatever the sentence tells: "The café had a board saying 'no
# laptops after 12'"
_THING_SAYING_RE = re.compile(
    r"\b(?:sign|board|note|notice|label|banner|poster|sticker|menu|screen|card|packet|box|jar"
    r"|bottle|tin)\s+(?:that\s+)?(?:literally\s+|just\s+)?(?:saying|said|says|read|reads|reading)"
    r"\s*:?\s*['\"‘“]"
    # someone's note, quoted: "有个顾客在备注里写了“千万别放葱”，笑死"
    r"|(?:备注|留言|纸条|牌子|标签|评论|弹幕)(?:里|上)?(?:写了|写着|说)\s*[:：]?\s*[“「\"]"
    # a document's words, quoted or not: "The brochure says 9-12 for half day", "the job posting
    # says '10+ years…'"
    r"|\b(?:brochure|newsletter|posting|listing|flyer|leaflet|handbook|website|timetable"
    r"|syllabus)\s+(?:literally\s+|just\s+|clearly\s+)?(?:says|said)\b",
    re.IGNORECASE,
)
# Whose words set the user's task, relayed now: "我们领导说…住宿标准不能超过每晚450元", "老板说
# 大概六十个人", "my boss says the deck can't go over 10 slides"
_TASK_SETTER_RE = re.compile(
    r"(?:领导|老板|经理|上司|主管|客户|甲方)(?:说|要求|让|交代)"
    r"|\b(?:my|our|the)\s+(?:boss|manager|team\s+lead|lead|supervisor|client|customer)\s+(?:says|wants"
    r"|needs|insists)\b",
    re.IGNORECASE,
)
_REPORTING_END_RE = re.compile(r"(?:说|讲|常说|告诉我)\W*$|\b(?:says?|said|told\s+me)\W*$", re.I)
# A day ahead makes a done deed an arrangement: "明晚七点请了六个朋友", "booked 2 rooms for
# next Friday".
_AHEAD_RE = re.compile(
    r"\b(?:tomorrow|tonight|this\s+coming|upcoming|(?<!the\s)next\s+(?:week|weekend|month|year|time|trip"
    r"|day|morning|evening|(?:mon|tues|wednes|thurs|fri|satur|sun)day))\b"
    r"|明天|明晚|明早|后天|今晚|下周|下个|下礼拜|下星期|(?<!说)下次"
    # what has to happen by a day ahead: "…the deposit return letter has to go out no later than
    # April 20"
    r"|\b(?:has|have|needs?)\s+to\s+(?:go\s+out|be\s+(?:sent|done|paid|back|ready)|arrive|ship)\s+"
    r"(?:by|before|no\s+later\s+than)\b"
    # a rule from now on: "以后回答我的时候别老说…"
    r"|(?:^|[，,。！!？?；;]\s*)以后"
    # a day moved ahead: "my deadline got pushed to March 3rd"
    r"|\b(?:got|was|were|has\s+been|have\s+been)\s+(?:pushed|moved|extended|postponed|rescheduled"
    r"|changed|bumped)\s+(?:back\s+|up\s+)?to\b"
    # a plan for a holiday: "国庆想出去玩，…，人挤人太累了"
    r"|(?:国庆|五一|春节|元旦|中秋|端午|清明|寒假|暑假)(?:想|打算|准备|要)"
    # a coming or going arranged: "she's coming to visit on the 14th", "we're flying out Sunday"
    r"|\b(?:is|are|'s|'re|am|'m)\s+(?:\w+ly\s+)?(?:coming|arriving|visiting|flying|driving"
    r"|landing|leaving|moving|starting)\b"
    # an appointment made for a day: "美签面谈我约在了11月3号上午9:30", "my flight's on the 22nd"
    r"|(?:约|定|订|排)(?:在|到)了\s*(?:[\d０-９]{1,2}\s*月|[\d０-９]{1,2}\s*[号日]|周|星期|礼拜)"
    r"|\bmy\s+(?:flight|appointment|interview|surgery|exam|train|ferry)(?:'s|\s+is)\s+(?:on|at)\b",
    re.IGNORECASE,
)
# Speech comes without a question mark: a sentence opening like a question is one
_QUESTION_OPEN_RE = re.compile(
    r"^\W*(?:(?:um|uh|so|oh|hey|and|wait|ok|okay|lol|haha|ngl|hmm|yo|omg|bruh|tbh|fr)\W+)*"
    # "when u reorder the diapers get 2 boxes": a time clause before an imperative, no question
    r"(?:did|does|do(?!\s+not)|is|are|was|were|what|where|when(?!\s+(?:u|you|i|we|they|he|she|it)\s+\w+)|why"
    r"|how|who|whats|hows|wheres|whens|any\s+idea\s+(?:why|how|what|when|where|if|whether))\b"
    r"(?!.*[.!。！](?!\d)\s*\S)",  # a sentence end, not the point of "$5.49"
    re.IGNORECASE,
)


_THANKS_RE = re.compile(r"^\W*(?:thanks|thank\s+you|cheers|谢谢|多谢|感谢)", re.IGNORECASE)


def is_question(sentence: str) -> bool:
    """Whether ``sentence`` ends as a question (a question mark, 吗, 呢 beside a question word)
    or opens as one without a full stop (speech: "did I leave the door open")."""
    text = sentence.strip()
    return bool(
        _QUESTION_END_RE.search(text)
        or _NE_QUESTION_RE.search(text)
        or (not text.endswith((".", "!", "。", "！")) and _QUESTION_OPEN_RE.search(text))
    )


def is_request(sentence: str) -> bool:
    """Whether ``sentence`` asks the assistant to do something (see ``_REQUEST_RE``), not to
    explain something. Thanks for what was done is none ("谢谢你昨天帮我改的简历，今天面试过啦")."""
    if _THANKS_RE.search(sentence) and tells_what_happened(sentence):
        return False
    return _REQUEST_RE.search(sentence) is not None and not _EXPLAIN_RE.search(sentence)


# A question asking for a bound of something not the user's: "你知道故宫一天最多能接待多少游客吗？",
# "what's the maximum how many bags…" (not "我预算最多两千，最多能买几件？": the budget is theirs)
_ASKED_BOUND_RE = re.compile(
    r"(?:最多|最少|至多|至少|顶多)[^，,。？?]{0,6}(?:多少|几)"
    r"|\b(?:at\s+(?:most|least)|max(?:imum)?|min(?:imum)?)\s+how\s+(?:many|much|long)\b",
    re.IGNORECASE,
)
_WHY_OPEN_RE = re.compile(
    r"^\W*(?:[a-z0-9]{2,6}\s+)?(?:你知道[^，。？?]{0,12})?(?:为什么|为啥|凭什么)"
    # a rhetorical "how come": "你说现在的小孩周末怎么比大人还忙"
    r"|^\W*你说[^，。？?]{0,16}怎么(?=[^，。？?]*(?:比|这么|那么|还|都))|^\W*你说[^，。？?]{0,8}为(?:什么|啥)"
    # the reason asked without its mark: "like what's the actual reasoning for 100 and not 150"
    r"|^\W*(?:(?:like|so|and|but)\s+)?what'?s\s+the\s+(?:actual\s+|real\s+)?(?:reason|reasoning|logic)"
    r"\s+(?:for|behind)\b",
    re.IGNORECASE,
)  # a chat-slang word first: "awsl 为啥猫一天要睡16个小时"
_CONFIRM_RE = re.compile(r",\s*(?:right|correct|yeah|yes)\s*\?\s*$", re.IGNORECASE)
_SELF_RE = re.compile(r"我|咱|\b(?:i|i'?m|my|me|we|our|us)\b", re.IGNORECASE)


# A hedge on one's memory says nothing of oneself: "Unless I'm mistaken, the museum's closed…"
_HEDGE_RE = re.compile(
    r"\b(?:unless|if)\s+i'?m\s+(?:not\s+)?mistaken\b|\bif\s+i\s+remember\s+(?:right|correctly)\b"
    r"|\bcorrect\s+me\s+if\s+i'?m\s+wrong\b|^\W*remind\s+me\s*[:,—–-]"  # "Remind me, … right?"
    r"|我?记不(?:太|大)?清(?:楚)?了?|我?记得不(?:太|大)?清(?:楚)?了?|(?:如果|要是)?我没记错(?:的话)?|我忘了",
    re.IGNORECASE,
)
_SPEAKER_AFTER_RE = re.compile(
    r"(?:[,，]\s*|(?<=again)\s+|(?<=['\u0022\u201d\u2019])\s*)(?:he|she|they)\s+(?:says|said|swears|swore|insists)"
    r"(?:\W*$|,\s+and\s+(?:he|she|they)\s+meant\s+it\b)",
    re.IGNORECASE,
)
# A question about a rule of the world, or about what words mean: "Is the 7,000 limit per year
# or per lifetime?", "是说上午11点前下单当天就能到吗？"
# Whether a rule still allows something past a figure: "Can I still return something after 30
# days if it's unopened?"
_STILL_ALLOWED_RE = re.compile(
    r"^\W*(?:can|could|will)\s+(?:i|we|you|u)\s+still\s+\w+\s+(?:it|them|something|this|that|a|an|the"
    r"|my|our)\b[^?]{0,30}?\b(?:after|past|beyond)\s+\d",
    re.IGNORECASE,
)
_NORMAL_ASKED_RE = re.compile(
    r"(?:这|这样|这个)?(?:正常吗|正常么|正常嘛|正常不|算正常吗)\W*$"
    r"|\b(?:is|are)\s+(?:that|this|it)\s+(?:normal|common|usual)\W*$",
    re.IGNORECASE,
)
_WORLD_RULE_ASKED_RE = re.compile(
    r"^\W*(?:is|are|was)\s+the\s+(?:[$€£¥]?\d[\d,.]*\s+)?(?:\w+\s+)?(?:limit|cap|max(?:imum)?"
    r"|minimum|fee|rate|deadline)\b|^\W*(?:是说|意思是|也就是说|是不是说)"
    # whether the law allows it: "试用期工资打八折，这在法律上允许吗？"
    r"|(?:合法|违法|合规|法律上允许|劳动法允许|法律允许)[^，,。]{0,3}(?:吗|么|嘛)"
    # whether something is the way of the world: "is it normal for a sourdough starter to smell
    # like nail polish remover after like 5 days?"
    r"|^\W*(?:(?:quick|random|silly|dumb)\s+(?:q|qn|question)\W+)?(?:is|isn'?t)\s+it\s+"
    r"(?:normal|common|usual|safe|healthy|bad|weird|dangerous|true)\s+"
    r"(?:for|to|that)\b"
    # "And is it true planes can't fly above 45,000 feet"
    r"|^\W*(?:(?:and|also|so|btw|oh)\W+)?is\s+it\s+(?:really\s+|actually\s+)?true\b"
    # whether a rule of thumb holds: "do you think the 10% rule for weekly mileage is backed by
    # science"
    r"|^\W*(?:do|did)\s+you\s+think\s+(?:the|that|this)\s+[^?]{0,40}?\b(?:rule|advice|myth)\b"
    # how two things are linked: "跟11月11号有啥关系"
    r"|(?:有|有个|是)?(?:啥|什么)(?:关系|区别)|是不是一定(?:要|得)|是不是(?:不能|不可以|不许|只能|最多)"
    r"|是不是[^，,。]{0,12}?才(?:行|可以|能)|\bdifference\s+between\b",
    re.IGNORECASE,
)


def asks_nothing(sentence: str) -> bool:
    """Whether ``sentence`` says nothing is asked ("just curious", "rhetorical", "I wasn't
    talking to you", "没听清"), asks why, or asks for a bound of what is not the user's."""
    if _NO_ASK_RE.search(sentence):
        return True
    if _CONFIRM_RE.search(sentence) and not _SELF_RE.search(_HEDGE_RE.sub(" ", sentence)):
        return True  # "The tax office is open till 4, right?": a fact of the world confirmed
    if _WHY_OPEN_RE.match(sentence):
        return True  # "为啥要吃粽子": a why-question, with its mark or without
    if _SPEAKER_AFTER_RE.search(sentence):
        return True  # "never again, he says": someone else's words, their speaker after them
    if not is_question(sentence):
        return False
    if _WORLD_RULE_ASKED_RE.search(sentence) and not _SELF_RE.search(_HEDGE_RE.sub(" ", sentence)):
        return True
    if _NORMAL_ASKED_RE.search(sentence) and not PRICED_RE.search(sentence):
        # "…四点多就要吃东西，正常吗？": whether what happens is normal, no rule (a price asked
        # about stays: "报价是三千五，这价格正常吗？")
        return True
    if _STILL_ALLOWED_RE.search(sentence):
        return True  # "Can I still return something after 30 days…?": the shop's rule asked
    asked_bound = _ASKED_BOUND_RE.search(sentence) and not _SELF_RE.search(sentence)
    return bool(_WHY_RE.search(sentence) or asked_bound)


# A message that says of itself that it asks nothing: an update, a vent, curiosity, "I'm not
# planning anything" ("Just got back from the trip, so here's an update…", "跟你汇报一下",
# "纯属好奇", "想问一下…"); it holds no constraint unless it also asks for something.
_NOTHING_ASKED_RE = re.compile(
    r"\bjust\s+(?:wanted|want)"
    r"\s+to\s+(?:vent|share|tell\s+(?:you|someone|somebody|anyone)|let\s+you\s+know"
    r"|say\s+(?:thanks|thank\s+you))\b"
    r"|\bno\s+need\s+to\s+do\s+anything\b|\bjust\s+showing\s+(?:off|you)\b|\bpurely\s+(?:out\s+of\s+)?curiosity\b|^\W*out\s+of\s+curiosity\b"
    r"|\b(?:just|only)\s+(?:curious|wondering|trying\s+to\s+understand|venting)\b|\bi'?m\s+curious\b"
    r"|\basking\s+for\s+a\s+friend\b|\bjust\s+thought\s+you\s+(?:should|might\s+want\s+to|'?d\s+want\s+to)"
    r"\s+know\b"
    # a story shared for its own sake: "Just thought it was funny", "thought you'd find it funny"
    r"|\bjust\s+thought\s+it\s+was\s+(?:funny|interesting|cute|wild|hilarious)\b"
    r"|\bthought\s+you'?d\s+(?:find\s+it|get\s+a\s+kick\s+out\s+of\s+it)\b"
    # a vent that says it asks nothing: "I'm not even asking for anything, I just need someone to
    # know", "I don't even know why I'm telling you this", "算了，不说了，说了也没用"
    r"|\bnot\s+(?:even\s+)?asking\s+(?:you\s+)?(?:for\s+)?anything\b|\bjust\s+had\s+to\s+tell\s+someone\b"
    # comfort asked for: "Honestly I just need someone to tell me it's gonna be ok"
    r"|\bjust\s+need(?:ed)?\s+(?:someone|somebody)\s+to\s+(?:tell\s+me|talk\s+to|listen|hear\s+me)\b"
    r"|\bjust\s+need(?:ed)?\s+(?:someone|somebody|to\s+tell\s+someone)\s+to\s+(?:know|listen|hear)\b"
    # "not asking for budget help rn, I just needed to tell someone"
    r"|\bjust\s+need(?:ed)?\s+to\s+tell\s+(?:someone|somebody|you)\b"
    r"|\bnot\s+asking\s+(?:you\s+)?for\s+(?:\w+\s+)?(?:help|advice)\b"
    r"|\bdon'?t\s+(?:even\s+)?know\s+why\s+i'?m\s+telling\s+you\b|说了也没用|算了[，,]?\s*不说了"
    # a story announced as one: "跟你说个好玩的，…"
    r"|(?:跟你|给你)?(?:说|讲)(?:个|件)(?:好玩|有意思|好笑|搞笑)的(?:事)?"
    # (not "I'm not buying a respirator over £30": a bound on what is bought)
    r"|\bi'?m\s+not\s+(?:planning|buying|booking|shopping)\b(?=(?:\s+(?:anything|yet|now|right"
    r"\s+now|just\s+yet|today|this\s+\w+))*\s*(?:[,.;!?—-]|$))|\bno\s+action\s+needed\b"
    r"|汇报一下|纯属好奇|只是好奇|我?就(?:是)?好奇|好奇而已|随便问问|(?:我|我就|就|只是)问问(?:而已)?\W*$|想问一下|吐槽一下|不用你(?:做|帮)|(?:没有|暂时没有|还没有)[^，。]{0,6}打算",
    re.IGNORECASE,
)


def message_asks_nothing(sentences: Sequence[str]) -> bool:
    """Whether a whole message, given as its ``sentences`` (``extract_clauses.split_sentences``),
    says it asks nothing (``_NOTHING_ASKED_RE``: "just wanted to vent", "纯属好奇", "I'm not
    planning anything") and no sentence of it asks for something (thanks for past help,
    "谢谢你之前帮我做攻略", is no request)."""
    if not any(_NOTHING_ASKED_RE.search(s) for s in sentences):
        return False
    return not any(is_request(s) and not _THANKS_RE.search(s) for s in sentences)


# Someone's words or a custom reported: "My landlord told me…", "my brother-in-law swears…",
# "我们那边过年有个讲究…", "听说…"
_REPORTED_RE = re.compile(
    r"\b(?:told|tells|says|said|saying|swears|swore|claims|claimed|insists|insisted|reckons|reckoned"
    r"|heard|read\s+(?:somewhere|online|that)|charges|swears\s+by)\b"
    # an employer's policy: "my company gives 12 weeks paid leave"
    r"|\b(?:my|our)\s+(?:home\s+)?(?:company|employer|school|work|job|office|uni|university)\s+(?:gives"
    r"|offers|pays|allows|caps|limits|requires|only\s+(?:gives|allows|pays))\b"
    r"|(?<![你您别老要])说|听说|讲究|规矩|(?<!我)规定|说法|老话|习俗|风俗"
    # someone's house rule: "my landlord has this rule that nobody can have guests after 10pm"
    r"|\b(?:has|have|had)\s+(?:this|a|one)\s+(?:[\w-]+\s+){0,2}(?:rule|policy)(?:\s+(?:that|where)\b|\s*[,:])"
    # a notice's words: "the hostel has a sign saying no guests after 11pm"
    r"|\b(?:sign|notice|poster)\s+(?:up\s+)?(?:saying|that\s+says)\b"
    # "My boss's rule is no meetings on Fridays"
    r"|\b[a-z]+'s\s+(?:\w+\s+)?(?:rules?|polic(?:y|ies))\s+(?:is|are|was)\b"
    # a rule put on someone else: "My mate's landlord makes them pay for every repair under £150",
    # "王阿姨的医生让她每天最多吃一个鸡蛋"
    r"|\bmakes\s+(?:them|him|her)\s+[a-z]+|让(?<![别不]让)(?:她|他|她们|他们)(?=[\u4e00-\u9fff])"
    r"|\b(?:wants|expects)\s+me\s+to\b"
    # rules put up by a place: "the climbing gym posted new rules today: …"
    r"|\b(?:posted|put\s+up|announced|sent\s+(?:out|round|around))\s+(?:some\s+|the\s+|a\s+)?(?:new\s+)?"
    r"(?:rules?|polic(?:y|ies)|guidelines)\b"
    # a place's hours: "my sister's dorm has quiet hours from 10pm to 8am"
    r"|\b[a-z]+'s\s+\w+\s+(?:has|had)\s+(?:quiet\s+hours|a\s+curfew)\b",
    re.IGNORECASE,
)
# ...and doubted right after: "Is that actually true?", "Is that normal in California?",
# "你听说过吗？", "是真的吗" (not whether a price is fair: "师傅说换一个要180，这价格合理吗"
# asks about an offer, whose figure is the task's)
_DOUBT_RE = re.compile(
    r"\b(?:is|was)\s+(?:that|this|it|he|she|they)\s+(?:\w+\s+)?(?:true|normal|right|correct"
    r"|accurate|legal|legit|standard|typical|allowed|enforceable|real|a\s+thing)\b"
    r"|\b(?:does|do)\s+(?:that|this)\s+(?:sound|seem)\s+(?:\w+\s+)?(?:right|normal|legit|legal|true)\b|\bcan\s+(?:they|he|she)\s+(?:really|actually|legally)\b"
    # "…but honestly who's counting", "…but honestly who knows"
    r"|\bwho'?s\s+counting\b|\bbut\s+(?:honestly\s+|tbh\s+|really\s+)?who\s+knows\b"
    r"|\bwhat\s+does\s+(?:he|she|they)\s+know\b"
    r"|\b(?:that'?s|thats)\s+(?:total\s+|complete\s+|utter\s+)?(?:rubbish|nonsense|bs|bollocks|bull)\b"
    # "…晚上十点以后不许进场，这规定也太死了吧"
    r"|(?:这|那)(?:个)?(?:规定|规矩|要求)(?:也|可)?太|(?:也)?太死(?:板)?了"
    r"|\bhave\s+you\s+(?:ever\s+)?heard\s+(?:of|about)\s+(?:that|this|it)\b"
    r"|\b(?:don'?t|dont|do\s+not)\s+know\s+if\s+(?:that'?s|thats|that\s+is|it'?s|its)\s+(?:\w+\s+)?"
    r"(?:right|true|normal|legit|legal)\b"
    r"|\b(?:don'?t|dont|do\s+not)\s+(?:get|understand|see)\s+why\b|\bwho'?s\s+right\b"
    r"|\bnot\s+(?:really\s+|totally\s+)?convinced\b"
    r"|\bnot\s+sure\s+(?:whether|if)\s+(?:to\s+|i\s+should\s+)?believe\b"
    r"|\bis\s+(?:that|this|it)\s+(?:\w+\s+){0,2}(?:good\s+advice|a\s+myth)\b"
    r"|(?:是?真的|正常|合法|靠谱|有道理|对)吗|听说过(?:吗|没)|有这(?:个|种)说法吗|是这样吗|你站哪边|谁说得对"
    # "…，但我在网上看到的说法不一样"
    r"|说法(?:不一样|不同|不太一样)|不一样的说法"
    # whether it is the trade's custom, or the listener's too: "这是行规吗", "你们家有这种规矩吗"
    r"|(?:这|那)是(?:不是)?(?:行规|惯例|规矩)(?:吗|么|嘛)?\W*$"
    r"|(?:你们|你)(?:家|那边|那儿)?(?:也)?有(?:这种|这个|类似的)(?:规矩|讲究|说法|习惯)(?:吗|么|嘛)"
    # a reaction to what someone else does: "…每天碳水不超过20克，听着好难坚持啊", "so annoying",
    # "Lucky her", "We'll see about that", "真有精力", "我看着都累"
    r"|\bso\s+(?:annoying|dumb|extra|ridiculous)\b|\blucky\s+(?:her|him|them)\b"
    r"|\bwe'?ll\s+see\s+about\s+that\b|真有精力|看着都累|管得(?:有点|太|真|也太|挺)?(?:宽|严)"
    # "…cash only, and honestly it drives my mom nuts"
    r"|\bdrives?\s+(?:me|him|her|them|us|my\s+\w+)\s+(?:nuts|crazy|mad|bonkers|up\s+the\s+wall)\b"
    # "…no older than three months, sounds like a faff"
    r"|\bsounds\s+like\s+(?:a\s+)?(?:faff|hassle|pain|nightmare|palaver|lot\s+of\s+work)\b"
    # "A friend said 60 days but that sounds way too fast to me", "…but that seems low to me"
    r"|\bthat\s+(?:sounds|seems)\s+(?:way\s+|a\s+bit\s+|kinda\s+|really\s+)?(?:too\s+\w+|crazy|insane|wrong|off"
    r"|short|long|low|high|steep|cheap|fast|slow)\b"
    # "…policy, which seems harsh to me", "kinda strict for a hostel no?", "Is that common for…?",
    # "物业规定…，好麻烦啊", "申根签证是不是规定…？"
    r"|\b(?:seems|sounds)\s+(?:a\s+bit\s+|kinda\s+|really\s+|so\s+)?(?:harsh|strict|extreme|excessive"
    r"|unfair|over\s+the\s+top)\b|\b(?:kinda|kind\s+of|pretty|a\s+bit|so|too)\s+strict\b"
    r"|\b(?:is|was)\s+(?:that|this|it)\s+(?:\w+\s+)?(?:common|usual)\b"
    # "My coach wants me to hit 40 miles this week but I think that's too much"
    r"|\bi\s+think\s+(?:that'?s|it'?s)\s+(?:way\s+|a\s+bit\s+)?too\s+(?:much|many|little|few|long|short|early|late)\b"
    r"|(?:好|真|太)麻烦(?:啊|了|呀)?\W*$|是不是(?:规定|要求)"
    # "…，这规定挺常见的吧？"
    r"|(?:这|那)(?:个|种)?(?:规定|要求|规矩|做法)[^，,。]{0,3}(?:常见|正常|普遍|合理)"
    r"|听(?:着|起来)(?:好|挺|很|就|真|太)?(?:难|累|辛苦|可怕|夸张|厉害|痛苦)"
    r"|(?:好|真|挺)(?:严格|夸张|离谱)的?(?:啊|了|吧|哦)?\W*$|(?:有点|太)(?:死板|不近人情|奇葩)|(?<![别要得])太严(?:格)?了(?:哈+)?\W*$"
    # the same asked of the listener's world: "…你们大学也这样吗"
    r"|你们[\u4e00-\u9fff]{0,4}也(?:是)?(?:这样|这么)(?:吗|么|嘛)"
    r"|\bsounds\s+(?:so\s+|really\s+|pretty\s+)?(?:hard|exhausting|intense|extreme|brutal|miserable)\b"
    # a standard weighed: "这个标准算高还是低啊"; a judgment of what someone does: "…, which
    # seems harsh for 7 year olds", "which seems like a lot", "太卷了"
    r"|(?:标准|规定|要求)[^，,。]{0,4}算(?:高|低|严|松|多|少)还是(?:高|低|严|松|多|少)"
    r"|\bwhich\s+(?:honestly\s+|kinda\s+|kind\s+of\s+|really\s+|tbh\s+)?(?:i\s+(?:thought|think|felt|feel)\s+)?"
    r"(?:seems|sounds|feels|is|was)\s+"
    r"(?:like\s+a\s+lot|like\s+too\s+much|like\s+a\s+scam|made\s+up|(?:a\s+bit\s+|kinda\s+|so\s+|really\s+|pretty\s+)?(?:harsh"
    r"|strict|smart|unfair|crazy|wild|extreme|excessive|ridiculous|insane|silly|funny|nuts|intense|mad"
    r"|fair|reasonable|weird|strange|odd|overkill|a\s+bit\s+much|a\s+joke|arbitrary|pointless|random"
    r"|annoying))\b"
    r"|(?:太|好|真)(?:卷|拼)了"
    # the user's liking or a cost of it: "…, which honestly I love", "which slows everything down"
    r"|\bwhich\s+(?:honestly\s+|tbh\s+|secretly\s+)?i\s+(?:love|hate|like|admire|respect)\b"
    r"|\bwhich\s+(?:really\s+|just\s+)?(?:slows|drives\s+me|makes\s+(?:no|zero)\s+sense)\b"
    # "kinda insane right?", "thats so strict right?"
    r"|\b(?:kinda|kind\s+of|so|pretty|that'?s(?:\s+so)?)\s+(?:insane|crazy|wild|harsh|strict|nuts|extreme)"
    r"\W+right\b",
    re.IGNORECASE,
)
# The user's verdict on what someone holds to, for or against, with nothing asked after it: "我
# 觉得挺迷信的", "听着挺靠谱的", "这也太抠了吧", "那是她的讲究", "好神奇" (not "我觉得没必要，你帮我
# 分析下利弊就行": a request follows)
_VERDICT_RE = re.compile(
    r"(?:我(?:倒是|其实|个人)?觉得|感觉)(?:挺|有点|太|很|真|蛮|还挺)?(?:迷信|夸张|有道理|没必要|奇怪|搞笑|过分|合理|狠|严)"
    # a rule judged: "…, kind of ridiculous honestly", "KLM's 23kg limit is so stingy"
    r"|\b(?:a\s+)?bit\s+much\b"
    r"|\b(?:kind\s+of|kinda|pretty|so|a\s+bit|bit|totally|super)\s+(?:ridiculous|stingy|silly|overkill"
    # (not when the user goes along: "…a bit extreme but I'll try")
    r"|petty)\b(?![^.!?]*\bbut\s+(?:i|we)\s*'?ll\b)"
    # "…, but that's their rule"
    r"|\b(?:that'?s|thats)\s+(?:their|his|her)\s+(?:own\s+)?(?:rule|thing|call|business)\b"
    r"|听(?:着|起来)(?:挺|很|还挺|蛮)?(?:靠谱|有道理|合理)"
    r"|(?:这也|也)太(?:抠|小气|奇葩|过分|夸张)了"
    r"|那是(?:她|他|他们|她们|人家)(?:自己)?的(?:讲究|规矩|习惯|事)"
    # a rule judged a bother, or too strict: "…，真的好麻烦", "周末一律不准，真够严的"
    r"|(?:真的|真是)?(?:好|太|真)麻烦|不知道谁定的|(?:真|也|可)?够(?:严|夸张|麻烦|离谱|狠)的"
    # a rule only just heard of: "…我之前都不知道有这规定"
    r"|(?:之前|以前)?(?:都|还|根本)?不知道(?:还)?有(?:这|这个|这种|这条)(?:规定|规矩|说法|讲究)"
    # "…还说千万别买靠马路的，老一辈的讲究真多"
    r"|(?:讲究|规矩|说法)(?:可|也|还)?真?(?:多|不少)(?:啊|呀|哈+)?\W*$"
    r"|(?:好|真|太)(?:神奇|奇怪|霸道|会省|能省|抠门)(?:啊|了|吧|哦)*\W*$",
    re.IGNORECASE,
)
# The user's own vent about it, said last: "物业规定…，楼上天天违规，烦死了"
_VENT_END_RE = re.compile(
    r"(?:烦死了|气死了|无语死了|受不了了|(?:真)?服了(?:他|她|他们|她们)?|(?:根本)?没人管|心累(?:了|啊)?|(?:好|真|太)惨(?:了|啊)?|离谱"
    # "…周末也不许出门，真是卷啊", "…marked absent. wild.", "…from 10pm to 8am and she hates it lol"
    r"|(?:真是?|太)卷(?:了|啊)?|吐槽|^\W*(?i:wild|crazy|insane)|(?i:\b(?:she|he|they)\s+hates?\s+it(?:\s+lol)?)"
    # "…说什么五点以后不送上楼，真无语", "…还不用提前审批，羡慕死了哈哈"
    r"|无语|羡慕)(?:了|死了|哭了)?(?:吧|啊|呀|哈+)?\W*$"  # "…老板还说下个月时薪要降到１３，离谱吧"
)


# The user's own disbelief, said last: "我同事说D车便宜一百多，我不太信", "…, but I don't buy it"
# (not "…我不太信，给他留足7天吧": a rule after it)
_DISBELIEF_RE = re.compile(
    r"(?:我(?:真的|是|也|反正)?(?:不太|不大|才不|有点不|可不|不)(?:信|相信)(?:哈+|呵+|啊|呢)?|我哪有"
    # what the user does not agree with: "班主任说…，说实话我不太赞成"
    r"|我(?:真的|其实|个人|反正)?(?:不太|不大|不怎么|并不|不)(?:赞成|赞同|同意|认同)(?:这个|这样)?(?:哈+|啊|呢)?|\bi\s+(?:don'?t|dont|do\s+not)\s+(?:buy\s+it"
    r"|believe\s+(?:it|that|him|her|them)))\W*$",
    re.IGNORECASE,
)


def doubted_reports(sentences: Sequence[str]) -> set[int]:
    """Positions of the sentences that report someone's words or a custom which the message
    then doubts ("My landlord told me I can't paint the walls… Is that normal in California?",
    "…正月十五之前不能剪头发，你听说过吗？"): put in question, the words are not the user's
    rules. The doubt is the same sentence or the next one."""
    doubted: set[int] = set()
    for at, sentence in enumerate(sentences):
        if _REPORTED_RE.search(sentence) is None:
            continue
        if any(
            (_DOUBT_RE.search(s) and not _PRICE_ASKED_RE.search(s))
            or (
                (_DISBELIEF_RE.search(s) or _VENT_END_RE.search(s) or _VERDICT_RE.search(s))
                and not is_request(s)
            )
            # whether a term is fair, not a price: "对方说违约金是合同额的３０％，这合理吗？"; a
            # rule's money cap is a term too ("…规定报销不能超过５００元，…，这合理吗？")
            or ("合理吗" in s and (not PRICED_RE.search(s) or "规定" in s))
            for s in sentences[at : at + 2]
        ):
            doubted.add(at)
    return doubted


# Whether a price is fair, asked of an offer: its figure is the task's ("…说要收八十块上门费，这个
# 价正常吗", "is that price normal?")
_PRICE_ASKED_RE = re.compile(
    r"(?:这|那)(?:个|种)?(?:价|价格|价钱|报价|费用|收费|工钱|工资)[^，,。]{0,4}(?:正常|合理|公道|贵|高|离谱)"
    r"|\b(?:that|this|the)\s+(?:price|quote|fee|rate|charge)\s+(?:is\s+)?(?:normal|fair|reasonable|ok|okay)\b",
    re.IGNORECASE,
)


# A day that has passed is what happened, not a day of the request: "yesterday", "last Friday".
PAST_DAY_RE = re.compile(
    r"\byesterday\b|\b(?:last|past|previous)\s+(?:\w+\s+)?(?:week|weekend|month|year|night"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b(?!\s+of\b)|\bago\b"
    r"|昨天|昨晚|前天|(?<![加算带只表单网图历])上周[一二三四五六日天末]?|(?<![加算带只表单网图历])上个?(?:月|星期|礼拜|周末)|去年",
    re.IGNORECASE,
)
# "This time" sets what is asked now against what happened then ("要比上次那台便宜" in "这次买的…
# 要比上次那台便宜"), unless a day gone by is named ("昨天…这次期中考试…").
_THIS_TIME_RE = re.compile(r"\bthis\s+time\b|这次|这回", re.IGNORECASE)


# An offer on the table is a figure of the task, told or not: "The plumber quoted $1,250",
# "the quote came in at 4,200", "the seller is asking 9k"
_OFFER_RE = re.compile(
    r"\b(?:quoted?|offered|(?:is|are)\s+asking|c(?:a|o)me?s?\s+in\s+at|(?:had|got|received)\s+quotes)\b"
    r"|报价|开价|要价"
    # a figure quoted: "师傅报了３８００", "装修半包报了八万"
    # (not what was signed up for: "报了三个补习班"; not someone else's: "他自己报了25万")
    r"|(?<![他她己])报了\s*(?=[\d０-９]{3,}|[\d０-９.]+\s*[万千]|[一二两三四五六七八九十]+[万千百](?!个))",
    re.IGNORECASE,
)


def names_offer(text: str) -> bool:
    """Whether ``text`` names an offer on the table ("The plumber quoted $1,250", "quote came in
    at 850", "报价"): a figure of the task, however it is told or asked about."""
    return _OFFER_RE.search(text) is not None


_HABIT_RE = re.compile(r"(?:never|always|usually|still)\s+\w+s", re.IGNORECASE)


_HANDED_TASK_RE = re.compile(
    r"\b(?:has\s+|'s\s+|have\s+|just\s+)?(?:asked|told|wanted|needed)\s+(?:me|us)\s+to\s+(?=(?:find|book"
    r"|sort|get|arrange|organi[sz]e|plan|buy|order|reserve|set\s+up|look\s+for|pick|choose|hire"
    r"|schedule|draft|write)\b)",
    re.IGNORECASE,
)
# a rule the user set themselves stands now: "我给自己定了个规矩，每天至少走一万步", "I've set
# myself a rule: no screens after 10"
OWN_RULE_SET_RE = re.compile(
    r"(?:(?<![\u4e00-\u9fff])|(?<=我)|(?<=我也)|(?<=我就))给自己(?:定|立|订|设)了?(?:个|一个|条|一条)?(?:规矩|规定|目标|原则|死命令)"
    r"|\bi(?:'ve|\s+have)?\s+(?:set|made|given)\s+myself\s+(?:a|the|one|this)\s+(?:\w+\s+)?(?:rule|goal|target"
    r"|limit|budget)\b",
    re.IGNORECASE,
)
_DONE_BY_THEN_RE = re.compile(
    r"\b(?:until|till|before|once|after|when)\s+(?:i|we|you)(?:['’]ve|\s+have)\s+[^,.;?!]*"
    # "I'm willing to take 300 a week until she's caught up"
    r"|\b(?:until|till|once)\s+(?:she|he|they|it)(?:['’](?:s|re|ve)|\s+(?:is|are|has|have))\s+[^,.;?!]*",
    re.IGNORECASE,
)
_WOULD_RE = re.compile(r"\bwould\b|\b(?:i|we|you|it)'d\b", re.IGNORECASE)
_SUPPOSED_RE = re.compile(r"\b(?:if|suppose|supposing|say)\s+(?:i|we)\s+[^,.;?!]*", re.IGNORECASE)


def sets_task(text: str) -> bool:
    """Whether ``text`` relays, now, the words of whoever sets the user's task (a boss, a
    client: ``_TASK_SETTER_RE``): those are the task's terms, not someone else's story."""
    return _TASK_SETTER_RE.search(text) is not None


_OBJECT_DONE_RE = re.compile(
    r"\b(?:split|divide|share|spend|use|invest|move|send|transfer|donate|allocate)\s+(?:the|that|those"
    r"|this)\s+(?:[^,.;!?]|[,.](?=\d)){1,24}?\s+(?:i|we|you|they)\s+(?:raised|paid|spent|saved|got"
    r"|earned|collected"
    r"|made|bought|booked|received)\b"
    # whom the user hired, bound by a rule now: "The movers I hired have to be finished by 1pm"
    r"|\b(?:i|we)\s+(?:hired|booked|ordered|picked|chose|found)\s+(?=(?:have|has|need|needs|must)\s+to\b"
    r"|must\b|should\b)"
    # what not to bring up, however long ago it happened (``small_talk.UNMENTIONED_RE``)
    r"|" + UNMENTIONED_RE.pattern,
    re.IGNORECASE,
)


_SAID_QUOTE_RE = re.compile(r"说[：:]?“[^“”]{1,60}”")


def tells_what_happened(sentence: str) -> bool:
    """Whether ``sentence`` tells of the past (``_TOLD_RE``, or a verb done to a count outside
    the current period, ``_DONE_COUNT_RE``) with no day ahead in it, no offer on the table and
    no "this time" set against it."""
    sentence = _THAT_DAY_RE.sub(r"\1", sentence)  # "约在12月5日，那天我请了假": that day is ahead
    # words quoted after their speaker set no period of the story: "老板说“这个月绝对不能再超预算
    # 了”，说完自己点了三百块的外卖"
    sentence = _SAID_QUOTE_RE.sub("说“”", sentence)
    # what the user said to the assistant before is no story: "上次说的那个聚餐，…人均别超过150",
    # "之前那个不要顺丰的要求撤了，顺丰也可以"
    sentence = SAID_BEFORE_RE.sub(" ", sentence)
    # a suggestion in the past tense is no story: "what if we kept the standup to 15 min max?"
    sentence = _WHAT_IF_RE.sub(" ", sentence)
    sentence = _THATS_WHEN_RE.sub(" ", sentence)
    sentence = _GOT_NOW_RE.sub(" ", sentence)
    sentence = _FIRM_RULE_RE.sub(" ", sentence)
    sentence = _SAME_AS_BEFORE_RE.sub(" ", sentence)
    # a deed the request waits for is ahead: "hold off on emailing the landlord until I've read
    # the draft"
    sentence = _DONE_BY_THEN_RE.sub(" ", sentence)
    # a task someone handed over is ahead: "My team lead asked me to book a meeting room…"
    sentence = _HANDED_TASK_RE.sub(" ", sentence)
    sentence = OWN_RULE_SET_RE.sub(" ", sentence)
    # what the user did earlier, naming the object of a request: "split the $1,500 we raised"
    sentence = _OBJECT_DONE_RE.sub(" ", sentence)
    if _WOULD_RE.search(sentence):
        # a supposition in the past tense is no story: "How much would I pay in fees if I moved
        # 5,000 dollars?"
        sentence = _SUPPOSED_RE.sub(" ", sentence)
    first = _TOLD_RE.search(sentence)
    if first and _HABIT_RE.fullmatch(first.group(0)) and is_request(sentence):
        # a habit wished for: "set up a schedule where gaming never goes past 8pm" (told only
        # if something else in it is)
        habits = (_HABIT_RE.fullmatch(m.group(0)) for m in _TOLD_RE.finditer(sentence))
        first = None if all(habits) else first
    told = first is not None or (
        _DONE_COUNT_RE.search(sentence) is not None
        and _CURRENT_PERIOD_RE.search(sentence) is None
        and _SO_FAR_RE.search(sentence) is None
    )
    if not told or _AHEAD_RE.search(sentence) is not None:
        return False
    if _OFFER_RE.search(sentence):
        return False
    return not (_THIS_TIME_RE.search(sentence) and not PAST_DAY_RE.search(sentence))


def bounds_something(text: str) -> bool:
    """Whether ``text`` has a word that makes a figure a bound (``_BOUND_CUE_RE``); "after" or
    "before" an event named by a noun ("after the MMR jab") bounds no figure."""
    text = _EVENT_CUE_RE.sub(" ", text)
    if _ASKED_COMPARISON_RE.search(text):
        text = _COMPARATIVE_RE.sub(" ", text)
    return _BOUND_CUE_RE.search(text) is not None


# A comparison asked of a named thing bounds nothing: "is the eiffel tower taller than 300 m?"
_ASKED_COMPARISON_RE = re.compile(
    r"^\W*(?:is|are|was|were)\s+(?:the|it|this|that|these|those|a|an|he|she|they)\b", re.I
)
_COMPARATIVE_RE = re.compile(r"\b[a-z]{2,}er\s+than\b", re.IGNORECASE)


def clause_voices(sentence: str, spans: list[tuple[int, int]], *, told: bool) -> list[Voice]:
    """Whose each clause of ``sentence`` is: ``quiet`` for a clause that tells of the past
    ("she used to say any meal under 10 dollars…", "老师说…不到80" in a told sentence), an
    opinion, or anything after a clause that introduces someone's words; ``relayed`` for an
    instruction relayed in the present ("My doctor says under no circumstances…"); else
    ``own``."""
    out: list[Voice] = []
    reported = False
    relaying = False  # a past report's words go on in the clauses after it
    for a, b in spans:
        text = sentence[a:b]
        if relaying and _VOICE_AGAIN_RE.match(text) is None:
            # "昨天跟我哥视频，他说今年春节不回来了，在国外要加班": still his words
            out.append("quiet")
            continue
        relaying = False
        if OWN_RULE_SET_RE.search(text):
            out.append("own")  # "我给自己定了个规矩，每天至少走一万步": the user's own rule
            continue
        if reported and _OWN_AGAIN_RE.match(text):
            reported = False  # "She wrote 'no rush' on them, but I actually need it by Wednesday"
        # someone's or something's words quoted: this clause and the rest are theirs
        quotes = bool((told and _QUOTED_THEN_RE.search(text)) or _THING_SAYING_RE.search(text))
        narrative = is_narrative(text) and not (not told and sets_task(text))
        # a saying someone repeats, or their own habit told ("我朋友说她从来不在晚上八点以后吃东西")
        habitual = (
            _HABITUAL_SAYING_RE.search(text) is not None
            or bool(narrative and _NEVER_HABIT_RE.search(text))
            or _OTHERS_HABIT_RE.search(text) is not None  # "我舅舅每次吃饭都要喝半斤白酒"
        )
        if (
            reported
            or quotes
            or habitual
            or _OPINION_RE.search(text)
            or (narrative and (told or not _PRESENT_REPORT_RE.search(text)))
            or (told and _PAST_REPORT_RE.search(text))
            or _THEIR_OLD_RULE_RE.search(text)
        ):
            out.append("quiet")
        else:
            out.append("relayed" if narrative else "own")
        reported = reported or quotes or bool(narrative and _REPORTING_END_RE.search(text))
        relaying = (
            habitual
            or _OLD_RULE_RE.search(text) is not None
            or (
                told and _PAST_REPORT_RE.search(text) is not None and not _TELL_THEM_RE.search(text)
            )
        )
    # words a speech tag after them gives to someone, in a story or laughed at: "Never again, he
    # said lol" (not "No flights before 9, she said": what she wants may be the task's)
    for index in range(1, len(spans)):
        tag = _SPEECH_TAG_RE.match(sentence[slice(*spans[index])])
        if tag and (told or tag.group("laugh")):
            out[index - 1] = "quiet"
    return out


# A speech tag alone in its clause, after the words it quotes
_SPEECH_TAG_RE = re.compile(
    r"\W*(?:he|she|they|(?:my|our|his|her)\s+\w+)\s+(?:said|says|told\s+me|swore)"
    r"(?:\s+(?:again|once))?(?P<laugh>\s+(?:lol|lmao|haha+))?\W*$",
    re.IGNORECASE,
)


# A rule someone made long ago, its words in the clauses after it: "我外公以前立过规矩，晚上九点以后
# 不许看电视"
_OLD_RULE_RE = re.compile(OLD_RULE)


# A rule others had, relayed now or not: "Margaret says her old book club had a rule: no more
# than one glass of wine per meeting"
_THEIR_OLD_RULE_RE = re.compile(
    r"\b(?:his|her|their)\s+(?:\w+\s+){0,3}?had\s+(?:a|this|one|some|the)\s+(?:\w+\s+)?rule\b"
    # a place's rule of a time gone by: "去年那个营地规定晚上９点熄灯、不准带零食"
    r"|(?:去年|前年|上次|上回|以前|之前|那时候?)(?:那个|那家|的)?[\u4e00-\u9fff]{0,6}?(?:规定|要求|不让|不准|不许)",
    re.I,
)
_NEVER_HABIT_RE = re.compile(r"从来不|从不|从来没")
# A saying someone repeats, with the words after it: "我妈总说吃完饭不能马上洗澡，要等半小时以上",
# "my grandpa always says never trust a menu with more than 20 items"
_HABITUAL_SAYING_RE = re.compile(
    # (not what the assistant must stop saying: "以后回答我的时候别老说…")
    r"(?<![别要])(?:总|老|常|总是|老是|经常|一直)(?:跟我|对我)?说|\balways\s+(?:says|said|tells\s+(?:me|us))\b"
    # "我爸又在电话里念叨今年一定要早点回来"
    r"|(?:念叨|唠叨|碎碎念)(?!了)",  # (not "被家里念叨了好久": what happened)
    re.IGNORECASE,
)


# The user speaking against words just quoted: "…, but I actually need it by Wednesday noon"
_OWN_AGAIN_RE = re.compile(
    r"\W*(?:but|though|however|不过|但是?|可是)\W*(?:(?:honestly|actually|really|personally)\W+)?"
    r"(?:i'm|im|i|we're|we|我|咱)(?![\w'])",
    re.IGNORECASE,
)
# Asking to pass words on is no report: "跟装修队说一声，早上8点之前别开工"
_TELL_THEM_RE = re.compile(
    r"说一声|说一下|转告|[跟和对给][^我\W][\u4e00-\u9fff]?说|\b(?:tell|let)\s+(?:them|him|her|the)\b",
    re.I,
)
# A clause where someone speaks again after a report: the user ("我想…", "but I…"), the
# assistant asked ("你帮我…", "can you…"), or a new subject named ("我妈…", "so we…")
_VOICE_AGAIN_RE = re.compile(
    # the user's conclusion after a report: "…一个礼拜吃了三回，所以晚饭就别再做土豆了"
    r"\W*所以[^，,。]{0,6}?(?:就)?(?:别|不要|不用)|"
    r"\W*(?:(?:but|so|and|then|也|但是?|不过|所以|可是|那|就)\W*)?(?:我|咱|你|您|帮|请|麻烦|能不能|可不可以|别|不要|千万"
    r"|以后|今后|从今往后"
    r"|\b(?:i|we|you|can|could|would|please|pls|my|our)\b)",
    re.IGNORECASE,
)
