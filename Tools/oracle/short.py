#!/usr/bin/env python3
"""Oracle fixture for short numbers: libphonenumber's ShortNumberInfo.

Prints Tests/Fixtures/short.jsonl (see README.md). For every region with
short-number metadata, numbers as people dial them — each kind's example
(emergency, toll-free, standard and premium rate, short codes,
carrier-specific, SMS), those with digits added, dropped or changed, random
short digit strings, formatting, `+` and the country code, letters, other
scripts' digits, text around — dialled in that region (sometimes in
another), and per number:

  {"kind": "number", "number", "region",
   "parsed": the parse error code, or null when it parses,
   "possible", "valid", "cost", "carrierSpecific", "smsService":
       the ...for_region calls on parse(number, region) (null when no parse),
   "possibleAny", "validAny", "costAny", "carrierSpecificAny":
       the calls without a region (null when no parse),
   "emergency", "connectsToEmergency": on the text itself}

and per region one {"kind": "example", "region", "example", "tollFree",
"standardRate", "premiumRate", "unknownCost"} line with the example short
numbers ("" when none, as libphonenumber answers). The oracle reads the
texts with their digits folded to ASCII (as the CLI contract folds them).
"""

import random

import phonenumbers
from phonenumbers import NumberParseException, PhoneMetadata
from phonenumbers import shortnumberinfo as short
from phonenumbers.shortnumberinfo import ShortNumberCost

import _oracle as oracle
import _typed_forms as forms

COST_NAMES = {
    ShortNumberCost.TOLL_FREE: "toll_free",
    ShortNumberCost.STANDARD_RATE: "standard_rate",
    ShortNumberCost.PREMIUM_RATE: "premium_rate",
    ShortNumberCost.UNKNOWN_COST: "unknown_cost",
}
KINDS = ["general_desc", "toll_free", "standard_rate", "premium_rate", "emergency", "short_code",
         "carrier_specific", "sms_services"]


def answer(text, region):
    folded = oracle.fold(text)
    line = {"kind": "number", "number": text, "region": region}
    try:
        number = phonenumbers.parse(folded, region)
        line["parsed"] = None
    except NumberParseException as error:
        number = None
        line["parsed"] = oracle.ERROR_NAMES[error.error_type]
    if number is None:
        for key in ("possible", "valid", "cost", "carrierSpecific", "smsService", "possibleAny", "validAny",
                    "costAny", "carrierSpecificAny"):
            line[key] = None
    else:
        line["possible"] = short.is_possible_short_number_for_region(number, region)
        line["valid"] = short.is_valid_short_number_for_region(number, region)
        line["cost"] = COST_NAMES[short.expected_cost_for_region(number, region)]
        line["carrierSpecific"] = short.is_carrier_specific_for_region(number, region)
        line["smsService"] = short.is_sms_service_for_region(number, region)
        line["possibleAny"] = short.is_possible_short_number(number)
        line["validAny"] = short.is_valid_short_number(number)
        line["costAny"] = COST_NAMES[short.expected_cost(number)]
        line["carrierSpecificAny"] = short.is_carrier_specific(number)
    line["emergency"] = short.is_emergency_number(folded, region)
    line["connectsToEmergency"] = short.connects_to_emergency_number(folded, region)
    return line


def seeds(metadata, rng):
    """Digit strings near the region's short numbers."""
    out = []
    for kind in KINDS:
        desc = getattr(metadata, kind)
        if desc is None:
            continue
        if desc.example_number:
            out.append(desc.example_number)
        for length in desc.possible_length or ():
            out.append("".join(str(rng.randint(0, 9)) for _ in range(length)))
    examples = [s for s in out if len(s) >= 2]
    for example in list(examples):
        position = rng.randrange(len(example))
        out.append(example + str(rng.randint(0, 9)))
        out.append(example + str(rng.randint(0, 9)) + str(rng.randint(0, 9)))
        out.append(example[:-1])
        out.append(example[:position] + str(rng.randint(0, 9)) + example[position + 1 :])
        out.append("0" + example)
    for prefix in ("1", "11", "112", "116", "9", "99", "999", "911", "10", "3", "19", "0", "8", "7"):
        out.append(prefix + "".join(str(rng.randint(0, 9)) for _ in range(rng.randint(0, 4))))
    return out


def typed(digits, region, rng):
    """The digits as dialled: grouped, with + and the country code, letters, scripts, text."""
    roll = rng.random()
    code = phonenumbers.country_code_for_region(region)
    if roll < 0.08:
        text = "+" + str(code) + " " + digits
    elif roll < 0.11:
        text = "+" + digits
    elif roll < 0.14:
        text = "00" + str(code) + digits
    elif roll < 0.18:
        text = digits + rng.choice(forms.EXTENSION_SPELLINGS).format(rng.randint(1, 99))
    elif roll < 0.22:
        text = rng.choice(["*", "#", "**", ""]) + digits + rng.choice(["#", "*", ""])
    elif roll < 0.25:
        text = digits[:1] + rng.choice(["a", "b", "x", " ", "-"]) + digits[1:]
    else:
        text = forms.grouped(digits, rng)
    return forms.dressed(text, rng)


def main():
    rng = random.Random(1414)
    regions = sorted(short.SUPPORTED_SHORT_REGIONS)
    lines = []
    for region in regions:
        metadata = PhoneMetadata.short_metadata_for_region(region)
        lines.append(
            {
                "kind": "example",
                "region": region,
                "example": short._example_short_number(region),
                "tollFree": short._example_short_number_for_cost(region, ShortNumberCost.TOLL_FREE),
                "standardRate": short._example_short_number_for_cost(region, ShortNumberCost.STANDARD_RATE),
                "premiumRate": short._example_short_number_for_cost(region, ShortNumberCost.PREMIUM_RATE),
                "unknownCost": short._example_short_number_for_cost(region, ShortNumberCost.UNKNOWN_COST),
            }
        )
        for digits in seeds(metadata, rng):
            asked = region if rng.random() < 0.9 else rng.choice(regions)
            lines.append(answer(typed(digits, asked, rng), asked))
    for text in ["112", "911", "+1 911", "1-1-2", "11 2", "112a", "1120", "9110", "190", "1900", "133", "1330",
                 "118", "1180", "sos 112", "*112#", "١١٢", "+112", "000", "0001", "999", "9999", "110", "1100",
                 "15", "150", "17", "170", "18", "180", "911 ext. 1", "112/x3", "1 1 2 3"]:
        for region in ["DE", "US", "BR", "CL", "NI", "FR", "GB", "AU", "IN", "JP", "CA", "MX"]:
            lines.append(answer(text, region))
    for line in lines:
        oracle.write_line(line)


if __name__ == "__main__":
    main()
