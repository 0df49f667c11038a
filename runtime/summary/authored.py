"""What the author of a message wrote, apart from the tool output it carries.

On Anthropic a ``tool_result`` block travels inside a ``user``-role message, and readers copy
its text into ``Message.text``; that text is tool output, not the user's words. Only the
user's own words can be a user constraint (issue 10), so the extractor and the coverage check
read user text through ``authored_text``.
"""

from __future__ import annotations

from runtime.messages import Message

__all__ = ["authored_text"]


def authored_text(message: Message) -> str:
    """``message.text`` without the text of the tool results it carries.

    Readers join the text blocks and the results' text with newlines, in block order; each
    result's text is taken out once (sanitizing keeps both in step: the same redactions,
    markers and truncation note apply to the joined text and to each result).
    """
    text = message.text
    for result in message.tool_results:
        if result.text and result.text in text:
            text = text.replace(result.text, "", 1)
        elif result.text:
            # Cut differently than the joined text (the length limit): drop what follows the
            # first line the result shares with it.
            head = result.text.splitlines()[0] if result.text.strip() else ""
            at = text.find(head) if head else -1
            if at >= 0:
                text = text[:at]
    return "\n".join(line for line in text.splitlines() if line.strip())
