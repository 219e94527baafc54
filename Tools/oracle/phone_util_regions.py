"""Oracle answers of PhoneNumberUtil's calls about regions and types, for the phone_util tier.

Prints Tests/Fixtures/phone_util_regions.jsonl, lines of four kinds:
  {"kind": "region", "region", "ndd", "nddStripped", "types", "example", "invalidExample", "examples"}
      for every supported region and some unsupported codes;
  {"kind": "nonGeo", "countryCode", "types", "example"} for every
      non-geographic country code and some others;
  {"kind": "anywhere", "type", "hasExample", "candidates"}: whether
      example_number_for_type(None, type) has one, and every example number of
      that type (libphonenumber picks one of them in set order);
  {"kind": "geographical", "countryCode", "answers"}: is_number_type_geographical
      for every type, for every country code and some unassigned ones.
Example numbers are written in E.164.
"""

import phonenumbers

import _oracle as oracle


def e164(number):
    return None if number is None else phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def types(found):
    return sorted(oracle.TYPE_NAMES[t] for t in found)


def main():
    for region in oracle.REGIONS + ["001", "ZZ", "UK", "EU", "XK", "AA", "QQ"]:
        oracle.write_line({
            "kind": "region",
            "region": region,
            "ndd": phonenumbers.ndd_prefix_for_region(region, False),
            "nddStripped": phonenumbers.ndd_prefix_for_region(region, True),
            "types": types(phonenumbers.supported_types_for_region(region)),
            "example": e164(phonenumbers.example_number(region)),
            "invalidExample": e164(phonenumbers.invalid_example_number(region)),
            "examples": [e164(phonenumbers.example_number_for_type(region, t)) for _, t in oracle.TYPES],
        })
    for code in oracle.NON_GEO_CODES + [0, 1, 44, 801, 999, 979, 1000]:
        oracle.write_line({
            "kind": "nonGeo",
            "countryCode": code,
            "types": types(phonenumbers.supported_types_for_non_geo_entity(code)),
            "example": e164(phonenumbers.example_number_for_non_geo_entity(code)),
        })
    examples = oracle.source_numbers(entity_kinds=oracle.EXAMPLE_TYPES)
    for name, numtype in oracle.TYPES:
        candidates = sorted({e164(number) for _, t, number in examples
                             if t == numtype or (numtype == phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE
                                                 and t == phonenumbers.PhoneNumberType.FIXED_LINE)})
        # Which candidate libphonenumber picks follows its set order (hash
        # order): only whether there is one is stored, and that it is one.
        example = e164(phonenumbers.example_number_for_type(None, numtype))
        assert example is None or example in candidates, (name, example)
        oracle.write_line({"kind": "anywhere", "type": name, "hasExample": example is not None, "candidates": candidates})
    codes = sorted(phonenumbers.COUNTRY_CODE_TO_REGION_CODE) + [0, 2, 999]
    for code in codes:
        oracle.write_line({
            "kind": "geographical",
            "countryCode": code,
            "answers": [phonenumbers.is_number_type_geographical(t, code) for _, t in oracle.TYPES],
        })


if __name__ == "__main__":
    main()
