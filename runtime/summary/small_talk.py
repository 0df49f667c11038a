"""Words that look like constraint signals but carry none: small talk and narrative (EN/ZH).

The clause extractor (``extract_signals``) keeps a user's clause when it holds a negation, a
preference or an imperative. In open-domain chat most of those words do something else, and a
clause taken for a constraint takes the summary's room before the notes that keep whole turns
(the LoCoMo regression traced in README). Three families are told apart here, by the shape of
the phrase rather than by any sentence of a test set:

- set phrases whose negation negates nothing the assistant must respect: greetings and
  reactions ("long time no see", "no way!", "oh no", "never mind", "I can't believe it",
  "好久不见", "不会吧", "别提了"), not knowing or not being sure ("I don't know", "不知道"),
  resolve and comfort ("I won't give up", "you're not alone", "it's not always easy");
- what happened, not what must happen: a modal perfect ("must have been", "couldn't have
  done it", "should've"), a negated past ("never had", "nobody came", "didn't", "从来没", "没
  见过"), a wish about the past ("I wish I could have been there", "那时候…希望");
- words addressed to the listener's life, not to the task: well-wishing ("hope you're well",
  "wish you the best", "祝你"), encouragement ("take care", "keep it up", "keep pushing",
  "stay strong", "加油"), offers ("let me know if you need anything", "anyone who needs it")
  and wanting to talk ("I want to tell you", "I'd love to hear more").

Each pattern is removed from a clause before the signal patterns run, so a clause that also
states a real constraint ("no way I'm paying over 200", "take care to avoid nuts") keeps it.
"""

from __future__ import annotations

import re

__all__ = ["OLD_RULE", "PAST_VERB", "UNMENTIONED_RE", "is_narrative", "without_small_talk"]

# A rule someone made long ago: "我奶奶以前立过规矩" (its words are theirs, and so are the clauses
# after it: ``sentence_mood.clause_voices``)
OLD_RULE = r"(?:立过|定过|立了|定了)(?:个|条)?(?:规矩|家规)"

# A past form: regular "-ed" or a common irregular verb.
PAST_VERB = (
    r"(?:\w+[^e\W]ed|had|was|were|did|got|went|came|saw|seen|fell|felt|gave|made|took|left(?!-)|found|knew"
    r"|thought|told|said|ran|met|let|kept|began|became|brought|bought|caught|won(?![’']t)|lost|sat|stood"
    r"|spent|sent|heard|held|wrote|read|been|done|gone|known|imagined|ate|drank|drove|flew|paid"
    r"|grew|wore|rode|slept|spoke|broke|chose|woke|sang|swam|threw|shook|forgot|hid|fought|drew|blew"
    r"|froze|stole|swore)"
)
_NEGATION_PHRASES = re.compile(
    # greetings, reactions, fillers
    r"\blong\s+time\s+no\b(?:\s+\w+)?|\bno\s+(?:way|worries|problem|prob|idea|doubt|wonder"
    r"|kidding|matter|big\s+deal|joke|clue|complaints?)\b|\boh\s+no\b|\bnever\s+mind\b|\bnot\s+(?:bad|much"
    r"|yet|sure|gonna\s+lie|only|to\s+mention)\b|\bwhy\s+not\b|\bif\s+not\b"
    # a hedge, not a refusal ("not really", "not at all"), unless a wish follows it ("I am not
    # at all interested in LG", "not really keen on hostels")
    r"|\bnot\s+(?:really|at\s+all)\b(?!\s+(?:interested|keen|a\s+(?:big\s+|huge\s+)?fan|into"
    r"|okay\s+with|ok\s+with|fine\s+with|happy\s+with|comfortable))"
    r"|\b(?:doesn'?t|don'?t|didn'?t)\s+do\s+much\b"
    # a review's verdict, joked: "10/10 would not recommend"
    r"|\b\d+/10\s+would(?:\s+not|n'?t)?\s+(?:recommend|do\s+(?:it\s+)?again)\b"
    r"|\b(?:can'?t|cannot|couldn'?t|won'?t|wouldn'?t)\s+(?:wait|believe|thank|imagine|beat"
    r"|stop\s+\w+ing|complain)\b|\bin\s+no\s+time\b|\b(?:never|not)-[\w-]+"
    r"|\bwithout\s+(?:fear|worry|worries|doubt|hesitation|incident|question|a\s+doubt)\b"
    # what the user could not have done otherwise: "Don't think I'd have survived without the
    # list", "I'd have gone crazy without your checklist"
    r"|\b(?:i'?d|would|wouldn'?t)\s+(?:have|'ve)(?:\s+\w+){1,3}\s+without\b"
    r"|\b(?:don'?t|do\s+not|didn'?t)\s+(?:even\s+|really\s+)?(?:know|think|remember|get\s+me\s+wrong|worry"
    r"|overthink|stress|panic)\b"
    # not knowing, not daring: "I can never remember", "I never dare ask", "can't recall"
    r"|\b(?:(?:can|could)\s+never|never|can'?t|cannot|couldn'?t)\s+(?:remember|recall|understand"
    r"|figure\s+out|tell|decide|dare|keep\s+track)\b|\bnever\s+a\s+dull\s+moment\b"
    r"|\bnothing\s+(?:but|special|much|new|like|beats|compares)\b|\bno\s+one\s+else\b"
    r"|\byou\s+never\s+know\b|\bnever\s+(?:fails?|ceases?)\s+to\b|\blike\s+no\s+(?:one|other)\b"
    # resolve and comfort
    r"|\b(?:not|never|won'?t|don'?t|didn'?t|can'?t|will\s+not)\s+(?:ever\s+)?(?:gonna\s+|going"
    r"\s+to\s+)?(?:give|giving)\s+(?:up|in)\b|\b(?:won'?t|not|never|don'?t)\s+(?:gonna\s+)?let"
    r"\s+\w+\s+(?:hold|keep|get|bring)\s+(?:me|us|you)\s+(?:back|down)\b|\bain'?t\b|\b(?:you|who|he|she|they)\s+never\b|\bnever\s+(?!\w+ing\b)\w+[^s\W]s\b(?!\s+(?:above|below|over|under|past|beyond|higher|lower)\b)|\b(?:i|we)(?:'ll|\s+will|'m|\s+am)?\s+(?:never|not|won'?t|not\s+gonna"
    r"|can'?t)\s+(?:ever\s+)?(?:quit|quitting|forget|forgetting|stop|let\s+(?:go|\w+\s+down))\b"
    r"|\bnever\s+quit\b|\b(?:won'?t|not|never|don'?t)\s+(?:let|letting)\s+\w+\s+(?:get|bring|keep)"
    r"\s+(?:me|you|us|him|her|them)\s+down\b|\b(?:not|never)\s+alone\b"
    r"|(?:\bisn'?t|\baren'?t|\bwasn'?t|\bweren'?t|\b(?:is|are|was|were|'s|'re)\s+not)\s+"
    r"(?:always\s+|so\s+|too\s+|very\s+|that\s+|really\s+|exactly\s+|a\s+|an\s+)?(?:easy|hard"
    r"|simple|fun|bad|important|true|fair|perfect|normal|over|the\s+same|the\s+end|big\s+deal)\b"
    # what happened: a modal perfect, a negated past
    r"|\b(?:never|nobody|no\s+one|nothing|none\s+of\s+\w+)\s+(?:\w+ly\s+|even\s+|ever\s+)?"
    # (a kind of goods is no deed: "nothing scented", "nothing fried")
    r"(?!(?:scented|flavou?red|fried|deep-fried|processed|salted|smoked|breaded|pickled|canned"
    r"|dyed|perfumed|sweetened|refined|packaged|used|refurbished|printed|padded|heated|glazed"
    r"|stuffed|spiced|aged|cured|carbonated|caffeinated|sugared|frosted|iced)\b)"
    + PAST_VERB
    + r"\b|\b(?:didn'?t|wasn'?t|weren'?t|hadn'?t|haven'?t|hasn'?t|couldn'?t)\b"
    # Chinese
    r"|好久不见|不会吧|不容易|没什么|别提了|不敢相信|没想到|不认识|不知道|不记得|不确定|说不定"
    r"|不一定|了不起|不得了|忍不住|舍不得|不用谢|别客气|不见不散|不好说|不明白|不懂|不错|不过"
    r"|不同|不仅|不管|不久|不客气|不好意思|差不多|(?<!也)没事|(?<!也)没关系|没问题|不断|无论|不如|没错|不然|不值"
    r"|(?:不用|别|不要|不必)担心"
    # someone else's habit, as "he never" is above: "他从来不买便宜的东西", "我奶奶从来不让…"
    r"|(?:他|她|他们|她们|爷爷|奶奶|姥姥|姥爷|外公|外婆)(?:也|都|以前)?(?:从来不|从不|从来没|一直不)"
    # a question taken back: "刚才那个问题不用管了"
    r"|(?:问题|那个|这个|那事|这事)不用管了"
    r"|从来没|从没|一直没|还没|[还也都]记得|(?<=[\u4e00-\u9fff])不(?:下来|下去|起来|过来|出来)|没(?=[^有，,。]{0,4}[过到见])",
    re.IGNORECASE,
)
_LISTENER_PHRASES = re.compile(
    # well-wishing and wishes about the past
    r"\b(?:i\s+)?(?:hope|hoping|wish|wishing)\s+(?:that\s+)?(?:you|your|u|y'all|so|everyone"
    r"|everything|all|the\s+best|things|it\s+(?:goes|went|works)|we\s+(?:can\s+)?(?:meet|hang"
    r"|catch|see|talk))\b|\bwish(?:ed)?\s+(?:i|we)\s+(?:could|had|were|was|would|did)\b"
    # encouragement, showing a photo
    r"|(?:^|\band\s+|\bso\s+)\W*(?:(?:please|just)\s+)?(?:take\s+care(?!\s+(?:of|to|that)\b)"
    r"|take\s+care\s+of\s+your\w*|take\s+it\s+easy|have\s+(?:fun|a\s+(?:blast|great|good|nice"
    r"|wonderful))|keep\s+(?:it\s+up|up\b|going|on\b|at\s+it|(?:on\s+)?\w+(?:ing|in')(?!\w)"
    r"|(?:that|the|your|this)\s+\w+\s+going|your\s+(?:chin|head)|me\s+posted|you\s+posted"
    r"|in\s+touch)|check\s+(?:out|this|these|that|my)\b|take\s+a\s+look|look\s+at\s+(?:this"
    r"|these|that|my)|tell\s+me\s+(?:more|about|all)|stay\s+(?!in\b|at\b|on\b|under\b|within\b"
    r"|below\b|above\b|away\b|off\b|out\b|home\b|near\b|close\b|with\b|the\b|a\b|an\b|one\b"
    r"|two\b|overnight\b|\d)[a-z]+\b)"
    r"|\b(?:i'?ll|we'?ll|will)\s+keep\s+(?:you|u)\s+posted\b|\bkeep\s+you\s+posted\b"
    # a filler that leads a request in: "While you're at it, order his food"
    r"|\bwhile\s+(?:you'?re|you\s+are|i\s+have\s+you)(?:\s+at\s+it)?\b"
    # "you'll have to see it", a guess about someone's feelings, an evaluation
    r"|\b(?:i|you|we)'ll\s+(?:just\s+)?have\s+to\s+(?:check|look|watch|try|see|read|convince"
    r"|keep\s+me|give\s+it)\b"
    r"|\bmust\s+(?:be|feel|add)\s+(?:so|such|really|pretty|quite|very|super|incredibly|an?\s"
    r"|amazing|awesome|incredible|wonderful|cool|fun|great|nice|tough|hard|exciting|breathtaking"
    r"|beautiful|rewarding|special|inspiring|scary)\b"
    r"|\b(?:it|that|life|this)(?:'s|\s+is|\s+was)\s+(?:so\s+|really\s+)?(?:good|great|fine|okay"
    r"|nice|cool)\s+to\s+(?:hear|see|know|have|be)\b|\blife'?s\s+good\b"
    r"|\bit'?s\s+(?:so\s+|really\s+|always\s+|kind\s+of\s+)?(?:hard|tough|difficult|easy|great"
    r"|good|nice|cool|amazing|fun|awesome|wonderful|inspiring)\s+(?:to|when|how)\b.*"
    # "hope", "need" as nouns: "gave me hope", "those in need"
    r"|\b(?:of|with|some|give|gave|gives|giving|keep|kept|and|my|your|our|their|new|no)\s+hopes?"
    r"\b|\bhopes?\s+(?:and|alive)\b|\b(?:the|in|a|our|their|your)\s+needs?\b"
    # offers and wanting to talk
    r"|\blet\s+me\s+know\s+(?:if|what|how|when)\b.*|\blet\s+me\s+know\b"
    r"|\bif\s+(?:you|we|they|u)\s+(?:ever\s+|do\s+|really\s+)?(?:need|want)\w*\b|\b(?:who|that)\s+(?:need|want)s?\b"
    # wanting a better life, not a task: "I want to help others", "I'd love to support them"
    r"|\b(?:want|wanted|wanna|hope|hoping|'d\s+love|would\s+love|dream|dreams?\s+is)\s+to\s+(?:help"
    r"|create|support|inspire|pass|give\s+back|make\s+a\s+difference|live|build|share"
    r"|spread|become|learn|grow|encourage|motivate|empower|raise|teach)\b"
    r"|\bhappy\s+with\s+(?:how|the\s+way|what)\b|\b(?:want|wanted|wanna|like|love|'d\s+love)\s+to"
    r"\s+(?:tell|share|say|show|let\s+you\s+know|hear|thank|ask\s+you|catch\s+up|chat|talk"
    r"|see\s+(?:you|it|them|the\s+(?:photos|pictures)))\b"
    # a day remembered and owned up to: "Best Tuesday of my life, no regrets", "Not proud of it"
    r"|\bbest\s+(?:\w+\s+){1,2}of\s+my\s+(?:life|year|week|month|summer)\b|\bno\s+regrets?\b"
    r"|\bnot\s+(?:proud|happy)\s+(?:of|about)\s+(?:it|that|this)\b"
    r"|\bnever\s+know\s+(?:why|how|what|which|whether|when|if)\b|\bnot\s+even\s+(?:mad|angry|upset|surprised)\b"
    r"|\bwithout\s+(?:ever\s+)?(?:questioning|thinking\s+about|complaining|noticing)\b"
    r"|\bmakes?\s+no\s+sense\b|不怪(?:他|她|你|他们|她们)|\bcan'?t\s+make\s+(?:this|it|that)\s+up\b"
    # wanting to vent, hoping for luck: "I just need to vent for a second", "希望能有好消息"
    r"|\b(?:need|want|needed|wanted)\s+to\s+(?:vent|rant|get\s+(?:this|it)\s+off\s+my\s+chest)\b"
    r"|希望(?:能|会)?(?:有|等到|收到)(?:个)?好消息|要命|要疯了|要崩溃了"
    r"|祝你|祝您|祝大家|希望(?:你|您|大家)们?(?:一切|都|也|能)?(?:好|开心|快乐|顺利|健康|幸福|早日)"
    r"|加油|保重",
    re.IGNORECASE,
)

# A clause about the past: "when I was a kid", "back then", "小时候", "那时候".
_NARRATIVE_RE = re.compile(
    r"\b(?:when\s+(?:i|we)\s+(?:was|were)|back\s+(?:then|in\s+the\s+day)|as\s+a\s+(?:kid|child"
    r"|teen)|growing\s+up|(?<!\bas\swe\s)(?<!\bas\si\s)(?<!\bas\sthey\s)(?<!\bas\sit\s)used\s+to)\b"
    # someone else's words, reported: "he says he only…", "my mum told me never to…",
    # "my partner says", "我同事说", "老师说", "我爷爷以前常说"
    r"|(?:^\W*(?:(?:lol|haha|omg|ugh|wow|so|oh|well)\W+)*|\b(?:but|and|though)\s+)(?:he|she|they|people"
    r"|everyone|everybody|mine|(?:my|our)\s+[\w-]+(?:\s+[A-Z][a-z]+)?)\s+(?:always\s+|just\s+|never\s+|also\s+|even\s+"
    r"|once\s+)?"
    r"(?:says|said|told\s+(?:me|us)|tells\s+(?:me|us)|thinks|thought|claims|insists|swears|swore|announced"
    r"|reckons|used\s+to\s+say"
    r"|keeps?\s+(?:telling|saying)|asked\s+(?:(?:me|us)\s+)?(?:if|whether))\b"
    r"|(?<![跟和对给同向])(?<![跟和对给同向][我他她])(?<![跟和对给同向][我他她]的)"
    r"(?:他|她|他们|她们|人家|别人|老师|(?:[我他她咱]们?的?)?(?:同事|朋友|老公|老婆|妈|爸"
    r"|爷爷|奶奶|姥姥|姥爷|外公|外婆|老板|领导|邻居|同学|室友|亲戚)|那口子|店家|那家店|商家|客服|网上|新闻"
    r"|客人|顾客|房客|租客|客户|工头|站长|作者|博主|专家)"
    r"(?:以前|总|老|常|也|还|就|有人?|一开始|开始|起初|最开始)*"
    # "跟快递客服说一声": a message to pass on
    r"(?:说(?!一声|一下|清楚)|讲|劝|宣布|告诉我|觉得|认为|问我|问(?!一下|下(?!午)|问|你|我)|非说|硬说|让我(?![们])(?=[^，。]{0,8}(?:别|不要|放|等)))"
    # a child clamouring for something: "我女儿吵着要去迪士尼看艾莎"
    r"|(?:吵着|闹着|嚷着|哭着|吵吵着)要"
    # a mistaken belief: "我还以为要等到明天"
    r"|(?:还|我)以为"
    # a wish had and dropped: "我本来想要靠窗的，后来想想还是算了"
    r"|(?:刚|本来|原本)想(?:说|要)"
    # another household's rule, a friend's story: "隔壁老王家规定孩子每天只能玩半小时手机",
    # "我有个朋友做了十年笔译了", "我奶奶以前立过规矩"
    r"|(?:隔壁|邻居|别人|人家|朋友家|同事家|亲戚家)[\u4e00-\u9fff]{0,4}(?:规定|定的规矩|的规矩)"
    r"|我有个(?:朋友|同事|同学|亲戚)"
    # another household's rule: "My neighbor's rule is no dogs on the couch", "My roommate has
    # this rule where…"
    # what someone else's authority makes them do: "my friend's professor makes them cite at
    # least 20 papers"
    r"|\b(?:my|our)\s+(?:friend|sister|brother|cousin|neighbou?r|roommate|colleague|co-?worker)(?:'s|’s)\s+"
    r"(?:new\s+)?(?:professor|teacher|boss|coach|landlord|manager|school|company|parents?|mum|mom|dad"
    r"|club|gym|team|job|contract|lab|office|work|dorm|building|hoa)\b"
    # another company's rule: "我同事说他们公司规定报销不能超过５００元"
    r"|(?:他|她)们(?:公司|学校|单位|家|小区)(?:规定|的规矩|有规矩)"
    # a story in a book or a film: "I'm reading a novel where the heroine has to…"
    r"|\b(?:a|the)\s+(?:novel|book|film|movie|show|series|story|game)\s+(?:where|in\s+which)\b"
    r"|\bback\s+in\s+my\s+day\b"
    # a friend's word: "A friend told me it is at least 28 days"
    r"|\ba\s+(?:friend|colleague|co-?worker|neighbou?r)\s+(?:of\s+mine\s+)?(?:told|tells)\s+me\b"
    r"|\b(?:my|our)\s+(?:\w+\s+)?(?:neighbou?rs?|roommates?|flatmates?|housemates?|friends?|co-?workers?"
    r"|colleagues?|cousins?|sisters?|brothers?|aunts?|uncles?)(?:'s|s'|’s)\s+(?:\w+\s+)?rule\s+(?:is|was)\b"
    r"|\b(?:my|our)\s+(?:\w+\s+)?(?:neighbou?rs?|roommates?|flatmates?|housemates?|friends?|co-?workers?"
    r"|colleagues?|cousins?|sisters?|brothers?|aunts?|uncles?)\s+(?:has|have|had)\s+(?:this|a|one|some)\s+"
    r"(?:\w+\s+)?rule\b"
    r"|" + OLD_RULE +
    # a child's question relayed: "儿子今天问我为啥每天要睡够10个小时"
    r"|(?:儿子|女儿|孩子|闺女|娃|宝宝)(?:今天|昨天|刚才|又|总|老)?问(?:我)?(?=为啥|为什么|怎么|是不是|能不能|啥|什么)"
    r"|我记得|记得以前|以前(?:是|常|都|总)|之前(?:从来|从没|一直|那(?:封|个|次|件|篇|份))|\bback\s+in\s+(?:19|20)\d\d\b"
    r"|\bback\s+in\s+(?:college|school|high\s+school|uni|university|my\s+\w+s)\b"
    # what everyone says, asked about: "why does everyone online say never touch the 401(k)…"
    r"|\b(?:does|do|did)\s+(?:everyone|everybody|people|they)\s+(?:\w+\s+)?say\b"
    # an elder's ways, remembered: "My grandma would eat anything except liver" (not "my
    # grandma would hate a loud place", "would like…")
    r"|\b(?:my|our)\s+(?:late\s+)?(?:grand(?:ma|pa|mother|father|parents)|nana|nan|granny|gran)"
    r"\s+(?:always\s+|never\s+)?would\s+(?!like|love|prefer|rather|want|need|hate|enjoy"
    r"|appreciate|mind|be\b)\w+"
    # when someone was young: "我妈年轻的时候一个月工资才三十块", "我小时候"
    r"|年轻(?:的)?时(?:候)?|小时候|读书(?:的)?时候|上学(?:的)?时候"
    # what a document says: "SLA里写的99.9%可用性", "劳动法里试用期最长不能超过六个月", "the
    # contract states…"
    # (not what to leave alone in it: "合同里任何金额都不要自己改")
    # (not the user's own document, the task's object: "帮我把这份合同里的错别字挑出来",
    # "帮我查下合同里关于提前解约的条款": a contract is what it says only with a word of saying)
    r"|(?<!这份)(?<!那份)(?<!这个)(?<!那个)(?<!我的)(?:法|规定|政策|说明书|SLA|sla)(?:里|上|中)"
    r"|(?<!这份)(?<!那份)(?<!这个)(?<!那个)(?<!我的)(?:合同|协议|条款|文件)"
    r"(?:里|上|中)(?=写|说|规定|明确|提到|约定|注明)"
    r"(?![^，,。]{0,12}?(?:别|不要|不能|不许)(?:自己)?(?:改|动|删|碰|加))|写着|里写的"
    r"|\bthe\s+(?:\w+\s+)?(?:contract|policy|law|sla|terms|agreement|manual|rules?|label|sign|sidewall|box|recipe"
    r"|instructions|guide|app"
    r"|\b(?:my|our|his|her|their|\w+'s)\s+(?:\w+'s\s+)?(?:recipe|instructions|manual|guide)\s+(?:says|said|states)\b"
    r"|package|screen|display|receipt|invoice|ticket|letter|website|site)\s+(?:says|states|stipulates|reads)\b"
    # what a thing shows: "The packet says 5 cm", "pkg tracking says 3-5 days", "weather app says
    # 31°C tmrw"; what is heard, its hearer left out: "heard it's 0"
    r"|\b(?:packet|package|pkg|packaging|tracking|forecast|app|gps|maps?|label|thermometer|scale)"
    r"\s+(?:says|said|states|reads|shows)\b|^\W*(?:\w+:\s*)?heard\s+(?:that\s+)?(?:it|they|you|some|most)\b"
    # what is heard said: "听说有的地方红包必须是双数", "I heard you can't…"
    # (a date the user is unsure of is still theirs: "截止好像是10月15日")
    r"|听说|(?:老是?|总|常)?听(?:别)?人说|据说|(?<!截止)(?<!日期)(?<!时间)(?<!期限)好像(?!是\s*[\d０-９.]+\s*[%％])|似乎|有人说|(?<=[，,])\s*(?:还|又|也)说(?!一声|一下|清楚)|(?<!without\s)(?<!until\s)(?<!before\s)(?<!unless\s)(?<!till\s)(?<!once\s)\bi\s+(?:heard|read)\s+(?:that\s+)?(?:you|they|some|most|it|the|a|an)\b(?!\s+first\b)|\bapparently\b"
    # a modal perfect: what might have happened ("must have been", "couldn't have done it")
    r"|\b(?:must|should|could|would|might|may)(?:\s+not|n'?t)?(?:\s+have|\s*'ve)\s+(?:\w+ly\s+)?"
    r"(?!to\b)(?:been|\w+ed|\w+en|done|gone|made|got|known|seen|had|left|bought|brought|thought|told"
    r"|said|paid|sent|spent|put|let|cut|hit|set|run|come|become|lost|won|met|kept|felt|heard|found)\b"
    r"|\w+n'?t'?ve\b|小时候|那时候|那时|(?:我们?|咱们|他们?|她们?|爷爷|奶奶|姥姥|姥爷|外公|外婆|老一辈|上学|读书)那会儿|当时|那段时间(?!\s*(?:别|不要|不能|不许|千万|都别|我都|我不)|[^，,。]{0,6}?(?:得(?![了到知过])|需要))|那年|(?<![上午晚早])那次(?!的[\u4e00-\u9fff]{1,3}(?:帮我|给我|你帮|麻烦))|(?<![一二三四五六日天号月末\d])以前我|我以前"
    # someone's old habit: "我奶奶以前每年五月初五都要包二三十个"
    r"|(?<![\d点时号日天周月年])以前(?=每|都|常|总|经常|一直|也|一[顿天次周个]|能|会|可以)"
    # hearsay: "说是存款证明不够十万" (what they said)
    r"|(?<![你您别不])说是",  # not "别说是因为面试": what not to say
    re.IGNORECASE,
)


def is_narrative(text: str) -> bool:
    """Whether ``text`` tells of the past ("when I was a kid", "小时候"): its negations and
    wishes are what happened, not what the assistant must do."""
    text = UNMENTIONED_RE.sub(" ", _ASIDE_RE.sub(" ", text))
    if _ALLERGY_NOW_RE.match(text):
        return False  # "I'm lactose intolerant which rules out half of what I used to cook"
    if _ALLERGIC_RE.search(text):
        text = _APPARENTLY_RE.sub(" ", text)  # "He's allergic to cobalt apparently": still his
    return _NARRATIVE_RE.search(text) is not None


_ALLERGIC_RE = re.compile(r"\ballergic\b|过敏", re.IGNORECASE)
# An allergy said of now, first in its clause
_ALLERGY_NOW_RE = re.compile(
    r"\W*(?:i'?m|i\s+am|he'?s|she'?s|they'?re|we'?re|my\s+\w+(?:'s|\s+is))\s+(?:\w+\s+){0,2}?"
    r"(?:allergic|intolerant)\b",
    re.IGNORECASE,
)
_APPARENTLY_RE = re.compile(r"\bapparently\b|据说", re.IGNORECASE)


# What not to bring up, however long ago it happened, tells no story: "总结里别提上个月那次系统宕
# 机", "don't mention last week's outage"
UNMENTIONED_RE = re.compile(
    r"(?:别|不要|不用|千万别)(?:再)?(?:提|提到|提及|写|说|讲)[^，,。；;！!？?]{0,16}"
    r"|\b(?:don'?t|do\s+not|never)\s+(?:mention|bring\s+up|refer\s+to)\b[^,.;!?]{0,30}",
    re.IGNORECASE,
)


# An aside in brackets tells of something else: "我对青霉素过敏（小时候打针出过事）"
_ASIDE_RE = re.compile(r"（[^（）]*）|\([^()]*\)")


def without_small_talk(text: str) -> str:
    """``text`` with the small-talk and narrative phrases blanked (see the module docstring).

    Blanks keep the offsets of what remains, so callers may still report spans of ``text``.
    """
    for pattern in (_LISTENER_PHRASES, _NEGATION_PHRASES):
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    return text
