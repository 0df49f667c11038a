"""Redaction without gaps (issue 12, item 6): each form the attack found unredacted, the
kinds added since (tiermem keys, IBANs, passports, full-width digits, PEM keys, CVVs, street
addresses), what must stay (task numbers, prose about passwords), and the invariants: the
value never survives, the original span is replaced, redacting twice changes nothing."""

from __future__ import annotations

import secrets

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.summary.redact import (
    detection_view,
    redact,
    redaction_marker,
    sensitive_kinds,
    valid_iban,
)

PEM_BODY = "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun"
PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    f"{PEM_BODY}\nVaLTYnXlTnCcL0zgnYK8VqAPVvWQ+Bd6ftBzDWb5Ww4KnUkLfPhXYmLl9Wq9qQ==\n"
    "-----END RSA PRIVATE KEY-----"
)
TMK = "tmk_" + "Xq3-" * 10 + "a_Z"  # tmk_ + 43 URL-safe base64 characters (api/storage/keys.py)


@pytest.mark.parametrize(
    ("text", "secret", "kind"),
    [
        # passwords: phrases, keyed, and a value that runs to whitespace
        ("my password Tr0ub4dor&3x", "Tr0ub4dor&3x", "password"),
        ("my new password hunter2!", "hunter2", "password"),
        ("the password is swordfish", "swordfish", "password"),
        ("The password for the wifi is Xy9!pq, thanks", "Xy9!pq", "password"),
        ("password: Tr0ub4dor&3x", "&3x", "password"),
        ("password=abc&user=bob", "abc", "password"),
        ('{"db_password": "p@ss w0rd"}', "p@ss w0rd", "password"),
        ("the PIN is 4321", "4321", "password"),
        ("登录口令：海风2026@杭州", "海风2026", "password"),
        ("临时密码是 Qw3rty!", "Qw3rty", "password"),
        ("DATABASE_URL=postgresql://app:s3cr3t-Pa55@db:5432/x", "s3cr3t-Pa55", "password"),
        # keys and tokens, ours included
        (f"your key {TMK} (shown once)", TMK[4:], "api_key"),
        ("x-api-key: abcdef123456", "abcdef123456", "api_key"),
        ("aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCY", "wJalrXUtnFEMI", "api_key"),
        ("stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc", "4eC39HqLyjWDarjtT1zdp7dc", "api_key"),
        ("Authorization: Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA", "api_key"),
        # IBANs by mod 97, spaced or not
        ("IBAN DE89 3704 0044 0532 0130 00 please", "3704 0044", "iban"),
        ("to GB29NWBK60161331926819.", "NWBK60161331926819", "iban"),
        ("vers FR14 2004 1010 0505 0001 3M02 606.", "3M02 606", "iban"),
        # passports with a keyword nearby
        ("passport number E12345678, expires 2030-01-01", "E12345678", "passport"),
        ("护照号码：G12345678", "G12345678", "passport"),
        ("Reisepassnummer C01X00T47", "C01X00T47", "passport"),
        ("passeport n° 18AV12345", "18AV12345", "passport"),
        # cards in full-width digits, 19 digits, Diners grouping
        ("card ４１１１ １１１１ １１１１ １１１１ ok", "１１１１ １１１１", "card"),
        ("卡号６２２８４８２３２３３２１１３２５０２", "６２２８４８", "card"),
        ("银联卡号 6228 4823 2332 1132 502，好", "1132 502", "card"),
        ("Diners 3056 930902 5904", "930902", "card"),
        # PEM private keys, whole block
        (f"key file:\n{PEM}\nend", PEM_BODY, "private_key"),
        # CVV / CVC
        ("Visa 4111 1111 1111 1111, exp 09/29, CVV 837.", "837", "cvv"),
        ('{"cvc": "412"}', "412", "cvv"),
        ("安全码 321，有效期 12/30", "321", "cvv"),
        # street addresses
        ("I live at 221B Baker Street, London", "221B Baker", "address"),
        ("ship to 1600 Pennsylvania Avenue NW, Apt 4", "Pennsylvania", "address"),
        ("at 14 Larch Close, Reading RG1 4QP.", "RG1 4QP", "address"),
        ("Nordlicht GmbH, Hauptstraße 118, 10827 Berlin", "Hauptstraße 118", "address"),
        ("au 12 rue de la Paix, 75002 Paris", "rue de la Paix", "address"),
        ("我住在北京市朝阳区建国路88号3号楼1201室，谢谢", "建国路88号", "address"),
        ("地址 上海市徐汇区梧桐苑路 88 弄 6 号 1502 室。", "梧桐苑路", "address"),
        ("zip=94110&addr=455 Larkspur Lane, San Francisco, CA 94110", "Larkspur", "address"),
        # phones and dates of birth in more forms
        ("Contact: +33 6 12 34 56 78.", "12 34 56", "phone"),
        ("座机 021-5489 2217。", "5489 2217", "phone"),
        ("手机 １３８１２３４５６７８", "１３８１２３４５６７８", "phone"),
        ("出生 1975年11月29日", "1975年11月29日", "dob"),
        ("生日 1992.11.03，好", "1992.11.03", "dob"),
        ("他1990年5月20日出生", "1990年5月20日", "dob"),
        ("生日是2001年3月12号", "2001年3月12号", "dob"),
        ("birthday=12/03/01", "12/03/01", "dob"),
        # a keyed date of birth spelled with its month: the whole date goes, not only the month
        ("Kevin Smith (DOB: April 12, 2001)", "12, 2001", "dob"),
        ("mail ｍｉａ＠ｅｘａｍｐｌｅ．ｃｏｍ now", "ｅｘａｍｐｌｅ", "email"),
    ],
)
def test_redacts_every_form(text: str, secret: str, kind: str) -> None:
    redacted, counts = redact(text)
    assert secret not in redacted, redacted
    assert counts[kind] >= 1, (redacted, dict(counts))
    assert redaction_marker(kind) in redacted


@pytest.mark.parametrize(
    "text",
    [
        "password is required",
        "the password is incorrect, try again",
        "my password manager is great",
        "I noticed a spiderman pin on your purse. Is that your favourite?",
        "my passport photo costs 120 yuan",
        "Day 3 Visit Central Square",
        "score 0.4111111111111111 ok",
        "not an IBAN: DE00 1234",
        "the CVV field is on the back",
        "G7301 08:05 开 09:10 到，二等座 73 元，单程不超过 200 元",
        "我们9月19日上午从北京南站出发，下午6点半之前到上海虹桥",
        "2 adults, 1 child, 3 nights from 2026-09-19, room 1201",
        # a birthday without its year is a day to plan around, not a date of birth
        "女儿生日是３月１２号，那天下午别排会",
        "birthday: March 12, keep that evening free",
    ],
)
def test_leaves_prose_and_task_values_alone(text: str) -> None:
    assert redact(text) == (text, redact(text)[1])
    assert not redact(text)[1]


def test_the_original_span_is_replaced_not_the_folded_one() -> None:
    text = "卡号：４１１１ １１１１ １１１１ １１１１，ｏｋ"
    redacted, counts = redact(text)
    assert redacted == "卡号：[REDACTED:card]，ｏｋ"  # full-width text around it is kept
    assert counts == {"card": 1}
    assert len(detection_view(text)) == len(text)


def test_a_private_key_cut_before_its_end_is_redacted_to_the_end() -> None:
    head = PEM.split("-----END")[0]
    redacted, counts = redact(f"see:\n{head[:60]}")
    assert redacted == "see:\n[REDACTED:private_key]"
    assert counts == {"private_key": 1}


def test_every_tiermem_key_is_redacted() -> None:
    for _ in range(200):
        key = "tmk_" + secrets.token_urlsafe(32)  # as api/storage/keys.py makes them
        redacted, _ = redact(f"key={key}.")
        assert key[4:] not in redacted


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # glued by a dash: both cards (the lookahead used to refuse a card followed by "-")
        ("4111 1111 1111 1111-4111 1111 1111 1111", "[REDACTED:card]-[REDACTED:card]"),
        ("4111-1111-1111-1111-5500 0000 0000 0004", "[REDACTED:card]-[REDACTED:card]"),
        ("4111111111111111-123", "[REDACTED:card]-123"),
        # a card after a CVV label is a card, not four codes (found by the property below)
        ("CVV 4111 1111 1111 1111-4111 1111 1111 1111", "CVV [REDACTED:card]-[REDACTED:card]"),
        ("4111 1111 1111 1111 1234 5678", "[REDACTED:card] 1234 5678"),
        ("order 2024-05-06-1234", "order 2024-05-06-1234"),
    ],
)
def test_cards_next_to_other_numbers(text: str, expected: str) -> None:
    assert redact(text)[0] == expected


# Addresses in the forms the rules know, each of which may be glued to the next
ADDRESSES = [
    "221B Baker Street",
    "1600 Pennsylvania Avenue NW",
    "14 Larch Close, Reading RG1 4QP",
    "455 Larkspur Lane, San Francisco, CA 94110",
    "Hauptstraße 118",
    "Hauptstraße 118, 10827 Berlin",
    "12 rue de la Paix",
    "12 rue de la Paix, 75002 Paris",
    "建国路88号",
    "北京市朝阳区建国路88号3号楼1201室",
    "上海市徐汇区梧桐苑路 88 弄 6 号 1502 室",
]
# Forms that start with a digit or a Chinese character and end with a letter or one: glued in
# any order they stay apart (a house number after a postcode, or a German street name after a
# word, would read as one number or one word).
MIXABLE = [
    "221B Baker Street",
    "1600 Pennsylvania Avenue NW",
    "14 Larch Close, Reading RG1 4QP",
    "12 rue de la Paix",
    "12 rue de la Paix, 75002 Paris",
    "建国路88号",
    "北京市朝阳区建国路88号3号楼1201室",
]


@pytest.mark.parametrize("count", [5, 8, 50])
@pytest.mark.parametrize("address", ADDRESSES)
def test_every_address_of_a_glued_run_is_redacted(address: str, count: int) -> None:
    # '12 rue de la Paix' * 5 left its fifth in clear: the left guard refused an address right
    # after another, so each of the 4 passes found one more
    redacted, counts = redact(address * count)
    assert redacted == redaction_marker("address") * count
    assert counts == {"address": count}


@pytest.mark.parametrize("count", [5, 8, 50])
def test_a_glued_run_of_mixed_forms_is_redacted_in_one_pass(count: int) -> None:
    text = "".join(MIXABLE[i % len(MIXABLE)] for i in range(count))
    assert redact(text) == (redaction_marker("address") * count, {"address": count})


@pytest.mark.parametrize("count", [5, 8, 50])
@pytest.mark.parametrize("iban", ["DE89 3704 0044 0532 0130 00", "GB29NWBK60161331926819"])
def test_every_iban_of_a_glued_run_is_redacted(iban: str, count: int) -> None:
    # the same gap as glued addresses: the fifth IBAN of a run was left in clear
    assert redact(iban * count) == (redaction_marker("iban") * count, {"iban": count})


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(MIXABLE), st.sampled_from(["", "", " ", ", ", "\n"])),
        min_size=1,
        max_size=80,
    )
)
def test_no_address_of_a_run_survives(run: list[tuple[str, str]]) -> None:
    redacted, counts = redact("".join(address + after for address, after in run))
    assert redacted == "".join(redaction_marker("address") + after for _, after in run)
    assert counts == {"address": len(run)}


@pytest.mark.parametrize(
    ("iban", "valid"),
    [
        ("DE89 3704 0044 0532 0130 00", True),
        ("GB29NWBK60161331926819", True),
        ("DE89 3704 0044 0532 0130 01", False),  # check digits
        ("DE89 3704 0044 0532 0130", False),  # length
        ("XX89 3704 0044 0532 0130 00", False),  # country
    ],
)
def test_iban_checksum(iban: str, valid: bool) -> None:
    assert valid_iban(iban) is valid


def test_sensitive_kinds_classifies_by_content() -> None:
    assert sensitive_kinds("4111 1111 1111 1111") == {"card"}
    assert sensitive_kinds("DE89370400440532013000") == {"iban"}
    assert sensitive_kinds("window seat, no auto-booking") == frozenset()


_PIECES = st.sampled_from(
    [*"0123456789 -+()@.aAX_:=\"'/&\n，。", "password ", "the password is ", "my password ",
     "密码是", "tmk_", "DE89 3704 0044 0532 0130 00", "passport ", "CVV ", "4111 1111 1111 1111",
     "４１１１", "-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----", "221B Baker Street",
     "建国路88号", "Hauptstraße 118", "12 rue de la Paix", "出生", "1990年5月20日",
     "021-5489 2217", "://u:p@h", "Bearer ", "11010519491231002X", "a@b.co", "zip=",
     *ADDRESSES]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=40).map("".join))
def test_redacting_twice_changes_nothing(text: str) -> None:
    once, _ = redact(text)
    twice, counts = redact(once)
    assert twice == once
    assert not counts
