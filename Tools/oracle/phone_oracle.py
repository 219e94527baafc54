#!/usr/bin/env python3
"""Differential oracle for PayPhone's phone parsing and formatting.

Generates varied inputs (every region and type, every input form people
type, invalid and failing inputs) deterministically, runs them through
libphonenumber's Python port (PyPI phonenumbers at the version _reference.py
names), and writes one JSON object per line with the answers the
`payphone phone --jsonl` contract asks for: the input, the default region it
is parsed with, and either

  {"input": ..., "defaultRegion": ..., "ok": true, "countryCode": ...,
   "nationalNumber": ..., "extension": ..., "region": ..., "valid": ...,
   "possible": ..., "type": ..., "international": ..., "national": ...,
   "rfc3966": ...}

or {"input": ..., "defaultRegion": ..., "ok": false, "error": ...}. To keep
the fixture small, a null field (no default region, no extension, no region)
is left out, and so is the E.164 form: it is always "+" + countryCode +
nationalNumber (checked here for every case before it is dropped).

Writes Tests/Fixtures/phone_oracle.jsonl through Tools/oracle/regenerate.sh;
the output depends only on the seed.

Usage: phone_oracle.py [--count N] [--seed S] > phone_oracle.jsonl
"""

import argparse
import random
import sys

import phonenumbers
from phonenumbers import NumberParseException, PhoneMetadata, PhoneNumberFormat

import _oracle as oracle

ZEROS = oracle.zeros(*oracle.COMMON_SCRIPTS)
EXTENSION_SPELLINGS = [
    " ext. {}", " ext {}", " ext.{}", "ext{}", " x{}", " x {}", " X{}", " #{}", ";ext={}", ",,{}", ",{}",
    " extension {}", " EXT: {}", " anexo {}", " доб {}", " - {}#", " int {}", " ~{}", " extn. {}", " xtn {}",
]
SEPARATORS = [" ", "-", ".", "/", " - ", "  "]
WRAPPERS = ["Tel: {}", "call me at {} please", "Phone: {}.", "<{}>", "({})", "{} (mobile)", "{};"]


def answer(raw, region):
    # The contract folds every decimal digit before interpretation, so the
    # reference answer is libphonenumber's for the folded text.
    try:
        number = phonenumbers.parse(oracle.fold(raw), region)
    except NumberParseException as error:
        return {"ok": False, "error": oracle.ERROR_NAMES[error.error_type]}
    return {
        "ok": True,
        "e164": phonenumbers.format_number(number, PhoneNumberFormat.E164),  # dropped by stored()
        "countryCode": number.country_code,
        "nationalNumber": phonenumbers.national_significant_number(number),
        "extension": number.extension,
        "region": phonenumbers.region_code_for_number(number),
        "valid": phonenumbers.is_valid_number(number),
        "possible": phonenumbers.is_possible_number(number),
        "type": oracle.TYPE_NAMES[phonenumbers.number_type(number)],
        "international": phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL),
        "national": phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL),
        "rfc3966": phonenumbers.format_number(number, PhoneNumberFormat.RFC3966),
    }


def mix_scripts(text, rng):
    """Some of the ASCII digits (not all) moved to one or two other scripts: digits meeting letters,
    labels and tel: parts the way mixed keyboards type them."""
    zeros = [rng.choice(ZEROS), rng.choice(ZEROS)]
    out = []
    for c in text:
        if c.isascii() and c.isdigit() and rng.random() < 0.4:
            c = chr(rng.choice(zeros) + int(c))
        out.append(c)
    if rng.random() < 0.3 and out:
        # A digit typed into a label or between letters.
        i = rng.randrange(len(out) + 1)
        out[i:i] = [chr(rng.choice(zeros) + rng.randrange(10))]
    return "".join(out)


def vanity(national, rng):
    chars = list(national)
    positions = [i for i, c in enumerate(chars) if c in oracle.ALPHA_KEYS]
    rng.shuffle(positions)
    for i in positions[: rng.randint(3, max(3, len(positions)))]:
        letter = rng.choice(oracle.ALPHA_KEYS[chars[i]])
        chars[i] = letter if rng.random() < 0.7 else letter.lower()
    return "".join(chars)


def mutate_digits(text, rng):
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    if not digits:
        return text
    i = rng.choice(digits[len(digits) // 2 :])
    choice = rng.random()
    if choice < 0.33:
        return text[:i] + text[i + 1 :]
    if choice < 0.66:
        return text[:i] + str(rng.randint(0, 9)) + text[i:]
    return text[:i] + str(rng.randint(0, 9)) + text[i + 1 :]


def renderings(region, number, rng):
    """(raw, default region) pairs for one source number: every form."""
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    nsn = phonenumbers.national_significant_number(number)
    own = region if region != "001" else "US"
    other = rng.choice(oracle.REGIONS)
    forms = [
        (e164, own),
        (e164, None),
        (intl, "US"),
        (intl, other),
        (national, own),
        (national, other),
        (oracle.regroup(rng, national.replace(" ", ""), SEPARATORS, separator_first=False), own),
        ("+" + oracle.regroup(rng, e164[1:], SEPARATORS, separator_first=False), other),
        (nsn, own),
        ("tel:" + e164.replace(" ", "-"), None),
        ("tel:" + nsn + ";phone-context=+" + str(number.country_code), other),
        ("tel:" + national.replace(" ", "-") + ";phone-context=example.com", own),
        (rng.choice(WRAPPERS).format(intl), other),
        (oracle.to_script(rng, intl, ZEROS), other),
        (oracle.to_script(rng, national, ZEROS), own),
        (intl + rng.choice(EXTENSION_SPELLINGS).format(rng.randint(1, 99999)), other),
        (national + rng.choice(EXTENSION_SPELLINGS).format(rng.randint(1, 9999)), own),
        (vanity(national, rng), own),
        (mutate_digits(national, rng), own),
        (mutate_digits(intl, rng), other),
        ("  " + intl + " ", own),
        (mix_scripts(vanity(national, rng), rng), own),
        (mix_scripts(national + rng.choice(EXTENSION_SPELLINGS).format(rng.randint(1, 9999)), rng), own),
        (mix_scripts(intl + rng.choice(EXTENSION_SPELLINGS).format(rng.randint(1, 99999)), rng), other),
        (mix_scripts("tel:" + e164 + ";phone-context=+" + str(number.country_code), rng), other),
        (mix_scripts("tel:" + nsn + ";phone-context=+" + str(number.country_code) + ";ext=" + str(rng.randint(1, 999)), rng), other),
        ("+" + intl.lstrip("+").replace(" ", "") + rng.choice(["", "0", "12", "99999"]), None),
    ]
    # Dialled from abroad with the caller's international prefix.
    for caller in (own, other, "US", "AU", "RU", "BR", "JP"):
        if caller == "001":
            continue
        meta = PhoneMetadata.metadata_for_region(caller)
        prefix = meta.preferred_international_prefix or meta.international_prefix
        if prefix and prefix.isdigit():
            forms.append((prefix + " " + intl.lstrip("+"), caller))
            break
    # National prefix written with the country code, and carrier codes.
    meta = PhoneMetadata.metadata_for_region(own)
    if meta.national_prefix:
        forms.append((str(number.country_code) + meta.national_prefix + nsn, own))
        forms.append(("+" + str(number.country_code) + " (" + meta.national_prefix + ") " + nsn, other))
    if own in ("BR", "CO", "AR", "MX", "CL"):
        for carrier in ("0 15 ", "0 21 ", "0 41 ", "15", "9", "044 ", "045 ", "01 ", "0"):
            forms.append((carrier + nsn, own))
    return forms


def garbage(rng):
    alphabet = "0123456789+-() .x#*;,/:abcdeEXTtel\u0660\u0661\uff10\uff11 \u00a0\u2013"
    samples = [
        "", " ", "+", "++44", "00", "0", "1", "12", "123", "+1", "+0 123456", "+999 12345678", "abc",
        "tel:", "tel:;phone-context=", "tel:+1-650-253-0000;phone-context=", "011", "0011 44",
        "+44 7" , "+800 1234 5678", "+979 123456789", "+882 12 3456 7890", "1" * 30, "+" + "9" * 20,
        "x" * 300, "+44 20 7946 0958 ext. " + "1" * 25, "ext 1234", "(0) 20 7946 0958",
        "tel:+44-20-7946-0958;isub=1234", "+44 20 7946 0958/x12", "+44 20 7946 0958 \\ x12",
        "+1 1", "+44 1", "0044 1", "011 1", "+2 123 456", "+37 123 456", "+ 44 20 7946 0958", "+\uff14\uff14 20 7946 0958",
        "\uff0b44 20 7946 0958", "+44+20 7946 0958", "tel:+1-800-FLOWERS", "1-800-flowers", "0800 FLOWERS",
        "+44 (0) 20 7946 0958", "020 7946 0958;ext=12", "020 7946 0958 ,,12#", "+1 650 253 0000 - 12#",
        "+86 10 1234 5678 ext 123456789012345678901", "tel:+1-650-253-0000;ext=1;phone-context=+1",
        "tel:253-0000;phone-context=www.google.com", "tel:253-0000;phone-context=-bad-.com", "tel:253-0000;phone-context=+",
        "+1 650 253 0000 x\u0661\u0662", "8 800 555 35 35", "8 10 44 20 7946 0958",
    ]
    if rng.random() < 0.5:
        return rng.choice(samples)
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))


def stored(raw, default, expected):
    """The fixture line: input, default region and the answer, without E.164."""
    line = {"input": raw, "defaultRegion": default}
    if expected["ok"]:
        e164 = expected.pop("e164")
        if e164 != "+%d%s" % (expected["countryCode"], expected["nationalNumber"]):
            sys.exit("E.164 %r of %r is not + countryCode nationalNumber" % (e164, raw))
    line.update(expected)
    return {key: value for key, value in line.items() if value is not None}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    sources = [(region, number) for region, _, number in oracle.source_numbers()]
    cases = []
    # Every source number in every form once, then random picks up to count.
    for region, number in sources:
        for raw, default in renderings(region, number, rng):
            cases.append((raw, default))
    regions = oracle.REGIONS + [None, "ZZ", "001"]
    # Failing and odd inputs: a sixth of the total, at least 4,000.
    for _ in range(max(4000, arguments.count // 6)):
        cases.append((garbage(rng), rng.choice(regions)))
    while len(cases) < arguments.count:
        region, number = rng.choice(sources)
        cases.append(rng.choice(renderings(region, number, rng)))
    rng.shuffle(cases)
    seen = set()
    for raw, default in cases:
        if (raw, default) in seen:  # the random picks repeat some forms
            continue
        seen.add((raw, default))
        oracle.write_line(stored(raw, default, answer(raw, default)), sort_keys=False)


if __name__ == "__main__":
    main()
