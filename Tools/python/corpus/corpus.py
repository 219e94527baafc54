"""A deterministic corpus of phone inputs as people type them, for the
Python tests and benchmark: every region's example numbers written in its
national, international and E.164 forms, with punctuation, extensions,
other scripts' digits, and broken inputs; each with a default region.

    from corpus import phone_corpus
    phone_corpus(2000)  # [(text, region or None), ...]
"""

from __future__ import annotations

import random
from typing import List, Optional, Tuple

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

_TYPES = [PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE, PhoneNumberType.TOLL_FREE,
          PhoneNumberType.VOIP, PhoneNumberType.PREMIUM_RATE]
_SCRIPTS = [0x0660, 0x06F0, 0x0966, 0x09E6, 0x0E50, 0xFF10]  # Arabic-Indic, Persian, Devanagari, Bengali, Thai, fullwidth


def _examples() -> List[Tuple[str, phonenumbers.PhoneNumber]]:
    examples = []
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        for number_type in _TYPES:
            number = phonenumbers.example_number_for_type(region, number_type)
            if number is not None:
                examples.append((region, number))
    return examples


def _script(text: str, zero: int) -> str:
    return "".join(chr(zero + ord(c) - 48) if "0" <= c <= "9" else c for c in text)


def phone_corpus(count: int, seed: int = 16) -> List[Tuple[str, Optional[str]]]:
    """`count` (text, default region) pairs, the same for the same seed."""
    rng = random.Random(seed)
    examples = _examples()
    corpus: List[Tuple[str, Optional[str]]] = []
    while len(corpus) < count:
        region, number = rng.choice(examples)
        form = rng.randrange(10)
        if form < 3:
            text = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
            corpus.append((text, region))
        elif form < 5:
            text = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
            corpus.append((text, rng.choice([None, region, "US"])))
        elif form == 5:
            corpus.append((phonenumbers.format_number(number, PhoneNumberFormat.E164), None))
        elif form == 6:
            text = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
            corpus.append((text + rng.choice([" ext. 12", " x345", " #7"]), region))
        elif form == 7:
            text = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
            corpus.append((_script(text, rng.choice(_SCRIPTS)), None))
        elif form == 8:
            digits = str(number.national_number)
            cut = rng.randrange(1, max(2, len(digits)))
            corpus.append((digits[:cut] if rng.random() < 0.5 else digits + "99999", region))
        else:
            corpus.append((rng.choice(["n/a", "", "call me", "+999 1234", "00", "+44 1",
                                       "tel:+1-650-253-0000", "1-800-FLOWERS", "(0)20 7946 0958"]),
                           rng.choice([None, "GB", "US"])))
    return corpus
