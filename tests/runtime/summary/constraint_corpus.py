"""Scoring the constraint corpora (``tests/data/constraints``) against a compaction summary.

The matching rule is the corpus README's: a constraint's ``value`` is kept when every string of
it occurs in the summary's text after NFKC, casefold and removing ``,`` between two digits.
Here it is applied per item (a fact's value, a decision with its reason, a question), so that
the direction can be judged on the item that holds the value: the constraint keeps its polarity
when that item also carries the user's own clause (the corpus ``clause``, same normalization,
whitespace collapsed) or, for a bound, the sign of its direction (``≤`` for ``max``, ``≥`` for
``min``) and not the opposite one. A value spread over several items does not count.

Used by ``test_constraint_corpus.py`` and ``bench/constraint_capture.py``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from runtime.formats import read_history
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.protocol import SummaryRequest
from runtime.summary.schema import CompactionSummary

DATA = Path(__file__).resolve().parents[2] / "data" / "constraints"
CORPUS = DATA / "corpus.jsonl"
HOLDOUT = DATA / "holdout.jsonl"
HOLDOUT_2 = DATA / "holdout_2.jsonl"
HOLDOUT_3 = DATA / "holdout_3.jsonl"  # written 2026-12-05 before the extractor ran on it
HOLDOUT_4 = DATA / "holdout_4.jsonl"  # written after holdout_3's misses were fixed
HOLDOUT_5 = DATA / "holdout_5.jsonl"  # several constraints per sentence
HOLDOUT_6 = DATA / "holdout_6.jsonl"  # other domains
HOLDOUT_7 = DATA / "holdout_7.jsonl"  # chat messages
HOLDOUT_8 = DATA / "holdout_8.jsonl"  # measures, ages, frequencies, relative days
HOLDOUT_9 = DATA / "holdout_9.jsonl"  # formal requests and conditions
HOLDOUT_10 = DATA / "holdout_10.jsonl"  # direction said sideways
HOLDOUT_11 = DATA / "holdout_11.jsonl"  # typed fast
HOLDOUT_12 = DATA / "holdout_12.jsonl"  # likes, dislikes, units, windows
# 13-16 were written by helpers who never read the extractor (2026-12-05, see HOLDOUT.md)
HOLDOUT_13 = DATA / "holdout_13.jsonl"  # chat typed casually, typos, code-switching
HOLDOUT_14 = DATA / "holdout_14.jsonl"  # work and life outside travel, policies
HOLDOUT_15 = DATA / "holdout_15.jsonl"  # chat-app Chinese, dialect and slang
HOLDOUT_16 = DATA / "holdout_16.jsonl"  # British, Australian, Indian, non-native English
HOLDOUT_17 = DATA / "holdout_17.jsonl"  # look-alike numbers; written after 13-16's fixes
HOLDOUT_18 = DATA / "holdout_18.jsonl"  # unusual shapes; written after 13-16's fixes
HOLDOUT_19 = DATA / "holdout_19.jsonl"  # speech-to-text; written after 17-18's fixes
HOLDOUT_20 = DATA / "holdout_20.jsonl"  # professionals' jargon; written after 17-18's fixes
HOLDOUT_21 = DATA / "holdout_21.jsonl"  # direction said in hard ways; after 19-20's fixes
HOLDOUT_22 = DATA / "holdout_22.jsonl"  # on behalf of others, family and care; same
HOLDOUT_23 = DATA / "holdout_23.jsonl"  # short fragments; after 21-22's fixes
HOLDOUT_24 = DATA / "holdout_24.jsonl"  # long briefs and updates; after 21-22's fixes
HOLDOUT_25 = DATA / "holdout_25.jsonl"  # typical English messages; after 23-24's fixes
HOLDOUT_26 = DATA / "holdout_26.jsonl"  # typical Chinese messages; after 23-24's fixes
HOLDOUT_27 = DATA / "holdout_27.jsonl"  # typical messages, EN and ZH; after 25-26's fixes
HOLDOUT_28 = DATA / "holdout_28.jsonl"  # typical messages, EN and ZH; after 27's fixes
HOLDOUT_29 = DATA / "holdout_29.jsonl"  # typical English messages; after 28's fixes
HOLDOUT_30 = DATA / "holdout_30.jsonl"  # typical Chinese messages; after 28's fixes
HOLDOUT_31 = DATA / "holdout_31.jsonl"  # follow-ups mid-conversation; after 28's fixes
HOLDOUT_32 = DATA / "holdout_32.jsonl"  # instructions to agents doing knowledge work; same
HOLDOUT_33 = DATA / "holdout_33.jsonl"  # typical messages, EN and ZH; after 29-32's fixes
HOLDOUT_34 = DATA / "holdout_34.jsonl"  # non-native English, Chinese mixed with English; same
HOLDOUT_35 = DATA / "holdout_35.jsonl"  # after-sales stories and what the user wants now; same
HOLDOUT_36 = DATA / "holdout_36.jsonl"  # personal life admin and planning; same
HOLDOUT_37 = DATA / "holdout_37.jsonl"  # typical English messages; after 33-36's fixes
HOLDOUT_38 = DATA / "holdout_38.jsonl"  # typical Chinese messages; same
HOLDOUT_39 = DATA / "holdout_39.jsonl"  # shopping, groceries, food delivery, restaurants; same
HOLDOUT_40 = DATA / "holdout_40.jsonl"  # longer messages, requirements among context; same
HOLDOUT_41 = DATA / "holdout_41.jsonl"  # typical English messages; after 37-40's fixes
HOLDOUT_42 = DATA / "holdout_42.jsonl"  # typical Chinese messages; same
HOLDOUT_43 = DATA / "holdout_43.jsonl"  # health, medication, fitness, diet; same
HOLDOUT_44 = DATA / "holdout_44.jsonl"  # work calendars and business travel; same
HOLDOUT_45 = DATA / "holdout_45.jsonl"  # typical messages, EN and ZH; after 41-44's fixes
HOLDOUT_46 = DATA / "holdout_46.jsonl"  # typical Chinese assistant-app messages; same
HOLDOUT_47 = DATA / "holdout_47.jsonl"  # typical English assistant-app messages; same
HOLDOUT_48 = DATA / "holdout_48.jsonl"  # family logistics over a week; same
HOLDOUT_49 = DATA / "holdout_49.jsonl"  # typical messages, EN and ZH; after 45-48's fixes
HOLDOUT_50 = DATA / "holdout_50.jsonl"  # typical English messages, background beside; same
HOLDOUT_51 = DATA / "holdout_51.jsonl"  # typical Chinese messages, background beside; same
HOLDOUT_52 = DATA / "holdout_52.jsonl"  # students and teachers; same
HOLDOUT_53 = DATA / "holdout_53.jsonl"  # typical messages, EN and ZH; after 49-52's fixes
HOLDOUT_54 = DATA / "holdout_54.jsonl"  # money and paperwork; same
HOLDOUT_55 = DATA / "holdout_55.jsonl"  # travel at home and on the road; same
HOLDOUT_56 = DATA / "holdout_56.jsonl"  # very short phone-typed messages; same
HOLDOUT_57 = DATA / "holdout_57.jsonl"  # typical messages, EN and ZH; after 53-56's fixes
HOLDOUT_58 = DATA / "holdout_58.jsonl"  # typical English messages, many walks of life; same
HOLDOUT_59 = DATA / "holdout_59.jsonl"  # typical Chinese messages, many walks of life; same
HOLDOUT_60 = DATA / "holdout_60.jsonl"  # messages to a coding or data agent; same
HOLDOUT_61 = DATA / "holdout_61.jsonl"  # typical messages, EN and ZH; after 57-60's fixes
HOLDOUT_62 = DATA / "holdout_62.jsonl"  # typical English messages; same
HOLDOUT_63 = DATA / "holdout_63.jsonl"  # typical Chinese messages; same
HOLDOUT_64 = DATA / "holdout_64.jsonl"  # events and hosting; same
HOLDOUT_65 = DATA / "holdout_65.jsonl"  # typical messages, EN and ZH; after 61-64's fixes
HOLDOUT_66 = DATA / "holdout_66.jsonl"  # typical English messages; same
HOLDOUT_67 = DATA / "holdout_67.jsonl"  # typical Chinese messages; same
HOLDOUT_68 = DATA / "holdout_68.jsonl"  # home, car and pets; same
HOLDOUT_69 = DATA / "holdout_69.jsonl"  # typical messages, EN and ZH; after 65-68's fixes
HOLDOUT_70 = DATA / "holdout_70.jsonl"  # customer service, subscriptions, bills; same
HOLDOUT_71 = DATA / "holdout_71.jsonl"  # voice-dictated Chinese, older users and parents; same
HOLDOUT_72 = DATA / "holdout_72.jsonl"  # education and kids; same
HOLDOUT_73 = DATA / "holdout_73.jsonl"  # typical English messages, many walks of life; same
HOLDOUT_74 = DATA / "holdout_74.jsonl"  # typical Chinese messages; same
HOLDOUT_75 = DATA / "holdout_75.jsonl"  # travel, dining and going out; same
HOLDOUT_76 = DATA / "holdout_76.jsonl"  # instructions to an office agent; same
HOLDOUT_77 = DATA / "holdout_77.jsonl"  # typical messages, EN and ZH; after 69-76's fixes
HOLDOUT_78 = DATA / "holdout_78.jsonl"  # personal finance, insurance, taxes; same
HOLDOUT_79 = DATA / "holdout_79.jsonl"  # typed quickly on a phone; same
HOLDOUT_80 = DATA / "holdout_80.jsonl"  # health, care and diet, Chinese; same
HOLDOUT_81 = DATA / "holdout_81.jsonl"  # typical messages, EN and ZH; after 77-80's fixes
HOLDOUT_82 = DATA / "holdout_82.jsonl"  # shopping, returns, gifts, deliveries; same
HOLDOUT_83 = DATA / "holdout_83.jsonl"  # casual chat-style Chinese; same
HOLDOUT_84 = DATA / "holdout_84.jsonl"  # follow-ups that change or correct a request; same
HOLDOUT_85 = DATA / "holdout_85.jsonl"  # typical messages, EN and ZH; after 81-84's fixes
HOLDOUT_86 = DATA / "holdout_86.jsonl"  # English from many countries and ages; same
HOLDOUT_87 = DATA / "holdout_87.jsonl"  # Chinese, simplified and traditional, some Cantonese
HOLDOUT_88 = DATA / "holdout_88.jsonl"  # home services and errands; same
HOLDOUT_89 = DATA / "holdout_89.jsonl"  # typical messages, EN and ZH; after 85-88's fixes
HOLDOUT_90 = DATA / "holdout_90.jsonl"  # typical English messages; same
HOLDOUT_91 = DATA / "holdout_91.jsonl"  # typical Chinese messages; same
HOLDOUT_92 = DATA / "holdout_92.jsonl"  # work and study; same
HOLDOUT_93 = DATA / "holdout_93.jsonl"  # typical messages, EN and ZH; after 89-92's fixes
HOLDOUT_94 = DATA / "holdout_94.jsonl"  # writing help beside quoted or pasted text; same
HOLDOUT_95 = DATA / "holdout_95.jsonl"  # hobbies, sports, games, outdoors; same
HOLDOUT_96 = DATA / "holdout_96.jsonl"  # typical Chinese messages, all ages and regions; same
HOLDOUT_97 = DATA / "holdout_97.jsonl"  # typical messages, EN and ZH; after 93-96's fixes
HOLDOUT_98 = DATA / "holdout_98.jsonl"  # typical English messages; same
HOLDOUT_99 = DATA / "holdout_99.jsonl"  # typical Chinese messages; same
HOLDOUT_100 = DATA / "holdout_100.jsonl"  # planning events and trips for groups; same
HOLDOUT_101 = DATA / "holdout_101.jsonl"  # typical messages, EN and ZH; after 97-100's fixes
HOLDOUT_102 = DATA / "holdout_102.jsonl"  # typical English messages; same
HOLDOUT_103 = DATA / "holdout_103.jsonl"  # typical Chinese messages; same
HOLDOUT_104 = DATA / "holdout_104.jsonl"  # accessibility, care, a new baby; same
HOLDOUT_105 = DATA / "holdout_105.jsonl"  # typical messages, EN and ZH; after 101-104's fixes
HOLDOUT_106 = DATA / "holdout_106.jsonl"  # typical English, some second-language; same
HOLDOUT_107 = DATA / "holdout_107.jsonl"  # typical Chinese, very short and rambling; same
HOLDOUT_108 = DATA / "holdout_108.jsonl"  # paperwork: insurance, tax, visas, contracts; same
HOLDOUT_109 = DATA / "holdout_109.jsonl"  # typical messages, EN and ZH; after 105-108's fixes
HOLDOUT_110 = DATA / "holdout_110.jsonl"  # typical English, writers of all ages; same
HOLDOUT_111 = DATA / "holdout_111.jsonl"  # typical Chinese, all ages and regions; same
HOLDOUT_112 = DATA / "holdout_112.jsonl"  # small business owners and their agents; same
HOLDOUT_113 = DATA / "holdout_113.jsonl"  # typical messages, EN and ZH; after 109-112's fixes
HOLDOUT_114 = DATA / "holdout_114.jsonl"  # typical English messages; same
HOLDOUT_115 = DATA / "holdout_115.jsonl"  # typical Chinese messages; same
HOLDOUT_116 = DATA / "holdout_116.jsonl"  # a voice or home assistant; same
HOLDOUT_117 = DATA / "holdout_117.jsonl"  # typical messages, 2026-12-05 (sixth session)
HOLDOUT_118 = DATA / "holdout_118.jsonl"  # English typed fast on a phone; same
HOLDOUT_119 = DATA / "holdout_119.jsonl"  # spoken and regional Chinese, everyday errands; same
HOLDOUT_120 = DATA / "holdout_120.jsonl"  # organizing events and groups; same
HOLDOUT_121 = DATA / "holdout_121.jsonl"  # English spoken to a voice assistant; same
HOLDOUT_122 = DATA / "holdout_122.jsonl"  # Chinese chat-app style and slang; same
HOLDOUT_123 = DATA / "holdout_123.jsonl"  # code-switching EN/ZH; same
HOLDOUT_124 = DATA / "holdout_124.jsonl"  # typical messages; same
HOLDOUT_125 = DATA / "holdout_125.jsonl"  # formal or polite English; same
HOLDOUT_126 = DATA / "holdout_126.jsonl"  # formal or business Chinese; same
HOLDOUT_127 = DATA / "holdout_127.jsonl"  # follow-ups that change or correct; same
HOLDOUT_128 = DATA / "holdout_128.jsonl"  # typical messages; same
HOLDOUT_129 = DATA / "holdout_129.jsonl"  # health, medication and care; same
HOLDOUT_130 = DATA / "holdout_130.jsonl"  # Chinese parents about their children; same
HOLDOUT_131 = DATA / "holdout_131.jsonl"  # English from teenagers and young adults; same
HOLDOUT_132 = DATA / "holdout_132.jsonl"  # typical messages; same
HOLDOUT_133 = DATA / "holdout_133.jsonl"  # money and paperwork; same
HOLDOUT_134 = DATA / "holdout_134.jsonl"  # detailed travel planning; same
HOLDOUT_135 = DATA / "holdout_135.jsonl"  # English from second-language writers; same
HOLDOUT_136 = DATA / "holdout_136.jsonl"  # typical messages; same
HOLDOUT_137 = DATA / "holdout_137.jsonl"  # Chinese online shopping and delivery; same
HOLDOUT_138 = DATA / "holdout_138.jsonl"  # English at work; same
HOLDOUT_139 = DATA / "holdout_139.jsonl"  # Chinese typed by voice input; same
HOLDOUT_140 = DATA / "holdout_140.jsonl"  # typical messages; same
HOLDOUT_141 = DATA / "holdout_141.jsonl"  # English home and family logistics; same
HOLDOUT_142 = DATA / "holdout_142.jsonl"  # Chinese travel and getting around; same
HOLDOUT_143 = DATA / "holdout_143.jsonl"  # instructions to a coding or productivity agent; same
HOLDOUT_144 = DATA / "holdout_144.jsonl"  # typical messages; same
HOLDOUT_145 = DATA / "holdout_145.jsonl"  # English beside text pasted from others; same
HOLDOUT_146 = DATA / "holdout_146.jsonl"  # Chinese of older people and regions; same
HOLDOUT_147 = DATA / "holdout_147.jsonl"  # English quantity idioms; same
HOLDOUT_148 = DATA / "holdout_148.jsonl"  # typical messages; same
HOLDOUT_149 = DATA / "holdout_149.jsonl"  # pets and their care; same
HOLDOUT_150 = DATA / "holdout_150.jsonl"  # Chinese at work; same
HOLDOUT_151 = DATA / "holdout_151.jsonl"  # English from older adults on phones; same
HOLDOUT_152 = DATA / "holdout_152.jsonl"  # typical messages; same
HOLDOUT_153 = DATA / "holdout_153.jsonl"  # requirements set out as lists; after 149-152's fixes
HOLDOUT_154 = DATA / "holdout_154.jsonl"  # Taiwan and Hong Kong Chinese, written Cantonese; same
HOLDOUT_155 = DATA / "holdout_155.jsonl"  # choosing by specifications and units; same
HOLDOUT_156 = DATA / "holdout_156.jsonl"  # typical messages; same
HOLDOUT_157 = DATA / "holdout_157.jsonl"  # English of India, Singapore, Nigeria...; after 153-156
HOLDOUT_158 = DATA / "holdout_158.jsonl"  # Chinese numbers said many ways; same
HOLDOUT_159 = DATA / "holdout_159.jsonl"  # conditions and exceptions; same
HOLDOUT_160 = DATA / "holdout_160.jsonl"  # typical messages; same
HOLDOUT_161 = DATA / "holdout_161.jsonl"  # calendars and reminders; after 157-160's fixes
HOLDOUT_162 = DATA / "holdout_162.jsonl"  # Chinese typed fast on a phone, pinyin initials; same
HOLDOUT_163 = DATA / "holdout_163.jsonl"  # parents organizing children's lives; same
HOLDOUT_164 = DATA / "holdout_164.jsonl"  # typical messages; same
HOLDOUT_165 = DATA / "holdout_165.jsonl"  # appointments with professionals; after 161-164's fixes
HOLDOUT_166 = DATA / "holdout_166.jsonl"  # Chinese of Singapore and Malaysia; same
HOLDOUT_167 = DATA / "holdout_167.jsonl"  # English numbers, times and dates in words; same
HOLDOUT_168 = DATA / "holdout_168.jsonl"  # typical messages; same
HOLDOUT_169 = DATA / "holdout_169.jsonl"  # changes of mind and corrections; after 165-168's fixes
HOLDOUT_170 = DATA / "holdout_170.jsonl"  # Chinese from small business owners; same
HOLDOUT_171 = DATA / "holdout_171.jsonl"  # students and young professionals on a budget; same
HOLDOUT_172 = DATA / "holdout_172.jsonl"  # typical messages; same
HOLDOUT_173 = DATA / "holdout_173.jsonl"  # food and schedules of faith and custom; after 169-172
HOLDOUT_174 = DATA / "holdout_174.jsonl"  # Chinese home renovation; same
HOLDOUT_175 = DATA / "holdout_175.jsonl"  # writing and editing asked with its limits; same
HOLDOUT_176 = DATA / "holdout_176.jsonl"  # typical messages; same
HOLDOUT_177 = DATA / "holdout_177.jsonl"  # sport and fitness; after 173-176's fixes
HOLDOUT_178 = DATA / "holdout_178.jsonl"  # Chinese stories and requests mixed; same
HOLDOUT_179 = DATA / "holdout_179.jsonl"  # English stories and requests mixed; same
HOLDOUT_180 = DATA / "holdout_180.jsonl"  # typical messages; same
HOLDOUT_181 = DATA / "holdout_181.jsonl"  # government and paperwork; after 177-180's fixes
HOLDOUT_182 = DATA / "holdout_182.jsonl"  # Chinese family occasions; same
HOLDOUT_183 = DATA / "holdout_183.jsonl"  # ranges, tolerances and alternatives; same
HOLDOUT_184 = DATA / "holdout_184.jsonl"  # typical messages; same
HOLDOUT_185 = DATA / "holdout_185.jsonl"  # young users online, slang and emoji; after 181-184
HOLDOUT_186 = DATA / "holdout_186.jsonl"  # Chinese dates said many ways; same
HOLDOUT_187 = DATA / "holdout_187.jsonl"  # limits said through comparisons; same
HOLDOUT_188 = DATA / "holdout_188.jsonl"  # typical messages; same
HOLDOUT_189 = DATA / "holdout_189.jsonl"  # exclusivity and exceptions; after 185-188's fixes
HOLDOUT_190 = DATA / "holdout_190.jsonl"  # Chinese deals with sellers and landlords; same
HOLDOUT_191 = DATA / "holdout_191.jsonl"  # limits softened by hedges; same
HOLDOUT_192 = DATA / "holdout_192.jsonl"  # typical messages; same
HOLDOUT_193 = DATA / "holdout_193.jsonl"  # English of non-native speakers; same
HOLDOUT_194 = DATA / "holdout_194.jsonl"  # Chinese cars, driving and parking; same
HOLDOUT_195 = DATA / "holdout_195.jsonl"  # time spans and durations; same
HOLDOUT_196 = DATA / "holdout_196.jsonl"  # typical messages; same
HOLDOUT_197 = DATA / "holdout_197.jsonl"  # many constraints in one long sentence; after 189-196
HOLDOUT_198 = DATA / "holdout_198.jsonl"  # Chinese medicine and doses; same
HOLDOUT_199 = DATA / "holdout_199.jsonl"  # events and catering for groups; same
HOLDOUT_200 = DATA / "holdout_200.jsonl"  # typical messages; same
HOLDOUT_201 = DATA / "holdout_201.jsonl"  # unusual negation (double negatives, 非…不可); same
HOLDOUT_202 = DATA / "holdout_202.jsonl"  # Chinese job seekers and employees; same
HOLDOUT_203 = DATA / "holdout_203.jsonl"  # US and UK units and measures; same
HOLDOUT_204 = DATA / "holdout_204.jsonl"  # typical messages; same
HOLDOUT_205 = DATA / "holdout_205.jsonl"  # Chinese university students; after 197-204's fixes
HOLDOUT_206 = DATA / "holdout_206.jsonl"  # gardening, DIY and crafts; same
HOLDOUT_207 = DATA / "holdout_207.jsonl"  # constraints asked as questions or for leave; same
HOLDOUT_208 = DATA / "holdout_208.jsonl"  # typical messages; same
HOLDOUT_209 = DATA / "holdout_209.jsonl"  # Chinese care of elderly parents; same
HOLDOUT_210 = DATA / "holdout_210.jsonl"  # terse notes and fragments; same
HOLDOUT_211 = DATA / "holdout_211.jsonl"  # English and Chinese mixed in one sentence; same
HOLDOUT_212 = DATA / "holdout_212.jsonl"  # typical messages; same
HOLDOUT_213 = DATA / "holdout_213.jsonl"  # shift and night workers; after 205-212's fixes
HOLDOUT_214 = DATA / "holdout_214.jsonl"  # Chinese meals and diets; same
HOLDOUT_215 = DATA / "holdout_215.jsonl"  # what the user cannot do or afford; same
HOLDOUT_216 = DATA / "holdout_216.jsonl"  # typical messages; same
HOLDOUT_217 = DATA / "holdout_217.jsonl"  # renting and moving house; same
HOLDOUT_218 = DATA / "holdout_218.jsonl"  # Chinese in a very polite, indirect style; same
HOLDOUT_219 = DATA / "holdout_219.jsonl"  # constraints given on behalf of others; same
HOLDOUT_220 = DATA / "holdout_220.jsonl"  # typical messages; same
HOLDOUT_221 = DATA / "holdout_221.jsonl"  # kids' school, clubs and childcare; after 213-220
HOLDOUT_222 = DATA / "holdout_222.jsonl"  # Chinese online orders and returns; same
HOLDOUT_223 = DATA / "holdout_223.jsonl"  # the constraint after a long story; same
HOLDOUT_224 = DATA / "holdout_224.jsonl"  # typical messages; same
HOLDOUT_225 = DATA / "holdout_225.jsonl"  # personal finance goals; same
HOLDOUT_226 = DATA / "holdout_226.jsonl"  # Chinese weekend outings and hobbies; same
HOLDOUT_227 = DATA / "holdout_227.jsonl"  # numbers written in unusual ways; same
HOLDOUT_228 = DATA / "holdout_228.jsonl"  # typical messages; same
HOLDOUT_229 = DATA / "holdout_229.jsonl"  # travellers with disabilities; after 221-228's fixes
HOLDOUT_230 = DATA / "holdout_230.jsonl"  # Chinese pets and their care; same
HOLDOUT_231 = DATA / "holdout_231.jsonl"  # digital work and files; same
HOLDOUT_232 = DATA / "holdout_232.jsonl"  # typical messages; same
HOLDOUT_233 = DATA / "holdout_233.jsonl"  # teachers and tutors; same
HOLDOUT_234 = DATA / "holdout_234.jsonl"  # Chinese hospital visits and checkups; same
HOLDOUT_235 = DATA / "holdout_235.jsonl"  # constraints of a whole group (we, 我们家); same
HOLDOUT_236 = DATA / "holdout_236.jsonl"  # typical messages; same
HOLDOUT_237 = DATA / "holdout_237.jsonl"  # dietary regimes; after 229-236's fixes
HOLDOUT_238 = DATA / "holdout_238.jsonl"  # Chinese home appliances and electronics; same
HOLDOUT_239 = DATA / "holdout_239.jsonl"  # constraints in an aside or a P.S.; same
HOLDOUT_240 = DATA / "holdout_240.jsonl"  # typical messages; same
HOLDOUT_241 = DATA / "holdout_241.jsonl"  # freelancers and small agencies; same
HOLDOUT_242 = DATA / "holdout_242.jsonl"  # Chinese household budgets; same
HOLDOUT_243 = DATA / "holdout_243.jsonl"  # full-width numbers, units and symbols; same
HOLDOUT_244 = DATA / "holdout_244.jsonl"  # typical messages; same
HOLDOUT_245 = DATA / "holdout_245.jsonl"  # weddings and big parties; after 237-244's fixes
HOLDOUT_246 = DATA / "holdout_246.jsonl"  # Chinese learning and courses; same
HOLDOUT_247 = DATA / "holdout_247.jsonl"  # alternatives and fallbacks; same
HOLDOUT_248 = DATA / "holdout_248.jsonl"  # typical messages; same
HOLDOUT_249 = DATA / "holdout_249.jsonl"  # cars: servicing, buying used, insurance; same
HOLDOUT_250 = DATA / "holdout_250.jsonl"  # Chinese business travel and remote work; same
HOLDOUT_251 = DATA / "holdout_251.jsonl"  # forwarded text, then the user's own rule; same
HOLDOUT_252 = DATA / "holdout_252.jsonl"  # typical messages; same
HOLDOUT_253 = DATA / "holdout_253.jsonl"  # English vents and long stories; after 245-252's fixes
HOLDOUT_254 = DATA / "holdout_254.jsonl"  # Chinese vents (吐槽); same
HOLDOUT_255 = DATA / "holdout_255.jsonl"  # moving abroad and visas; same
HOLDOUT_256 = DATA / "holdout_256.jsonl"  # typical messages; same
HOLDOUT_257 = DATA / "holdout_257.jsonl"  # attachments shown as chat apps show them; after 253-256
HOLDOUT_258 = DATA / "holdout_258.jsonl"  # English concerts, tickets, games and hobbies; same
HOLDOUT_259 = DATA / "holdout_259.jsonl"  # Chinese renovation, furniture, moving house; same
HOLDOUT_260 = DATA / "holdout_260.jsonl"  # chatting about the day, constraints slipped in; same
HOLDOUT_261 = DATA / "holdout_261.jsonl"  # insurance claims, repairs and disputes; same
HOLDOUT_262 = DATA / "holdout_262.jsonl"  # Chinese festivals and family visits; same
HOLDOUT_263 = DATA / "holdout_263.jsonl"  # typical messages; same
HOLDOUT_264 = DATA / "holdout_264.jsonl"  # typical messages; same
HOLDOUT_265 = DATA / "holdout_265.jsonl"  # English health and beauty bookings; after 257-264
HOLDOUT_266 = DATA / "holdout_266.jsonl"  # Chinese shopping during big sales; same
HOLDOUT_267 = DATA / "holdout_267.jsonl"  # a constraint referred back to later; same
HOLDOUT_268 = DATA / "holdout_268.jsonl"  # English run-on messages from tired parents; same
HOLDOUT_269 = DATA / "holdout_269.jsonl"  # Chinese takeaway orders and home cooking; same
HOLDOUT_270 = DATA / "holdout_270.jsonl"  # study and work schedules with time blocks; same
HOLDOUT_271 = DATA / "holdout_271.jsonl"  # typical messages; same
HOLDOUT_272 = DATA / "holdout_272.jsonl"  # typical messages; same
HOLDOUT_273 = DATA / "holdout_273.jsonl"  # English flights, seats and transfers; after 265-272
HOLDOUT_274 = DATA / "holdout_274.jsonl"  # Chinese children's classes and camps; same
HOLDOUT_275 = DATA / "holdout_275.jsonl"  # English home energy and bills; same
HOLDOUT_276 = DATA / "holdout_276.jsonl"  # Chinese buying and renting a home; same
HOLDOUT_277 = DATA / "holdout_277.jsonl"  # friends' words in a group chat, then the task; same
HOLDOUT_278 = DATA / "holdout_278.jsonl"  # English volunteering and donations; same
HOLDOUT_279 = DATA / "holdout_279.jsonl"  # typical messages; same
HOLDOUT_280 = DATA / "holdout_280.jsonl"  # typical messages; same
HOLDOUT_281 = DATA / "holdout_281.jsonl"  # English personal finance; after 273-280's fixes
HOLDOUT_282 = DATA / "holdout_282.jsonl"  # Chinese travel with elders and small children; same
HOLDOUT_283 = DATA / "holdout_283.jsonl"  # a past service complained of, then next time; same
HOLDOUT_284 = DATA / "holdout_284.jsonl"  # English small online sellers; same
HOLDOUT_285 = DATA / "holdout_285.jsonl"  # Chinese diet, exercise and sleep; same
HOLDOUT_286 = DATA / "holdout_286.jsonl"  # recommendations with tastes and limits; same
HOLDOUT_287 = DATA / "holdout_287.jsonl"  # typical messages; same
HOLDOUT_288 = DATA / "holdout_288.jsonl"  # typical messages; same
HOLDOUT_289 = DATA / "holdout_289.jsonl"  # English busy managers at work; after 281-288's fixes
HOLDOUT_290 = DATA / "holdout_290.jsonl"  # Chinese clothes, shoes and sizes; same
HOLDOUT_291 = DATA / "holdout_291.jsonl"  # older adults, polite and wordy; same
HOLDOUT_292 = DATA / "holdout_292.jsonl"  # English cooking for guests; same
HOLDOUT_293 = DATA / "holdout_293.jsonl"  # Chinese exams and study abroad; same
HOLDOUT_294 = DATA / "holdout_294.jsonl"  # numbers set out in tables and lists; same
HOLDOUT_295 = DATA / "holdout_295.jsonl"  # typical messages; same
HOLDOUT_296 = DATA / "holdout_296.jsonl"  # typical messages; same
HOLDOUT_297 = DATA / "holdout_297.jsonl"  # English stories first, a request at the end; after 296
HOLDOUT_298 = DATA / "holdout_298.jsonl"  # Chinese parents of babies and toddlers; same
HOLDOUT_299 = DATA / "holdout_299.jsonl"  # pets: feeding, walks, vets, sitters; same
HOLDOUT_300 = DATA / "holdout_300.jsonl"  # English gardening and the weather; same
HOLDOUT_301 = DATA / "holdout_301.jsonl"  # Chinese shifts, overtime and leave; same
HOLDOUT_302 = DATA / "holdout_302.jsonl"  # numbers that are constraints beside ones that are not
HOLDOUT_303 = DATA / "holdout_303.jsonl"  # typical messages; same
HOLDOUT_304 = DATA / "holdout_304.jsonl"  # typical messages; same
HOLDOUT_305 = DATA / "holdout_305.jsonl"  # English road trips and car rentals; after 297-304
HOLDOUT_306 = DATA / "holdout_306.jsonl"  # Chinese weddings, banquets, gifts of money; same
HOLDOUT_307 = DATA / "holdout_307.jsonl"  # disability and chronic illness in daily life; same
HOLDOUT_308 = DATA / "holdout_308.jsonl"  # English home repairs and tradespeople; same
HOLDOUT_309 = DATA / "holdout_309.jsonl"  # Chinese reminders, alarms and schedules; same
HOLDOUT_310 = DATA / "holdout_310.jsonl"  # a limit loosened or tightened in the message; same
HOLDOUT_311 = DATA / "holdout_311.jsonl"  # typical messages; same
HOLDOUT_312 = DATA / "holdout_312.jsonl"  # typical messages; same
HOLDOUT_313 = DATA / "holdout_313.jsonl"  # English small software and IT projects; after 305-312
HOLDOUT_314 = DATA / "holdout_314.jsonl"  # Chinese moving house; same
HOLDOUT_315 = DATA / "holdout_315.jsonl"  # English parties and events; same
HOLDOUT_316 = DATA / "holdout_316.jsonl"  # school and tutoring, EN and ZH; same
HOLDOUT_317 = DATA / "holdout_317.jsonl"  # a wish corrected in the same message; same
HOLDOUT_318 = DATA / "holdout_318.jsonl"  # Chinese cars, charging, insurance; same
HOLDOUT_319 = DATA / "holdout_319.jsonl"  # typical messages; same
HOLDOUT_320 = DATA / "holdout_320.jsonl"  # typical messages from many walks of life; same
HOLDOUT_321 = DATA / "holdout_321.jsonl"  # English notes, lists, key: value lines; after 313-320
HOLDOUT_322 = DATA / "holdout_322.jsonl"  # Chinese healthcare and insurance; same
HOLDOUT_323 = DATA / "holdout_323.jsonl"  # English small landlords and tenants; same
HOLDOUT_324 = DATA / "holdout_324.jsonl"  # a constraint with a reason full of figures; same
HOLDOUT_325 = DATA / "holdout_325.jsonl"  # Chinese office drafting with limits; same
HOLDOUT_326 = DATA / "holdout_326.jsonl"  # English sports, gyms and kids' clubs; same
HOLDOUT_327 = DATA / "holdout_327.jsonl"  # typical messages; same
HOLDOUT_328 = DATA / "holdout_328.jsonl"  # typical messages from many walks of life; same
HOLDOUT_329 = DATA / "holdout_329.jsonl"  # wishes relayed, agreed or overruled; after 321-328
HOLDOUT_330 = DATA / "holdout_330.jsonl"  # Chinese typed in a hurry on a phone; same
HOLDOUT_331 = DATA / "holdout_331.jsonl"  # English money between friends and family; same
HOLDOUT_332 = DATA / "holdout_332.jsonl"  # conditions and exceptions, EN and ZH; same
HOLDOUT_333 = DATA / "holdout_333.jsonl"  # Chinese trips inside China with elders or kids; same
HOLDOUT_334 = DATA / "holdout_334.jsonl"  # English cooking and meal planning; same
HOLDOUT_335 = DATA / "holdout_335.jsonl"  # typical messages; same
HOLDOUT_336 = DATA / "holdout_336.jsonl"  # typical messages from many walks of life; same
HOLDOUT_337 = DATA / "holdout_337.jsonl"  # unusual negation, EN and ZH; after 329-336
HOLDOUT_338 = DATA / "holdout_338.jsonl"  # English parents of babies and toddlers; same
HOLDOUT_339 = DATA / "holdout_339.jsonl"  # Chinese work schedules and leave; same
HOLDOUT_340 = DATA / "holdout_340.jsonl"  # English electronics and appliances bought online; same
HOLDOUT_341 = DATA / "holdout_341.jsonl"  # non-native English and learners' Chinese; same
HOLDOUT_342 = DATA / "holdout_342.jsonl"  # Chinese children's schooling and activities; same
HOLDOUT_343 = DATA / "holdout_343.jsonl"  # typical messages; same
HOLDOUT_344 = DATA / "holdout_344.jsonl"  # typical messages from many walks of life; same
HOLDOUT_345 = DATA / "holdout_345.jsonl"  # small-business owners, EN and ZH; after 337-344
HOLDOUT_346 = DATA / "holdout_346.jsonl"  # Chinese renovation and moving house; same
HOLDOUT_347 = DATA / "holdout_347.jsonl"  # English fitness, sport and training; same
HOLDOUT_348 = DATA / "holdout_348.jsonl"  # caring for elderly parents, EN and ZH; same
HOLDOUT_349 = DATA / "holdout_349.jsonl"  # code-switching Chinese and English; same
HOLDOUT_350 = DATA / "holdout_350.jsonl"  # English typed in a hurry on a phone; same
HOLDOUT_351 = DATA / "holdout_351.jsonl"  # Chinese food ordering, cooking and diets; same
HOLDOUT_352 = DATA / "holdout_352.jsonl"  # constraints after long preambles, EN and ZH; same
HOLDOUT_353 = DATA / "holdout_353.jsonl"  # multi-city trips, EN and ZH; after 345-352
HOLDOUT_354 = DATA / "holdout_354.jsonl"  # Chinese banks, insurance and paperwork; same
HOLDOUT_355 = DATA / "holdout_355.jsonl"  # English event organisers; same
HOLDOUT_356 = DATA / "holdout_356.jsonl"  # limits said through comparisons, EN and ZH; same
HOLDOUT_357 = DATA / "holdout_357.jsonl"  # Chinese internet slang; same
HOLDOUT_358 = DATA / "holdout_358.jsonl"  # English, disability and chronic illness; same
HOLDOUT_359 = DATA / "holdout_359.jsonl"  # constraints packed in one long sentence; same
HOLDOUT_360 = DATA / "holdout_360.jsonl"  # typical messages from many walks of life; same
HOLDOUT_361 = DATA / "holdout_361.jsonl"  # pets and vets, EN and ZH; after 353-360
HOLDOUT_362 = DATA / "holdout_362.jsonl"  # Chinese office drafting limits; same
HOLDOUT_363 = DATA / "holdout_363.jsonl"  # English parents travelling with young children; same
HOLDOUT_364 = DATA / "holdout_364.jsonl"  # constraints corrected or taken back, EN and ZH; same
HOLDOUT_365 = DATA / "holdout_365.jsonl"  # English of Asia and Africa (five countries); same
HOLDOUT_366 = DATA / "holdout_366.jsonl"  # Chinese health, medicine and appointments; same
HOLDOUT_367 = DATA / "holdout_367.jsonl"  # constraints in brackets, lists, after colons; same
HOLDOUT_368 = DATA / "holdout_368.jsonl"  # typical messages; same
HOLDOUT_369 = DATA / "holdout_369.jsonl"  # personal finance, EN and ZH; after 361-368
HOLDOUT_370 = DATA / "holdout_370.jsonl"  # Chinese trips abroad and visas; same
HOLDOUT_371 = DATA / "holdout_371.jsonl"  # English shift and gig workers; same
HOLDOUT_372 = DATA / "holdout_372.jsonl"  # constraints put as questions or suggestions; same
HOLDOUT_373 = DATA / "holdout_373.jsonl"  # Chinese voice input from older users; same
HOLDOUT_374 = DATA / "holdout_374.jsonl"  # English home maintenance and contractors; same
HOLDOUT_375 = DATA / "holdout_375.jsonl"  # numbers written in many ways, EN and ZH; same
HOLDOUT_376 = DATA / "holdout_376.jsonl"  # typical messages; same
HOLDOUT_377 = DATA / "holdout_377.jsonl"  # shopping, EN and ZH; after 369-376
HOLDOUT_378 = DATA / "holdout_378.jsonl"  # Chinese parents: meals, sleep, screens; same
HOLDOUT_379 = DATA / "holdout_379.jsonl"  # English writing and editing requests; same
HOLDOUT_380 = DATA / "holdout_380.jsonl"  # a rule and a second related constraint; same
HOLDOUT_381 = DATA / "holdout_381.jsonl"  # Chinese cars, driving and commuting; same
HOLDOUT_382 = DATA / "holdout_382.jsonl"  # English from older adults; same
HOLDOUT_383 = DATA / "holdout_383.jsonl"  # constraints after greetings or sign-offs; same
HOLDOUT_384 = DATA / "holdout_384.jsonl"  # typical messages; same
HOLDOUT_385 = DATA / "holdout_385.jsonl"  # pets: vets, feeding, sitters, EN and ZH; after 377-384
HOLDOUT_386 = DATA / "holdout_386.jsonl"  # Chinese university students; same
HOLDOUT_387 = DATA / "holdout_387.jsonl"  # English small business owners; same
HOLDOUT_388 = DATA / "holdout_388.jsonl"  # a constraint corrected in the same message; same
HOLDOUT_389 = DATA / "holdout_389.jsonl"  # Chinese weddings, banquets and family events; same
HOLDOUT_390 = DATA / "holdout_390.jsonl"  # English fitness, running and diet tracking; same
HOLDOUT_391 = DATA / "holdout_391.jsonl"  # long messages, constraints buried in a story; same
HOLDOUT_392 = DATA / "holdout_392.jsonl"  # typical messages; same
HOLDOUT_393 = DATA / "holdout_393.jsonl"  # group trips with friends, EN and ZH; after 385-392
HOLDOUT_394 = DATA / "holdout_394.jsonl"  # Chinese phones, computers and appliances; same
HOLDOUT_395 = DATA / "holdout_395.jsonl"  # English parents of teenagers; same
HOLDOUT_396 = DATA / "holdout_396.jsonl"  # a constraint and an unrelated question; same
HOLDOUT_397 = DATA / "holdout_397.jsonl"  # Chinese family cooking; same
HOLDOUT_398 = DATA / "holdout_398.jsonl"  # English group bookings at restaurants and bars; same
HOLDOUT_399 = DATA / "holdout_399.jsonl"  # constraints on behalf of someone helped; same
HOLDOUT_400 = DATA / "holdout_400.jsonl"  # typical messages; same
HOLDOUT_401 = DATA / "holdout_401.jsonl"  # landlords and rental hosts, EN and ZH; after 393-400
HOLDOUT_402 = DATA / "holdout_402.jsonl"  # Chinese small shop owners and online sellers; same
HOLDOUT_403 = DATA / "holdout_403.jsonl"  # English medical appointments and caregiving; same
HOLDOUT_404 = DATA / "holdout_404.jsonl"  # constraints set against a bad past experience; same
HOLDOUT_405 = DATA / "holdout_405.jsonl"  # Chinese train, flight and hotel bookings; same
HOLDOUT_406 = DATA / "holdout_406.jsonl"  # English home moves, movers and storage; same
HOLDOUT_407 = DATA / "holdout_407.jsonl"  # casual chat style with emoji and slang; same
HOLDOUT_408 = DATA / "holdout_408.jsonl"  # typical messages; same
HOLDOUT_409 = DATA / "holdout_409.jsonl"  # family outings with children, EN and ZH; after 401-408
HOLDOUT_410 = DATA / "holdout_410.jsonl"  # Chinese personal finance; same
HOLDOUT_411 = DATA / "holdout_411.jsonl"  # English chronic conditions; same
HOLDOUT_412 = DATA / "holdout_412.jsonl"  # constraints only at the end of a long request; same
HOLDOUT_413 = DATA / "holdout_413.jsonl"  # Chinese shift workers, riders and drivers; same
HOLDOUT_414 = DATA / "holdout_414.jsonl"  # English gifts and shopping for others; same
HOLDOUT_415 = DATA / "holdout_415.jsonl"  # English and Chinese mixed in one sentence; same
HOLDOUT_416 = DATA / "holdout_416.jsonl"  # typical messages; same
HOLDOUT_417 = DATA / "holdout_417.jsonl"  # sports, gym and music lessons, EN and ZH; after 409-416
HOLDOUT_418 = DATA / "holdout_418.jsonl"  # Chinese job hunting and offers; same
HOLDOUT_419 = DATA / "holdout_419.jsonl"  # English travel with a pet, a baby or a disability; same
HOLDOUT_420 = DATA / "holdout_420.jsonl"  # constraints with hedges and softeners; same
HOLDOUT_421 = DATA / "holdout_421.jsonl"  # Chinese office work with an assistant; same
HOLDOUT_422 = DATA / "holdout_422.jsonl"  # English students; same
HOLDOUT_423 = DATA / "holdout_423.jsonl"  # replies that add or change constraints; same
HOLDOUT_424 = DATA / "holdout_424.jsonl"  # typical messages; same
HOLDOUT_425 = DATA / "holdout_425.jsonl"  # renovation, contractors, furniture; after 417-424
HOLDOUT_426 = DATA / "holdout_426.jsonl"  # Chinese weddings, banquets and family gatherings; same
HOLDOUT_427 = DATA / "holdout_427.jsonl"  # English car rental, repair, driving, commuting; same
HOLDOUT_428 = DATA / "holdout_428.jsonl"  # three or more constraints in one or two sentences; same
HOLDOUT_429 = DATA / "holdout_429.jsonl"  # Chinese from older users, dictated by voice input; same
HOLDOUT_430 = DATA / "holdout_430.jsonl"  # English online orders, returns, refunds; same
HOLDOUT_431 = DATA / "holdout_431.jsonl"  # units of every kind; same
HOLDOUT_432 = DATA / "holdout_432.jsonl"  # typical messages; same
HOLDOUT_433 = DATA / "holdout_433.jsonl"  # medical appointments, prescriptions; after 425-432
HOLDOUT_434 = DATA / "holdout_434.jsonl"  # Chinese messages about children; same
HOLDOUT_435 = DATA / "holdout_435.jsonl"  # corrections inside the same message; same
HOLDOUT_436 = DATA / "holdout_436.jsonl"  # Chinese renting, moving, utilities; same
HOLDOUT_437 = DATA / "holdout_437.jsonl"  # non-native English (India, Philippines, Nigeria…); same
HOLDOUT_438 = DATA / "holdout_438.jsonl"  # planning events, offsites, reunions; same
HOLDOUT_439 = DATA / "holdout_439.jsonl"  # diets, meal prep, guests with restrictions; same
HOLDOUT_440 = DATA / "holdout_440.jsonl"  # typical messages; same
HOLDOUT_441 = DATA / "holdout_441.jsonl"  # English travel bookings; after 433-440's fixes
HOLDOUT_442 = DATA / "holdout_442.jsonl"  # Chinese small business owners; same
HOLDOUT_443 = DATA / "holdout_443.jsonl"  # numbers in words and mixed formats; same
HOLDOUT_444 = DATA / "holdout_444.jsonl"  # Chinese healthcare, medicines, reimbursement; same
HOLDOUT_445 = DATA / "holdout_445.jsonl"  # English parents of teenagers and young kids; same
HOLDOUT_446 = DATA / "holdout_446.jsonl"  # other people's rules, binding or not; same
HOLDOUT_447 = DATA / "holdout_447.jsonl"  # Chinese personal finance; same
HOLDOUT_448 = DATA / "holdout_448.jsonl"  # typical messages; same
HOLDOUT_449 = DATA / "holdout_449.jsonl"  # home maintenance, cleaning, gardening; after 441-448
HOLDOUT_450 = DATA / "holdout_450.jsonl"  # Chinese trips with elderly parents and children; same
HOLDOUT_451 = DATA / "holdout_451.jsonl"  # constraints as lists and short lines; same
HOLDOUT_452 = DATA / "holdout_452.jsonl"  # Chinese office: meetings, reports, approvals; same
HOLDOUT_453 = DATA / "holdout_453.jsonl"  # English fitness, sports, races; same
HOLDOUT_454 = DATA / "holdout_454.jsonl"  # times and dates in many formats; same
HOLDOUT_455 = DATA / "holdout_455.jsonl"  # Chinese typed fast on a phone; same
HOLDOUT_456 = DATA / "holdout_456.jsonl"  # typical messages; same
HOLDOUT_457 = DATA / "holdout_457.jsonl"  # older users, polite and long-winded; after 449-456
HOLDOUT_458 = DATA / "holdout_458.jsonl"  # Chinese messages about pets; same
HOLDOUT_459 = DATA / "holdout_459.jsonl"  # comparing and negotiating offers; same
HOLDOUT_460 = DATA / "holdout_460.jsonl"  # Chinese university students; same
HOLDOUT_461 = DATA / "holdout_461.jsonl"  # constraints as conditions (if, unless, as long as); same
HOLDOUT_462 = DATA / "holdout_462.jsonl"  # Chinese cars and commuting; same
HOLDOUT_463 = DATA / "holdout_463.jsonl"  # a story mixed with a request; same
HOLDOUT_464 = DATA / "holdout_464.jsonl"  # typical messages; same
HOLDOUT_465 = DATA / "holdout_465.jsonl"  # group bookings: restaurants, events; after 457-464
HOLDOUT_466 = DATA / "holdout_466.jsonl"  # Chinese elder care and medical escorts; same
HOLDOUT_467 = DATA / "holdout_467.jsonl"  # constraints in an aside, brackets or a P.S.; same
HOLDOUT_468 = DATA / "holdout_468.jsonl"  # Chinese shopping assistant; same
HOLDOUT_469 = DATA / "holdout_469.jsonl"  # remote workers across time zones; same
HOLDOUT_470 = DATA / "holdout_470.jsonl"  # limits of the body or health while planning; same
HOLDOUT_471 = DATA / "holdout_471.jsonl"  # Chinese mixed with English words; same
HOLDOUT_472 = DATA / "holdout_472.jsonl"  # typical messages; same
HOLDOUT_473 = DATA / "holdout_473.jsonl"  # English weddings, birthdays, parties; after 465-472
HOLDOUT_474 = DATA / "holdout_474.jsonl"  # Chinese travel bookings; same
HOLDOUT_475 = DATA / "holdout_475.jsonl"  # numbers that are not constraints beside ones; same
HOLDOUT_476 = DATA / "holdout_476.jsonl"  # Chinese work tasks for an agent; same
HOLDOUT_477 = DATA / "holdout_477.jsonl"  # English money: budgets, bills, savings; same
HOLDOUT_478 = DATA / "holdout_478.jsonl"  # constraints said through comparisons; same
HOLDOUT_479 = DATA / "holdout_479.jsonl"  # Chinese cooking and food delivery; same
HOLDOUT_480 = DATA / "holdout_480.jsonl"  # typical messages; same
HOLDOUT_481 = DATA / "holdout_481.jsonl"  # English software and IT chores; after 473-480
HOLDOUT_482 = DATA / "holdout_482.jsonl"  # Chinese appliances and electronics; same
HOLDOUT_483 = DATA / "holdout_483.jsonl"  # English small business owners; same
HOLDOUT_484 = DATA / "holdout_484.jsonl"  # Chinese moving house; same
HOLDOUT_485 = DATA / "holdout_485.jsonl"  # constraints with exceptions and conditions; same
HOLDOUT_486 = DATA / "holdout_486.jsonl"  # English tickets for concerts, sports, theatre; same
HOLDOUT_487 = DATA / "holdout_487.jsonl"  # Chinese dictated by voice in a hurry; same
HOLDOUT_488 = DATA / "holdout_488.jsonl"  # typical messages; same
HOLDOUT_489 = DATA / "holdout_489.jsonl"  # English pets: vets, sitters, doses; after 481-488
HOLDOUT_490 = DATA / "holdout_490.jsonl"  # Chinese exams, school and tutoring; same
HOLDOUT_491 = DATA / "holdout_491.jsonl"  # English parents: activities, carpools, camps; same
HOLDOUT_492 = DATA / "holdout_492.jsonl"  # Chinese salons, beauty, dentists, gym classes; same
HOLDOUT_493 = DATA / "holdout_493.jsonl"  # a constraint after a long reason; same
HOLDOUT_494 = DATA / "holdout_494.jsonl"  # English of non-native speakers; same
HOLDOUT_495 = DATA / "holdout_495.jsonl"  # Chinese insurance, banks, loans, cards; same
HOLDOUT_496 = DATA / "holdout_496.jsonl"  # typical messages; same
HOLDOUT_497 = DATA / "holdout_497.jsonl"  # English weekly meals and groceries; after 481-488
HOLDOUT_498 = DATA / "holdout_498.jsonl"  # Chinese domestic help: pay, hours, rules; same
HOLDOUT_499 = DATA / "holdout_499.jsonl"  # English multi-leg trips for a travel agent; same
HOLDOUT_500 = DATA / "holdout_500.jsonl"  # Chinese young users' internet slang; same
HOLDOUT_501 = DATA / "holdout_501.jsonl"  # numbers written unusually; same
HOLDOUT_502 = DATA / "holdout_502.jsonl"  # English formal emails and memos; same
HOLDOUT_503 = DATA / "holdout_503.jsonl"  # Chinese smart-home and voice assistant; same
HOLDOUT_504 = DATA / "holdout_504.jsonl"  # typical messages; same
HOLDOUT_505 = DATA / "holdout_505.jsonl"  # English home services; after 489-496
HOLDOUT_506 = DATA / "holdout_506.jsonl"  # Chinese custom printing, photos, design; same
HOLDOUT_507 = DATA / "holdout_507.jsonl"  # English dating and social plans; same
HOLDOUT_508 = DATA / "holdout_508.jsonl"  # Chinese second-hand trading; same
HOLDOUT_509 = DATA / "holdout_509.jsonl"  # constraints said with sarcasm, jokes, emoji; same
HOLDOUT_510 = DATA / "holdout_510.jsonl"  # English students' assignments; same
HOLDOUT_511 = DATA / "holdout_511.jsonl"  # Chinese homestay hosts; same
HOLDOUT_512 = DATA / "holdout_512.jsonl"  # typical messages; same
HOLDOUT_513 = DATA / "holdout_513.jsonl"  # English sports teams and clubs; after 497-504
HOLDOUT_514 = DATA / "holdout_514.jsonl"  # Chinese self-driving road trips; same
HOLDOUT_515 = DATA / "holdout_515.jsonl"  # English phone plans, utilities, subscriptions; same
HOLDOUT_516 = DATA / "holdout_516.jsonl"  # Chinese fitness diets and meal plans; same
HOLDOUT_517 = DATA / "holdout_517.jsonl"  # two tasks in one message; same
HOLDOUT_518 = DATA / "holdout_518.jsonl"  # English older users and carers; same
HOLDOUT_519 = DATA / "holdout_519.jsonl"  # Chinese company dinners and team outings; same
HOLDOUT_520 = DATA / "holdout_520.jsonl"  # typical messages; same
HOLDOUT_521 = DATA / "holdout_521.jsonl"  # English car rentals, parking, EV charging; after 505-512
HOLDOUT_522 = DATA / "holdout_522.jsonl"  # Chinese furniture and home decor; same
HOLDOUT_523 = DATA / "holdout_523.jsonl"  # English conferences and workshops; same
HOLDOUT_524 = DATA / "holdout_524.jsonl"  # Chinese learning languages and skills; same
HOLDOUT_525 = DATA / "holdout_525.jsonl"  # double negatives and litotes; same
HOLDOUT_526 = DATA / "holdout_526.jsonl"  # English gamers and streamers; same
HOLDOUT_527 = DATA / "holdout_527.jsonl"  # Chinese parcels and delivery; same
HOLDOUT_528 = DATA / "holdout_528.jsonl"  # typical messages; same
HOLDOUT_529 = DATA / "holdout_529.jsonl"  # English small landlords; after 513-520
HOLDOUT_530 = DATA / "holdout_530.jsonl"  # Chinese contracts and legal chores; same
HOLDOUT_531 = DATA / "holdout_531.jsonl"  # English photo and video editing jobs; same
HOLDOUT_532 = DATA / "holdout_532.jsonl"  # Taiwan users in traditional characters; same
HOLDOUT_533 = DATA / "holdout_533.jsonl"  # short replies to an assistant's question; same
HOLDOUT_534 = DATA / "holdout_534.jsonl"  # English wedding guests; same
HOLDOUT_535 = DATA / "holdout_535.jsonl"  # Chinese postpartum care and baby supplies; same
HOLDOUT_536 = DATA / "holdout_536.jsonl"  # typical messages; same
HOLDOUT_537 = DATA / "holdout_537.jsonl"  # English personal admin; after 521-528
HOLDOUT_538 = DATA / "holdout_538.jsonl"  # Chinese bikes and e-bikes; same
HOLDOUT_539 = DATA / "holdout_539.jsonl"  # English hikes and camping; same
HOLDOUT_540 = DATA / "holdout_540.jsonl"  # Chinese hospital stays; same
HOLDOUT_541 = DATA / "holdout_541.jsonl"  # one long run-on sentence per message; same
HOLDOUT_542 = DATA / "holdout_542.jsonl"  # English clothes and shoes; same
HOLDOUT_543 = DATA / "holdout_543.jsonl"  # Chinese small online shops; same
HOLDOUT_544 = DATA / "holdout_544.jsonl"  # typical messages; same
HOLDOUT_545 = DATA / "holdout_545.jsonl"  # English freelancers and clients; after 537-544
HOLDOUT_546 = DATA / "holdout_546.jsonl"  # Chinese car upkeep and driving school; same
HOLDOUT_547 = DATA / "holdout_547.jsonl"  # English gardening and allotments; same
HOLDOUT_548 = DATA / "holdout_548.jsonl"  # Chinese wedding planning; same
HOLDOUT_549 = DATA / "holdout_549.jsonl"  # English and Chinese mixed in one message; same
HOLDOUT_550 = DATA / "holdout_550.jsonl"  # English accessibility needs; same
HOLDOUT_551 = DATA / "holdout_551.jsonl"  # Chinese tenants renting a flat; same
HOLDOUT_552 = DATA / "holdout_552.jsonl"  # typical messages; same
HOLDOUT_553 = DATA / "holdout_553.jsonl"  # English children's parties and pickups; after 537-544
HOLDOUT_554 = DATA / "holdout_554.jsonl"  # Chinese personal finance; same
HOLDOUT_555 = DATA / "holdout_555.jsonl"  # English typed in a hurry on a phone; same
HOLDOUT_556 = DATA / "holdout_556.jsonl"  # Chinese travel abroad and visas; same
HOLDOUT_557 = DATA / "holdout_557.jsonl"  # English rules for an email and calendar assistant; same
HOLDOUT_558 = DATA / "holdout_558.jsonl"  # Chinese care for elderly parents; same
HOLDOUT_559 = DATA / "holdout_559.jsonl"  # a slip corrected within the message; same
HOLDOUT_560 = DATA / "holdout_560.jsonl"  # typical messages; same
HOLDOUT_561 = DATA / "holdout_561.jsonl"  # English musicians and bands; after 537-544
HOLDOUT_562 = DATA / "holdout_562.jsonl"  # Chinese children's classes and pickups; same
HOLDOUT_563 = DATA / "holdout_563.jsonl"  # English home renovation; same
HOLDOUT_564 = DATA / "holdout_564.jsonl"  # Chinese takeaway and groceries; same
HOLDOUT_565 = DATA / "holdout_565.jsonl"  # form-like lists in one line; same
HOLDOUT_566 = DATA / "holdout_566.jsonl"  # English volunteering and charity; same
HOLDOUT_567 = DATA / "holdout_567.jsonl"  # Chinese office manager's chores; same
HOLDOUT_568 = DATA / "holdout_568.jsonl"  # typical messages; same
HOLDOUT_569 = DATA / "holdout_569.jsonl"  # English runners and triathletes; after 545-560
HOLDOUT_570 = DATA / "holdout_570.jsonl"  # Chinese moving house; same
HOLDOUT_571 = DATA / "holdout_571.jsonl"  # English small shop owner; same
HOLDOUT_572 = DATA / "holdout_572.jsonl"  # Chinese hospital visits and health; same
HOLDOUT_573 = DATA / "holdout_573.jsonl"  # dictated by voice, little punctuation; same
HOLDOUT_574 = DATA / "holdout_574.jsonl"  # English pet care; same
HOLDOUT_575 = DATA / "holdout_575.jsonl"  # Chinese Spring Festival trip home; same
HOLDOUT_576 = DATA / "holdout_576.jsonl"  # typical messages; same
HOLDOUT_577 = DATA / "holdout_577.jsonl"  # English school holidays and childcare; same
HOLDOUT_578 = DATA / "holdout_578.jsonl"  # Chinese home appliances; same
HOLDOUT_579 = DATA / "holdout_579.jsonl"  # English job hunting; same
HOLDOUT_580 = DATA / "holdout_580.jsonl"  # Chinese fitness and diet; same
HOLDOUT_581 = DATA / "holdout_581.jsonl"  # others' words quoted, then the user's; same
HOLDOUT_582 = DATA / "holdout_582.jsonl"  # English company offsite; same
HOLDOUT_583 = DATA / "holdout_583.jsonl"  # Chinese exams and study abroad; same
HOLDOUT_584 = DATA / "holdout_584.jsonl"  # typical messages; same
HOLDOUT_585 = (
    DATA / "holdout_585.jsonl"
)  # English photographer's bookings; after 561-584 (this session's fixes)
HOLDOUT_586 = DATA / "holdout_586.jsonl"  # Chinese pet care; same
HOLDOUT_587 = DATA / "holdout_587.jsonl"  # English university student; same
HOLDOUT_588 = DATA / "holdout_588.jsonl"  # Chinese family dinners and banquets; same
HOLDOUT_589 = DATA / "holdout_589.jsonl"  # internet style, emoji and slang; same
HOLDOUT_590 = DATA / "holdout_590.jsonl"  # English chronic illness; same
HOLDOUT_591 = DATA / "holdout_591.jsonl"  # Chinese business trips and expenses; same
HOLDOUT_592 = DATA / "holdout_592.jsonl"  # typical messages; same
HOLDOUT_593 = (
    DATA / "holdout_593.jsonl"
)  # English hosting guests and house-sitting; after 561-592 (this session's fixes)
HOLDOUT_594 = DATA / "holdout_594.jsonl"  # Chinese independent travel; same
HOLDOUT_595 = DATA / "holdout_595.jsonl"  # English retiree; same
HOLDOUT_596 = DATA / "holdout_596.jsonl"  # Chinese banking and insurance; same
HOLDOUT_597 = DATA / "holdout_597.jsonl"  # constraints put as questions or conditions; same
HOLDOUT_598 = DATA / "holdout_598.jsonl"  # English cafe owner; same
HOLDOUT_599 = DATA / "holdout_599.jsonl"  # Chinese driving and cars; same
HOLDOUT_600 = DATA / "holdout_600.jsonl"  # typical messages; same
HOLDOUT_601 = (
    DATA / "holdout_601.jsonl"
)  # English family reunion stays; after 561-600 (this session's fixes)
HOLDOUT_602 = DATA / "holdout_602.jsonl"  # Chinese school admissions and classes; same
HOLDOUT_603 = DATA / "holdout_603.jsonl"  # English nurse on shifts; same
HOLDOUT_604 = DATA / "holdout_604.jsonl"  # Chinese self-drive road trip; same
HOLDOUT_605 = DATA / "holdout_605.jsonl"  # very short messages; same
HOLDOUT_606 = DATA / "holdout_606.jsonl"  # English garden and home contractors; same
HOLDOUT_607 = DATA / "holdout_607.jsonl"  # Chinese paperwork; same
HOLDOUT_608 = DATA / "holdout_608.jsonl"  # typical messages; same
HOLDOUT_609 = (
    DATA / "holdout_609.jsonl"
)  # English wedding and party guest; after 561-608 (this session's fixes)
HOLDOUT_610 = DATA / "holdout_610.jsonl"  # Chinese home services; same
HOLDOUT_611 = DATA / "holdout_611.jsonl"  # English schoolteacher; same
HOLDOUT_612 = DATA / "holdout_612.jsonl"  # Chinese babies and toddlers; same
HOLDOUT_613 = DATA / "holdout_613.jsonl"  # long messages, a story with constraints; same
HOLDOUT_614 = DATA / "holdout_614.jsonl"  # English second-hand selling and buying; same
HOLDOUT_615 = DATA / "holdout_615.jsonl"  # Chinese neighbourhood and property management; same
HOLDOUT_616 = DATA / "holdout_616.jsonl"  # typical messages; same
HOLDOUT_617 = (
    DATA / "holdout_617.jsonl"
)  # English moving abroad; after 561-616 (this session's fixes)
HOLDOUT_618 = DATA / "holdout_618.jsonl"  # Chinese job seeker; same
HOLDOUT_619 = DATA / "holdout_619.jsonl"  # English small-team manager; same
HOLDOUT_620 = DATA / "holdout_620.jsonl"  # Chinese trips with elderly parents; same
HOLDOUT_621 = DATA / "holdout_621.jsonl"  # wishes referred back to or changed; same
HOLDOUT_622 = DATA / "holdout_622.jsonl"  # English family medical and dental bookings; same
HOLDOUT_623 = DATA / "holdout_623.jsonl"  # Chinese club and hobby groups; same
HOLDOUT_624 = DATA / "holdout_624.jsonl"  # typical messages; same
HOLDOUT_625 = (
    DATA / "holdout_625.jsonl"
)  # English freelancer's clients and invoices; after 26's last fixes (bcc41c6, 27a30ff)
HOLDOUT_626 = DATA / "holdout_626.jsonl"  # Chinese apartment renovation; same
HOLDOUT_627 = DATA / "holdout_627.jsonl"  # English wedding and guests' travel; same
HOLDOUT_628 = DATA / "holdout_628.jsonl"  # Chinese pet owner; same
HOLDOUT_629 = DATA / "holdout_629.jsonl"  # errands for an older relative, EN and ZH; same
HOLDOUT_630 = DATA / "holdout_630.jsonl"  # English cars: buying, renting, servicing; same
HOLDOUT_631 = DATA / "holdout_631.jsonl"  # Chinese personal finance and bills; same
HOLDOUT_632 = DATA / "holdout_632.jsonl"  # typical messages; same
HOLDOUT_633 = DATA / "holdout_633.jsonl"  # English student; after 617-632's fixes (f9c9026)
HOLDOUT_634 = DATA / "holdout_634.jsonl"  # Chinese food delivery and groceries; same
HOLDOUT_635 = DATA / "holdout_635.jsonl"  # English charity run and volunteers; same
HOLDOUT_636 = DATA / "holdout_636.jsonl"  # Chinese small online shop owner; same
HOLDOUT_637 = DATA / "holdout_637.jsonl"  # gardening, home upkeep and trades, EN and ZH; same
HOLDOUT_638 = DATA / "holdout_638.jsonl"  # English long-distance move; same
HOLDOUT_639 = DATA / "holdout_639.jsonl"  # Chinese child's schooling and tutoring; same
HOLDOUT_640 = DATA / "holdout_640.jsonl"  # typical messages; same
HOLDOUT_641 = DATA / "holdout_641.jsonl"  # English children's party and playdates; after 494bba7
HOLDOUT_642 = DATA / "holdout_642.jsonl"  # Chinese hotels, homestays and flights; same
HOLDOUT_643 = DATA / "holdout_643.jsonl"  # English remote worker: time zones, kit, expenses; same
HOLDOUT_644 = DATA / "holdout_644.jsonl"  # Chinese checkups, medicine, diet and exercise; same
HOLDOUT_645 = DATA / "holdout_645.jsonl"  # electronics and appliances bought and returned; same
HOLDOUT_646 = DATA / "holdout_646.jsonl"  # English landlords and tenants; same
HOLDOUT_647 = DATA / "holdout_647.jsonl"  # Chinese office documents and schedules; same
HOLDOUT_648 = DATA / "holdout_648.jsonl"  # typical messages; same
HOLDOUT_649 = DATA / "holdout_649.jsonl"  # English newborn care and help at home; after dd6d5d1
HOLDOUT_650 = DATA / "holdout_650.jsonl"  # Chinese team-building trip and dinner; same
HOLDOUT_651 = DATA / "holdout_651.jsonl"  # English hobby cook, meals and dinner parties; same
HOLDOUT_652 = DATA / "holdout_652.jsonl"  # Chinese cars, insurance and commuting; same
HOLDOUT_653 = DATA / "holdout_653.jsonl"  # travellers abroad, EN and ZH; same
HOLDOUT_654 = DATA / "holdout_654.jsonl"  # English nonprofit coordinator; same
HOLDOUT_655 = DATA / "holdout_655.jsonl"  # Chinese university student; same
HOLDOUT_656 = DATA / "holdout_656.jsonl"  # typical messages; same
HOLDOUT_657 = DATA / "holdout_657.jsonl"  # English parent of a teenager; after e87130b
HOLDOUT_658 = DATA / "holdout_658.jsonl"  # Chinese wedding banquet and guests' rooms; same
HOLDOUT_659 = DATA / "holdout_659.jsonl"  # English gig worker and courier; same
HOLDOUT_660 = DATA / "holdout_660.jsonl"  # Chinese care for an elderly parent; same
HOLDOUT_661 = DATA / "holdout_661.jsonl"  # a coding or IT assistant, EN and ZH; same
HOLDOUT_662 = DATA / "holdout_662.jsonl"  # English fitness, races and injuries; same
HOLDOUT_663 = DATA / "holdout_663.jsonl"  # Chinese second-hand trading; same
HOLDOUT_664 = DATA / "holdout_664.jsonl"  # typical messages; same
HOLDOUT_665 = DATA / "holdout_665.jsonl"  # English restaurant or cafe owner; after a7dc843
HOLDOUT_666 = DATA / "holdout_666.jsonl"  # Chinese Spring Festival reunion and travel; same
HOLDOUT_667 = DATA / "holdout_667.jsonl"  # English holiday with friends, costs split; same
HOLDOUT_668 = DATA / "holdout_668.jsonl"  # Chinese pregnancy and preparing for a baby; same
HOLDOUT_669 = DATA / "holdout_669.jsonl"  # banking, cards, loans, budgets, EN and ZH; same
HOLDOUT_670 = DATA / "holdout_670.jsonl"  # English retiree; same
HOLDOUT_671 = DATA / "holdout_671.jsonl"  # Chinese freelancer's clients and invoices; same
HOLDOUT_672 = DATA / "holdout_672.jsonl"  # typical messages; same
HOLDOUT_673 = DATA / "holdout_673.jsonl"  # English book club and choir; after 4334bb2
HOLDOUT_674 = DATA / "holdout_674.jsonl"  # Chinese moving to a new city for work; same
HOLDOUT_675 = DATA / "holdout_675.jsonl"  # English family medical and therapy bookings; same
HOLDOUT_676 = DATA / "holdout_676.jsonl"  # Chinese online sales, coupons and returns; same
HOLDOUT_677 = DATA / "holdout_677.jsonl"  # conference and business travel, EN and ZH; same
HOLDOUT_678 = DATA / "holdout_678.jsonl"  # English dog and cat owner; same
HOLDOUT_679 = DATA / "holdout_679.jsonl"  # Chinese childcare and after-school activities; same
HOLDOUT_680 = DATA / "holdout_680.jsonl"  # typical messages; same
HOLDOUT_681 = DATA / "holdout_681.jsonl"  # English wedding and big birthday planning; after 19449ec
HOLDOUT_682 = DATA / "holdout_682.jsonl"  # Chinese Spring Festival trip home; same
HOLDOUT_683 = DATA / "holdout_683.jsonl"  # English freelancer clients and invoices; same
HOLDOUT_684 = DATA / "holdout_684.jsonl"  # Chinese renovation and appliance repair; same
HOLDOUT_685 = DATA / "holdout_685.jsonl"  # typical assistant-app messages, EN and ZH; same
HOLDOUT_686 = DATA / "holdout_686.jsonl"  # English elder care, groceries and medication; same
HOLDOUT_687 = DATA / "holdout_687.jsonl"  # Chinese students, exams and applications; same
HOLDOUT_688 = DATA / "holdout_688.jsonl"  # sports, fitness and outdoor trips, EN and ZH; same
HOLDOUT_689 = DATA / "holdout_689.jsonl"  # English restaurant or cafe owner; after a95aab2
HOLDOUT_690 = DATA / "holdout_690.jsonl"  # Chinese cars: servicing, buying, renting, lessons; same
HOLDOUT_691 = DATA / "holdout_691.jsonl"  # English teacher: lessons, trips, parents; same
HOLDOUT_692 = DATA / "holdout_692.jsonl"  # Chinese check-ups and medication for family; same
HOLDOUT_693 = DATA / "holdout_693.jsonl"  # typical assistant-app messages, EN and ZH; same
HOLDOUT_694 = DATA / "holdout_694.jsonl"  # English personal finance; same
HOLDOUT_695 = DATA / "holdout_695.jsonl"  # Chinese domestic trip with friends; same
HOLDOUT_696 = DATA / "holdout_696.jsonl"  # a professional's calendar and email, EN and ZH; same
HOLDOUT_697 = DATA / "holdout_697.jsonl"  # English moving house; after ec2218c
HOLDOUT_698 = DATA / "holdout_698.jsonl"  # Chinese food delivery and group dinners; same
HOLDOUT_699 = DATA / "holdout_699.jsonl"  # English kids' activities and parties; same
HOLDOUT_700 = DATA / "holdout_700.jsonl"  # Chinese job hunting and the workplace; same
HOLDOUT_701 = DATA / "holdout_701.jsonl"  # typical assistant-app messages, EN and ZH; same
HOLDOUT_702 = DATA / "holdout_702.jsonl"  # English home maintenance, garden, tradespeople; same
HOLDOUT_703 = DATA / "holdout_703.jsonl"  # Chinese pets: vets, grooming, sitting; same
HOLDOUT_704 = DATA / "holdout_704.jsonl"  # electronics and appliances online, EN and ZH; same
HOLDOUT_705 = DATA / "holdout_705.jsonl"  # English holiday abroad with children; after 5c1dc08
HOLDOUT_706 = DATA / "holdout_706.jsonl"  # Chinese small online shop; same
HOLDOUT_707 = DATA / "holdout_707.jsonl"  # English patient: appointments, prescriptions, diet; same
HOLDOUT_708 = DATA / "holdout_708.jsonl"  # Chinese wedding banquet and family events; same
HOLDOUT_709 = DATA / "holdout_709.jsonl"  # typical assistant-app messages, EN and ZH; same
HOLDOUT_710 = DATA / "holdout_710.jsonl"  # English remote worker across time zones; same
HOLDOUT_711 = DATA / "holdout_711.jsonl"  # Chinese parents: tutoring, school choice; same
HOLDOUT_712 = DATA / "holdout_712.jsonl"  # volunteering and local clubs, EN and ZH; same
HOLDOUT_713 = DATA / "holdout_713.jsonl"  # English small business event; after 5bec610
HOLDOUT_714 = DATA / "holdout_714.jsonl"  # Chinese family insurance, banking, investments; same
HOLDOUT_715 = DATA / "holdout_715.jsonl"  # English university student life; same
HOLDOUT_716 = DATA / "holdout_716.jsonl"  # Chinese family meals with dietary needs; same
HOLDOUT_717 = DATA / "holdout_717.jsonl"  # typical assistant-app messages, EN and ZH; same
HOLDOUT_718 = DATA / "holdout_718.jsonl"  # English delays, rebooking, lost luggage; same
HOLDOUT_719 = DATA / "holdout_719.jsonl"  # Chinese cleaning, nannies, elderly care at home; same
HOLDOUT_720 = DATA / "holdout_720.jsonl"  # hobbies: photography, music, crafts, gaming; same
HOLDOUT_721 = DATA / "holdout_721.jsonl"  # English birthday or anniversary dinner; after 2bac60e
HOLDOUT_722 = DATA / "holdout_722.jsonl"  # Chinese renting a flat; same
HOLDOUT_723 = DATA / "holdout_723.jsonl"  # English nurse or doctor on shifts; same
HOLDOUT_724 = DATA / "holdout_724.jsonl"  # Chinese travel abroad: visas, flights, money; same
HOLDOUT_725 = DATA / "holdout_725.jsonl"  # typical assistant-app messages, EN and ZH; same
HOLDOUT_726 = DATA / "holdout_726.jsonl"  # English marathon training; same
HOLDOUT_727 = DATA / "holdout_727.jsonl"  # Chinese office worker; same
HOLDOUT_728 = DATA / "holdout_728.jsonl"  # baby and toddler care, EN and ZH; same
HOLDOUT_729 = DATA / "holdout_729.jsonl"  # English family reunion or group holiday; after 164f7b0
HOLDOUT_730 = DATA / "holdout_730.jsonl"  # Chinese buying a car or a flat; same
HOLDOUT_731 = DATA / "holdout_731.jsonl"  # English small shop owner; same
HOLDOUT_732 = DATA / "holdout_732.jsonl"  # Chinese health, medication, diet, exercise; same
HOLDOUT_733 = DATA / "holdout_733.jsonl"  # typical assistant-app messages, EN and ZH; same
HOLDOUT_734 = DATA / "holdout_734.jsonl"  # English parent of teenagers; same
HOLDOUT_735 = DATA / "holdout_735.jsonl"  # Chinese weekend outings with friends; same
HOLDOUT_736 = DATA / "holdout_736.jsonl"  # job seekers and new employees, EN and ZH; same
HOLDOUT_737 = (
    DATA / "holdout_737.jsonl"
)  # English home repairs while working full time; after 3f3ff15
HOLDOUT_738 = DATA / "holdout_738.jsonl"  # Chinese gifts and a family birthday; same
HOLDOUT_739 = DATA / "holdout_739.jsonl"  # English retiree: trips, hobbies, appointments; same
HOLDOUT_740 = DATA / "holdout_740.jsonl"  # Chinese small restaurant owner; same
HOLDOUT_741 = DATA / "holdout_741.jsonl"  # typical assistant-app messages, EN and ZH; same
HOLDOUT_742 = DATA / "holdout_742.jsonl"  # English move to a new city for a job; same
HOLDOUT_743 = DATA / "holdout_743.jsonl"  # Chinese child's school and classes; same
HOLDOUT_744 = DATA / "holdout_744.jsonl"  # restaurants, concerts, tickets, EN and ZH; same
HOLDOUT_745 = DATA / "holdout_745.jsonl"  # English nurse on rotating shifts; after cb42931
HOLDOUT_746 = DATA / "holdout_746.jsonl"  # Chinese wedding banquet and guests' travel; same
HOLDOUT_747 = DATA / "holdout_747.jsonl"  # English freelance photographer; same
HOLDOUT_748 = DATA / "holdout_748.jsonl"  # Chinese student: part-time job, dorm, trip home; same
HOLDOUT_749 = DATA / "holdout_749.jsonl"  # everyday assistant-app requests, EN and ZH; same
HOLDOUT_750 = DATA / "holdout_750.jsonl"  # English carer of an elderly parent; same
HOLDOUT_751 = DATA / "holdout_751.jsonl"  # Chinese pets: vet, boarding, food, grooming; same
HOLDOUT_752 = DATA / "holdout_752.jsonl"  # buying, renting, repairing a car, EN and ZH; same
HOLDOUT_753 = DATA / "holdout_753.jsonl"  # English small online shop owner; after 0f38e04
HOLDOUT_754 = DATA / "holdout_754.jsonl"  # Chinese apartment renovation; same
HOLDOUT_755 = DATA / "holdout_755.jsonl"  # English graduate student on a budget; same
HOLDOUT_756 = DATA / "holdout_756.jsonl"  # Chinese parent: camp, tutoring, a holiday; same
HOLDOUT_757 = DATA / "holdout_757.jsonl"  # health, fitness and meals, EN and ZH; same
HOLDOUT_758 = DATA / "holdout_758.jsonl"  # English team lead: meetings, hiring, a launch; same
HOLDOUT_759 = DATA / "holdout_759.jsonl"  # Chinese elderly person: hospital, medicine; same
HOLDOUT_760 = DATA / "holdout_760.jsonl"  # a group trip abroad with friends, EN and ZH; same
HOLDOUT_761 = DATA / "holdout_761.jsonl"  # English teacher: lessons, a trip; after edde448
HOLDOUT_762 = DATA / "holdout_762.jsonl"  # Chinese buying a home; same
HOLDOUT_763 = DATA / "holdout_763.jsonl"  # English marathon training around shifts; same
HOLDOUT_764 = DATA / "holdout_764.jsonl"  # Chinese office worker: overtime, commute; same
HOLDOUT_765 = DATA / "holdout_765.jsonl"  # home assistant: bills, repairs, EN and ZH; same
HOLDOUT_766 = DATA / "holdout_766.jsonl"  # English couple expecting a baby; same
HOLDOUT_767 = DATA / "holdout_767.jsonl"  # Chinese business trip and expense rules; same
HOLDOUT_768 = DATA / "holdout_768.jsonl"  # a community event, EN and ZH; same
HOLDOUT_769 = DATA / "holdout_769.jsonl"  # English landlord of two flats; after 29aeebe
HOLDOUT_770 = DATA / "holdout_770.jsonl"  # Chinese fitness beginner; same
HOLDOUT_771 = DATA / "holdout_771.jsonl"  # English musician: rehearsals, gigs, travel; same
HOLDOUT_772 = DATA / "holdout_772.jsonl"  # Chinese Spring Festival plans; same
HOLDOUT_773 = DATA / "holdout_773.jsonl"  # shopping assistant requests, EN and ZH; same
HOLDOUT_774 = DATA / "holdout_774.jsonl"  # English animal shelter volunteer coordinator; same
HOLDOUT_775 = DATA / "holdout_775.jsonl"  # Chinese freelance designer; same
HOLDOUT_776 = DATA / "holdout_776.jsonl"  # a family moving to a new city, EN and ZH; same
HOLDOUT_777 = DATA / "holdout_777.jsonl"  # English cafe owner: hiring and shifts; after 0ed7b95
HOLDOUT_778 = DATA / "holdout_778.jsonl"  # Chinese newborn care and a nanny; same
HOLDOUT_779 = DATA / "holdout_779.jsonl"  # English retirees' caravan road trip; same
HOLDOUT_780 = DATA / "holdout_780.jsonl"  # Chinese college applicant; same
HOLDOUT_781 = DATA / "holdout_781.jsonl"  # travel assistant requests, EN and ZH; same
HOLDOUT_782 = DATA / "holdout_782.jsonl"  # English person with diabetes; same
HOLDOUT_783 = DATA / "holdout_783.jsonl"  # Chinese second-hand seller; same
HOLDOUT_784 = DATA / "holdout_784.jsonl"  # a remote worker's home office, EN and ZH; same
HOLDOUT_785 = DATA / "holdout_785.jsonl"  # English nurse manager; after 2666aec
HOLDOUT_786 = DATA / "holdout_786.jsonl"  # Chinese child's birthday party; same
HOLDOUT_787 = DATA / "holdout_787.jsonl"  # English garden, solar panels, energy bills; same
HOLDOUT_788 = DATA / "holdout_788.jsonl"  # Chinese ride-hailing driver; same
HOLDOUT_789 = DATA / "holdout_789.jsonl"  # personal finance assistant, EN and ZH; same
HOLDOUT_790 = DATA / "holdout_790.jsonl"  # English writer: deadline, interviews, tour; same
HOLDOUT_791 = DATA / "holdout_791.jsonl"  # Chinese company team-building trip; same
HOLDOUT_792 = DATA / "holdout_792.jsonl"  # adopting a dog, EN and ZH; same
HOLDOUT_793 = DATA / "holdout_793.jsonl"  # English parent: kids' sports; after f43098f
HOLDOUT_794 = DATA / "holdout_794.jsonl"  # Chinese renting an apartment; same
HOLDOUT_795 = DATA / "holdout_795.jsonl"  # English small farm owner; same
HOLDOUT_796 = DATA / "holdout_796.jsonl"  # Chinese patient recovering from surgery; same
HOLDOUT_797 = DATA / "holdout_797.jsonl"  # calendar and email assistant, EN and ZH; same
HOLDOUT_798 = DATA / "holdout_798.jsonl"  # English student planning a semester abroad; same
HOLDOUT_799 = DATA / "holdout_799.jsonl"  # Chinese shop owner: promotions and stock; same
HOLDOUT_800 = DATA / "holdout_800.jsonl"  # an anniversary trip and dinner, EN and ZH; same
HOLDOUT_801 = DATA / "holdout_801.jsonl"  # English dog walker; after 473d711
HOLDOUT_802 = DATA / "holdout_802.jsonl"  # Chinese graduation trip with classmates; same
HOLDOUT_803 = DATA / "holdout_803.jsonl"  # English carer of an injured partner; same
HOLDOUT_804 = DATA / "holdout_804.jsonl"  # Chinese working mother; same
HOLDOUT_805 = DATA / "holdout_805.jsonl"  # cooking and grocery assistant, EN and ZH; same
HOLDOUT_806 = DATA / "holdout_806.jsonl"  # English event photo and video team lead; same
HOLDOUT_807 = DATA / "holdout_807.jsonl"  # Chinese home appliances; same
HOLDOUT_808 = DATA / "holdout_808.jsonl"  # an expat's visa, bank and housing, EN and ZH; same
HOLDOUT_809 = DATA / "holdout_809.jsonl"  # English hospital admin; after 584fba9
HOLDOUT_810 = DATA / "holdout_810.jsonl"  # Chinese retiree: travel, check-ups, family; same
HOLDOUT_811 = DATA / "holdout_811.jsonl"  # English home baker taking cake orders; same
HOLDOUT_812 = DATA / "holdout_812.jsonl"  # Chinese couple: a home loan, furnishing; same
HOLDOUT_813 = DATA / "holdout_813.jsonl"  # everyday assistant-app requests, EN and ZH; same
HOLDOUT_814 = DATA / "holdout_814.jsonl"  # English coach: a youth soccer tournament; same
HOLDOUT_815 = DATA / "holdout_815.jsonl"  # Chinese self-driving tour; same
HOLDOUT_816 = DATA / "holdout_816.jsonl"  # living with a chronic illness, EN and ZH; same
HOLDOUT_817 = DATA / "holdout_817.jsonl"  # English freelance photographer; after 42c6891
HOLDOUT_818 = DATA / "holdout_818.jsonl"  # Chinese parent of a high-school senior; same
HOLDOUT_819 = DATA / "holdout_819.jsonl"  # English restaurant owner: supplies, staff; same
HOLDOUT_820 = DATA / "holdout_820.jsonl"  # Chinese pet owner: boarding, vet, a move; same
HOLDOUT_821 = DATA / "holdout_821.jsonl"  # requests dictated to a voice assistant, EN and ZH; same
HOLDOUT_822 = DATA / "holdout_822.jsonl"  # English couple planning a wedding on a budget; same
HOLDOUT_823 = DATA / "holdout_823.jsonl"  # Chinese office worker: trips, expenses; same
HOLDOUT_824 = DATA / "holdout_824.jsonl"  # a student moving abroad, EN and ZH; same
HOLDOUT_825 = DATA / "holdout_825.jsonl"  # English nurse: shifts, childcare; after 8f6e71f
HOLDOUT_826 = DATA / "holdout_826.jsonl"  # Chinese homeowner: property management, repairs; same
HOLDOUT_827 = DATA / "holdout_827.jsonl"  # English adult child caring for a parent; same
HOLDOUT_828 = DATA / "holdout_828.jsonl"  # Chinese fitness and diet plan; same
HOLDOUT_829 = DATA / "holdout_829.jsonl"  # online shopping, EN and ZH; same
HOLDOUT_830 = DATA / "holdout_830.jsonl"  # English small-business owner: invoices, tax; same
HOLDOUT_831 = DATA / "holdout_831.jsonl"  # Chinese student running club events; same
HOLDOUT_832 = DATA / "holdout_832.jsonl"  # a family holiday with grandparents, EN and ZH; same
HOLDOUT_833 = DATA / "holdout_833.jsonl"  # English PhD student: thesis, lab, travel; after addea2c
HOLDOUT_834 = DATA / "holdout_834.jsonl"  # Chinese mother of two: nannies, vaccines; same
HOLDOUT_835 = DATA / "holdout_835.jsonl"  # English landlord with two rental units; same
HOLDOUT_836 = DATA / "holdout_836.jsonl"  # Chinese freelance designer: clients, quotes; same
HOLDOUT_837 = DATA / "holdout_837.jsonl"  # dinners and a party with friends, EN and ZH; same
HOLDOUT_838 = DATA / "holdout_838.jsonl"  # English retiree: a cruise, medications; same
HOLDOUT_839 = DATA / "holdout_839.jsonl"  # Chinese parents of a child abroad; same
HOLDOUT_840 = DATA / "holdout_840.jsonl"  # a software team lead's requests, EN and ZH; same
HOLDOUT_841 = DATA / "holdout_841.jsonl"  # English high-school teacher; after 40da66c
HOLDOUT_842 = DATA / "holdout_842.jsonl"  # Chinese young professional living alone; same
HOLDOUT_843 = DATA / "holdout_843.jsonl"  # English marathon training; same
HOLDOUT_844 = DATA / "holdout_844.jsonl"  # Chinese family: a grandparent in hospital; same
HOLDOUT_845 = DATA / "holdout_845.jsonl"  # bookings for a business visit, EN and ZH; same
HOLDOUT_846 = DATA / "holdout_846.jsonl"  # English musician: gigs, rehearsals, gear; same
HOLDOUT_847 = DATA / "holdout_847.jsonl"  # Chinese car owner: upkeep, insurance, a road trip; same
HOLDOUT_848 = DATA / "holdout_848.jsonl"  # a couple expecting a baby, EN and ZH; same
HOLDOUT_849 = DATA / "holdout_849.jsonl"  # English vet clinic receptionist; after 9427c71
HOLDOUT_850 = DATA / "holdout_850.jsonl"  # Chinese grandmother minding grandchildren; same
HOLDOUT_851 = DATA / "holdout_851.jsonl"  # English hiker planning a multi-day trek; same
HOLDOUT_852 = DATA / "holdout_852.jsonl"  # Chinese wedding banquet and honeymoon; same
HOLDOUT_853 = DATA / "holdout_853.jsonl"  # personal finance, EN and ZH; same
HOLDOUT_854 = DATA / "holdout_854.jsonl"  # English office manager: a team offsite; same
HOLDOUT_855 = DATA / "holdout_855.jsonl"  # Chinese renting and moving to another city; same
HOLDOUT_856 = DATA / "holdout_856.jsonl"  # a patient in physiotherapy, EN and ZH; same
HOLDOUT_857 = DATA / "holdout_857.jsonl"  # English church volunteer; at f2d4618, measured only
HOLDOUT_858 = DATA / "holdout_858.jsonl"  # Chinese small online shop owner; same
HOLDOUT_859 = DATA / "holdout_859.jsonl"  # English divorced parent sharing custody; same
HOLDOUT_860 = DATA / "holdout_860.jsonl"  # Chinese retiree learning to use a phone; same
HOLDOUT_861 = DATA / "holdout_861.jsonl"  # family medical and dental bookings, EN and ZH; same
HOLDOUT_862 = DATA / "holdout_862.jsonl"  # English gardener: a vegetable plot; same
HOLDOUT_863 = DATA / "holdout_863.jsonl"  # Chinese graduate hunting for a job; same
HOLDOUT_864 = DATA / "holdout_864.jsonl"  # a book club and a language exchange, EN and ZH; same
HOLDOUTS = (
    HOLDOUT,
    HOLDOUT_2,
    HOLDOUT_3,
    HOLDOUT_4,
    HOLDOUT_5,
    HOLDOUT_6,
    HOLDOUT_7,
    HOLDOUT_8,
    HOLDOUT_9,
    HOLDOUT_10,
    HOLDOUT_11,
    HOLDOUT_12,
    HOLDOUT_13,
    HOLDOUT_14,
    HOLDOUT_15,
    HOLDOUT_16,
    HOLDOUT_17,
    HOLDOUT_18,
    HOLDOUT_19,
    HOLDOUT_20,
    HOLDOUT_21,
    HOLDOUT_22,
    HOLDOUT_23,
    HOLDOUT_24,
    HOLDOUT_25,
    HOLDOUT_26,
    HOLDOUT_27,
    HOLDOUT_28,
    HOLDOUT_29,
    HOLDOUT_30,
    HOLDOUT_31,
    HOLDOUT_32,
    HOLDOUT_33,
    HOLDOUT_34,
    HOLDOUT_35,
    HOLDOUT_36,
    HOLDOUT_37,
    HOLDOUT_38,
    HOLDOUT_39,
    HOLDOUT_40,
    HOLDOUT_41,
    HOLDOUT_42,
    HOLDOUT_43,
    HOLDOUT_44,
    HOLDOUT_45,
    HOLDOUT_46,
    HOLDOUT_47,
    HOLDOUT_48,
    HOLDOUT_49,
    HOLDOUT_50,
    HOLDOUT_51,
    HOLDOUT_52,
    HOLDOUT_53,
    HOLDOUT_54,
    HOLDOUT_55,
    HOLDOUT_56,
    HOLDOUT_57,
    HOLDOUT_58,
    HOLDOUT_59,
    HOLDOUT_60,
    HOLDOUT_61,
    HOLDOUT_62,
    HOLDOUT_63,
    HOLDOUT_64,
    HOLDOUT_65,
    HOLDOUT_66,
    HOLDOUT_67,
    HOLDOUT_68,
    HOLDOUT_69,
    HOLDOUT_70,
    HOLDOUT_71,
    HOLDOUT_72,
    HOLDOUT_73,
    HOLDOUT_74,
    HOLDOUT_75,
    HOLDOUT_76,
    HOLDOUT_77,
    HOLDOUT_78,
    HOLDOUT_79,
    HOLDOUT_80,
    HOLDOUT_81,
    HOLDOUT_82,
    HOLDOUT_83,
    HOLDOUT_84,
    HOLDOUT_85,
    HOLDOUT_86,
    HOLDOUT_87,
    HOLDOUT_88,
    HOLDOUT_89,
    HOLDOUT_90,
    HOLDOUT_91,
    HOLDOUT_92,
    HOLDOUT_93,
    HOLDOUT_94,
    HOLDOUT_95,
    HOLDOUT_96,
    HOLDOUT_97,
    HOLDOUT_98,
    HOLDOUT_99,
    HOLDOUT_100,
    HOLDOUT_101,
    HOLDOUT_102,
    HOLDOUT_103,
    HOLDOUT_104,
    HOLDOUT_105,
    HOLDOUT_106,
    HOLDOUT_107,
    HOLDOUT_108,
    HOLDOUT_109,
    HOLDOUT_110,
    HOLDOUT_111,
    HOLDOUT_112,
    HOLDOUT_113,
    HOLDOUT_114,
    HOLDOUT_115,
    HOLDOUT_116,
    HOLDOUT_117,
    HOLDOUT_118,
    HOLDOUT_119,
    HOLDOUT_120,
    HOLDOUT_121,
    HOLDOUT_122,
    HOLDOUT_123,
    HOLDOUT_124,
    HOLDOUT_125,
    HOLDOUT_126,
    HOLDOUT_127,
    HOLDOUT_128,
    HOLDOUT_129,
    HOLDOUT_130,
    HOLDOUT_131,
    HOLDOUT_132,
    HOLDOUT_133,
    HOLDOUT_134,
    HOLDOUT_135,
    HOLDOUT_136,
    HOLDOUT_137,
    HOLDOUT_138,
    HOLDOUT_139,
    HOLDOUT_140,
    HOLDOUT_141,
    HOLDOUT_142,
    HOLDOUT_143,
    HOLDOUT_144,
    HOLDOUT_145,
    HOLDOUT_146,
    HOLDOUT_147,
    HOLDOUT_148,
    HOLDOUT_149,
    HOLDOUT_150,
    HOLDOUT_151,
    HOLDOUT_152,
    HOLDOUT_153,
    HOLDOUT_154,
    HOLDOUT_155,
    HOLDOUT_156,
    HOLDOUT_157,
    HOLDOUT_158,
    HOLDOUT_159,
    HOLDOUT_160,
    HOLDOUT_161,
    HOLDOUT_162,
    HOLDOUT_163,
    HOLDOUT_164,
    HOLDOUT_165,
    HOLDOUT_166,
    HOLDOUT_167,
    HOLDOUT_168,
    HOLDOUT_169,
    HOLDOUT_170,
    HOLDOUT_171,
    HOLDOUT_172,
    HOLDOUT_173,
    HOLDOUT_174,
    HOLDOUT_175,
    HOLDOUT_176,
    HOLDOUT_177,
    HOLDOUT_178,
    HOLDOUT_179,
    HOLDOUT_180,
    HOLDOUT_181,
    HOLDOUT_182,
    HOLDOUT_183,
    HOLDOUT_184,
    HOLDOUT_185,
    HOLDOUT_186,
    HOLDOUT_187,
    HOLDOUT_188,
    HOLDOUT_189,
    HOLDOUT_190,
    HOLDOUT_191,
    HOLDOUT_192,
    HOLDOUT_193,
    HOLDOUT_194,
    HOLDOUT_195,
    HOLDOUT_196,
    HOLDOUT_197,
    HOLDOUT_198,
    HOLDOUT_199,
    HOLDOUT_200,
    HOLDOUT_201,
    HOLDOUT_202,
    HOLDOUT_203,
    HOLDOUT_204,
    HOLDOUT_205,
    HOLDOUT_206,
    HOLDOUT_207,
    HOLDOUT_208,
    HOLDOUT_209,
    HOLDOUT_210,
    HOLDOUT_211,
    HOLDOUT_212,
    HOLDOUT_213,
    HOLDOUT_214,
    HOLDOUT_215,
    HOLDOUT_216,
    HOLDOUT_217,
    HOLDOUT_218,
    HOLDOUT_219,
    HOLDOUT_220,
    HOLDOUT_221,
    HOLDOUT_222,
    HOLDOUT_223,
    HOLDOUT_224,
    HOLDOUT_225,
    HOLDOUT_226,
    HOLDOUT_227,
    HOLDOUT_228,
    HOLDOUT_229,
    HOLDOUT_230,
    HOLDOUT_231,
    HOLDOUT_232,
    HOLDOUT_233,
    HOLDOUT_234,
    HOLDOUT_235,
    HOLDOUT_236,
    HOLDOUT_237,
    HOLDOUT_238,
    HOLDOUT_239,
    HOLDOUT_240,
    HOLDOUT_241,
    HOLDOUT_242,
    HOLDOUT_243,
    HOLDOUT_244,
    HOLDOUT_245,
    HOLDOUT_246,
    HOLDOUT_247,
    HOLDOUT_248,
    HOLDOUT_249,
    HOLDOUT_250,
    HOLDOUT_251,
    HOLDOUT_252,
    HOLDOUT_253,
    HOLDOUT_254,
    HOLDOUT_255,
    HOLDOUT_256,
    HOLDOUT_257,
    HOLDOUT_258,
    HOLDOUT_259,
    HOLDOUT_260,
    HOLDOUT_261,
    HOLDOUT_262,
    HOLDOUT_263,
    HOLDOUT_264,
    HOLDOUT_265,
    HOLDOUT_266,
    HOLDOUT_267,
    HOLDOUT_268,
    HOLDOUT_269,
    HOLDOUT_270,
    HOLDOUT_271,
    HOLDOUT_272,
    HOLDOUT_273,
    HOLDOUT_274,
    HOLDOUT_275,
    HOLDOUT_276,
    HOLDOUT_277,
    HOLDOUT_278,
    HOLDOUT_279,
    HOLDOUT_280,
    HOLDOUT_281,
    HOLDOUT_282,
    HOLDOUT_283,
    HOLDOUT_284,
    HOLDOUT_285,
    HOLDOUT_286,
    HOLDOUT_287,
    HOLDOUT_288,
    HOLDOUT_289,
    HOLDOUT_290,
    HOLDOUT_291,
    HOLDOUT_292,
    HOLDOUT_293,
    HOLDOUT_294,
    HOLDOUT_295,
    HOLDOUT_296,
    HOLDOUT_297,
    HOLDOUT_298,
    HOLDOUT_299,
    HOLDOUT_300,
    HOLDOUT_301,
    HOLDOUT_302,
    HOLDOUT_303,
    HOLDOUT_304,
    HOLDOUT_305,
    HOLDOUT_306,
    HOLDOUT_307,
    HOLDOUT_308,
    HOLDOUT_309,
    HOLDOUT_310,
    HOLDOUT_311,
    HOLDOUT_312,
    HOLDOUT_313,
    HOLDOUT_314,
    HOLDOUT_315,
    HOLDOUT_316,
    HOLDOUT_317,
    HOLDOUT_318,
    HOLDOUT_319,
    HOLDOUT_320,
    HOLDOUT_321,
    HOLDOUT_322,
    HOLDOUT_323,
    HOLDOUT_324,
    HOLDOUT_325,
    HOLDOUT_326,
    HOLDOUT_327,
    HOLDOUT_328,
    HOLDOUT_329,
    HOLDOUT_330,
    HOLDOUT_331,
    HOLDOUT_332,
    HOLDOUT_333,
    HOLDOUT_334,
    HOLDOUT_335,
    HOLDOUT_336,
    HOLDOUT_337,
    HOLDOUT_338,
    HOLDOUT_339,
    HOLDOUT_340,
    HOLDOUT_341,
    HOLDOUT_342,
    HOLDOUT_343,
    HOLDOUT_344,
    HOLDOUT_345,
    HOLDOUT_346,
    HOLDOUT_347,
    HOLDOUT_348,
    HOLDOUT_349,
    HOLDOUT_350,
    HOLDOUT_351,
    HOLDOUT_352,
    HOLDOUT_353,
    HOLDOUT_354,
    HOLDOUT_355,
    HOLDOUT_356,
    HOLDOUT_357,
    HOLDOUT_358,
    HOLDOUT_359,
    HOLDOUT_360,
    HOLDOUT_361,
    HOLDOUT_362,
    HOLDOUT_363,
    HOLDOUT_364,
    HOLDOUT_365,
    HOLDOUT_366,
    HOLDOUT_367,
    HOLDOUT_368,
    HOLDOUT_369,
    HOLDOUT_370,
    HOLDOUT_371,
    HOLDOUT_372,
    HOLDOUT_373,
    HOLDOUT_374,
    HOLDOUT_375,
    HOLDOUT_376,
    HOLDOUT_377,
    HOLDOUT_378,
    HOLDOUT_379,
    HOLDOUT_380,
    HOLDOUT_381,
    HOLDOUT_382,
    HOLDOUT_383,
    HOLDOUT_384,
    HOLDOUT_385,
    HOLDOUT_386,
    HOLDOUT_387,
    HOLDOUT_388,
    HOLDOUT_389,
    HOLDOUT_390,
    HOLDOUT_391,
    HOLDOUT_392,
    HOLDOUT_393,
    HOLDOUT_394,
    HOLDOUT_395,
    HOLDOUT_396,
    HOLDOUT_397,
    HOLDOUT_398,
    HOLDOUT_399,
    HOLDOUT_400,
    HOLDOUT_401,
    HOLDOUT_402,
    HOLDOUT_403,
    HOLDOUT_404,
    HOLDOUT_405,
    HOLDOUT_406,
    HOLDOUT_407,
    HOLDOUT_408,
    HOLDOUT_409,
    HOLDOUT_410,
    HOLDOUT_411,
    HOLDOUT_412,
    HOLDOUT_413,
    HOLDOUT_414,
    HOLDOUT_415,
    HOLDOUT_416,
    HOLDOUT_417,
    HOLDOUT_418,
    HOLDOUT_419,
    HOLDOUT_420,
    HOLDOUT_421,
    HOLDOUT_422,
    HOLDOUT_423,
    HOLDOUT_424,
    HOLDOUT_425,
    HOLDOUT_426,
    HOLDOUT_427,
    HOLDOUT_428,
    HOLDOUT_429,
    HOLDOUT_430,
    HOLDOUT_431,
    HOLDOUT_432,
    HOLDOUT_433,
    HOLDOUT_434,
    HOLDOUT_435,
    HOLDOUT_436,
    HOLDOUT_437,
    HOLDOUT_438,
    HOLDOUT_439,
    HOLDOUT_440,
    HOLDOUT_441,
    HOLDOUT_442,
    HOLDOUT_443,
    HOLDOUT_444,
    HOLDOUT_445,
    HOLDOUT_446,
    HOLDOUT_447,
    HOLDOUT_448,
    HOLDOUT_449,
    HOLDOUT_450,
    HOLDOUT_451,
    HOLDOUT_452,
    HOLDOUT_453,
    HOLDOUT_454,
    HOLDOUT_455,
    HOLDOUT_456,
    HOLDOUT_457,
    HOLDOUT_458,
    HOLDOUT_459,
    HOLDOUT_460,
    HOLDOUT_461,
    HOLDOUT_462,
    HOLDOUT_463,
    HOLDOUT_464,
    HOLDOUT_465,
    HOLDOUT_466,
    HOLDOUT_467,
    HOLDOUT_468,
    HOLDOUT_469,
    HOLDOUT_470,
    HOLDOUT_471,
    HOLDOUT_472,
    HOLDOUT_473,
    HOLDOUT_474,
    HOLDOUT_475,
    HOLDOUT_476,
    HOLDOUT_477,
    HOLDOUT_478,
    HOLDOUT_479,
    HOLDOUT_480,
    HOLDOUT_481,
    HOLDOUT_482,
    HOLDOUT_483,
    HOLDOUT_484,
    HOLDOUT_485,
    HOLDOUT_486,
    HOLDOUT_487,
    HOLDOUT_488,
    HOLDOUT_489,
    HOLDOUT_490,
    HOLDOUT_491,
    HOLDOUT_492,
    HOLDOUT_493,
    HOLDOUT_494,
    HOLDOUT_495,
    HOLDOUT_496,
    HOLDOUT_497,
    HOLDOUT_498,
    HOLDOUT_499,
    HOLDOUT_500,
    HOLDOUT_501,
    HOLDOUT_502,
    HOLDOUT_503,
    HOLDOUT_504,
    HOLDOUT_505,
    HOLDOUT_506,
    HOLDOUT_507,
    HOLDOUT_508,
    HOLDOUT_509,
    HOLDOUT_510,
    HOLDOUT_511,
    HOLDOUT_512,
    HOLDOUT_513,
    HOLDOUT_514,
    HOLDOUT_515,
    HOLDOUT_516,
    HOLDOUT_517,
    HOLDOUT_518,
    HOLDOUT_519,
    HOLDOUT_520,
    HOLDOUT_521,
    HOLDOUT_522,
    HOLDOUT_523,
    HOLDOUT_524,
    HOLDOUT_525,
    HOLDOUT_526,
    HOLDOUT_527,
    HOLDOUT_528,
    HOLDOUT_529,
    HOLDOUT_530,
    HOLDOUT_531,
    HOLDOUT_532,
    HOLDOUT_533,
    HOLDOUT_534,
    HOLDOUT_535,
    HOLDOUT_536,
    HOLDOUT_537,
    HOLDOUT_538,
    HOLDOUT_539,
    HOLDOUT_540,
    HOLDOUT_541,
    HOLDOUT_542,
    HOLDOUT_543,
    HOLDOUT_544,
    HOLDOUT_545,
    HOLDOUT_546,
    HOLDOUT_547,
    HOLDOUT_548,
    HOLDOUT_549,
    HOLDOUT_550,
    HOLDOUT_551,
    HOLDOUT_552,
    HOLDOUT_553,
    HOLDOUT_554,
    HOLDOUT_555,
    HOLDOUT_556,
    HOLDOUT_557,
    HOLDOUT_558,
    HOLDOUT_559,
    HOLDOUT_560,
    HOLDOUT_561,
    HOLDOUT_562,
    HOLDOUT_563,
    HOLDOUT_564,
    HOLDOUT_565,
    HOLDOUT_566,
    HOLDOUT_567,
    HOLDOUT_568,
    HOLDOUT_569,
    HOLDOUT_570,
    HOLDOUT_571,
    HOLDOUT_572,
    HOLDOUT_573,
    HOLDOUT_574,
    HOLDOUT_575,
    HOLDOUT_576,
    HOLDOUT_577,
    HOLDOUT_578,
    HOLDOUT_579,
    HOLDOUT_580,
    HOLDOUT_581,
    HOLDOUT_582,
    HOLDOUT_583,
    HOLDOUT_584,
    HOLDOUT_585,
    HOLDOUT_586,
    HOLDOUT_587,
    HOLDOUT_588,
    HOLDOUT_589,
    HOLDOUT_590,
    HOLDOUT_591,
    HOLDOUT_592,
    HOLDOUT_593,
    HOLDOUT_594,
    HOLDOUT_595,
    HOLDOUT_596,
    HOLDOUT_597,
    HOLDOUT_598,
    HOLDOUT_599,
    HOLDOUT_600,
    HOLDOUT_601,
    HOLDOUT_602,
    HOLDOUT_603,
    HOLDOUT_604,
    HOLDOUT_605,
    HOLDOUT_606,
    HOLDOUT_607,
    HOLDOUT_608,
    HOLDOUT_609,
    HOLDOUT_610,
    HOLDOUT_611,
    HOLDOUT_612,
    HOLDOUT_613,
    HOLDOUT_614,
    HOLDOUT_615,
    HOLDOUT_616,
    HOLDOUT_617,
    HOLDOUT_618,
    HOLDOUT_619,
    HOLDOUT_620,
    HOLDOUT_621,
    HOLDOUT_622,
    HOLDOUT_623,
    HOLDOUT_624,
    HOLDOUT_625,
    HOLDOUT_626,
    HOLDOUT_627,
    HOLDOUT_628,
    HOLDOUT_629,
    HOLDOUT_630,
    HOLDOUT_631,
    HOLDOUT_632,
    HOLDOUT_633,
    HOLDOUT_634,
    HOLDOUT_635,
    HOLDOUT_636,
    HOLDOUT_637,
    HOLDOUT_638,
    HOLDOUT_639,
    HOLDOUT_640,
    HOLDOUT_641,
    HOLDOUT_642,
    HOLDOUT_643,
    HOLDOUT_644,
    HOLDOUT_645,
    HOLDOUT_646,
    HOLDOUT_647,
    HOLDOUT_648,
    HOLDOUT_649,
    HOLDOUT_650,
    HOLDOUT_651,
    HOLDOUT_652,
    HOLDOUT_653,
    HOLDOUT_654,
    HOLDOUT_655,
    HOLDOUT_656,
    HOLDOUT_657,
    HOLDOUT_658,
    HOLDOUT_659,
    HOLDOUT_660,
    HOLDOUT_661,
    HOLDOUT_662,
    HOLDOUT_663,
    HOLDOUT_664,
    HOLDOUT_665,
    HOLDOUT_666,
    HOLDOUT_667,
    HOLDOUT_668,
    HOLDOUT_669,
    HOLDOUT_670,
    HOLDOUT_671,
    HOLDOUT_672,
    HOLDOUT_673,
    HOLDOUT_674,
    HOLDOUT_675,
    HOLDOUT_676,
    HOLDOUT_677,
    HOLDOUT_678,
    HOLDOUT_679,
    HOLDOUT_680,
    HOLDOUT_681,
    HOLDOUT_682,
    HOLDOUT_683,
    HOLDOUT_684,
    HOLDOUT_685,
    HOLDOUT_686,
    HOLDOUT_687,
    HOLDOUT_688,
    HOLDOUT_689,
    HOLDOUT_690,
    HOLDOUT_691,
    HOLDOUT_692,
    HOLDOUT_693,
    HOLDOUT_694,
    HOLDOUT_695,
    HOLDOUT_696,
    HOLDOUT_697,
    HOLDOUT_698,
    HOLDOUT_699,
    HOLDOUT_700,
    HOLDOUT_701,
    HOLDOUT_702,
    HOLDOUT_703,
    HOLDOUT_704,
    HOLDOUT_705,
    HOLDOUT_706,
    HOLDOUT_707,
    HOLDOUT_708,
    HOLDOUT_709,
    HOLDOUT_710,
    HOLDOUT_711,
    HOLDOUT_712,
    HOLDOUT_713,
    HOLDOUT_714,
    HOLDOUT_715,
    HOLDOUT_716,
    HOLDOUT_717,
    HOLDOUT_718,
    HOLDOUT_719,
    HOLDOUT_720,
    HOLDOUT_721,
    HOLDOUT_722,
    HOLDOUT_723,
    HOLDOUT_724,
    HOLDOUT_725,
    HOLDOUT_726,
    HOLDOUT_727,
    HOLDOUT_728,
    HOLDOUT_729,
    HOLDOUT_730,
    HOLDOUT_731,
    HOLDOUT_732,
    HOLDOUT_733,
    HOLDOUT_734,
    HOLDOUT_735,
    HOLDOUT_736,
    HOLDOUT_737,
    HOLDOUT_738,
    HOLDOUT_739,
    HOLDOUT_740,
    HOLDOUT_741,
    HOLDOUT_742,
    HOLDOUT_743,
    HOLDOUT_744,
    HOLDOUT_745,
    HOLDOUT_746,
    HOLDOUT_747,
    HOLDOUT_748,
    HOLDOUT_749,
    HOLDOUT_750,
    HOLDOUT_751,
    HOLDOUT_752,
    HOLDOUT_753,
    HOLDOUT_754,
    HOLDOUT_755,
    HOLDOUT_756,
    HOLDOUT_757,
    HOLDOUT_758,
    HOLDOUT_759,
    HOLDOUT_760,
    HOLDOUT_761,
    HOLDOUT_762,
    HOLDOUT_763,
    HOLDOUT_764,
    HOLDOUT_765,
    HOLDOUT_766,
    HOLDOUT_767,
    HOLDOUT_768,
    HOLDOUT_769,
    HOLDOUT_770,
    HOLDOUT_771,
    HOLDOUT_772,
    HOLDOUT_773,
    HOLDOUT_774,
    HOLDOUT_775,
    HOLDOUT_776,
    HOLDOUT_777,
    HOLDOUT_778,
    HOLDOUT_779,
    HOLDOUT_780,
    HOLDOUT_781,
    HOLDOUT_782,
    HOLDOUT_783,
    HOLDOUT_784,
    HOLDOUT_785,
    HOLDOUT_786,
    HOLDOUT_787,
    HOLDOUT_788,
    HOLDOUT_789,
    HOLDOUT_790,
    HOLDOUT_791,
    HOLDOUT_792,
    HOLDOUT_793,
    HOLDOUT_794,
    HOLDOUT_795,
    HOLDOUT_796,
    HOLDOUT_797,
    HOLDOUT_798,
    HOLDOUT_799,
    HOLDOUT_800,
    HOLDOUT_801,
    HOLDOUT_802,
    HOLDOUT_803,
    HOLDOUT_804,
    HOLDOUT_805,
    HOLDOUT_806,
    HOLDOUT_807,
    HOLDOUT_808,
    HOLDOUT_809,
    HOLDOUT_810,
    HOLDOUT_811,
    HOLDOUT_812,
    HOLDOUT_813,
    HOLDOUT_814,
    HOLDOUT_815,
    HOLDOUT_816,
    HOLDOUT_817,
    HOLDOUT_818,
    HOLDOUT_819,
    HOLDOUT_820,
    HOLDOUT_821,
    HOLDOUT_822,
    HOLDOUT_823,
    HOLDOUT_824,
    HOLDOUT_825,
    HOLDOUT_826,
    HOLDOUT_827,
    HOLDOUT_828,
    HOLDOUT_829,
    HOLDOUT_830,
    HOLDOUT_831,
    HOLDOUT_832,
    HOLDOUT_833,
    HOLDOUT_834,
    HOLDOUT_835,
    HOLDOUT_836,
    HOLDOUT_837,
    HOLDOUT_838,
    HOLDOUT_839,
    HOLDOUT_840,
    HOLDOUT_841,
    HOLDOUT_842,
    HOLDOUT_843,
    HOLDOUT_844,
    HOLDOUT_845,
    HOLDOUT_846,
    HOLDOUT_847,
    HOLDOUT_848,
    HOLDOUT_849,
    HOLDOUT_850,
    HOLDOUT_851,
    HOLDOUT_852,
    HOLDOUT_853,
    HOLDOUT_854,
    HOLDOUT_855,
    HOLDOUT_856,
    HOLDOUT_857,
    HOLDOUT_858,
    HOLDOUT_859,
    HOLDOUT_860,
    HOLDOUT_861,
    HOLDOUT_862,
    HOLDOUT_863,
    HOLDOUT_864,
)
"""Every hold-out, in the order written (``tests/data/constraints/HOLDOUT.md``)."""
PRECISION = DATA / "precision.jsonl"  # statements without a constraint (PRECISION.md)
NOW = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d)")
_SIGNS = {"max": ("≤", "≥"), "min": ("≥", "≤")}


def fold(text: str) -> str:
    """The corpus normalization: NFKC, casefold, no thousands separators, one space."""
    text = _THOUSANDS.sub("", unicodedata.normalize("NFKC", text).casefold())
    return " ".join(text.split())


def load(path: Path) -> list[dict[str, Any]]:
    """The statements of a corpus file, in order."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


_KEPT_STATUSES = frozenset({"constraint", "preference", "excluded", "chosen"})


def item_texts(summary: CompactionSummary) -> list[str]:
    """The text of every item of ``summary`` that states a user constraint, folded.

    Constraint, preference, excluded and chosen facts and decisions count; verbatim notes
    (``observed``) do not: they are the first to go under budget pressure, and a constraint
    the summarizer did not recognize as one is not captured.
    """
    texts = [f"{f.value} {f.quote or ''}" for f in summary.facts if f.status in _KEPT_STATUSES]
    texts += [f"{d.text} {d.reason or ''}" for d in summary.decisions]
    return [fold(t) for t in texts]


def value_kept(value: Sequence[str], text: str) -> bool:
    """Every string of ``value`` occurs in the folded ``text``."""
    return all(fold(v) in text for v in value)


_CLAUSE_END = ".!?。！？ "


def polarity_kept(constraint: dict[str, Any], text: str) -> bool:
    """The item ``text`` (folded) keeps the constraint's direction (see the module docstring)."""
    signs = _SIGNS.get(constraint["relation"])
    if signs is not None and signs[1] in text:
        return False  # the opposite bound
    if fold(constraint["clause"]).rstrip(_CLAUSE_END) in text:
        return True  # a clause labelled with its full stop ("Book nothing.") is the clause
    return signs is not None and signs[0] in text


def kept(constraint: dict[str, Any], texts: Iterable[str]) -> tuple[bool, bool]:
    """(value kept, value and polarity kept in one item) over the items ``texts``."""
    values = [constraint["value"], *constraint.get("value_alternatives", ())]
    holders = [t for t in texts if any(value_kept(v, t) for v in values)]
    return bool(holders), any(polarity_kept(constraint, t) for t in holders)


def summarize_statement(text: str, summarizer: ExtractiveSummarizer) -> CompactionSummary:
    """The summary of one user message ``text`` evicted on its own (no previous summary)."""
    messages = read_history([{"id": "u1", "role": "user", "content": text}]).messages
    request = SummaryRequest(
        previous=None,
        messages=messages,
        pinned_ids=frozenset(),
        now=NOW,
        next_version=1,
        budget_tokens=4000,
    )
    return summarizer.summarize(request).summary


_WISH_STATUSES = frozenset({"constraint", "preference", "excluded"})


def user_wishes(text: str) -> list[str]:
    """The constraint, preference and exclusion facts of one user message ``text``, each as its
    value and quote (what tests of a reading rule look for)."""
    facts = summarize_statement(text, ExtractiveSummarizer()).facts
    return [f"{f.value} {f.quote or ''}" for f in facts if f.status in _WISH_STATUSES]


@dataclass
class Score:
    """Counts of one corpus run, by language."""

    constraints: dict[str, int] = field(default_factory=dict)
    values: dict[str, int] = field(default_factory=dict)
    captured: dict[str, int] = field(default_factory=dict)
    quiet: dict[str, int] = field(default_factory=dict)  # non-constraint statements
    false_positive: dict[str, int] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)
    noisy: list[str] = field(default_factory=list)

    def share(self, lang: str | None = None) -> float:
        """Share of constraints captured with value and polarity (``None``: all languages)."""
        langs = [lang] if lang else list(self.constraints)
        total = sum(self.constraints.get(x, 0) for x in langs)
        return sum(self.captured.get(x, 0) for x in langs) / total if total else 1.0

    def precision(self) -> float:
        """Share of the statements without a constraint that yield no user constraint."""
        total = sum(self.quiet.values())
        return 1 - sum(self.false_positive.values()) / total if total else 1.0


def _constraint_facts(summary: CompactionSummary) -> list[str]:
    return [f.value for f in summary.facts if f.status in {"constraint", "preference", "excluded"}]


def score(rows: Iterable[dict[str, Any]], summarizer: ExtractiveSummarizer) -> Score:
    """Run every statement through ``summarizer`` and count what was kept."""
    result = Score()
    for row in rows:
        lang = row["lang"]
        summary = summarize_statement(row["text"], summarizer)
        texts = item_texts(summary)
        if not row["constraints"]:
            result.quiet[lang] = result.quiet.get(lang, 0) + 1
            if _constraint_facts(summary):
                result.false_positive[lang] = result.false_positive.get(lang, 0) + 1
                result.noisy.append(f"{row['id']}: {_constraint_facts(summary)}")
        for constraint in row["constraints"]:
            value, both = kept(constraint, texts)
            result.constraints[lang] = result.constraints.get(lang, 0) + 1
            result.values[lang] = result.values.get(lang, 0) + value
            result.captured[lang] = result.captured.get(lang, 0) + both
            if not both:
                result.misses.append(
                    f"{row['id']} {constraint['kind']}/{constraint['relation']} "
                    f"{constraint['value']} [{constraint['clause']}] value={value} -> {texts}"
                )
    return result
