"""Recall of evicted turns: the best-matching whole groups of the dropped history, verbatim.

A summary cannot hold every detail a later question needs; the raw history can. Each
compaction adds the groups it evicts to a ``RecallIndex`` (a JSON-serializable value carried
beside the compaction state); on every call ``recall`` scores them with BM25 against the latest
user-authored message (English and Chinese terms, ``runtime.recall.terms``) and returns the best
ones, sanitized, as one untrusted data block placed right before that message.

Pure and offline: no I/O, no clock, no module-level cache of user text.
"""

from runtime.recall.groups import (
    PURGED_MARK,
    authored_text,
    group_digest,
    is_purged,
    still_in_history,
)
from runtime.recall.index import INDEX_SCHEMA, IndexedGroup, RecallIndex, ScoredGroup
from runtime.recall.indexing import (
    index_evicted,
    index_unit,
    next_digest,
    recall_units,
    reusable_part,
)
from runtime.recall.render import (
    CLOSE_TAG,
    OPEN_TAG,
    RECALL_MESSAGE_ID,
    mark_superseded,
    recall_message,
    render_recall_block,
    render_turns,
    superseded_values,
)
from runtime.recall.rows import (
    BLOCK_COLUMNS,
    ROW_COLUMNS,
    BlockLine,
    block_line,
    block_turns,
    turns_body,
    turns_of_body,
    upgrade_body,
)
from runtime.recall.step import (
    Recall,
    RecallConfig,
    RecallHit,
    history_entries,
    insertion_group,
    is_user_authored,
    place_block,
    query_terms,
    recall,
    with_block,
)
from runtime.recall.terms import terms

__all__ = [
    "BLOCK_COLUMNS",
    "CLOSE_TAG",
    "INDEX_SCHEMA",
    "OPEN_TAG",
    "PURGED_MARK",
    "RECALL_MESSAGE_ID",
    "ROW_COLUMNS",
    "BlockLine",
    "IndexedGroup",
    "Recall",
    "RecallConfig",
    "RecallHit",
    "RecallIndex",
    "ScoredGroup",
    "authored_text",
    "block_line",
    "block_turns",
    "group_digest",
    "history_entries",
    "index_evicted",
    "index_unit",
    "insertion_group",
    "is_purged",
    "is_user_authored",
    "mark_superseded",
    "next_digest",
    "place_block",
    "query_terms",
    "recall",
    "recall_message",
    "recall_units",
    "render_recall_block",
    "render_turns",
    "reusable_part",
    "still_in_history",
    "superseded_values",
    "terms",
    "turns_body",
    "turns_of_body",
    "upgrade_body",
    "with_block",
]
