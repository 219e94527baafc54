"""Oracle answers of PhoneNumberUtil's per-number calls, for the phone_util tier.

Prints Tests/Fixtures/phone_util_numbers.jsonl: one line per typed number
(every region's example numbers of every type, typed as people type them:
national and international forms, IDD and national prefixes, carrier codes,
vanity letters, extensions, other scripts' digits, too long and too short,
plus random digits). Digits of other scripts are folded to ASCII before the
oracle sees the text, as PayPhone folds them before interpretation.

Each line: {"number", "region", "expected"} where expected is
{"error"} when parsing fails, else the answers of parse(keep_raw_input=True)
and of the calls on the number (see phone_util_numbers in
Tests/PayPhoneNumbersTests/PhoneUtilOracleTests.swift for the keys).
"""

import random

import phonenumbers
from phonenumbers import CountryCodeSource, NumberParseException, PhoneNumber

import _oracle as oracle
import _phone_inputs as inputs

SOURCES = {
    CountryCodeSource.FROM_NUMBER_WITH_PLUS_SIGN: "from_number_with_plus_sign",
    CountryCodeSource.FROM_NUMBER_WITH_IDD: "from_number_with_idd",
    CountryCodeSource.FROM_NUMBER_WITHOUT_PLUS_SIGN: "from_number_without_plus_sign",
    CountryCodeSource.FROM_DEFAULT_COUNTRY: "from_default_country",
}
REASONS = {
    0: "is_possible",
    1: "invalid_country_code",
    2: "too_short",
    3: "too_long",
    4: "is_possible_local_only",
    5: "invalid_length",
}
CARRIER_CODES = ["", "15", "21", "3", "456", "12", "99", "41", "1", "0", "7", "1234"]
# The regions whose national formats have a carrier-code rule.
CARRIER_REGIONS = {"AU", "BO", "BR", "CN", "CO", "CR", "FO", "KR", "LI", "LU", "VE"}


def canonical(number):
    text = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
    return text + (";ext=" + number.extension if number.extension else "")


def answers(rng, text, region):
    try:
        kept = phonenumbers.parse(text, region, keep_raw_input=True)
        plain = phonenumbers.parse(text, region)
    except NumberParseException as error:
        return {"error": oracle.ERROR_NAMES[error.error_type]}
    callers = sorted({region or "US", rng.choice(oracle.REGIONS), rng.choice(["US", "BR", "MX", "GB", "CL", "UZ", "ZZ", "001"]),
                      oracle.REGIONS[plain.country_code % len(oracle.REGIONS)]})
    callers = [c for c in callers if phonenumbers.region_code_for_country_code(plain.country_code) == c
               or rng.random() < 0.6] or [callers[0]]
    carrier = rng.choice(CARRIER_CODES)
    fallback = rng.choice(CARRIER_CODES)
    truncated = PhoneNumber()
    truncated.merge_from(plain)
    truncates = phonenumbers.truncate_too_long_number(truncated)
    return {
        "e164": canonical(plain),
        "source": SOURCES[kept.country_code_source],
        "carrierCode": kept.preferred_domestic_carrier_code or None,
        "possibility": [REASONS[phonenumbers.is_possible_number_for_type_with_reason(plain, t)]
                        for _, t in oracle.TYPES],
        "possibleForType": [phonenumbers.is_possible_number_for_type(plain, t) for _, t in oracle.TYPES],
        "original": [[c, phonenumbers.format_in_original_format(kept, c),
                      phonenumbers.format_in_original_format(plain, c)] for c in callers],
        "mobile": [[c, f, phonenumbers.format_number_for_mobile_dialing(plain, c, f),
                    phonenumbers.format_number_for_mobile_dialing(kept, c, f)]
                   for c in callers for f in (True, False)],
        "alpha": [[c, phonenumbers.format_out_of_country_keeping_alpha_chars(kept, c),
                   phonenumbers.format_out_of_country_keeping_alpha_chars(plain, c)] for c in callers],
        "carrier": [[code, phonenumbers.format_national_number_with_carrier_code(plain, code)]
                    for code in sorted({carrier, rng.choice(CARRIER_CODES), rng.choice(CARRIER_CODES)})],
        "preferred": [fallback, phonenumbers.format_national_number_with_preferred_carrier_code(plain, fallback),
                      phonenumbers.format_national_number_with_preferred_carrier_code(kept, fallback)],
        "truncated": canonical(truncated) if truncates else None,
        "areaCodeLength": phonenumbers.length_of_geographical_area_code(plain),
        "ndcLength": phonenumbers.length_of_national_destination_code(plain),
        "geographical": phonenumbers.is_number_geographical(plain),
        "internationallyDiallable": phonenumbers.can_be_internationally_dialled(plain),
    }


def main():
    rng = random.Random(1404)
    forms = []
    for region, _, number in oracle.source_numbers(entity_kinds=oracle.EXAMPLE_TYPES):
        forms.extend(form + (region,) for form in inputs.typed_forms(rng, region, number))
    # Every typed form of the regions whose formats write carrier codes, and
    # of carrier codes typed in; a sample of the rest.
    kept = [form for form in forms if form[2] or form[3] in CARRIER_REGIONS]
    forms = rng.sample([form for form in forms if not (form[2] or form[3] in CARRIER_REGIONS)], 4300) + kept
    forms += [(text, region, False, None) for text, region in inputs.random_digits_forms(rng, 700)]
    for text, region, _, _ in forms:
        line = {"number": text, "region": region, "expected": answers(rng, oracle.fold(text), region)}
        oracle.write_line(line)


if __name__ == "__main__":
    main()
