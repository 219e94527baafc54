"""Dumps every regular expression in libphonenumber's metadata, as shipped by
the `phonenumbers` package (PyPI, version pinned by the test), as JSON:
{"version": ..., "patterns": [...], "examples": [...]}.

Patterns: every PhoneNumberDesc national_number_pattern, every number_format
and intl_number_format pattern and leading_digits_pattern, and the
international_prefix, preferred_international_prefix (when it is a pattern,
not a dialling string with `~`), national_prefix, national_prefix_for_parsing
and leading_digits of every region, the non-geographic entities included,
plus the short-number metadata's patterns. Distinct, sorted.
Examples: every example number of every PhoneNumberDesc, distinct, sorted.
"""
import json
import sys

import phonenumbers
from phonenumbers import PhoneMetadata
from phonenumbers.phonenumberutil import COUNTRY_CODES_FOR_NON_GEO_REGIONS, SUPPORTED_REGIONS

DESCS = [
    "general_desc", "fixed_line", "mobile", "toll_free", "premium_rate", "shared_cost",
    "personal_number", "voip", "pager", "uan", "emergency", "voicemail", "short_code",
    "standard_rate", "carrier_specific", "sms_services", "no_international_dialling",
]
FIELDS = [
    "international_prefix", "preferred_international_prefix", "national_prefix",
    "national_prefix_for_parsing", "leading_digits",
]


def all_metadata():
    for region in sorted(SUPPORTED_REGIONS):
        yield PhoneMetadata.metadata_for_region(region)
        short = PhoneMetadata.short_metadata_for_region(region)
        if short is not None:
            yield short
    for code in sorted(COUNTRY_CODES_FOR_NON_GEO_REGIONS):
        yield PhoneMetadata.metadata_for_nongeo_region(code)


def main():
    patterns, examples = set(), set()
    for metadata in all_metadata():
        for name in DESCS:
            desc = getattr(metadata, name)
            if desc is None:
                continue
            if desc.national_number_pattern is not None:
                patterns.add(desc.national_number_pattern)
            if desc.example_number is not None:
                examples.add(desc.example_number)
        for number_format in list(metadata.number_format or []) + list(metadata.intl_number_format or []):
            patterns.add(number_format.pattern)
            patterns.update(number_format.leading_digits_pattern or [])
        for name in FIELDS:
            value = getattr(metadata, name)
            if value and "~" not in value:
                patterns.add(value)
    json.dump(
        {"version": phonenumbers.__version__, "patterns": sorted(patterns), "examples": sorted(examples)},
        sys.stdout,
    )


if __name__ == "__main__":
    main()
