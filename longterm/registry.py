"""The registry of known preference keys.

Long-term memory is structured: a preference is a typed field, not a sentence. Each known key
has a value type, a category (what consent and policy rules are about), a scope (``durable``
facts about the user may outlive a task, ``task`` facts may not be promoted) and a sensitivity
flag. Whole sensitive subtrees (``health.*``, ``payment.*``, ``identity.*``, ``credentials.*``)
are registered as wildcards so that no spelling of a sensitive key escapes its category. Any
other unknown key is accepted only as free text in category ``other`` with scope ``task``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from longterm.errors import InvalidKey
from longterm.vocabulary import Scope

__all__ = [
    "DEFAULT_REGISTRY",
    "KEY_PATTERN",
    "SENSITIVE_CATEGORIES",
    "KeyRegistry",
    "KeySpec",
    "ValueType",
    "check_key",
]

ValueType = Literal[
    "money", "integer", "number", "string", "text", "boolean", "enum", "date", "list"
]

KEY_PATTERN = re.compile(r"^[a-z][a-z0-9_]{0,39}(?:\.[a-z0-9_]{1,40}){0,5}$")
SENSITIVE_CATEGORIES = frozenset({"health", "payment", "identity", "credentials"})


@dataclass(frozen=True, slots=True)
class KeySpec:
    """What a key holds and how policy treats it.

    Attributes:
        key: the dotted key, or a ``prefix.*`` wildcard for a whole subtree.
        value_type: how ``longterm.values.validate_value`` checks and normalizes the value.
        category: the consent/policy category.
        scope: ``durable`` (about the user) or ``task`` (about one task; never promoted).
        sensitive: health, payment, identity and credential data; policy denies it to non-admins.
        choices: allowed values of an ``enum`` (or items of a ``list``), lowercase.
        minimum / maximum: bounds of an ``integer`` or ``number``.
        pattern: a regular expression a ``string`` must match in full.
        registered: False for the synthetic spec given to unknown keys.
    """

    key: str
    value_type: ValueType
    category: str
    scope: Scope = "durable"
    sensitive: bool = False
    description: str = ""
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    pattern: str | None = None
    registered: bool = True


def check_key(key: str) -> str:
    """Return ``key`` if it is a lowercase dotted key of at most six segments.

    Raises:
        InvalidKey: the key has another shape (upper case, spaces, empty segments, too long).
    """
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        raise InvalidKey(
            "a key is lowercase dotted segments of [a-z0-9_], at most 6 segments "
            "of 40 characters each, starting with a letter"
        )
    return key


@dataclass(frozen=True)
class KeyRegistry:
    """Known keys plus wildcard subtrees; ``lookup`` never fails for a well-formed key."""

    specs: Mapping[str, KeySpec] = field(default_factory=dict)

    @classmethod
    def of(cls, specs: Iterable[KeySpec]) -> KeyRegistry:
        """Build a registry; later specs with the same key replace earlier ones."""
        return cls({spec.key: spec for spec in specs})

    def lookup(self, key: str) -> KeySpec:
        """The spec of ``key``: exact entry, else the nearest ``prefix.*`` wildcard, else the
        free-text ``other``/``task`` spec.

        Raises:
            InvalidKey: ``key`` is not a well-formed dotted key.
        """
        check_key(key)
        exact = self.specs.get(key)
        if exact is not None:
            return exact
        parts = key.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            wildcard = self.specs.get(".".join(parts[:cut]) + ".*")
            if wildcard is not None:
                return KeySpec(
                    key=key,
                    value_type=wildcard.value_type,
                    category=wildcard.category,
                    scope=wildcard.scope,
                    sensitive=wildcard.sensitive,
                    description=wildcard.description,
                    registered=True,
                )
        return KeySpec(key=key, value_type="text", category="other", scope="task", registered=False)

    def known(self) -> list[KeySpec]:
        """Every registered spec, wildcards included, sorted by key."""
        return [self.specs[k] for k in sorted(self.specs)]


def _sensitive(prefix: str, description: str) -> KeySpec:
    return KeySpec(f"{prefix}.*", "text", prefix, "durable", True, description)


_SEATS = ("window", "aisle", "middle", "no_preference")
_CABINS = ("economy", "premium_economy", "business", "first")
_TRAIN_SEATS = ("second_class", "first_class", "business_class", "sleeper", "no_preference")
_DAYPARTS = ("early_morning", "morning", "afternoon", "evening", "night", "any")
_DIETS = (
    "none",
    "vegetarian",
    "vegan",
    "pescatarian",
    "halal",
    "kosher",
    "gluten_free",
    "lactose_free",
    "low_carb",
    "other",
)
_PAYMENT_METHODS = (
    "credit_card",
    "debit_card",
    "alipay",
    "wechat_pay",
    "paypal",
    "invoice",
    "gift_card",
    "certificate",
    "cash",
)

DEFAULT_REGISTRY = KeyRegistry.of(
    [
        KeySpec("travel.budget.one_way_max", "money", "travel", description="max one-way fare"),
        KeySpec("travel.budget.round_trip_max", "money", "travel", description="max return fare"),
        KeySpec("travel.budget.hotel_nightly_max", "money", "travel", description="per night"),
        KeySpec("travel.seat.preference", "enum", "travel", choices=_SEATS),
        KeySpec("travel.cabin.class", "enum", "travel", choices=_CABINS),
        KeySpec("travel.train.direct_preferred", "boolean", "travel"),
        KeySpec("travel.train.seat_class", "enum", "travel", choices=_TRAIN_SEATS),
        KeySpec("travel.departure.time_of_day", "enum", "travel", choices=_DAYPARTS),
        KeySpec("travel.layovers.max", "integer", "travel", minimum=0, maximum=5),
        KeySpec("travel.airlines.preferred", "list", "travel"),
        KeySpec("travel.airlines.avoided", "list", "travel"),
        KeySpec("travel.home_airport", "string", "travel", pattern=r"[A-Z]{3}"),
        KeySpec("travel.home_city", "string", "travel"),
        KeySpec("travel.booking.auto_allowed", "boolean", "travel", description="may book alone"),
        KeySpec("travel.baggage.checked_bags", "integer", "travel", minimum=0, maximum=10),
        KeySpec("travel.insurance.wanted", "boolean", "travel"),
        KeySpec("food.diet", "enum", "food", choices=_DIETS),
        KeySpec("food.cuisines.preferred", "list", "food"),
        KeySpec("food.cuisines.avoided", "list", "food"),
        KeySpec(
            "language.preferred", "string", "language", pattern=r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*"
        ),
        KeySpec(
            "communication.channel",
            "enum",
            "communication",
            choices=("email", "sms", "phone", "chat", "push"),
        ),
        KeySpec(
            "communication.style",
            "enum",
            "communication",
            choices=("concise", "detailed", "formal", "casual"),
        ),
        KeySpec("locale.timezone", "string", "locale", pattern=r"[A-Za-z_]+(/[A-Za-z0-9_+-]+)*"),
        KeySpec("locale.currency", "string", "locale", pattern=r"[A-Z]{3}"),
        KeySpec("locale.units", "enum", "locale", choices=("metric", "imperial")),
        KeySpec("shopping.budget.monthly_max", "money", "shopping"),
        KeySpec("shopping.brands.preferred", "list", "shopping"),
        KeySpec(
            "payment.method.preferred", "enum", "payment", sensitive=True, choices=_PAYMENT_METHODS
        ),
        KeySpec("health.allergies", "list", "health", sensitive=True),
        KeySpec("health.conditions", "list", "health", sensitive=True),
        KeySpec("identity.date_of_birth", "date", "identity", sensitive=True),
        _sensitive("health", "medical and health data"),
        _sensitive("payment", "payment instruments"),
        _sensitive("identity", "identity documents and numbers"),
        _sensitive("credentials", "passwords, tokens, secrets"),
    ]
)
"""The keys tiermem knows out of the box; a deployment may build its own ``KeyRegistry``."""
