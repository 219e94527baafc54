"""What the oracle generators share: the reference check, the names of the
oracle's answers, the example numbers inputs start from, and the ways digits
are written (other scripts, regrouped) and read back (folded to ASCII).

Deterministic: everything random comes from the `random.Random` passed in,
and every list is in a fixed order. A choice draws by position, so the order
of a list is part of every fixture drawn from it.
"""

import json
import random
import sys
import unicodedata
from typing import Optional, Sequence

import phonenumbers
from phonenumbers import NumberParseException, PhoneMetadata, PhoneNumber, PhoneNumberType

from _reference import require_reference

require_reference(phonenumbers.__version__, "the oracle")

# In the order of PayPhone's PhoneNumberType.allCases.
TYPES = [
    ("fixed_line", PhoneNumberType.FIXED_LINE),
    ("mobile", PhoneNumberType.MOBILE),
    ("fixed_line_or_mobile", PhoneNumberType.FIXED_LINE_OR_MOBILE),
    ("toll_free", PhoneNumberType.TOLL_FREE),
    ("premium_rate", PhoneNumberType.PREMIUM_RATE),
    ("shared_cost", PhoneNumberType.SHARED_COST),
    ("voip", PhoneNumberType.VOIP),
    ("personal_number", PhoneNumberType.PERSONAL_NUMBER),
    ("pager", PhoneNumberType.PAGER),
    ("uan", PhoneNumberType.UAN),
    ("voicemail", PhoneNumberType.VOICEMAIL),
    ("unknown", PhoneNumberType.UNKNOWN),
]
TYPE_NAMES = {value: name for name, value in TYPES}
TYPE_VALUES = dict(TYPES)
# The types a number can have an example of.
EXAMPLE_TYPES = [value for name, value in TYPES if name not in ("fixed_line_or_mobile", "unknown")]
ERROR_NAMES = {
    NumberParseException.INVALID_COUNTRY_CODE: "invalid_country_code",
    NumberParseException.NOT_A_NUMBER: "not_a_number",
    NumberParseException.TOO_SHORT_AFTER_IDD: "too_short_after_idd",
    NumberParseException.TOO_SHORT_NSN: "too_short_nsn",
    NumberParseException.TOO_LONG: "too_long",
}
REGIONS = sorted(phonenumbers.SUPPORTED_REGIONS)
NON_GEO_CODES = sorted(phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS)
ALPHA_KEYS = {"2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS", "8": "TUV", "9": "WXYZ"}

# The zero of each script's decimal digits (Unicode category Nd).
SCRIPT_ZEROS = {
    "arabic-indic": 0x660,
    "persian": 0x6F0,
    "devanagari": 0x966,
    "bengali": 0x9E6,
    "thai": 0xE50,
    "fullwidth": 0xFF10,
    "myanmar": 0x1040,
    "khmer": 0x17E0,
    "mongolian": 0x1810,
    "tibetan": 0xF20,
    "lao": 0xED0,
    "gujarati": 0xAE6,
    "tamil": 0xBE6,
    "vai": 0xA620,
    "mathematical-bold": 0x1D7CE,
}
DIGIT_ZEROS = list(SCRIPT_ZEROS.values())
# The ten scripts the phone, phone_util, as-you-type, match and short
# generators all draw from (some add others); find leaves out Mongolian and
# Tibetan, describe takes three.
COMMON_SCRIPTS = ("arabic-indic", "persian", "devanagari", "bengali", "thai", "fullwidth", "myanmar", "khmer",
                  "mongolian", "tibetan")


def types(*names: str) -> list[int]:
    """The named types, in the order named."""
    return [TYPE_VALUES[name] for name in names]


def zeros(*scripts: str) -> list[int]:
    """The zeros of the named scripts, in the order named."""
    return [SCRIPT_ZEROS[script] for script in scripts]


def fold(text: str) -> str:
    """Every Unicode decimal digit (Nd) as its ASCII digit: PayPhone's first step,
    so the oracle is asked about the folded text while PayPhone gets it as typed."""
    return "".join(str(unicodedata.decimal(c)) if unicodedata.category(c) == "Nd" else c for c in text)


def mixed_scripts(rng: random.Random, text: str, among: Sequence[int] = DIGIT_ZEROS) -> str:
    """Each ASCII digit of `text` in a script of its own, drawn from the zeros `among`."""
    return "".join(chr(rng.choice(among) + int(c)) if "0" <= c <= "9" else c for c in text)


def to_script(rng: random.Random, text: str, among: Sequence[int] = DIGIT_ZEROS, mixed: float = 0.0,
              share: float = 1.0) -> str:
    """The ASCII digits of `text` in one script drawn from the zeros `among`:
    each digit (with probability `share`), or, with probability `mixed`, each
    digit in a script of its own (mixed_scripts)."""
    zero = rng.choice(among)
    if mixed and rng.random() < mixed:
        return mixed_scripts(rng, text, among)
    return "".join(chr(zero + int(c)) if "0" <= c <= "9" and (share >= 1 or rng.random() < share) else c
                   for c in text)


def groups(rng: random.Random, digits: str, sizes: tuple[int, int] = (1, 4)) -> list[str]:
    """The digits cut into groups of random sizes from sizes[0] to sizes[1]."""
    out = []
    index = 0
    while index < len(digits):
        size = rng.randint(*sizes)
        out.append(digits[index : index + size])
        index += size
    return out


def regroup(rng: random.Random, digits: str, separators: Sequence[str], sizes: tuple[int, int] = (1, 4),
            separator_first: bool = True) -> str:
    """The digits in random groups (groups) joined by one separator drawn from
    `separators`, before the group sizes are drawn or, when not separator_first,
    after them."""
    separator = rng.choice(separators) if separator_first else None
    parts = groups(rng, digits, sizes)
    if separator is None:
        separator = rng.choice(separators)
    return separator.join(parts)


def source_numbers(kinds: Sequence[int] = EXAMPLE_TYPES,
                   entity_kinds: Optional[Sequence[int]] = None) -> list[tuple[str, Optional[int], PhoneNumber]]:
    """(region, type, number): every region's example number of each of `kinds`,
    then each non-geographic entity's, as region "001": its example of each of
    `entity_kinds`, or, when that is None, the one example libphonenumber gives
    for the entity (type None)."""
    numbers: list[tuple[str, Optional[int], PhoneNumber]] = []
    for region in REGIONS:
        for numtype in kinds:
            example = phonenumbers.example_number_for_type(region, numtype)
            if example is not None:
                numbers.append((region, numtype, example))
    for code in NON_GEO_CODES:
        if entity_kinds is None:
            example = phonenumbers.example_number_for_non_geo_entity(code)
            if example is not None:
                numbers.append(("001", None, example))
            continue
        metadata = PhoneMetadata.metadata_for_nongeo_region(code)
        for numtype in entity_kinds:
            desc = phonenumbers.phonenumberutil._number_desc_by_type(metadata, numtype)
            if desc is not None and desc.example_number:
                numbers.append(("001", numtype, phonenumbers.parse("+%d%s" % (code, desc.example_number), None)))
    return numbers


def write_line(record: dict, sort_keys: bool = True, spaced: bool = False) -> None:
    """One fixture line on stdout: the record as JSON with non-ASCII text as
    is, keys sorted unless not sort_keys, no spaces unless spaced."""
    separators = None if spaced else (",", ":")
    sys.stdout.write(json.dumps(record, ensure_ascii=False, sort_keys=sort_keys, separators=separators) + "\n")
