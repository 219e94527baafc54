#!/usr/bin/env python3
"""Compiles Data/phone/alternate-formats.txt into Swift for the PayPhoneNumbers module.

The second, offline half of the alternate formats' way in:
`generate_alternate_formats.py` brings upstream's alternate formats into
Data/phone/alternate-formats.txt (it needs PyPI phonenumbers); this reads
only that file and writes

  Sources/PayPhoneNumbers/Generated/AlternateFormatRecords.swift
      the same records as Swift string literals, indexed by country code

Usage (from the package root):
  python3 Tools/phone-metadata/compile_alternate_formats.py          # rewrite the Swift file
  python3 Tools/phone-metadata/compile_alternate_formats.py --check  # exit 1 if it is stale

Python 3 standard library only; it never imports phonenumbers, so the check
needs no network. Deterministic: the output depends only on the data file.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_metadata import DataError, read_records, record_switch, run, swift_header, upstream_version  # noqa: E402

DATA = "Data/phone/alternate-formats.txt"
OUTPUT = "Sources/PayPhoneNumbers/Generated/AlternateFormatRecords.swift"
TOOL = "Tools/phone-metadata/compile_alternate_formats.py"


def record_code(text):
    """The country code a record's first line (`countryCode CODE`) names."""
    fields = text.split("\n", 1)[0].split("\t")
    if len(fields) != 2 or fields[0] != "countryCode" or not fields[1].isdigit():
        raise DataError("a record starts with %r, not countryCode CODE" % text.split("\n", 1)[0])
    return int(fields[1])


def swift_source(records, version):
    """The Swift file for `records` (record texts, ascending by country code)."""
    codes = [record_code(text) for text in records]
    if codes != sorted(set(codes)):
        raise DataError("%s: records are not in ascending, distinct country-code order" % DATA)
    out = swift_header(TOOL, DATA, version) + [
        "",
        "/// The alternate formats of each country code that has some, in the order",
        "/// of `Data/phone/alternate-formats.txt`. Parsed lazily, one record at a time.",
        "enum AlternateFormatRecords {",
        "  /// The country codes with alternate formats, ascending; record i is codes[i]'s.",
        "  static let countryCodes: [Int] = [%s]" % ", ".join(str(code) for code in codes),
        "",
    ]
    out += record_switch(records, count="countryCodes.count")
    return "\n".join(out) + "\n"


def compile_file(text, path=DATA):
    header, records = read_records(text, path)
    return swift_source(records, upstream_version(header, path))


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:], DATA, OUTPUT, compile_file, TOOL))
