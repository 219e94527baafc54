"""payphone.find / redact / find_many: the `find` records of the CLI
contract, and a differential slice against phonenumbers' PhoneNumberMatcher."""

import json
import random
import subprocess

import phonenumbers
import pytest
from phonenumbers import Leniency, PhoneNumberFormat

import payphone
from corpus import phone_corpus


def test_find_phone_matches():
    assert payphone.find("Call 020 7946 0958 or +1 650-253-0000 ext. 12", "GB") == [
        {"kind": "phone", "start": 5, "end": 18, "raw": "020 7946 0958", "e164": "+442079460958",
         "extension": None},
        {"kind": "phone", "start": 22, "end": 45, "raw": "+1 650-253-0000 ext. 12", "e164": "+16502530000",
         "extension": "12"},
    ]
    assert payphone.find("no numbers here") == []
    # Offsets count code points of the text as given; raw keeps its digits.
    [match] = payphone.find("☎ ٠٢٠ ٧٩٤٦ ٠٩٥٨", "GB")
    assert (match["start"], match["end"], match["raw"], match["e164"]) == (2, 15, "٠٢٠ ٧٩٤٦ ٠٩٥٨", "+442079460958")


def test_cards_are_reported_without_their_digits():
    text = "card 4111 1111 1111 1111, tel 020 7946 0958"
    matches = payphone.find(text, "GB", cards=True)
    assert matches[0] == {"kind": "card", "start": 5, "end": 24, "brand": "visa", "last4": "1111"}
    assert matches[1]["e164"] == "+442079460958"
    assert "4111 1111" not in json.dumps(matches)
    assert payphone.redact(text, "GB") == "card [card], tel [phone]"
    assert payphone.redact(text, "GB", cards=False).startswith("card 4111")


def test_cards_however_spelled_are_found_and_redacted():
    # The contract's rule: groups split by one to three separators, cards
    # taken from the left at group boundaries, letters touching a card not
    # hiding it, no card at a run's start right after a plus. Visa
    # 4111111111111111 and Mastercard 5555555555554444 pass Luhn; no brand
    # starts with 12.
    text = "PAN4111.1111.1111.1111, 4111111111111111/5555555555554444, order 12 4111 1111 1111 1111"
    found = [(m["kind"], m["start"], m["end"], m["brand"], m["last4"]) for m in payphone.find(text, "GB", cards=True)]
    assert found == [("card", 3, 22, "visa", "1111"), ("card", 24, 40, "visa", "1111"),
                     ("card", 41, 57, "mastercard", "4444"), ("card", 68, 87, "visa", "1111")]
    assert payphone.redact(text, "GB") == "PAN[card], [card]/[card], order 12 [card]"
    # Tab, no-break space, en dash, underscore, zero-width space, spaced
    # hyphens; Arabic-Indic digits; offsets in code points (the emoji is two).
    spaced = "👋🏽 ٤١١١\t١١١١\u00a0١١١١\u2013١١١١ and 4111_1111\u200b1111 - 1111"
    assert [(m["start"], m["end"]) for m in payphone.find(spaced, cards=True)] == [(3, 22), (27, 48)]
    assert payphone.redact(spaced) == "👋🏽 [card] and [card]"
    assert payphone.find("+4111111111111111", cards=True) == []
    assert payphone.find("4111    1111 1111 1111", cards=True) == []


def test_find_refuses_bad_arguments_and_long_text():
    with pytest.raises(ValueError):
        payphone.find("020 7946 0958", "GB", leniency="loose")
    with pytest.raises(payphone.PayPhoneError) as raised:
        payphone.find("1" * ((1 << 20) + 1))
    assert raised.value.code == "text_too_long"


def test_find_many_equals_the_cli(cli):
    texts = ["Call 020 7946 0958 or +1 650-253-0000 ext. 12", "card 4111 1111 1111 1111, tel 020 7946 0958",
             "pay 3782-822463-10005 now", "", "nothing",
             "PAN4111.1111.1111.1111/5555555555554444, order 12 4111 1111 1111 1111",
             "+33 1 42 68 53 00, +49 30 123456", "x" * 2000]
    lines = "".join(json.dumps({"text": t}) + "\n" for t in texts).encode()
    output = subprocess.run([cli, "find", "--jsonl", "--cards", "--redact", "--region", "GB"], input=lines,
                            capture_output=True, check=True).stdout.decode()
    assert payphone.find_many(texts, "GB", cards=True, redact=True) == [json.loads(l) for l in output.splitlines()]
    # A text the batch cannot pack (a NUL) is answered one by one, in place.
    odd = payphone.find_many(["+44 20 7946 0958", "a\0b", "020 7946 0958"], "GB")
    assert [len(r["matches"]) for r in odd] == [1, 0, 1]
    too_long = payphone.find_many(["1" * ((1 << 20) + 1), "+44 20 7946 0958"])
    assert too_long[0]["error"] == "text_too_long" and too_long[1]["ok"]


LENIENCY = {"possible": Leniency.POSSIBLE, "valid": Leniency.VALID,
            "strict_grouping": Leniency.STRICT_GROUPING, "exact_grouping": Leniency.EXACT_GROUPING}
FILLERS = ["Call me on", "or", "tel:", "Fax", "order #", "ref 2024-11-29,", "(mobile)", "and", "x", ";", "at 9:30"]


def texts(count):
    rng = random.Random(13)
    numbers = [t for t, _ in phone_corpus(count * 3, seed=77) if t.isascii()]
    out = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randrange(1, 4)):
            parts.append(rng.choice(FILLERS))
            parts.append(rng.choice(numbers))
        out.append(" ".join(parts))
    return out


@pytest.mark.parametrize("leniency", list(LENIENCY))
def test_find_agrees_with_phonenumbers_matcher(leniency):
    mismatches = 0
    sample = texts(400)
    for text in sample:
        for region in ("GB", "US", "DE"):
            want = [(m.start, m.end, m.raw_string, phonenumbers.format_number(m.number, PhoneNumberFormat.E164),
                     m.number.extension or None)
                    for m in phonenumbers.PhoneNumberMatcher(text, region, LENIENCY[leniency], 65535)]
            got = [(m["start"], m["end"], m["raw"], m["e164"], m["extension"])
                   for m in payphone.find(text, region, leniency)]
            if got != want:
                mismatches += 1
                if mismatches <= 10:
                    print(f"MISMATCH {leniency} {region} {text!r}\n  payphone     {got}\n  phonenumbers {want}")
    print(f"find {leniency}: {len(sample) * 3 - mismatches}/{len(sample) * 3} agree")
    assert mismatches == 0
