#!/usr/bin/env python3
"""Differential oracle for PayPhone's as-you-type formatter.

Generates key sequences deterministically — every region's example numbers
typed nationally, with the national prefix, internationally after "+" or an
international (IDD) prefix, with carrier codes, with the person's own
punctuation, in digits of other scripts, too long, cut short, and random
keys — feeds them one character (code point) at a time to libphonenumber's
Python port's AsYouTypeFormatter (PyPI phonenumbers at the version
_reference.py names), remembering the position of some keys, and writes one
JSON object per sequence:

  {"region": "US", "keys": "6502532222", "remember": [3],
   "steps": ["6", "65", ...], "positions": [0, 0, 0, 3, ...],
   "raisedAt": null, "raised": null}

"steps" holds input_digit's answer after each key, "positions" the answer of
get_remembered_position() after each key; the keys at the indices in
"remember" are fed with remember_position=True. When the oracle itself
raises, "raisedAt" is the index of the key it raised on and "raised" the
exception; the steps before it are kept.

Writes Tests/Fixtures/as_you_type_oracle.jsonl through
Tools/oracle/regenerate.sh; the output depends only on the seed. (Which keys
the formatter reads as digits is as_you_type_digits.py's fixture.)

Usage: as_you_type_oracle.py [--count N] [--seed S] > as_you_type_oracle.jsonl
"""

import argparse
import random
import re

import phonenumbers
from phonenumbers import AsYouTypeFormatter, PhoneMetadata, PhoneNumberFormat, PhoneNumberType

import _oracle as oracle

# Mobile first: a region's first example is the one always typed (see main).
TYPES = [PhoneNumberType.MOBILE] + [t for t in oracle.EXAMPLE_TYPES if t != PhoneNumberType.MOBILE]
ZEROS = oracle.zeros(*oracle.COMMON_SCRIPTS, "lao", "gujarati")
# Digits Python's str.isdigit() accepts that are not decimal digits: superscripts, circled.
OTHER_DIGITS = {"1": "\u00b9", "2": "\u00b2", "3": "\u00b3", "4": "\u2074", "5": "\u2460"}
# International prefixes tried when a region's IDD pattern is not one literal.
IDD_CANDIDATES = ["00", "011", "010", "001", "0011", "810", "8~10", "009", "0010", "012", "014", "1810", "119",
                  "00700", "0014", "005", "007", "994", "990", "00212", "0013", "013", "0015", "0019", "1230"]
PUNCTUATION = [" ", "-", ".", "(", ")", "/", "\u2013", "\u00a0", "\u3000", "\uff0d"]


def dialled_digits(text):
    """Digits and a leading plus, as a person types a written number."""
    return "".join(c for c in text if c.isdigit() or c == "+")


def idd_prefixes(region):
    """Literal international prefixes a person in region would dial."""
    meta = PhoneMetadata.metadata_for_region(region)
    if meta is None or meta.international_prefix is None:
        return []
    found = []
    if meta.preferred_international_prefix:
        found.append(meta.preferred_international_prefix.replace("~", ""))
    for candidate in IDD_CANDIDATES:
        candidate = candidate.replace("~", "")
        if re.fullmatch(meta.international_prefix, candidate) and candidate not in found:
            found.append(candidate)
    return found


def forms(region, number, rng):
    """(keys, formatter region) pairs: the ways a person types one number."""
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    nsn = phonenumbers.national_significant_number(number)
    cc = str(number.country_code)
    own = region if region != "001" else rng.choice(["001", "US", "DE", "ZZ"])
    other = rng.choice(oracle.REGIONS)
    result = [
        (dialled_digits(national), own),
        (nsn, own),
        ("+" + cc + nsn, own),
        ("+" + cc + nsn, other),
        (national, own),
        (intl, other),
        (oracle.to_script(rng, dialled_digits(national), ZEROS, mixed=0.2), own),
        (oracle.to_script(rng, "+" + cc + nsn, ZEROS, mixed=0.2), other),
        (dialled_digits(national) + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 5))), own),
        ("+" + cc + nsn + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 4))), other),
        ("\uff0b" + cc + nsn, other),
    ]
    meta = PhoneMetadata.metadata_for_region(own) if own != "001" else None
    if meta is not None and meta.national_prefix:
        result.append(("+" + cc + meta.national_prefix + nsn, other))
        result.append((cc + meta.national_prefix + nsn, own))
    for caller in (own, other):
        prefixes = idd_prefixes(caller) if caller != "001" else []
        if prefixes:
            result.append((rng.choice(prefixes) + cc + nsn, caller))
    # Punctuation the person types: the written form regrouped.
    result.append((oracle.regroup(rng, dialled_digits(national), PUNCTUATION, sizes=(2, 4), separator_first=False),
                   own))
    # A digit Python's isdigit() accepts that is not a decimal digit.
    swapped = "".join(OTHER_DIGITS.get(c, c) if rng.random() < 0.3 else c for c in nsn)
    result.append((swapped, own))
    return result


def carrier_forms(rng):
    """Carrier codes and national prefixes typed before a number."""
    result = []
    for region, carriers in (("BR", ["0 15 ", "0 21 ", "0 41 ", "0 12 ", "0xx41"]), ("CO", ["03 ", "0 4 ", "03"]),
                             ("AR", ["0 ", "0 15 ", "15"]), ("CL", ["0 ", "00 "]), ("MX", ["01 ", "044 ", "045 "])):
        for numtype in (PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE):
            example = phonenumbers.example_number_for_type(region, numtype)
            if example is None:
                continue
            nsn = phonenumbers.national_significant_number(example)
            for carrier in carriers:
                result.append((dialled_digits(carrier) + nsn, region))
                with_code = phonenumbers.format_national_number_with_carrier_code(example, dialled_digits(carrier) or "15")
                result.append((dialled_digits(with_code), region))
    # NANPA: 1 before the area code, and short or odd local numbers.
    for region in ("US", "CA", "JM", "PR", "BS"):
        for keys in ("16502532222", "6502532222", "2532222", "1800FLOWERS", "18002532222", "011441234567890",
                     "1101234", "911", "411", "1-650-253-2222", "+16502532222", "0016502532222"):
            result.append((keys, region))
    return result


def random_keys(rng, regions):
    """Random keys: digits mostly, pluses, punctuation, letters."""
    region = rng.choice(regions)
    shape = rng.random()
    if shape < 0.5:
        keys = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 18)))
    elif shape < 0.7:
        keys = "+" + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 17)))
    elif shape < 0.85:
        head = rng.choice(["0", "00", "011", "8", "810", "1", "+0", "+1", "+44", "+800", "+7", "0011", "001"])
        keys = head + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 14)))
    else:
        alphabet = "0123456789+-() ./x*#" + "\u0660\u0661\u0662\uff10\uff11\u0966\u00b2"
        keys = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 16)))
    return keys, region


def run(region, keys, remember):
    formatter = AsYouTypeFormatter(region)
    steps, positions = [], []
    for index, key in enumerate(keys):
        try:
            # The oracle gets the folded key: the contract folds digits before interpretation.
            steps.append(formatter.input_digit(oracle.fold(key), remember_position=index in remember))
            positions.append(formatter.get_remembered_position())
        except Exception as error:  # the oracle's own failure: recorded, not hidden
            return steps, positions, index, "%s: %s" % (type(error).__name__, error)
    return steps, positions, None, None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    sources = [(region, number) for region, _, number in oracle.source_numbers(TYPES)]
    regions = oracle.REGIONS
    cases = []
    # Every region: its mobile/fixed example typed nationally and internationally, always.
    seen = set()
    for region, number in sources:
        all_forms = forms(region, number, rng)
        if region not in seen:
            seen.add(region)
            cases.extend(all_forms[:3])
            cases.extend(rng.sample(all_forms[3:], 3))
        else:
            cases.extend(rng.sample(all_forms, 2))
    cases.extend(carrier_forms(rng))
    for region in ("ZZ", "001", "us", "gb"):
        for keys in ("+16502532222", "+442079460958", "+80012345678", "0044207946", "6502532222", "+8821234567"):
            cases.append((keys, region))
    for _ in range(max(800, arguments.count // 8)):
        cases.append(random_keys(rng, regions + ["ZZ", "001"]))
    while len(cases) < arguments.count:
        region, number = rng.choice(sources)
        cases.append(rng.choice(forms(region, number, rng)))
    for keys, region in cases:
        remember = sorted(rng.sample(range(len(keys)), min(len(keys), rng.randint(0, 3)))) if keys else []
        steps, positions, raised_at, raised = run(region, keys, set(remember))
        oracle.write_line({
            "region": region, "keys": keys, "remember": remember, "steps": steps, "positions": positions,
            "raisedAt": raised_at, "raised": raised,
        }, sort_keys=False)


if __name__ == "__main__":
    main()
