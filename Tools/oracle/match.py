#!/usr/bin/env python3
"""Oracle fixture for number matching: libphonenumber's is_number_match.

Prints Tests/Fixtures/match.jsonl (see README.md): pairs of numbers as people
type them — the same number in E.164, international, national and IDD forms,
shortened (NANPA 7-digit local numbers, dropped area codes), with extensions
(same, different, one-sided), Italian leading zeros, one digit changed,
other countries, vanity letters, other scripts' digits, text around, junk —
for every region, and per pair:

  {"a", "b", "region",            the inputs as typed (region: null or a code)
   "strings":  is_number_match(a, b) on the two texts (no region),
   "numbers":  is_number_match(parse(a, region), parse(b, region)), or
               "not_a_number" when either does not parse (null without region),
   "numberText": is_number_match(parse(a, region), b), null when a does not
               parse (without region: a parsed with no region)}

The oracle reads the texts with their digits folded to ASCII (as the CLI
contract folds them).
"""

import random

import phonenumbers
from phonenumbers import MatchType, NumberParseException, PhoneMetadata, PhoneNumberFormat

import _oracle as oracle
import _typed_forms as forms

MATCH_NAMES = {
    MatchType.EXACT_MATCH: "exact_match",
    MatchType.NSN_MATCH: "nsn_match",
    MatchType.SHORT_NSN_MATCH: "short_nsn_match",
    MatchType.NO_MATCH: "no_match",
    MatchType.NOT_A_NUMBER: "not_a_number",
}
TYPES = oracle.types("fixed_line", "mobile", "toll_free", "premium_rate", "voip", "uan")


def parse(text, region):
    try:
        return phonenumbers.parse(oracle.fold(text), region)
    except NumberParseException:
        return None


def idd_form(region, number, rng):
    metadata = PhoneMetadata.metadata_for_region(region)
    prefix = (metadata.preferred_international_prefix if metadata else None) or "00"
    if not prefix.isdigit():
        prefix = "00"
    return prefix + " " + str(number.country_code) + " " + phonenumbers.national_significant_number(number)


def forms_of(region, number, rng):
    """The ways the same number is written."""
    nsn = phonenumbers.national_significant_number(number)
    cc = str(number.country_code)
    out = [
        "+" + cc + nsn,
        phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL),
        phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL),
        nsn,
        forms.grouped(nsn, rng),
        "+" + cc + " " + forms.grouped(nsn, rng),
        idd_form(region, number, rng),
        phonenumbers.format_number(number, PhoneNumberFormat.RFC3966),
    ]
    return [forms.dressed(text, rng) for text in out]


def variants(region, number, rng):
    """Other numbers near this one, written in some form."""
    nsn = phonenumbers.national_significant_number(number)
    cc = str(number.country_code)
    out = []
    # Shortened: a suffix (NANPA's 7 digits), the number without its first digits.
    for cut in (1, 2, 3, len(nsn) - 7, len(nsn) - 4):
        if 0 < cut < len(nsn) - 1:
            out.append(nsn[cut:])
            out.append("+" + cc + nsn[cut:])
    # One digit changed, one added, one dropped at the end.
    position = rng.randrange(len(nsn))
    changed = nsn[:position] + str((int(nsn[position]) + rng.randint(1, 9)) % 10) + nsn[position + 1 :]
    out += [changed, "+" + cc + changed, nsn + str(rng.randint(0, 9)), "+" + cc + nsn[:-1]]
    # Leading zeros (Italy keeps them; elsewhere a national prefix or not).
    out += ["0" + nsn, "+" + cc + "0" + nsn, "00" + nsn, "+" + cc + nsn.lstrip("0")]
    # Another country code, the same digits.
    other = rng.choice([1, 7, 33, 39, 44, 49, 55, 61, 81, 86, 91, 800, 882, 999, 0])
    out.append("+" + str(other) + nsn)
    return [forms.dressed(text, rng) for text in out]


def extensions(texts, rng):
    """Some texts with an extension: the pair then shares it, differs, or has it once."""
    out = []
    for text in texts:
        roll = rng.random()
        if roll < 0.25:
            extension = rng.choice(["1", "12", "123", "4567", "0001"])
            out.append(text + rng.choice(forms.EXTENSION_SPELLINGS).format(extension))
        else:
            out.append(text)
    return out


JUNK = ["", " ", "abc", "+", "++44", "1", "12", "tel:", "+999 1234", "0", "+0 123", "ext. 12", "x" * 30,
        "+44 20 7946 0958 ext. 12 x 34", "1" * 20, "+1 " + "2" * 18, "١٢٣", "*123#", "911", "112", "+1 911",
        "(020) 7946-0958", "020 7946 0958", "7946 0958", "+44 (0) 20 7946 0958", "+39 02 1234 5678",
        "02 1234 5678", "2 1234 5678", "+39 2 1234 5678", "+1 650 253 0000", "650 253 0000", "253 0000",
        "1 650 253 0000", "011 44 20 7946 0958", "00 44 20 7946 0958", "+800 1234 5678", "1234 5678"]


def answer(a, b, region):
    fa, fb = oracle.fold(a), oracle.fold(b)
    strings = MATCH_NAMES[phonenumbers.is_number_match(fa, fb)]
    pa = parse(a, region)
    if region is None:
        numbers = None
    else:
        pb = parse(b, region)
        numbers = "not_a_number" if pa is None or pb is None else MATCH_NAMES[phonenumbers.is_number_match(pa, pb)]
    number_text = None if pa is None else MATCH_NAMES[phonenumbers.is_number_match(pa, fb)]
    return {"a": a, "b": b, "region": region, "strings": strings, "numbers": numbers, "numberText": number_text}


def main():
    rng = random.Random(14)
    regions = oracle.REGIONS
    lines = []
    for region, _, number in oracle.source_numbers(TYPES):
        same = forms_of(region, number, rng)
        near = variants(region, number, rng)
        pool = extensions(same + near, rng)
        for _ in range(10):
            a, b = rng.choice(pool), rng.choice(pool)
            if rng.random() < 0.5:
                a = rng.choice(extensions(same, rng))
            asked = rng.choice([None, None, region if region != "001" else None, rng.choice(regions), "ZZ"])
            lines.append(answer(a, b, asked))
    for a in JUNK:
        for b in rng.sample(JUNK, 12):
            lines.append(answer(a, b, rng.choice([None, "US", "GB", "IT", "DE"])))
    for line in lines:
        oracle.write_line(line)


if __name__ == "__main__":
    main()
