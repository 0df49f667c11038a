"""Sensitive by content, not only by key: what a value or an event says decides its category.

The registry flags whole subtrees (``health.*``, ``payment.*``, ...), but a key is chosen by the
caller: ``payments.card``, ``misc.card_number`` or ``credential.password`` fall outside them, and
an event's category is whatever its kind or body says (``healthcare``). Before the gate is asked,
the write paths classify:

- the key and the event kind, segment by segment and word by word (``_`` splits words):
  ``payments``, ``card``, ``iban``, ``passport``, ``ssn``, ``password``, ``api_key``,
  ``medical``, ``diagnosis``, ...; an event category of the same words (``healthcare``);
- the value (every string, number and list item in it) and the event's text: card numbers by
  Luhn (full-width and other-script digits too), IBANs (mod 97), national ids, passports,
  passwords, API keys and private keys, with the run-time tier's redaction rules
  (``runtime.summary.redact.sensitive_kinds``: one set of patterns for redaction and for the
  gate), and health terms in English and Chinese (below).

A hit gives the write the sensitive category it names (``payment``, ``identity``,
``credentials``, ``health``) and the sensitive flag, so the default policy denies it to agent and
consolidator keys (``sensitive.category``) and an admin's write is stored, and read back, as
sensitive. E-mails, phone numbers and street addresses are personal data the redaction removes
from summaries, but not a sensitive category: a user may keep a contact preference.

A maintained detector was considered: Microsoft Presidio covers these entities but needs a spaCy
language model that cannot be installed here (no network beyond the package registries, and the
models are not on PyPI in a form this build can take); its pattern recognizers would duplicate
the checksummed rules the run-time tier already has.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any, Final

from longterm.registry import SENSITIVE_CATEGORIES, KeySpec
from runtime.summary.redact import sensitive_kinds

__all__ = [
    "KIND_CATEGORIES",
    "WORD_CATEGORIES",
    "classify_key",
    "classify_text",
    "classify_value",
    "sensitive_spec",
]

KIND_CATEGORIES: Final[Mapping[str, str]] = {
    "card": "payment",
    "iban": "payment",
    "cvv": "payment",
    "national_id": "identity",
    "passport": "identity",
    "dob": "identity",
    "password": "credentials",
    "api_key": "credentials",
    "private_key": "credentials",
}
"""Kinds of ``runtime.summary.redact`` that make a value sensitive, and their category."""

_WORDS: Final[Mapping[str, tuple[str, ...]]] = {
    "health": (
        "health", "healthcare", "medical", "medicine", "medication", "medications", "diagnosis",
        "diagnoses", "disease", "illness", "allergy", "allergies", "prescription", "pharmacy",
        "clinic", "hospital", "doctor", "therapy", "symptoms", "blood_type", "hiv", "mental",
    ),
    "payment": (
        "payment", "payments", "card", "cards", "creditcard", "credit_card", "debit_card",
        "card_number", "iban", "bank", "banking", "account_number", "cvv", "cvc", "billing",
    ),
    "identity": (
        "identity", "passport", "passports", "national_id", "ssn", "id_number", "id_card",
        "driver_license", "drivers_license", "date_of_birth", "dob", "social_security",
    ),
    "credentials": (
        "credential", "credentials", "password", "passwords", "passwd", "passcode", "secret",
        "secrets", "token", "tokens", "api_key", "apikey", "private_key", "otp", "pin",
    ),
}  # fmt: skip
WORD_CATEGORIES: Final[Mapping[str, str]] = {
    word: category for category, words in _WORDS.items() for word in words
}
"""Words of a key, kind or category that name a sensitive category."""

_HEALTH_TERMS: Final = re.compile(
    r"\b(?:diagnos(?:is|ed|es)|diabet(?:es|ic)|cancer|tumou?r|chemotherapy|hiv|aids|asthma|"
    r"epilep(?:sy|tic)|depression|anxiety disorder|bipolar|schizophrenia|pregnan(?:t|cy)|"
    r"allerg(?:y|ies|ic)|prescription|medication|insulin|hypertension|blood pressure|"
    r"blood type|disability|therapy|surgery|hospitali[sz]ed|dementia|hepatitis)\b"
    r"|糖尿病|癌症|肿瘤|化疗|艾滋|哮喘|癫痫|抑郁|焦虑症|怀孕|孕期|过敏|处方|药物|胰岛素|"
    r"高血压|血压|血型|残疾|手术|住院|痴呆|肝炎|病史|病情|疾病|诊断|心脏病",
    re.IGNORECASE,
)


def _words(name: str) -> Iterator[str]:
    for segment in name.split("."):
        yield segment
        yield from segment.split("_")


def classify_key(name: str) -> str | None:
    """The sensitive category a key, kind or category name points at, or None.

    Segments and their ``_``-separated words are compared, plus pairs of words
    (``card_number``, ``api_key``): ``misc.card_number`` and ``credential.password`` are found,
    ``travel.seat.preference`` is not.
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    if folded in SENSITIVE_CATEGORIES:
        return folded
    for segment in folded.split("."):
        words = segment.split("_")
        pairs = ["_".join(words[i : i + 2]) for i in range(len(words) - 1)]
        for word in (segment, *pairs, *words):
            if word in WORD_CATEGORIES:
                return WORD_CATEGORIES[word]
    return None


def classify_text(text: str) -> str | None:
    """The sensitive category ``text`` holds a value of (a card, an IBAN, a password, ...,
    a health term), or None."""
    for kind in sorted(sensitive_kinds(text)):
        if kind in KIND_CATEGORIES:
            return KIND_CATEGORIES[kind]
    if _HEALTH_TERMS.search(unicodedata.normalize("NFKC", text)):
        return "health"
    return None


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, bool):
        return
    elif isinstance(value, int | float):
        yield str(value)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield str(key)
            yield from _texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)


def classify_value(value: Any) -> str | None:
    """The sensitive category of a stored value (strings, numbers, lists, objects), or None."""
    texts = list(_texts(value))
    return classify_text("\n".join(texts)) if texts else None


def sensitive_spec(spec: KeySpec, value: Any) -> KeySpec:
    """``spec`` itself, or a sensitive copy of it when the key's words or the value's content
    name a sensitive category (registered sensitive keys are already flagged)."""
    if spec.sensitive:
        return spec
    category = classify_key(spec.key) or classify_value(value)
    if category is None:
        return spec
    return replace(spec, category=category, sensitive=True)
