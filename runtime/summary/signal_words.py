"""The words that signal each kind of constraint in a user's clause (English and Chinese).

``extract_signals`` reads a clause against these patterns to say which kinds of constraint it
carries (a negation, an exclusion, an allergy, a preference, a diet, a deadline, an imperative,
a frequency), which words only weigh beside another requirement (a day, a taste), and which
clauses are no requirement at all (wishes for the other person). Each pattern holds the forms
hold-outs written by people who never read it showed (``tests/data/constraints/HOLDOUT.md``);
every form is pinned in ``tests/runtime/summary/test_lexicon.py``.
"""

from __future__ import annotations

import re

from runtime.summary.sentence_mood import DONT_BIE

__all__ = [
    "ABOUT_TO",
    "ALLERGY_RE",
    "ASKED_WITHOUT_RE",
    "DEADLINE_RE",
    "DIET_RE",
    "EXCLUSION_RE",
    "FREQUENCY_RE",
    "IMPERATIVE_RE",
    "NEGATION_RE",
    "NEVER_HAD_RE",
    "NOT_NEGATION_RE",
    "NO_NEED_RE",
    "PREFERENCE_RE",
    "TASK_START_RE",
    "TASTE_RE",
    "TRAVEL_RE",
    "WEAK_RE",
    "WELL_WISH_RE",
]

# Wishes for the other person: greetings of the season, "hope … you"
WELL_WISH_RE = re.compile(
    r"^\W*(?:happy\s+(?:new\s+year|birthday|holidays|thanksgiving|easter|anniversary|diwali"
    r"|hanukkah|lunar\s+new\s+year)|merry\s+christmas|season'?s\s+greetings)\b"
    r"|^\W*(?:(?:i|we)\s+)?(?:hope|wish(?:ing)?)\s+(?:\w+\s+){0,4}?(?:you|your|u|ya|y'all)\b"
    r"|(?:新年|生日|节日|中秋|春节|国庆|元旦)快乐|^\W*祝(?:你|您)",
    re.IGNORECASE,
)

NEGATION_RE = re.compile(
    r"\b(?:don'?t|do\s+not|doesn'?t|does\s+not|never|no|not|nothing|none|nobody|nowhere|without|w/o"
    r"|w/out|can'?t"
    r"|cannot|won'?t|will\s+not|shouldn'?t|should\s+not|mustn'?t|must\s+not|isn'?t|aren'?t"
    r"|avoid(?:ing)?|skip|refuse|hold\s+off|rather\s+not|instead\s+of|no-go|under\s+no|unable\s+to"
    r"|impossible\s+for\s+(?:me|us)|non-?starter|off[\s-]limits?"
    r"|refrain\s+from|steer\s+clear|stay\s+away|keep\s+away|hands\s+off"
    r"|leave\s+(?:(?:the|that|this|those|these|my|our|it|them)\s+)?(?!(?:me|us|him|her)\b)"
    r"(?:\w+\s+){0,2}alone"
    r"|out\s+(?:for\s+(?:me|us)|of\s+the"
    r"\s+question)|off\s+the\s+table"
    # Taglish (English mixed with Tagalog): "ayoko ng shared bathroom", "ayaw ko ng maanghang",
    # "hindi lalampas ng 2k" (not more than)
    r"|ayoko|ayaw\s+(?:ko|namin|natin)|hindi|huwag|wag)\b|n't\b|就算了|还是算了|就免了"
    r"|千万别|不许|不准|不让|不要|不能|不用|不想|不接受|不考虑|禁止|严禁|不得|避免|避开|躲开|绕开|拒绝|勿|不|没|免(?![费税息邮单签])"
    # (not 免费, 免税, 免息, 免邮, 免签: free of charge, of tax, of a visa)
    # spoken and regional "don't": "工作日莫约" (南方), "早上七点前甭来" (北方)
    r"|甭|(?<!约)莫(?=[要约来去搞买订打叫放吃喝碰等管动催慌急发给再])"
    # what is banned or kept off: "游戏类app全部禁掉", "忌生冷" (a diet's "avoid")
    r"|禁掉|禁用|屏蔽|拉黑|(?<![禁顾妒切])忌(?![讳妒惮日])"
    # a field left alone: "身份证号那栏空着", "签名处留空"
    r"|(?:那?栏|那?项|那?格|处|里)(?:先)?(?:空着|留空)"
    r"|" + DONT_BIE,
    re.IGNORECASE,
)

# Negations that are not requirements: "no worries", "不错", "不过" (but), "差不多" (about).
NOT_NEGATION_RE = re.compile(
    # courtesy: "No worries if you've got nothing to say", "No need to apologize", "No rush at
    # all", "不用不用", "不着急"
    r"\bno\s+worries\s+(?:if|about)\b[^,.;!?]*"
    r"|\bno\s+(?:worries|problem|prob|idea|way|doubt|wonder|kidding|matter|biggie|big\s+deal)\b|\bnot\s+bad\b"
    # A-not-A asks, it negates nothing: "不知道你识别得准不准" (not 不准, "not allowed"), "值不值"
    r"|(?P<asked>[\u4e00-\u9fff])[不没](?P=asked)"
    # ...and its short form at the end: "你看行不", "这样可以不"
    r"|(?:行|可以|好|对|成|能)不\W*$"
    r"|没毛病|没(?:太)?(?:看|听|搞|弄)(?:懂|明白)|不是(?:个)?滋味|真是?受不了|受不了了|[总老]?记不住|记不清"
    r"|^\W*(?:i\s+)?never\s+(?:really\s+)?(?:understood|got\s+it|knew|figured\s+(?:it\s+)?out)\b"
    r"|\bnot\s+going\s+into\s+it\b|\bnot\s+judging\b|\bno\s+judg(?:e)?ment\b"
    # not the one meant, not what the user has: "Not me btw, I don't even have a car"
    r"|^\W*not\s+me\b|\b(?:don'?t|do\s+not)\s+even\s+(?:have|own)\b|\bnot\s+(?:really\s+)?convinced\b"
    # a short denial of what was told: "…golden hour was at 3pm. it was not"
    r"|^\W*(?:it|that|he|she|they)\s+(?:was|is|were|did|does)\s*(?:not|n'?t)\W*$"
    # "Don't ask." (a long story), said last
    r"|\bdon'?t\s+ask\W*$"
    # a worry asked, not a rule: "不会都是假货吧"
    r"|不会[^，。,？?]{0,8}吧"
    r"|\bno\s+need\s+to\s+(?:apologi[sz]e|worry|thank|rush"
    r"|be\s+sorry)\b|\bno\s+(?:rush|hurry)\b|不用不用|不着急|不急(?=[，,。.！!]|$)|不用(?:道歉|谢|客气)|(?<!的)(?<!的就)(?<!的都)(?<!的也)(?<![\u4e00-\u9fff][\u4e00-\u9fff]就)不用了(?=[，,。.！!\s]|不用|$)"
    r"|\bnot\s+even\s+once\b"
    # not knowing, said last: "coworker keeps saying 401k beats both but idk"
    r"|\bidk\W*$|\b(?:i\s+)?(?:don'?t|do\s+not)\s+know\W*$"
    r"|\b(?:don'?t|do\s+not)\s+believe\b"
    # an interjection answering: "lol no, I meant…", "no no, the other one"
    r"|^\W*(?:(?:lol|haha|ha|oh|ah|um|uh|nah|well)\W+)*no(?:\W+no)*(?=\s*(?:,|$))"
    # a result judged before a feeling: "Not fast but I'm weirdly emotional about it"
    r"|^\W*not\s+(?:fast|quick|pretty|perfect|great|elegant|ideal|bad|cheap|easy|fun|glamorous)"
    r"\s+but\b"
    r"|long\s+time\s+no|\bcan'?t\s+wait\b"
    # what nobody knows, wondered about: "nobody at the office seems to know"
    r"|\b(?:nobody|no\s+one)\b[^,.;!?]{0,30}?\b(?:knows|seems\s+to\s+know|can\s+tell\s+me|has\s+a\s+clue|explains)\b|\b(?:don'?t|dont|never)\s+let\s+(?:anyone|anybody|them|people)"
    r"\s+tell\s+you\s+(?:otherwise|different(?:ly)?)\b|\boh\s+no\b|\bnot\s+sure\b|\bnot\s+gonna\s+lie\b"
    r"|\bnothing\s+but\b|\bno\s+matter\b|\bwhy\s+not\b|\bif\s+not\b|\bnot\s+only\b"
    # a limit lifted, words taken back as a joke: "there's no cap anymore", "别当真"
    r"|\bno\s+(?:cap|limit|budget|max(?:imum)?|deadline|rush)\s+any\s*more\b|别当真|开玩笑的"
    # what sources say, not a rule: "Recipes never agree on this", "the sites don't say"
    # (a plural or "they" as the subject)
    r"|\b(?:[a-z]{3,}s|people|they)\s+"
    r"(?:never|don'?t|do\s+not|rarely)\s+(?:agree|say|tell|mention|explain|list|match|specify)\b"
    # what the user cannot manage, told: "I never get it right", "cant find it anywhere"
    r"|\bnever\s+gets?\s+(?:it|this|that|them)\s+right\b|\bcan'?t\s+find\s+(?:it|them|that|this)\b"
    # what happened is not a rule: "I never had a chance", "it wasn't easy", "I didn't go"
    r"|\bnever\s+(?:had|been|was|were|did|knew|thought|got|seen|heard|imagined|expected|felt"
    # an experience the user lacks: "never written one before", "never tried sushi"
    r"|written|done|tried|used|made|met|owned|driven|cooked|baked|flown|worn|ridden|eaten"
    r"|played|travell?ed|lived|worked|run|taken|given|sent|built|grown|learn(?:ed|t)|sold|bought"
    r"|paid|spent|lost|won|booked|ordered|missed|visited|stayed|owned)\b"
    r"|\b(?:didn'?t|wasn'?t|weren'?t|hadn'?t|haven'?t|hasn'?t|couldn'?t)\b|\b(?:was|were|did)\s+not\b"
    r"|不错|不过|不同|不仅|不管|不久|不客气|不好意思|差不多|雷打不动|(?<!也)没事|(?<!也)没关系|没(?:啥|什么)?问题|不断|无论|不如|没想到"
    r"|\b(?:don'?t|do\s+not)\s+(?:really\s+|much\s+)?care\b(?!\s+(?:for|about)\b)"
    # what will not work, a complaint: "My kid's fever won't break", "the app won't load"
    r"|\b(?:won'?t|wont|will\s+not)\s+(?:break|stop|go\s+(?:down|away)|come\s+down|budge|start|turn\s+on"
    r"|load|boot|charge|connect|sync|heal)\b"
    # a reason, not a rule: "I told him no way, not after last time with the water heater"
    r"|\bnot\s+after\s+(?:last\s+time|what\s+happened)\b|说不清|讲不清|意见不(?:统一|一致)|没必要|[干待呆做]不(?:长|久)|不太?合理"
    # someone's vow, told: "…and swore never again"
    r"|\b(?:swore|vowed|promised)\s+(?:to\s+)?never\s+again\b"
    r"|不知道|没错|(?:不用|别|不要|不必)担心|不理解|不明白|不太会|无所谓|(?<=我)不(?:太|是很|大)?(?:懂|了解|熟悉|清楚)"
    # how things go, vented: "今年生意真不好做"; what the user would never do, said of a story: "I'd
    # never, but is that crazy…?"; what the user is glad not to have
    r"|不好(?:做|干|找|混|过|弄)|\bi'?d\s+never\W*(?:[,.;!?]|$)|\b(?:glad|thankfully|luckily)\s+(?:we|i)\s+"
    r"(?:don'?t|didn'?t|never)\b"
    # not telling things apart, tired past wanting: "一直搞不清", "累到不想说话了"
    r"|[搞弄分]不(?:清|懂|明白)|想不通|[累困烦忙饿][到得]不想"
    # not sure, a lost thing: "我每次都拿不准", "说明书找不到了"
    r"|[拿说吃]不准|拿不定|说不好|不确定|找不(?:到|着)了"
    # what was tried in vain: "我自己用皮搋子捅了半天没用"
    r"|半天(?:都|也)?没(?:啥|什么)?用\W*$"
    # far from it, a chatter: "I'm nowhere near that disciplined", "won't shut up about the ref"
    r"|\bnowhere\s+near\b(?!\s+(?:the|a|an|any|my|our|his|her)\b)|\b(?:won'?t|wont|will\s+not)\s+shut\s+up\b",
    re.IGNORECASE,
)

EXCLUSION_RE = re.compile(
    # what to stop doing, what it must not look like: "can we just stop stocking the vape stuff",
    # "just definitely not that blue snowflake look"
    r"\bstop\s+(?:stocking|selling|ordering|buying|using|booking|sending|carrying|offering)\b|"
    # what to filter out: "铺地毯的房子麻烦都帮我筛掉"
    r"(?:筛掉|过滤掉|剔除|去掉)(?!了)|"
    # a place kept away from: "quiet cabin, nowhere near the elevators or the nightclub"
    r"\b(?:nowhere|not\s+anywhere)\s+near\s+(?:the|a|an|any|my|our|his|her)\b|"
    r"\b(?:just\s+)?(?:definitely|absolutely)\s+not\s+(?:that|those|the)\s+\w+|"
    # an option dropped: "so lets drop the Braga option completely", "so the cheap pizza place by
    # the library is out", "空调清洗这次不用了"
    r"\blet'?s\s+(?:drop|skip|ditch|scrap|lose)\b|"
    r"^\W*(?:so\s+)?(?:the|that|those|any)\s+(?!(?:power|lights?|electricity|internet|wifi|sun)\b)"
    r"[^,.;!?]{1,40}?\s+(?:is|are)\s+out\W*$|"
    r"(?:这次|这回|今年|这趟)(?:就|先)?不(?:用|要|需要)了|"
    r"\b(?:except|excluding|any(?:thing|one|where|body)\s+but|other\s+than|apart\s+from|hold\s+the"
    # who is ruled out: "Anyone who smokes on the job is out"
    r"|(?:anyone|anybody|any\s+\w+)\s+(?:who|that)\b[^,.;!?]{1,40}\b(?:is|are)\s+out\b"
    # what is left out of a plan: "leave out the bread and pasta stuff", "leave the nuts off"
    r"|leave\s+(?:out|off)\s+(?:the|any|all)\b|leave\s+(?!me\b|us\b)(?:the\s+|any\s+|all\s+)?[\w'-]+"
    r"(?:\s+[\w'-]+)?\s+(?:out|off)\b"
    # "Any day but Wednesday", "any airline but Ryanair"
    r"|any\s+(?:day|time|date|night|week|airline|hotel|seat|room|brand|color|colour)\s+but"
    # the one just named, ruled out: "I've read everything by Sally Rooney so not her"
    r"|so\s+not\s+(?:her|him|them|that\s+one|those|these|this\s+one)(?=\W*$)"
    # what cannot be: "I work mon-fri so weekday appts are basically impossible"
    r"|(?<=\w\s)(?:is|are)\s+(?:basically\s+|pretty\s+much\s+|totally\s+|just\s+)?(?:impossible"
    r"|out\s+of\s+the\s+question|a\s+no[- ]go)"
    r"|strictly)\b"
    # a drink's ice left out: "点杯奶茶，去冰"
    r"|(?<![过回出进来上下])去冰|免冰"
    # what must be given up: "海鲜、啤酒都得戒", "奶茶要戒掉"
    r"|(?:得|要|必须|都|全)戒(?:掉)?(?![指备严])|戒掉"
    # chat Chinese passing on something: "打火机啥的pass", "这家直接pass掉"
    r"|(?<=[\u4e00-\u9fff])(?i:pass)(?:掉)?(?![A-Za-z])"
    # "Student buildings are out" (not "the results are out", "she's out")
    r"|^\W*(?!(?:he|she|it|they|we|i|you|the\s+(?:sun|results?|news|lights?))\b)[a-z][\w-]*(?:\s+[\w-]+){0,3}"
    r"\s+(?:is|are)\s+(?:definitely\s+|totally\s+|completely\s+)?(?:out|impossible|a\s+no-go)"
    r"(?:\s+(?:for\s+(?:me|us)|this\s+week|these\s+days|right\s+now))?\W*$"
    # taking a thing out of a draft: "just lose the emoji from the title", "remove the intro"
    r"|(?:^\W*|\b(?:just|please|pls|and|then)\s+)(?:lose|remove|delete|ditch|get\s+rid\s+of)\s+"
    r"(?:the|that|those|all|any|every)\b"
    r"|\w-free\b|\b(?:gluten|dairy|nut|peanut|sugar|lactose|soy|egg|alcohol|caffeine|meat|pork"
    r"|fragrance|scent|smoke|pet|msg)\s+free\b|除了|除外|以外|排除|无(?=[糖盐油辣烟麸乳奶蛋肉添酒])"
    # taking an option out: "Drop the Lenovo from the list", "so swap out the satay", "Swap the
    # ibuprofen for something else", "把测试账号的数据剔除掉"
    # "Forget the Hilton, look for something under 180"
    r"|(?:^\W*(?:(?:ok|okay|so|and|then|actually|oh|no)\W+)*)forget\s+(?:about\s+)?(?:the|that|those"
    r"|this|these)\b"
    r"|(?:^\W*(?:(?:please|pls|so|and|then|just|also|oh)\s+)*|\bso\s+)(?:drop|remove|ditch|nix|scratch"
    r"|swap\s+out|get\s+rid\s+of|lose|(?:cross|strike|knock|scratch)\s+(?:(?!off\b)\S+\s+){0,4}off"
    r"|(?:take|leave|rule|cut)\s+(?:(?!out\b)\S+\s+){0,4}out|strike|cut)\b|\b(?:swap|replace)\s+(?:out\s+)?(?:the|that|those|this|these|my)\b"
    r"|剔除|去掉|删掉|拿掉|划掉|去除|换掉|踢掉|砍掉|(?:先|都先|暂时)?停掉|先(?:全|都)停了|先停了吧|(?:先|都先|暂时)?下架"
    # a subscription dropped, an option let go: "优酷直接退掉吧", "渴望太贵也算了"
    r"|(?:直接|都|先)退掉(?!了)|也(?<=[\u4e00-\u9fff]也)算了(?!吧?[吗？?])"
    # the kind left out of a task: "水电账单汇总下，燃气费的就不用了"
    r"|^\W*[\u4e00-\u9fff]{1,8}的(?:就|都|也)?(?:不用|不要|算了)(?:了|啦)?\W*$"
    # no interest in an option, however hedged: "I am not at all interested in LG", "not
    # really keen on Airbnbs", "not a big fan of red-eyes"
    r"|\bnot\s+(?:\w+\s+){0,2}?(?:interested\s+in|keen\s+on|a\s+(?:big\s+|huge\s+)?fan\s+of)\b"
    # what the kitchen has run out of: "im out of lemons and vinegar"
    r"|\b(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+(?:all\s+|completely\s+)?out\s+of\s+(?!time\b|luck\b|ideas\b"
    r"|town\b|the\s+office\b|breath\b|patience\b|energy\b)[a-z]"
    # chat shorthand for "except": "any day next wk exc mon"
    r"|\bexc\b\.?(?=\s+[a-z])"
    # no more of an option: "can you stop suggesting HIIT", "quit recommending chains"
    r"|\b(?:stop|quit)\s+(?:suggesting|recommending|offering|proposing|pushing|showing\s+me"
    r"|sending\s+me|adding|including|mentioning|bringing\s+up)\b"
    # what the user is leaving out: "I'm skipping the weekly parking pass"
    r"|\b(?:i'?m|im|we'?re|i\s+am|we\s+are)\s+(?:going\s+to\s+|gonna\s+)?(?:skipping|ditching|passing\s+on"
    r"|dropping)\s+(?:the|that|this|those|these|any|all)\b"
    # what the user has given up: "I've given up meat for Lent" (not "gave up after 3 tries")
    r"|\b(?:i|we)(?:'ve|\s+have)\s+(?:\w+ly\s+)?given\s+up\s+(?!on\b|trying\b|hope\b)[a-z]+",
    re.IGNORECASE,
)

ALLERGY_RE = re.compile(
    # (not whether one might be: "我家猫会不会对油漆味过敏啊", "could she be allergic to it?")
    # (the lookbehinds come after the first character, so the scan for it stays fast)
    # (nor a document about them: "the allergen folder", "allergy info")
    r"\b(?<!\bbe\s)(?:al+erg(?:y|ies|ic|ens?)|intol[ae]r[ae]n(?:t|ce)|intol|c(?:o)?eliac|anaphyla\w*)\b"
    r"(?!\s+(?:folder|binder|list|chart|matrix|menu|info|information|labels?|sheet|book|board|policy"
    r"|training|guide|statement|poster)\b)"
    # (an illness named for its cause is a diagnosis: "过敏性鼻炎")
    r"|过(?<!会不会过)(?<!是不是过)(?<!会不会对过)(?<!是不是对过)(?<!可能过)"
    r"(?<!会不会对[\u4e00-\u9fff]{2}过)(?<!会不会对[\u4e00-\u9fff]{3}过)(?<!会不会对[\u4e00-\u9fff]{4}过)"
    r"敏(?!性(?:鼻炎|皮炎|结膜炎|哮喘|紫癜|咳嗽))|不耐受|忌口"
    # "我对甲醛特别敏感" (as "sensitive to" below)
    r"|对[^，。,！？!?]{1,6}?(?:特别|很|非常|比较|有点|超级|极其)?敏感"
    r"|\bmakes?\s+(?:me|him|her|them|us)\s+(?:really\s+|so\s+|super\s+|very\s+)?(?:sick|ill|break\s+out)\b"
    r"|\breacts?\s+badly\s+to\b|\b(?:i|he|she|they|we)\s+reacts?\s+to\s+(?!(?:the|this|my|your|his|her|our|what|news|it\s+well)\b)[a-z]|乳糖不耐|\b(?:can'?t|cannot|don'?t|do\s+not)\s+tolerate\b|\bhay\s*fever\b"
    # "I'm sensitive to formaldehyde", "my skin is sensitive to fragrance"
    r"|\b(?:i'?m|i\s+am|he'?s|she'?s|they'?re|skin\s+is|we'?re)\s+(?:very\s+|really\s+|super\s+|quite\s+)?"
    r"sensitive\s+to\b"
    r"|\bgives?\s+(?:me|him|her|them|us)\s+(?:hives|a\s+rash)\b"
    # what a food or a drug does to the stomach: "ibuprofen wrecks my stomach"
    r"|\b(?:wrecks?|upsets?|kills?|destroys?|messe?s\s+(?:up|with)|tears?\s+up|irritates?)\s+"
    r"(?:my|his|her|their|our)\s+(?:stomach|gut|tummy)\b"
    r"|\bmakes?\s+(?:my|his|her|their)\s+skin\s+(?:itch|break\s+out|red)|\bmakes?\s+(?:me|him|her)\s+itch"
    r"|\b(?:i|he|she|they|we|it)\s+(?:gets?|breaks?\s+out\s+in)\s+(?:hives|a\s+rash|itchy)\b"
    r"|\b(?:gets?|got|breaks?\s+out\s+in)\s+(?:hives|a\s+rash)\s+(?:from|after|when)\b"
    # "布洛芬我吃了胃疼", "一吃就过敏": what eating it does
    r"|[吃喝穿用涂戴碰]了?(?:[\u4e00-\u9fff]{1,5}?(?:[就也]会?|会)|[就也]?会?)(?:胃疼|胃痛|肚子疼|拉肚子|起疹子|长疹子|起红疹"
    r"|恶心|头晕|犯病|难受|吐|心慌|胀气|发痒|红肿)",
    re.IGNORECASE,
)

# 要 as "about to", a feeling vented, not a wish: "走了半小时我要疯", "要气死了"
ABOUT_TO = "疯|崩溃|死|哭|气死|累死|吐|晕|炸|抓狂|凉|挂了|完蛋"
PREFERENCE_RE = re.compile(
    r"\b(?:prefer(?:s|r?ed|ably)?|rather|sooner|ideally|if\s+(?:at\s+all\s+)?poss(?:ible)?|if\s+you\s+can"
    r"|if\s+there\s+(?:are|is)\s+any|if\s+(?:any\s+are\s+|they'?re\s+)?available"
    r"|(?:i|we|they)'?d\s+(?:still\s+|also\s+)?(?:like|love|go\s+for)|would\s+(?:like|love)|wish|hope|(?:please|pls|plz)(?!\W+(?:which|what|how|who|where|when|why)\b)"
    r"|only(?!\s+just\b)"  # not "I only just found that out"
    r"|whichever|whatever\s+is\s+(?:cheap|fast|soon|quick|short|near)\w*"
    r"|the\s+\w+\s+the\s+better"
    r"|keep\s+it\s+to|stick\s+to|(?:has|have|got|needs?)\s+to|need(?:s)?|must|should|want(?:s)?|wanna"
    r"|fine\s+by\s+me|works\s+for\s+me|happy\s+with|go\s+for)\b"
    r"|\b(?:is|are|'s|'re|be|was)\s+(?:fine|okay|ok|good|acceptable|preferred|all\s+right|alright)\b"
    # "breakfast included would be nice", "make sure there's a veggie option for her"
    r"|\bwould\s+be\s+(?:really\s+)?(?:nice|great|lovely|ideal|a\s+bonus|a\s+plus)\b"
    r"|\bmake\s+sure\s+(?:there'?s|there\s+(?:is|are))\b|\b(?:please|pls|plz)\s+make\s+sure\b"
    r"|\b(?:is|are|'s|'re)\s+(?:totally|perfectly|completely|absolutely|honestly|really|also|more\s+than)\s+"
    r"(?:fine|okay|ok|acceptable)\b"
    # what weighs more with the user: "离会场近点更重要", "being near the venue matters more"
    # (not an opinion: "我觉得善良比聪明更重要")
    r"|^(?![^。.!?]*?(?:觉得|认为|\bi\s+think\b|\bi\s+believe\b))[^。.!?]*?(?:更重要|最重要|最关键"
    r"|\b(?:matters?\s+more|(?:is|are)\s+more\s+important)\b)"
    r"|\bi'?m\s+(?:fine|okay|ok|happy)\s+with\b"
    # the kind picked: "买清洁剂的时候选无香型的"; what the user would like done: "婚纱照想拍外景";
    # an item asked for: "could we get a regular table"; nearness: "within walking distance"
    r"|(?:选|挑|要|订|拿|找|买)(?!了)[^，,。了]{1,6}的(?:吧|哈)?\W*$"
    r"|想(?:拍|要|找(?!人(?:说|聊|倾诉|陪))|住|去|买|订|约|坐|搭|试试|试一下|塞|带|寄)"
    # a child's class chosen, what counts most: "数学提高班我想让他上", "更看重操场和食堂"
    r"|想让(?:他|她|孩子|儿子|女儿|娃)(?:上|学|去|报)|(?:更|最|比较|主要)看重"
    r"|\bwould\s+(?:honestly\s+|really\s+|totally\s+|probably\s+|just\s+)?be\s+"
    r"(?:brill|brilliant|ideal|perfect|lovely|amazing|great)\b"
    # what would make the task easier: "a Spanish-speaking dentist would really help"
    r"|\bwould\s+(?:really\s+|definitely\s+|honestly\s+)?help\b(?!\s+(?:me|us|you|him|her|them)\b)"
    # a leaning, what the one it is for hates: "maybe lean toward something handmade", "My wife
    # hates camping btw"
    r"|\blean(?:ing)?\s+towards?\b"
    r"|\b(?:my|our)\s+(?:wife|husband|partner|son|daughter|kids?|mum|mom|dad|boyfriend|girlfriend)\s+"
    r"(?:hates|can'?t\s+stand|doesn'?t\s+like)\s+(?!it\b|when\b|that\b|how\b)[a-z]"
    # the kind asked for, by what it does: "can u find a podiatrist who does home visits"
    r"|\b(?:find|get|book|recommend|look\s+for)\s+(?:me\s+|us\s+|her\s+|him\s+)?(?:a|an|some)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:who|that)\s+(?:does|do|has|have|offers?|speaks?|takes?|accepts?|can"
    r"|delivers?|comes?|will)\b"
    # the kind that is better, said last: "something by the water is better", "earlier is better"
    r"|\b(?:something|anything|somewhere|anywhere|someone|one|earlier|later|sooner|cheaper|closer"
    r"|shorter|smaller|bigger|quieter|fewer|less|more)\b[^,.;!?]{0,30}?\s+(?:is|'s|would\s+be)\s+"
    r"(?:even\s+|much\s+|way\s+|probably\s+)?better\W*$"
    # the user's own habit of choice, a field to fill in: "我习惯用支付宝", "保险受益人写我女儿"
    r"|我(?:一般|平时|一直)?习惯(?:用|走|坐|住|买|在|去)"
    r"|(?:受益人|联系人|收件人|抬头|署名)(?:那栏|那一栏|这栏|一栏)?(?:就)?(?:写|填)"
    # a short pick, what to look at first: "靠窗的吧", "重点看违约条款"
    r"|^\W*[\u4e00-\u9fff]{1,6}的吧\W*$|重点(?:看|查|改|关注)"
    r"|\b(?:could|can)\s+we\s+(?:get|have|book|reserve)\s+(?:a|an|the|some)\b"
    r"|\bwithin\s+(?:easy\s+)?walking\s+distance\b"
    # more of something asked, or the way it is done: "让他们多包几层泡沫", "直接送上门"
    r"|多(?:包|放|加|带|拿|给|准备|留)(?:几|一)|直接(?:送|放|发|寄|联系|打给|转给)"
    # what the user cannot bear to see or hear: "冷白光看着难受"
    r"|(?:看着|听着|闻着|用着|穿着|戴着)(?:难受|不舒服|头疼|头晕|眼睛疼|眼睛累)"
    # who it is meant for: "推荐几本适合小学生的书" (not what does or does not suit, nor a question)
    r"|(?<![不太挺很蛮真最])适合[^，。,！!？?]{1,8}的(?![^，。,！!？?]{0,6}(?:吗|么|嘛|呢))"
    r"|(?:或者|或|还是)[^，,。]{1,6}比较(?:好|合适)\W*$"  # "驼色或者藏青比较好"
    r"|(?<![不没])(?:吃|喝|看|听)(?:腻|够)了(?=\W|$)"  # "鸡胸肉吃腻了，换点别的"
    r"|最好|优先|希望|尽量|倾向|偏好|偏向|就行|就好|就(?:ok|okay)(?![a-z])|就中|就成|就得|都行|也行|可以|只要|只考虑|宁可|宁愿|必须|一定要"
    r"|原则上|\bmake\s+(?:mine|ours)\b|(?:风格|口味|颜色|色调|装修)(?:要|就)?偏"
    # enough, better, any of a kind: "中杯就够了", "能便宜点更好", "地上楼层的随便"
    r"|就够了|(?:点|些)(?:的)?更好|的话更好(?![吗呢？?])|(?<=[\u4e00-\u9fff]{2})的(?:都)?随便\W*$"
    # what is fine to bear, a seat side: "二等座挤挤也没事", "坐高铁的话靠窗"
    r"|也(?:没事|没关系|无所谓)|靠(?:窗|过道|走廊|走道)(?!户)"
    # the kind named alone: "compostable ones" (not "the little ones", children)
    r"|^\W*(?:(?:only|just)\s+)?(?!(?:little|young|loved|older|younger|big|wee|new)\b)[a-z][a-z-]{3,}\s+ones\W*$"
    # the currency, units, language or layout asked for: "keep all prices in USD in your summaries"
    r"|\b(?:keep|put|show|list|give|write|quote|convert|do|send)\b[^,.;!?]{0,30}?\bin\s+(?:usd|eur|gbp|cny"
    r"|rmb|jpy|aud|cad|dollars|euros|pounds|yuan|a\s+table|(?:a\s+)?bullet(?:\s+points)?|bullets|english"
    r"|chinese|spanish|french|german|metric|imperial|celsius|fahrenheit|kg|km|miles)\b"
    # the manner asked for, first in its clause: "请用表格列出来", "请按时间顺序排"
    r"|^\W*(?:请|麻烦)你?(?:用|以|按照?)(?![了过])[\u4e00-\u9fffA-Za-z]"
    # the kind rented or booked: "帮我看看租辆SUV", "订间大床房" (not a bare "租辆车")
    r"|(?<![已刚])(?:租|订)(?:辆|台|间|套)(?!车(?:\W|$|吧|呢))[\u4e00-\u9fffA-Za-z]"
    # what the help must be able to do, the courier to use: "月嫂得会催乳", "快递走顺丰"
    r"|(?<=[\u4e00-\u9fff])(?:得|要|必须)会(?=[\u4e00-\u9fff])|(?:快递|物流)(?:就|都|统一)?走(?=[\u4e00-\u9fffA-Za-z])"
    # how to split it: "这个月给孩子的钱分两笔汇"
    r"|(?<![一二两三四五六七八九十\d])分(?:[两二三四五六七八九十]|\d{1,2})(?:笔|次|批|期|趟)"
    # the size worn: "她平时穿S码", "he wears a size 9"
    r"|穿\s*(?:[A-Za-z]{1,3}|\d{2,3})\s*码|\bwears?\s+(?:a\s+)?(?:size|sz)\s+\w+"
    # a room and what goes in it, said as a spec: "客厅用柜机", "卫生间铺防滑砖" (not "客厅装了…")
    r"|(?:客厅|卧室|主卧|次卧|厨房|卫生间|浴室|阳台|书房|儿童房|玄关|餐厅)(?:就|都|还是)?(?:用|装|铺|贴|刷|配)"
    r"(?![了过着完好])[\u4e00-\u9fffA-Za-z]"
    # the kind picked: "这次找个女医生吧"
    r"|(?:找|选|挑|换)(?:个|一个|家|一家|位|一位)(?!时间|机会|空|人(?:聊|说|问))[\u4e00-\u9fff]{1,12}吧"
    # what to pick for the user: "电影票帮我挑后排中间的位置"
    r"|帮我(?:挑|选)(?!个|一下|一个)[^，,。？?]{2,12}"
    # a must-have or a bottom line named: "电梯房是刚需", "独立卫浴是底线", "must-have"
    r"|是(?:我的|我们的)?(?:刚需|底线|硬性要求|必需)|\b(?:is|are)\s+(?:a\s+)?must(?:-|\s+)haves?\b"
    # what the user cannot bear (not a moment vented: "I hate when…", "I hate that…"):
    # "I hate sitting near the toilets", "我最讨厌靠窗的位置"
    r"|\bi\s+(?:really\s+|just\s+|absolutely\s+)?(?:hate|dislike|can'?t\s+stand|loathe)\s+"
    r"(?!(?:it|when|that|how|this|myself|you|him|her|them|everything)\b)"
    r"(?![^,.;!?]*\b(?:(?:these|those)\s+things|this\s+(?:stuff|kind\s+of))\b)"
    r"|我(?:最|很|特别|真的)?(?:讨厌|受不了)(?!死|了)"
    # someone's dislike, for a gift or a meal: "my mom hates anything scented"; a tentative
    # wish: "i was thinking something ruby"
    r"|\bhates\s+(?:anything|everything|all)\b|\bi\s+was\s+thinking\s+(?:something|maybe)\b"
    # the one to try first: "Try eBay or Mercari first"
    r"|^\W*try\s+(?:[\w'-]+\s+){1,4}?first\b"
    # a tentative plan said now: "Transport wise I'm thinking a coach from the office"
    r"|\bi'?m\s+thinking\s+(?:a|an|maybe|probably|we\s+(?:do|go|get|book))\b"
    # what is wanted, said alone: "Something low-key."
    r"|^\W*(?:something|somewhere)\s+(?:more\s+|a\s+bit\s+|really\s+|super\s+|quite\s+)?"
    r"(?!(?:else|happened|came|went|like|wrong|big|weird|funny|similar)\b)[a-z]+(?:-[a-z]+)?\W*$"
    # what is asked for: "Any chance of wheelchair-accessible seats for the ballet?"
    r"|\bany\s+chance\s+of\s+(?:a\s+|an\s+|some\s+|getting\s+)?(?!that\b|it\b)[\w-]+"
    # what the one a gift is for would hate or love: "Mom says he'd hate anything techy"
    r"|\b(?:he|she|they)(?:'d|\s+would)\s+(?:hate|love)\s+(?:anything|everything|something)\b"
    # the language or form asked for: "面试官的邮件回复的时候用英文哈", "报告里的图表都用柱状图吧"
    r"|(?:用|写成)(?:英文|中文|英语|日文|日语|繁体|简体)|都(?:用|选|换成|改成)[^，,。！!？?]{1,8}吧"
    # what is wanted near or under something: "Can you find something within walking distance"
    r"|\b(?:find|get|book)\s+(?:me\s+|us\s+)?(?:something|somewhere|anything|one)\s+(?:within|near"
    r"|close\s+to|under|below|around)\b"
    # what the thing asked for must do: "find me a shop that will let me try one before I buy"
    r"|(?:^\W*|\b(?:(?:you|u)(?:\s+(?:can|could))?|pls|please|plz|me|us)\s+)(?:find|get|recommend|suggest"
    r"|look\s+for|search\s+for)\s+(?:me\s+|us\s+)?"
    r"(?:(?:a|an|some|any)\s+)?(?:[\w'-]+\s+){0,3}?(?:that|which|who|where)\s+(?:will|can|could|would"
    r"|lets?|allows?|offers?|takes?|accepts?|delivers?|stays?\s+open|opens?|sponsors?|pays?|includes?)\b"
    # the best of its kind asked for, a standing instruction: "找个最近的中石化", "以后回复我都
    # 用中文"
    r"|(?:找|订|选|买|挑)(?:个|家|一家|一个)?最[\u4e00-\u9fff]{1,2}的|以后[^，。,！!？?]{0,8}都(?:用|按|写|发|给|寄|送|放|存|走)"
    # how it is to be made: "actually make it mild", "make them a bit shorter" (not "make it
    # happen", "make it to the airport")
    r"|(?:^\W*|[:;]\s*|\b(?:actually|just|pls|please|can\s+you|could\s+you|can\s+u)\s+)make\s+(?:it|them|that)\s+"
    r"(?:a\s+(?:bit|little)\s+|extra\s+|more\s+|less\s+)?(?!happen|work"
    r"|up\b|out\b|clear|sure|through|there|back|in\b|into|to\b|so\b|easy\s+on|count|stop|worse|right\b)[a-z]{3,}\b"
    # a bit more of a quality, said last: "语气正式点", "字写大点儿" (not 三点, 几点, 重点, 有点)
    r"|(?<=[\u4e00-\u9fff])(?<![\d一二两三四五六七八九十几半重地特优缺终起景观要差有早晚])点儿?(?=[，。！!,.\s]|$)"
    # a bound against what the user has or had: "something lighter than the current grey",
    # "walk more than yesterday", "糖放得比上回少些", "比我之前那个便宜"
    r"|\b(?:cheaper|shorter|lighter|darker|smaller|less|fewer|lower|longer|more|bigger|larger|heavier"
    r"|quieter|closer|sooner|later|earlier)\s+than\s+(?:the\s+(?:current|old|last|one)|my|our|last|what"
    r"|yesterday|before|we\s+did|this\s+one|that\s+one)\b"
    r"|比(?:我|我们)?(?:上次|上回|现在|之前|以前|原来|上个月|去年|上一版)[^，。,！!？?]{0,6}?(?:便宜|贵|少|多|短"
    r"|长|轻|重|小|大|远|近|晚|早|低|高)"
    # how the user has it done: "i like it runny", "we like ours medium rare"
    r"|\b(?:i|we)\s+(?:like|love|prefer|want)\s+(?:it|them|mine|ours)\s+(?:a\s+(?:bit|little)\s+|really\s+"
    r"|extra\s+|nice\s+and\s+)?(?!when|if|here|there|a\s+lot|so\b|very|too|all|both|because|but|and"
    r"|the|that|this|better|more|less|though|anyway|now|already|at\b|in\b|on\b|to\b|from|for|with)[a-z]{3,}"
    # a swap asked, what the user just wants, where from, the form asked: "拿铁帮我换燕麦奶",
    # "我就想吃顿火锅", "从南京南站走", "用表格写周报吧"
    r"|帮我换(?:成)?[\u4e00-\u9fff]{1,6}|(?:我)?就想(?:吃|喝|去|要|买)|从[\u4e00-\u9fff]{2,6}(?:站|机场|码头)(?:走|出发|上车)"
    r"|^\W*用[\u4e00-\u9fffA-Za-z]{1,6}(?:写|做|列|整理|发)[^，,。]{0,6}吧"
    # what the user wants to book, said without 我: "复查在协和，想挂专家号"; a room to be painted:
    # "想把卧室刷成light grey"
    r"|^\W*(?:我)?想(?:挂|订|约|住|换成|用)|想把[^，,。]{1,6}(?:刷|漆|涂|装|改|换)成"
    # what the thing sought must allow, after the request: "帮我找宠物友好的酒店，…，能带中型犬的"
    r"|^\W*能[\u4e00-\u9fff]{1,8}的\W*$"
    # what is to be bought, said with 吧: "高铁买一等座吧" (not "你看着买吧")
    r"|(?<!看着)(?<!随便)(?:买|订|选|坐|住|叫|租|点|请)(?:个|张|间|位)?(?![^，,。！!？?吧]{0,5}?(?:了|过))[^，,。！!？?吧你]{1,5}吧(?=\W|$)"
    # the one allowed: "仅限高铁二等座", "只走平台交易", "a window seat or nothing"
    r"|仅限|限于|只(?:走|用|收|接受|订|买|选|吃|喝|住|乘|搭|开|穿|付|认|约|发|玩|看|听|考虑|修|剪|洗|信|要|推荐|推|打算用|打算买|打算去|准备用"
    r"|对着|朝着|拍)|\bor\s+nothing\b"
    # "Train is better for me than plane", "mornings suit me better"; a fear is an avoidance:
    # "I am afraid of flying", "我恐高"
    r"|\b(?:is|are|'s|'re)\s+(?:much\s+|far\s+)?better\s+for\s+(?:me|us)\b"
    r"|\b(?:suits?|works?)\s+(?:me|us)\s+(?:way\s+|much\s+|far\s+|a\s+lot\s+)?better\b"
    r"|\b(?:work|works|suit|suits)\s+better\s+than\b|\bworks?\s+better\s+for\s+(?:me|us)\b"
    r"|\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:\w+\s+)?(?:afraid|scared|terrified|frightened)\s+of\b"
    r"|恐高|怕(?:坐|乘|搭)"
    # a note's "X ok" and "X → Y": "invest: index funds ok", "coffee order → decaf"
    r"|^\W*(?:[a-z]+:\s*)?(?!(?:sounds|looks|seems|that|it|its|i'?m|im|all|everything|this|you|are"
    r"|is|lol|haha|yeah|oh|ah|hmm|ok|okay|fair|went|was|were|did)\b)"
    r"[a-z][\w-]*(?:\s+(?!(?:went|was|were|is|are|turned|worked|feels?|felt|looks?|sounds?|seems?"
    r"|did|does|do|came|goes|go|got|get|out|be|been|all|just)\b)[a-z][\w-]*){0,2}\s+(?:ok|okay|fine)\W*$"
    r"|[a-z]\s+(?:→|->)\s+[a-z]"
    # the kind asked for: "猫粮帮我找无谷的", "帮我挑个静音的", "水果也挑低糖的", "帮我看看跟团的";
    # for whom: "火车票帮她买下铺"; more of: "清蒸、白灼的多来点"; how: "帮我改得简洁些"
    r"|帮我(?:找|挑|选|买|订|搜|看看|点|叫)个?[^，,。？?]{1,8}?的吧?(?=[，,。！!？?\s]|$)"
    # a feature asked of what is sought: "Looking for a barber that takes walk-ins"
    r"|\b(?:looking\s+for|find\s+(?:me\s+|us\s+)?|recommend|suggest|search\s+for)\s+(?:a|an|some|any)\s+"
    r"(?:[\w-]+\s+){0,4}?(?:(?:that|which|who)\s+(?:takes|accepts|allows|has|offers|does|speaks|serves"
    r"|delivers|includes|comes\s+with|is\s+open)|with\s+(?:a|an|free|its\s+own)\s+[\w-]+)\b"
    # a target the user sets: "I'm aiming for about 6000", "shooting for 3 a week"
    r"|\b(?:aim(?:ing)?|shoot(?:ing)?)\s+for\b"
    # a time kept free: "这段时间空出来"
    r"|空出来|留出来"
    r"|(?:^|也|就|只|都)(?:挑|选|找|要)个?[^，,。？?的]{1,6}的(?=[，,。！!？?\s]|$)"
    r"|[帮给](?:她|他|我们|他们|她们|老人|孩子|爸妈|我爸|我妈|老婆|老公|每个人|每人|大家|全家|所有人)(?:都)?(?:买|订|挑|选|找|约|换|改|安排)"
    # a rule for every case: "人名一律保留英文原文"
    r"|一律(?!不)|全程(?:用|说|讲|陪|英文|中文|英语)|(?:落款|署名|抬头|称呼)(?:就)?用"
    # the tool or the share asked: "排班表用Excel做", "想少排点夜班"
    r"|(?:用|拿)[A-Za-z0-9\u4e00-\u9fff]{1,12}?(?:做|写|画|排|整理|列(?:出来)?)(?=[，,。！!\s]|$)"
    r"|想?少(?:排|安排|约|订|买|放|加|推荐|推)点?|(?:我)?比较(?:信|认|相信|偏向|倾向)"
    r"|多(?:来|做|安排|吃)(?:点|些)|(?:改|写|弄|做|说)得[\u4e00-\u9fff]{1,3}?(?:一)?(?:点儿?|些)"
    r"|\bsomewhere\s+(?:(?:clean|small|cosy|cozy|modern|bright|simple)\s+)?(?:quiet|cheap|central|close"
    r"|near|nice|safe|with|that)\b|\ball\s+i\s+care\s+about\b"
    # a feature a stay or a seat must have: "Wheelchair-accessible room", "near the accessible
    # toilet", "step-free route"
    r"|\b(?:wheelchair[- ])?accessible\s+(?:room|toilet|bathroom|entrance|seat|parking|route)\b"
    r"|\b(?:step-free|roll-in|walk-in|non-smoking|pet-friendly)\b"
    # a first choice and its fallback: "Plan A is the Sony headphones, plan B the Bose ones",
    # "首选靠地铁站的，其次是离景区近的", "就存大额存单吧", "先找物业修", "就先交个初稿"
    r"|\bplan\s+[ab]\b|\b(?:first|second)\s+choice\b|\bfall\s*back\b|首选|其次是?|备选"
    r"|就(?:存|买|订|选|去|用|坐|住|交|找|叫|换)[^，,。？?]{1,8}吧|(?:就)?先(?:交|找|订|买|试|发|做)"
    # what matters to the user: "我比较看重吸力和续航"
    r"|看重|在意|注重"
    # a wish with its verb: "我想走保修", "滑雪课想上私教", "客厅想刷成浅灰色"
    r"|(?<![不没感回理梦思着猜])想(?:走|上|刷|买|订|去|换|用|选|住|报|请|约|改|租|坐|带|做成?|铺|贴|装|找(?!人))"
    # what will do: "国产的就挺好", "瓷砖缝就用普通填缝剂"
    r"|的就(?:挺|很|蛮)?好|就用(?![过了完])|就(?:最|更)好(?:了|不过)?"
    # a move asked for: "明天的会议挪到下午吧", "调到白班为主"
    r"|(?:挪到|改到|推到|调到|换到|移到|提前到|推迟到|延到|延后到)(?![了过])"
    # a switch asked for this time: "机油这次换全合成的", "下回换成靠窗的"
    r"|(?:这次|这回|下次|下回|以后)(?:就|都)?换(?:成|个)?(?![了过])[^，,。？?]{1,8}的(?=[，,。！!？?\s]|$)"
    # what the user can live with: "押一付三能接受" (not 不能接受, a refusal read as one)
    r"|(?<![不没])(?:能|可以)接受"
    # the condition of a deal: "要是包邮我就直接拍了", "如果能便宜点我们就签"
    r"|(?:要是|如果|只要|假如)[^，,。？?]{1,12}?(?:我|咱)?们?就(?:直接|马上|立刻)?"
    r"(?:拍|买|下单|订|要|租|签|成交)"
    # "make the curry less salty than last time"
    r"|\bcut(?:ting)?\s+(?:back|down)\s+on\b"
    r"|\bless\s+(?:salt|salty|sugar|sugary|sweet|spicy|hot|oily|greasy|fatty|cheesy|garlicky"
    r"|creamy|rich|heavy)\b"
    # how a text should sound: "make this sound less stiff", "so the tone is neutral"
    r"|\b(?:sound|read|come\s+across(?:\s+as)?)\s+(?:a\s+bit\s+|a\s+lot\s+|much\s+)?(?:less|more)\s+\w+"
    r"|\btone\s+(?:is|should\s+be|stays?|comes?\s+across\s+as)\s+(?:more\s+)?\w+"
    # whether there is one, asked as a wish for it: "帮我看看有没有国补", "帮我找找有没有大理石
    # 台面的茶几"
    # (read after NOT_NEGATION_RE has blanked the A-not-A: "有没有" is " … " then)
    r"|(?:看看|查查|找找|问问|搜搜)(?:有没有| … )(?!人)"
    # a bound said without a figure: "时间控制在半天以内", "控制在预算之内"; the day and the place
    # wished for: "想在2027.3.8办", "地点就在万达那家校区"
    r"|想在[^，。,！!？?]{1,12}(?:办|举行|举办|过|开|搞)|(?:地点|地方|位置)就?(?:在|选|定在)(?!哪)"
    r"|控制在[^，。,！!？?]{1,10}(?:以内|之内|以下)"
    r"|稀饭|与其|^\W*不如|宁可|宁愿|只想|(?:想|要|就|按)(?:跟[\u4e00-\u9fff]{1,4})?(?:对半|平摊|平分|AA)|(?:想|要|打算)自己[\u4e00-\u9fff]|(?:近|便宜|快|安静|大|小|早|晚)点(?:的|儿|吧)"
    # "a bit more X" said of how: "语气客气点", "写得简单点", "口气自然点儿"
    r"|(?:客气|自然|正式|简单|简短|详细|具体|通俗|轻松|委婉|礼貌|专业|口语化|活泼|严肃|温和|直接)"
    r"(?:一)?点儿?(?=[，,。！!；;\s]|$)"
    # "window > aisle": the one before the sign is preferred
    r"|[A-Za-z\u4e00-\u9fff]\s*>\s*[A-Za-z\u4e00-\u9fff]"
    # 得 as "must": "得找轮椅能进的餐厅" (not 觉得, 记得, 估计得有, 跑得快, 管得有点宽)
    r"|(?<![觉记懂值晓获取计])得(?:找|订|买|选|是(?![真挺很太])|要|有(?!点|些)|在|安排|提前|能|按)"
    # what is hoped for, what the user is used to: "期望工作地点在张江附近", "降压药我习惯早上吃"
    r"|期望|(?<![不没])习惯(?:在|于)?(?=早|晚|上午|下午|中午|饭前|饭后|睡前|每|周)"
    r"|需要|得在|要求|想要|更喜欢|喜欢|更愿意|情愿|更想|(?<![重主简必纲摘])要(?![是不])(?!"
    + ABOUT_TO
    + r")(?!\w{0,15}了(?:\W|$))(?!多少|几|多久|什么|怎么)"
    r"(?![\d一二两三四五六七八九十百千]+(?:多|来)?\s*(?:块|元|欧|美元|镑|万|千|百|个?小时|分钟|公里))"
    r"|能\w{1,10}就|记得|务必|别忘|之前先|以前先"
    r"|先(?:问|跟我|和我|告诉|确认|通知)|少[放吃喝加用油糖盐辣]|多[放加]|[少多]给[\u4e00-\u9fff]{1,3}?[吃喝]|清淡|\w一点(?!都)|\w一些"
    r"|\b(?:check\s+with\s+me|ask\s+me|run\s+(?:it|that|them|everything)\s+(?:by|past)\s+me"
    r"|clear\s+(?:it|that|them)\s+with\s+me|get\s+my\s+(?:ok|okay|approval|sign-?off|go-?ahead)"
    r"|until\s+i|unless\s+i)\b"
    r"|\b(?:switch\s+to|instead|if\s+(?:they|you|it)\s+(?:have|has|can|is|are))\b"
    # what is wanted after what is not: "…not a sit-down dinner, more like heavy apps and stations"
    r"|^\W*(?:(?:but|and)\s+)?more\s+like\s+(?![\d$€£¥]|an?\s+(?:hour|day|week|month|year)\b"
    r"|(?:that|this|it|a\s+lot)\b)"
    # the choice after a change of mind: "哦算了，还是一等座吧", "换个广州或者杭州的"
    r"|还是(?!算了)[^，。,！!？?]{1,10}吧|换(?:个|家|一家)[^，。,！!？?]{1,12}的"
    # a choice settled, a colour to paint, the same as something: "橱柜就定欧派了", "主卧墙面刷
    # 浅灰色", "颜色跟门一样"
    r"|就定(?=[A-Za-z0-9\u4e00-\u9fff])|(?:刷|涂|漆|喷)成?[^，。,！!？?]{0,6}色|(?:刷|涂|喷)成?白(?!天)"
    # the better of two, a must, the one to switch to, a uniform, what to take where there is
    # one: "哑光的更好", "机场接送一定订专车", "窗户换断桥铝的", "服装统一白衬衫黑裤子",
    # "景区里有观光车就坐观光车", "每个问题后面给我点评一下"
    r"|的更好(?![吗呢？?])|一定(?:订|选|买|找|用|坐|住|带|穿)"
    r"|换(?<![交转替]换)成?(?!了|过|个|家|一家|算|位思)[^\W_得了过]{1,8}(?:的(?=[，。,；;！!]|$)|或者?|吧(?=\W|$))"
    r"|统一(?:穿|用|订|买|选)?(?=[白黑红蓝灰绿黄紫粉])|统一用|有[^，。,！!？?]{1,8}就(?:坐|住|选|用|订|买|要|点)"
    # the order to sort in: "按时间先后排", "按金额从大到小排"
    r"|按[^，。,！!？?]{1,8}(?:排|排序|排列)(?![名行队])"
    # a diet asked for: "饮食低盐低糖"
    r"|低(?:盐|糖|脂|油|钠|嘌呤)"
    # only on given days, and how to reach the user: "每周只在周二和周四见客户", "有急事发微信"
    r"|只(?:在|能在|约在|排在)(?=[^，。,]{0,4}(?:周|星期|礼拜|上午|下午|晚上|早上|工作日|周末|\d))"
    r"|有急事(?:就|请)?(?:发|打|找|联系)"
    r"|给我[\u4e00-\u9fff]{1,6}一下"
    # what the user would like to eat, do or get: "晚宴我们想吃粤菜", "越南签证我想办电子签"
    r"|(?:我|我们|咱们?)(?:还是|比较|更|就)?想(?:吃|喝|住|坐|买|订|办|要|试|学|去(?!年))"
    r"|(?:跟|和|与)[^，。,！!？?]{1,8}一样(?![吗吧呢？?])"
    r"|想(?:弄|做|装|刷|搞|改|换|修)成|(?:换成|改成|改为|换为|办成|设成|设置成|锁定在|指定(?=[A-Za-z\u4e00-\u9fff]))(?![\w]{1,12}了)|只(?:订|买|坐|住|选|吃|喝|用|要|去|看|找|接受|考虑|能)(?![了过])"
    r"|\b(?:cheapest|fastest|quickest|shortest)\b|\ba\s+(?:bit|little|touch|tad)\s+(?!\w+er\s+than\b)(?:\w+ier|\w{2,}[^e\W]er)\b"
    # what weighs more for the user: "battery life matters way more", "更看重口碑" (not an opinion
    # of what is more important: "我觉得善良比聪明更重要")
    r"|\b(?:matters?|counts?)\s+(?:(?:way|much|far|a\s+lot)\s+)?more\b|\bmatters?\s+(?:the\s+)?most\b"
    r"|更看重|最看重"
    # how to reach whom: "有事发微信给我女儿", "有事就打我手机"
    r"|有事(?:就|请|的话)?(?:发|打|找|联系|告诉|通知)"
    r"|哪\w{0,2}便宜|选便宜的|越\w{1,3}越好"
    # what to take, named: "衣服选M码", "颜色选黑色", "座位选靠窗的"
    r"|^\W*[\u4e00-\u9fff]{1,4}选(?=[A-Za-z0-9\u4e00-\u9fff])(?!择|举|手|项|修|票|了|过|的)"
    r"|\b(?:any|anything|either|whichever|whatever)\s+(?:[\w:]+\s+){0,5}?(?:works|will\s+do)\b"
    # a move asked for: "asking to push my paper to next Monday", "move the call to 3"
    r"|\b(?:push|move|shift|reschedule|bump|change|switch)\s+(?:\w+\s+){0,4}?to\s+(?:next\s+|this\s+)?"
    r"(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d|tomorrow"
    r"|tonight|the\s+\d)"
    # what the thing must be in: "find that same lamp in brass", "order it in a size 10"
    r"|\b(?:find|get|order|buy)\s+(?:me\s+)?(?:\w+\s+){1,4}?in\s+(?:a\s+)?(?:black|white|red|blue|green"
    r"|grey|gray|navy|pink|beige|brass|gold|silver|steel|wood|oak|walnut|leather|cotton|linen|wool"
    r"|size\s+\w+|small|medium|large|xl)\b"
    # a diet the thing asked for keeps: "suggest a few vegetarian meals", "any vegan places"
    r"|\b(?:vegetarian|vegan|pescatarian|halal|kosher|keto|low[- ]carb|low[- ]sodium)\s+"
    r"(?:meals?|recipes?|dishes|options?|food|restaurants?|places?|dinners?|lunch(?:es)?"
    r"|breakfasts?|snacks?|menus?|cafes?)\b"
    # the tone asked for: "informal tone", "keep it casual"
    r"|\b(?:informal|formal|casual|friendly|polite|professional|neutral)\s+(?:tone|style|register)\b"
    r"|\bkeep\s+it\s+(?:informal|formal|casual|friendly|polite|professional|simple|light)\b"
    # "in plain English", "no jargon": how the answer is to be said
    r"|\bin\s+(?:plain|simple)\s+(?:english|language|words|terms)\b"
    # which English: "write the README in British English"
    r"|\bin\s+(?:british|american|us|uk|australian|canadian|indian)\s+(?:english|spelling)\b"
    # "Go easy on the salt", "light on the sauce"
    r"|\bgo\s+easy\s+on\b|\b(?:easy|light)\s+on\s+the\b"
    # "Email is best for reaching me", "mornings are easiest for me"
    r"|\b(?:is|are|'s)\s+(?:best|easiest|ideal)\s+for\b"
    r"|\b(?:is|are|'s)\s+(?:(?:much|way|a\s+lot)\s+)?(?:easier|better)\s+for\s+(?:me|us|him|her|them)\b"
    # a wish with what the thing must be: "想给我爸买个上臂式的血压计"
    r"|想(?:给[\u4e00-\u9fff]{1,3})?(?:买|找|订|租|换)(?:个|一个|台|一台|件|双|款|套)?[\u4e00-\u9fff]{1,6}的"
    # "a plated dinner would feel nicer", "I'd lean towards somewhere casual"
    r"|\bwould\s+(?:be|feel|look|work)\s+(?:nicer|nice|better|best|ideal|perfect|great|lovely)\b"
    r"|\blean(?:ing)?\s+towards?\b"
    # what the place looked for must have: "想找个有草坪的地方"
    r"|找(?:个|家|一家|一个)?(?:有|带|能)[\u4e00-\u9fff]{1,8}的"
    # an option taken: "The second option works", "that slot sounds good"
    r"|\b(?:option|choice|one|plan|proposal|slot|offer|version|draft)\b(?:\s+\w+)?\s+(?:works"
    r"|will\s+do|sounds\s+(?:good|great|fine|perfect)|looks\s+(?:good|great|fine|perfect))\b"
    # what the thing asked for must have: "find a hotel with free cancellation", "book a table
    # that has outdoor seating"
    r"|(?:^\W*|\b(?:(?:you|u)(?:\s+(?:can|could))?|please|pls|to)\s+)(?:find|get|book|pick|choose|look\s+for|search\s+for"
    r"|recommend|suggest)\s+(?:me\s+|us\s+)?"
    r"(?:a|an|some|one|two|three|(?=(?:places|spots|restaurants|hotels|caf[eé]s|options|ones)\b))\s*"
    r"(?:[\w-]+\s+){0,5}?(?:with(?!\s+(?:me|you|us|them|him|her)\b)"
    r"|that\s+(?:has|have|is|are|includes?|allows?|offers?|takes?|does|serves?|sells?)|that'?s\s+\w+)\b"
    # a file format: "Export the cleaned dataset as CSV", "导出成Excel"
    r"|\b(?:as|in|into|to)\s+(?:an?\s+)?(?:csv|tsv|json|jsonl|pdf|xlsx?|excel|markdown|parquet"
    r"|docx?|yaml|html|png|jpe?g|svg|bullet\s+points|plain\s+text)\b"
    r"|(?:导出|存|转|保存|输出|整理|做|写)成|(?i:csv|json|pdf|excel|markdown|word|ppt)格式"
    r"|格式(?:上)?(?:用|要|是|为|改成)|用\s*(?i:csv|json|jsonl|pdf|xlsx?|excel|markdown|parquet|yaml|utc)\b",
    re.IGNORECASE,
)

# A diet is a lasting rule even when told as a change: "I switched to a vegetarian diet last
# month", "我上个月开始吃素了".
DIET_RE = re.compile(
    r"\b(?:i'?m|i\s+am|we'?re|we\s+are|went|gone|switched\s+to|became|started)\s+(?:\w+\s+){0,3}?"
    r"(?:vegetarian|vegan|veggie|pescatarian|keto|halal|kosher)\b|吃素|全素|纯素|素食|清真",
    re.IGNORECASE,
)

# A bound on a day or a time is a deadline even without a figure: "before noon tomorrow".
DEADLINE_RE = re.compile(
    r"\b(?:before|by|after|until|till|no\s+later\s+than|no\s+earlier\s+than)\s+(?:the\s+)?"
    r"(?:noon|midnight|tonight|tomorrow|today|morning|evening|lunch|dinner|monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday|next|end\s+of)\b|最迟|最晚|截止|之前"
    # not "formerly": "我妈以前在菜市场卖了二十年菜", "以前一顿能吃三碗"
    r"|(?<![我你他她它们妈爸人家])(?<!^)以前"
    r"|\bdeadline\s+(?:is|was\s+moved\s+to)\b|\bdue\s+(?:by|on|before)\b|\b(?:EOD|COB|EOW)\b"
    r"|\bat\s+(?:the\s+)?(?:very\s+)?(?:most|latest|earliest)\b"
    r"|\b(?:last|first)\s+(?:business|working|week)\s*day\b|最后一个工作日|第一个工作日"
    r"|\blatest\s+(?:on|by)\b"
    r"|(?:月底|月初|年底|年初|节前|周末|下班|放假|开学|中午|今晚|明天|后天|周[一二三四五六日天]"
    r"|星期[一二三四五六日天]|礼拜[一二三四五六日天]|\d{1,2}[号日])前(?![面边台])",
    re.IGNORECASE,
)

# A clause that opens with an imperative about the task ("Use the debit card", "so let's keep the
# desserts low-sugar").
IMPERATIVE_RE = re.compile(
    # (after a stance word: "Honestly just find me a caterer around $25 a head")
    r"(?:^\W*(?:[a-z' ]{1,20}:\s*)?(?:(?:honestly|seriously|ok(?:ay)?|right|alright|anyway)\W+)?"
    r"(?:(?:please|just|and|then|so)\s+)?"
    # (after what it is for: "For the pancake breakfast, plan for roughly 200 people again")
    r"(?:for\s+(?:the|my|our|this|that|his|her)\s+[\w' -]{1,30}?(?:,\s*|\s+(?=use\b)))?"
    # (what to do differently this time: "…, so this time put every meeting in UTC")
    r"|\b(?:but|and\s+then|but\s+please|so\s+this\s+time|this\s+time(?:\s+round)?,?)\s+)"
    r"(?:use|get|keep|make|book|buy|pick|choose|take"
    r"|send|pay|order|find|put|bring|give|leave|call|schedule|set|add|include|remove|cancel"
    r"|text(?=\s+(?:my|him|her|them|the|our)\b)|email(?=\s+(?:my|him|her|them|the|our)\b)"
    r"|check|ask|tell(?!\s+(?:me|us)\s+(?:what|why|how|whether|if|about|more)\b)|stay|hold|cap"
    r"|block|transfer|move|reserve|confirm|arrange|stick|limit"
    r"|skip|avoid|go\s+for|go\s+with|opt\s+for|steer\s+clear\s+of|stay\s+away\s+from)\b"
    # a rule the user sets for both: "so let's keep the desserts low-sugar" (not "let's go",
    # "let's keep going", "let's keep each other motivated")
    r"|\blet['’]?s\s+(?:keep\s+(?:it|the|this|that|things|everything|costs?|spending|our|my)\b"
    r"(?!\s+(?:up|going)\b)|stick|use|skip|avoid|cap|limit|aim|go\s+with)\b"
    # a gate on the assistant's own act: "Before you send anything to my landlord, show it to me",
    # "先让我确认一下再转"
    r"|先(?:让|给|跟)我(?:确认|看|过目|检查|核对|同意)"
    r"|\bbefore\s+you\s+(?:send|post|pay|book|buy|submit|order|reply|publish|sign|delete|share)\b"
    # a Chinese request that does something to the task, not one that looks something up
    # ("帮我查一下…要多少钱" asks, "帮我订周五的" requires)
    r"|^\W*(?:麻烦|劳驾|帮我|帮忙|请你|给我)(?!(?:查|看|问|算|搜|找找|想想)(?:一下|下|查)?)"
    # the kind asked for after its topic: "瑜伽课帮我报个初级的"
    r"|帮我(?:报|订|约|买|选|挑|换|找|定)个[^，,。了]{1,8}的(?:吧|哈|呀)?\W*$"
    # ...or whose it is: "复诊挂号帮我挂王主任的号", "帮我约李医生的"
    r"|帮我(?:挂|约|订|报|找)[^，,。了]{1,6}的(?:号|课|班|场)?(?:吧|哈|呀)?\W*$"
    # time set aside for a task: "下周三空出半天来给我写年终总结" (not "上周空出半天陪孩子了")
    r"|(?:空出|留出|腾出|预留)(?:半天|一整?天|[\d一二两三四五六七八九十]+\s*个?半?(?:小时|钟头|天|晚))"
    r"(?![^，,。]{0,8}了)",
    re.IGNORECASE,
)

# A sentence that opens with a task for the assistant tells no story, whatever its relative
# clauses did: "Summarize the article I pasted above in 3 bullet points"
TASK_START_RE = re.compile(
    IMPERATIVE_RE.pattern
    # a refusal begged for, however stretched: "pleeease not easyjet, last time was a nightmare"
    + r"|^\W*(?:p+l+e+a+s+e+|pl+[sz]+)\s+(?:not|no|don'?t|never)\b"
    + r"|^\W*(?:for\s+(?:the|my|our|this|that|his|her)\s+[\w' -]{1,30}?,\s*)?"
    r"(?:(?:please|just|and|then|so)\s+)?(?:summari[sz]e|write|draft|translate|rewrite"
    r"|list|compare|export|convert|format|generate|prepare|update|remind|review|edit|outline|answer"
    r"|sort|rank|invoice|deduct|refund"
    r"|shorten|proofread|reply|respond|forward|plan|organi[sz]e|wake|reorder|rebook|renew"
    # an explanation asked with its form: "Explain compound interest in two or three sentences"
    r"|explain(?=[^.?!。？！]*\b(?:in|within|under)\s+(?:\w+\s+){0,3}(?:sentences?|words?|lines?"
    r"|paragraphs?|bullets?|points?|minutes?)\b))\b"
    # a search typed as its terms: "Flights Boston to Denver next Friday", "hotels in Porto
    # 3/14-3/17"
    # a rule under its heading: "Quiet hours for guests: nothing loud from 22:00 to 07:00"
    r"|^\W*(?:[\w'-]+\s+){0,4}?(?:hours|rules?|policy|limits?|budget)(?:\s+for\s+[\w'-]+)?\s*:\s*"
    r"(?:no|nothing|never|don'?t|only|max(?:imum)?|at\s+most|under)\b"
    # a plan the user is making: "体检套餐我打算给爸妈两个人一起订" (not one dropped: "本来打算")
    r"|(?<!本来)(?<!原本)(?<!原来)我(?:们)?(?:打算|准备|计划)(?!过)"
    # what was agreed, now the rule: "我跟老公商量好了，应急金留六个月的生活费"
    r"|(?:我(?:们)?|^\W*)(?:跟[\u4e00-\u9fff]{1,6})?(?:商量好了|说好了|定好了|谈好了|讲好了)"
    r"|^\W*(?:cheap(?:est)?\s+|direct\s+|one[- ]way\s+)?(?:flights?|trains?|buses|ferr(?:y|ies)"
    r"|hotels?|rooms?|tickets?)\s+(?:from\s+)?(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?\s+"
    r"(?:to|in|near|->|→)\s",
    re.IGNORECASE,
)

TRAVEL_RE = re.compile(
    r"出发|回来|回到|返回|返程|回程|到达|抵达|入住|退房|启程|动身|从[\u4e00-\u9fff]{1,4}飞|\bfly(?:ing)?\s+(?:to|from)\b"
    # when the user is free, where they go to play: "周日下午才有空走", "这周六带孩子去哪玩"
    r"|才有空|才有时间|有空|去[\u4e00-\u9fff]{0,2}玩|(?:过|回)?[去来]一趟"
    r"|\bi'?m\s+(?:only\s+)?(?:free|available)\b"
    # what must be open on the day: "Any walk-in clinics open this Sunday?"; the user's party on
    # a day: "周六生日派对的蛋糕有什么替代方案？"
    r"|\bopen\s+(?:on\s+)?(?:this|next|tomorrow|today|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
    r"|(?<=[一二三四五六日天])(?:的)?(?:生日)?(?:派对|聚会|party|聚餐|婚礼|宴席|酒席)"
    # going somewhere on a day: "这周六要去爬山", "十月二号走"
    r"|要去|打算去|准备去|想去|(?<=[号日天一二三四五六七])走(?![路了过着])|(?<=[号日])去(?=[\u4e00-\u9fff])|(?<!今天)(?<!昨天)(?:搬家|请假|休假|调休)"
    # flying somewhere on a day: "下周三飞成都", "明天飞上海"
    r"|(?<=[号日天一二三四五六七末])飞(?=[\u4e00-\u9fff]{2})(?!机|行|了|过)"
    # what starts on a day: "Cardiac rehab starts next Tuesday"
    r"|\b(?:starts?|begins?|kicks?\s+off)\b(?=\s+(?:on\s+)?(?:next|this|tomorrow|tonight|\w+day\b|\d))"
    r"|\b(?:leav\w*|depart\w*|return\w*"
    r"|arriv\w*|check(?:ing)?[-\s]?(?:in|out)|fly(?:ing)?\s+(?:out|back|home)|back|home)\b"
    # an appointment somewhere on a day: "明天下午2-5点在国贸那边开会"
    r"|在[\u4e00-\u9fff]{1,8}(?:开会|见客户|面试|考试|体检|复查|上课)"
    # an event's day: "chem retake is Wednesday"
    r"|\b(?:is|'s)\s+(?:on\s+)?(?:this\s+|next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
    # a reminder for a day: "remind me to pick up the results on Tuesday"
    r"|\bremind\s+(?:me|us|him|her)\b"
    # what starts on a day: "下周一开始执行吧"
    r"|(?:(?<=周[一二三四五六日天])|(?<=期[一二三四五六日天])|(?<=拜[一二三四五六日天])|(?<=明天)|(?<=后天))"
    r"(?:开始|起)(?![了过算付])"
    # the user's shifts on the days named: "I'm on days mon-wed next week, then nights fri and sat"
    # (not "I'm on my phone", "we're off to Canada"; a day word must follow)
    r"|\b(?:i'?m|i\s+am|we'?re)\s+(?:on|off|working)\s+(?:on\s+)?(?:days|nights|shifts?|call|earlies"
    r"|lates|weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)day|this|next|tomorrow|today|tonight)\b"
    r"|^\W*(?:then\s+)?(?:days|nights|earlies|lates|on\s+call)\b"
    # when goods change hands, the day right after: "pickup saturday", "delivery on friday"
    r"|\b(?:pick[-\s]?ups?|drop[-\s]?offs?|deliver(?:y|ies)|collection)\s+(?:(?:on|by|this|next)\s+)?"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|today)\b"
    # a plan's day: "Looking at Japan for next April", "planning a trip for May"
    r"|^\W*(?:(?:i'?m|we'?re)\s+)?(?:looking\s+at|planning|thinking\s+(?:of|about)|considering|eyeing)"
    r"\s+[\w\s]{1,30}?\b(?:for|in)\b",
    re.IGNORECASE,
)

WEAK_RE = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|weekend|morning|afternoon|evening|night|noon"
    r"|midnight|next\s+(?:day|week|month|year|quarter|term|semester)|monday|tuesday|wednesday|thursday|friday"
    r"|(?:next|this|early|late|mid|in)[-\s]may"
    r"|saturday|sunday|jan(?:uary)?|feb(?:ruary)?|march|april|june|july|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)s?\b"
    r"|今天|今晚|明天|明早|明晚|后天|昨天|周[一二三四五六日天末]|星期[一二三四五六日天]|礼拜"
    r"|上午|下午|中午|晚上|傍晚|早上|凌晨|夜里|白天|下周|下个月|月底|月初|双十一"
    # holidays are days: "五一", "国庆", "Thanksgiving"
    r"|五一|十一长假|国庆|春节|中秋|元旦|端午|清明|圣诞|\b(?:christmas|thanksgiving|easter|new\s+year)\b"
    r"|劳动节|除夕|元宵|腊月|正月|重阳|七夕|冬至|小年|(?:情人|母亲|父亲|儿童|教师|感恩)节"
    # the days of the new year: "初二去外婆家" (not 初中, 初次)
    r"|(?<![月年最当起])初[一二三四五六七八九十](?![一二三四五六七八九十]?(?:年级|中|次))"
    r"|\b(?:valentine'?s|halloween|(?:mother|father)'?s\s+day|boxing\s+day|memorial\s+day"
    r"|labou?r\s+day|independence\s+day)\b"
    # a day of the lunar new year: "初三到初六" (not 初三 the school year: "我儿子初三")
    r"|(?:大年)?初[一二三四五六七八九十](?=到|至|和|、|[，,。]|早|晚|上午|下午|中午|那天|当天|前|之前|以后|后|回|$)",
    re.IGNORECASE,
)

# How often: "every other day", "twice a week" (twice is a number), "隔天", "每隔两天"; not
# "daily" or "weekly", which on LoCoMo are what someone's routine is ("my daily routine")
FREQUENCY_RE = re.compile(
    r"\bevery\s+(?:other|second|third)\s+(?:day|week|month|morning|night|hour)\b"
    r"|隔天|隔周|隔一天|每隔",
    re.IGNORECASE,
)

# "没出过事故的" (one that never had an accident): a requirement on the choice, though "没…过"
# alone tells what happened (``small_talk`` blanks it before the other signals are looked for)
NEVER_HAD_RE = re.compile(r"没(?:出过|有过|发生过|修过|泡过)[\u4e00-\u9fff]{1,6}的")

# An option named, then "no need": "一等座太贵了没必要", "商务舱就没必要了"
# (``NOT_NEGATION_RE`` blanks 没必要 as a reason, "我觉得没必要这么紧张")
NO_NEED_RE = re.compile(
    r"^\W*(?![我你他她它咱这那其])[\u4e00-\u9fff]{2,10}?(?:太贵了?|太远了?|太贵|太慢了?)?"
    r"(?:就|也|真|实在|完全)?没(?:啥|什么)?必要(?:了|吧|啦)?\W*$"
)

# What someone likes or is after: a preference beside a requirement, never alone (LoCoMo's "I
# love this song!" is no constraint)
TASTE_RE = re.compile(
    r"\b(?:loves?|(?:is|are|'s|'re)\s+(?:really\s+)?into|adores?|looking\s+for)\b|爱吃|爱玩|迷上",
    re.IGNORECASE,
)

# What a question asks for, without something: "有没有不用化学疏通剂的办法？", "any recipes without
# eggs?", "a sunscreen that doesn't contain oxybenzone?"
ASKED_WITHOUT_RE = re.compile(
    r"不(?:用|含|加|放|带)[\u4e00-\u9fff]{1,8}的|能不(?:用|放|加)[\u4e00-\u9fff]{1,8}吗|\bwithout\s+\w+|\bwith\s+no\s+\w+"
    r"|\bthat\s+(?:doesn'?t|don'?t|isn'?t|aren'?t)\s+(?:contain|have|use|include|need)\b"
    # "what can i make with chicken thighs that's not spicy?"
    r"|\bthat(?:'s|\s+is|\s+isn'?t|\s+are|'re)\s+not\s+(?:too\s+)?\w+|\bthat\s+(?:isn'?t|aren'?t)\s+\w+",
    re.IGNORECASE,
)
