"""Oracle answers of format_by_pattern, for the phone_util tier.

Prints Tests/Fixtures/phone_util_patterns.jsonl: one line per typed number
and list of caller-defined formatting rules (taken from the metadata of the
number's region and of others, or made up: patterns, layouts, leading
digits, national-prefix rules with $NP and $FG), with the number formatted
by them in the four formats. Rules are written as PayPhone takes them
($1 for a group); the oracle gets them as its NumberFormat (\\1).
Digits of other scripts are folded to ASCII before the oracle sees the text.
"""

import random
import re

import phonenumbers
from phonenumbers import NumberFormat, NumberParseException, PhoneMetadata, PhoneNumberFormat

import _oracle as oracle
import _phone_inputs as inputs

FORMATS = [("e164", PhoneNumberFormat.E164), ("international", PhoneNumberFormat.INTERNATIONAL),
           ("national", PhoneNumberFormat.NATIONAL), ("rfc3966", PhoneNumberFormat.RFC3966)]
PATTERNS = [r"(\d{3})(\d{3})(\d{4})", r"(\d{2})(\d{4})(\d{4})", r"(\d{3})(\d+)", r"(\d)(\d{2})(\d{3})(\d+)",
            r"(\d+)", r"(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})", r"(\d{4})(\d{3,4})", r"(\d{1,3})(\d{3})(\d{3})",
            r"([2-9]\d{2})(\d{3})(\d{4})", r"(\d{2,3}?)(\d{4})(\d{4})", r"(?:0|1)?(\d{3})(\d{4,})"]
LEADING = [[], [], ["[2-9]"], ["1"], ["[13579]"], ["2|3|7"], ["[1-9]", "[1-9]\\d"], ["0"], ["8[0-5]"]]
NP_RULES = [None, "", "$NP$FG", "($NP$FG)", "$NP $FG", "$FG", "($FG)", "$NP-$FG", "$NP", "$NP ($FG)"]
SEPARATORS = [" ", "-", ".", " - ", "/", "", ") ", " ("]


def layout(rng, groups):
    text = "$1"
    for index in range(2, groups + 1):
        text += rng.choice(SEPARATORS) + "$%d" % index
    return rng.choice(["", "", "(", "+"]) + text + rng.choice(["", "", " ", "#"])


def metadata_rules(region):
    metadata = PhoneMetadata.metadata_for_region_or_calling_code(
        phonenumbers.country_code_for_region(region) or 0, region) if region else None
    return [] if metadata is None else list(metadata.number_format)


def rule(rng, own):
    if own and rng.random() < 0.5:
        source = rng.choice(own)
    elif rng.random() < 0.3:
        candidates = metadata_rules(rng.choice(oracle.REGIONS))
        source = rng.choice(candidates) if candidates else None
    else:
        source = None
    if source is not None:
        leading = list(source.leading_digits_pattern)
        pattern = source.pattern
        text = re.sub(r"\\(\d)", r"$\1", source.format)
    else:
        leading = rng.choice(LEADING)
        pattern = rng.choice(PATTERNS)
        text = layout(rng, re.compile(pattern).groups)
    if sum(len(p) for p in leading) > 300:
        leading = leading[:1] if len(leading[0]) <= 300 else []
    return {"pattern": pattern, "format": text, "leading": leading, "npRule": rng.choice(NP_RULES)}


def oracle_rule(entry):
    return NumberFormat(pattern=entry["pattern"], format=re.sub(r"\$(\d)", r"\\\1", entry["format"]),
                        leading_digits_pattern=entry["leading"],
                        national_prefix_formatting_rule=entry["npRule"])


def main():
    rng = random.Random(1406)
    forms = []
    for region, _, number in oracle.source_numbers(entity_kinds=oracle.EXAMPLE_TYPES):
        forms.extend((text, default) for text, default, _ in inputs.typed_forms(rng, region, number))
    forms = rng.sample(forms, 3200) + inputs.random_digits_forms(rng, 300)
    for text, region in forms:
        try:
            number = phonenumbers.parse(oracle.fold(text), region)
        except NumberParseException:
            continue
        own = metadata_rules(phonenumbers.region_code_for_country_code(number.country_code))
        rules = [rule(rng, own) for _ in range(rng.randint(1, 3))]
        expected = {name: phonenumbers.format_by_pattern(number, value, [oracle_rule(r) for r in rules])
                    for name, value in FORMATS}
        line = {"number": text, "region": region, "rules": rules, "expected": expected}
        oracle.write_line(line)


if __name__ == "__main__":
    main()
