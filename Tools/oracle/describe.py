#!/usr/bin/env python3
"""Oracle fixture `describe`: libphonenumber's geocoder, carrier and
time-zone mappers (PyPI phonenumbers at the version _reference.py names) on
numbers of every country code, in languages with data and without, with and
without a user region.

Prints one JSON object per line (Tests/Fixtures/describe.jsonl):
  {"input", "region" (parse default or null), "locale", "userRegion",
   "e164", "location", "country", "carrier", "safeCarrier", "timeZones"}
where, with n = parse(input folded to ASCII digits, region) and the locale
split into language, script and region (LANG, SCRIPT, LR):
  location    = geocoder.description_for_number(n, LANG, SCRIPT, userRegion),
                its language lookups made with LR when the locale has a
                region (Java's rule: the locale's region picks the language
                variant, the user region only decides "own region");
  country     = geocoder.country_name_for_number(n, LANG)
  carrier     = carrier.name_for_number(n, LANG, SCRIPT, LR)
  safeCarrier = carrier.safe_display_name(n, LANG, SCRIPT, LR)
  timeZones   = timezone.time_zones_for_number(n)
Empty strings are null. Inputs that do not parse are left out (the phone
fixture covers parsing). Deterministic: a fixed seed, sorted iteration.
"""

import random

import phonenumbers
from phonenumbers import carrier, geocoder, timezone
from phonenumbers.carrierdata import CARRIER_DATA
from phonenumbers.geodata import GEOCODE_DATA
from phonenumbers.phonenumberutil import COUNTRY_CODE_TO_REGION_CODE
from phonenumbers.tzdata import TIMEZONE_DATA

import _oracle as oracle

# Languages with geocoding or carrier data, and ones without (a country name
# only, or nothing), with scripts and regions.
LOCALES_WITH_DATA = ["en", "de", "fr", "zh", "ja", "ko", "ru", "pt", "es", "it", "ar", "fa", "uk", "kk", "bg",
                     "sv", "el", "nl", "zh_Hant", "tr", "hy", "be", "pl", "iw", "vi", "id", "fi", "hu", "ro"]
LOCALES_WITHOUT_DATA = ["da", "sw", "nb", "he", "tlh", "ga", "ms", "mt", "th", "hi", "cy", "eo"]
LOCALES_WITH_REGION = ["zh_TW", "zh_HK", "zh_MO", "zh_CN", "zh_Hant_TW", "en_GB", "pt_BR", "de_CH", "es_419",
                       "ja_JP", "fr_CA", "ko_KR", "zh_Hans", "ru_KZ"]

ZEROS = oracle.zeros("arabic-indic", "fullwidth", "devanagari")


def split_locale(identifier):
    parts = identifier.split("_")
    language, script, region = parts[0], None, None
    for part in parts[1:]:
        if len(part) == 4:
            script = part
        else:
            region = part
    return language, script, region


def location_for(number, language, script, locale_region, user_region):
    if locale_region is None:
        return geocoder.description_for_number(number, language, script, user_region)
    original = geocoder._prefix_description_for_number

    def with_locale_region(data, longest, numobj, lang, scr=None, region=None):
        return original(data, longest, numobj, lang, scr, locale_region)

    geocoder._prefix_description_for_number = with_locale_region
    try:
        return geocoder.description_for_number(number, language, script, user_region)
    finally:
        geocoder._prefix_description_for_number = original


def calling_code_of(key):
    for length in (1, 2, 3):
        if int(key[:length]) in COUNTRY_CODE_TO_REGION_CODE:
            return int(key[:length])
    return None


def keys_by_code():
    keys = {}
    for data in (GEOCODE_DATA, CARRIER_DATA, TIMEZONE_DATA):
        for key in data:
            code = calling_code_of(key)
            keys.setdefault(code, set()).add(key)
    return {code: sorted(values) for code, values in keys.items()}


def national_lengths(code):
    lengths = set()
    for region in COUNTRY_CODE_TO_REGION_CODE[code]:
        metadata = (
            phonenumbers.PhoneMetadata.metadata_for_nongeo_region(code)
            if region == "001"
            else phonenumbers.PhoneMetadata.metadata_for_region(region)
        )
        if metadata is not None and metadata.general_desc is not None:
            lengths.update(metadata.general_desc.possible_length or ())
    return sorted(length for length in lengths if length > 0) or [8]


def example_numbers(code):
    numbers = []
    types = oracle.types("fixed_line", "mobile", "toll_free", "pager", "voip", "uan", "premium_rate")
    for region in COUNTRY_CODE_TO_REGION_CODE[code]:
        for kind in types:
            if region == "001":
                example = phonenumbers.example_number_for_non_geo_entity(code)
            else:
                example = phonenumbers.example_number_for_type(region, kind)
            if example is not None:
                numbers.append("%d%s" % (code, phonenumbers.national_significant_number(example)))
    return numbers


def is_valid_digits(digits):
    try:
        return phonenumbers.is_valid_number(phonenumbers.parse("+" + digits, None))
    except phonenumbers.NumberParseException:
        return False


def main():
    rng = random.Random(15)
    all_regions = oracle.REGIONS
    locales = LOCALES_WITH_DATA + LOCALES_WITHOUT_DATA + LOCALES_WITH_REGION
    table_keys = keys_by_code()
    codes = sorted(set(COUNTRY_CODE_TO_REGION_CODE) | set(code for code in table_keys if code is not None))
    lines = []
    for code in codes:
        keys = table_keys.get(code, [])
        lengths = national_lengths(code)
        digit_strings = sorted(set(example_numbers(code)))
        count = 70 + min(1200, len(keys) // 30)
        for _ in range(count):
            choice = rng.random()
            if keys and choice < 0.75:
                # A key of the tables, completed to a length of the code;
                # mostly tried until valid (prefixes are of valid ranges).
                key = keys[rng.randrange(len(keys))]
                want_valid = rng.random() < 0.75
                for _ in range(8 if want_valid else 1):
                    total = len(str(code)) + rng.choice(lengths)
                    if rng.random() < 0.1:
                        total += rng.choice([-2, -1, 1, 2])
                    digits = key + "".join(rng.choice("0123456789") for _ in range(max(0, total - len(key))))
                    digits = digits[: max(total, len(str(code)) + 1)]
                    if is_valid_digits(digits):
                        break
                digit_strings.append(digits)
            else:
                length = rng.choice(lengths) + (rng.choice([-1, 0, 0, 0, 1]) if choice > 0.9 else 0)
                digit_strings.append(str(code) + "".join(rng.choice("0123456789") for _ in range(max(1, length))))
        for digits in digit_strings:
            locale = rng.choice(locales)
            language, script, locale_region = split_locale(locale)
            try:
                number = phonenumbers.parse("+" + digits, None)
            except phonenumbers.NumberParseException:
                continue
            own_region = phonenumbers.region_code_for_number(number)
            pick = rng.random()
            if pick < 0.45:
                user_region = None
            elif pick < 0.7 and own_region is not None and own_region != "001":
                user_region = own_region
            else:
                user_region = rng.choice(all_regions)
            # How the number is typed.
            style = rng.random()
            region = None
            text = "+" + digits
            if style < 0.2 and own_region not in (None, "001"):
                region = own_region
                text = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
            elif style < 0.35:
                text = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
            if 0.35 <= style < 0.45:
                text = oracle.to_script(rng, text, ZEROS)
            try:
                parsed = phonenumbers.parse(oracle.fold(text), region)
            except phonenumbers.NumberParseException:
                continue
            lines.append(
                {
                    "input": text,
                    "region": region,
                    "locale": locale,
                    "userRegion": user_region,
                    "e164": phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164),
                    "location": location_for(parsed, language, script, locale_region, user_region) or None,
                    "country": geocoder.country_name_for_number(parsed, language) or None,
                    "carrier": carrier.name_for_number(parsed, language, script, locale_region) or None,
                    "safeCarrier": carrier.safe_display_name(parsed, language, script, locale_region) or None,
                    "timeZones": list(timezone.time_zones_for_number(parsed)),
                }
            )
    for line in lines:
        oracle.write_line(line, sort_keys=False)


if __name__ == "__main__":
    main()
