"""Self-check of extracted items against the checks ``validate_summary`` will run.

The rolling step rejects a whole summary when one item fails validation, so the extractive
summarizer runs each new item through validation's own per-item checks first
(``validate.check_item``: quantities, negation, injection) and leaves out the few that would
fail, rather than losing the whole version.
"""

from __future__ import annotations

from collections.abc import Mapping

from runtime.messages import Message
from runtime.summary.schema import Decision, Fact, OpenQuestion, ToolResultDigest
from runtime.summary.validate import SourceTexts, check_item

__all__ = ["passes_checks"]

Item = Fact | Decision | OpenQuestion | ToolResultDigest


def passes_checks(
    item: Item, by_id: Mapping[str, Message], texts: SourceTexts | None = None
) -> bool:
    """Whether ``item`` passes validation's per-item checks against the messages it cites.

    ``texts``: one ``SourceTexts`` per summarizer call, so each message is read once.
    """
    cited = [by_id[i] for i in item.source_ids if i in by_id]
    if len(cited) != len(item.source_ids):
        return False
    return not check_item(item, cited, texts=texts)
