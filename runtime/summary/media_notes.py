"""A note standing for a photo, a file or a voice message is the attachment's, not the user's.

Chat exports and captioning tools put an attachment into the text as a note in square
brackets: "[shares a photo: a photo of two dogs running in a field]", "[image: receipt.jpg]",
"[Photo]", "[sent a voice message]", "[IMG_4471.HEIC]", "📎 lease.pdf (412 KB)", "[图片]", "[语音
0:52]", "【文件：报价单.pdf】". What such a note
describes ("two dogs", "a pair of binoculars") is what a captioner saw, not what the user asked
for, so no count or date in it is a constraint.

``without_media_notes`` blanks every such note, keeping the text's length (a span found in the
result is the same span of the message), before the extractor and the coverage scanner read
the text. A note opens with a media word, after at most three words ("shares a", "user sent
an"); a bracket the user writes as an aside ("[budget: 200]", "[no more than 2]") does not, and
round brackets are never notes ("(photo ID required, not older than 5 years)").
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["without_media_notes"]

_MEDIA_WORDS: Final = (
    r"photo|photograph|photography|image|picture|pic|selfie|screenshot|screen\s*shot|video|clip"
    r"|gif|sticker|emoji|meme|voice\s*(?:message|note|memo|clip)|audio|recording|file"
    r"|attachment|document|pdf|link|location|contact\s*card"
)
_FILE_NAME = (
    r"[^\s\[\]【】]+\.(?:png|jpe?g|heic|gif|webp|bmp|pdf|docx?|xlsx?|pptx?|csv|txt|md|zip|rar"
    r"|mp4|mov|m4a|mp3|wav|amr)\b"
)
_MEDIA_NOTE_RE: Final = re.compile(
    r"[\[【]\s*(?:[A-Za-z'-]+\s+){0,3}?(?:an?\s+)?(?:" + _MEDIA_WORDS + r")s?(?![A-Za-z])"
    r"[^\[\]【】\n]*[\]】]"
    r"|[\[【]\s*(?:图片|照片|相片|截图|视频|小视频|语音|文件|附件|表情|动画表情|链接|位置|名片)"
    r"(?:[\s:：·][^\[\]【】\n]*)?[\]】]"
    # a file shown by its name: "[IMG_4471.HEIC]", "📎 lease_draft_v3.pdf (412 KB)"
    r"|[\[【]\s*" + _FILE_NAME + r"[^\[\]【】\n]*[\]】]"
    r"|📎\s*" + _FILE_NAME + r"(?:\s*[(（][^()（）\n]{0,20}[)）])?"
    # the name a note is followed by: "【文件】客户名单_2026.xlsx"
    r"|(?<=[\]】])[ \t]*" + _FILE_NAME,
    re.IGNORECASE,
)


def without_media_notes(text: str) -> str:
    """``text`` with every note standing for an attachment blanked (module docstring)."""
    if "[" not in text and "【" not in text and "📎" not in text:
        return text
    return _MEDIA_NOTE_RE.sub(lambda m: " " * len(m.group(0)), text)
