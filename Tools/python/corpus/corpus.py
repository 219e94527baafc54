"""A deterministic corpus of phone inputs as people type them, for the
Python tests and benchmark: every region's example numbers written in its
national, international and E.164 forms, with punctuation, extensions,
other scripts' digits, and broken inputs; each with a default region.

    from corpus import phone_corpus
    phone_corpus(2000)  # [(text, region or None), ...]
"""

from __future__ import annotations

import os
import random
import sys
from typing import List, Optional, Tuple

import phonenumbers
from phonenumbers import PhoneNumberFormat

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "oracle"))
import _oracle as oracle  # noqa: E402

_TYPES = oracle.types("fixed_line", "mobile", "toll_free", "voip", "premium_rate")
_SCRIPTS = oracle.zeros("arabic-indic", "persian", "devanagari", "bengali", "thai", "fullwidth")


def _examples() -> List[Tuple[str, phonenumbers.PhoneNumber]]:
    """Every region's example numbers (no non-geographic entity's)."""
    return [(region, number) for region, _, number in oracle.source_numbers(_TYPES) if region != "001"]


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
            corpus.append((oracle.to_script(rng, text, _SCRIPTS), None))
        elif form == 8:
            digits = str(number.national_number)
            cut = rng.randrange(1, max(2, len(digits)))
            corpus.append((digits[:cut] if rng.random() < 0.5 else digits + "99999", region))
        else:
            corpus.append((rng.choice(["n/a", "", "call me", "+999 1234", "00", "+44 1",
                                       "tel:+1-650-253-0000", "1-800-FLOWERS", "(0)20 7946 0958"]),
                           rng.choice([None, "GB", "US"])))
    return corpus
