#!/usr/bin/env python3
"""Compiles Data/describe/*.txt into Swift for the PayPhoneDescribe module.

The second, offline half of the describe data's way in: `generate.py` brings
upstream's offline mappers into Data/describe/ (it needs PyPI phonenumbers);
this reads only those files and writes

  Sources/PayPhoneDescribe/Generated/Describe*Data.swift
      each data file as one raw Swift string literal, byte for byte, so the
      library reads no file at run time

Usage (from the package root):
  python3 Tools/describe-data/compile_describe.py          # rewrite the Swift files
  python3 Tools/describe-data/compile_describe.py --check  # exit 1 if any is stale

Python 3 standard library only; it never imports phonenumbers, so the check
needs no network. Deterministic: the output depends only on the data files.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "phone-metadata"))
from compile_metadata import DataError, run, swift_header, upstream_version  # noqa: E402

TOOL = "Tools/describe-data/compile_describe.py"

# Data file name -> (Swift file and type-extension member).
SWIFT_NAMES = {
    "geocoding": ("DescribeGeocodingData", "geocoding"),
    "carriers": ("DescribeCarrierData", "carriers"),
    "timezones": ("DescribeTimeZoneData", "timeZones"),
    "countries": ("DescribeCountryData", "countries"),
    "regions": ("DescribeRegionData", "regions"),
    "mobile-tokens": ("DescribeMobileTokenData", "mobileTokens"),
}


def data_path(name):
    return "Data/describe/%s.txt" % name


def output_path(name):
    return "Sources/PayPhoneDescribe/Generated/%s.swift" % SWIFT_NAMES[name][0]


def swift_source(name, text):
    _, member = SWIFT_NAMES[name]
    path = data_path(name)
    if '"""#' in text or "\\#" in text or "\r" in text:
        raise DataError("%s cannot be a raw string literal" % path)
    if not text.endswith("\n"):
        raise DataError("%s does not end with a newline" % path)
    header = [line + "\n" for line in text.split("\n") if line.startswith("#")]
    return "\n".join(swift_header(TOOL, path, upstream_version("".join(header), path))) + (
        "\n"
        "\n"
        "extension DescribeTables {\n"
        "  /// `%s`, byte for byte.\n"
        "  static let %s: StaticString = #\"\"\"\n"
        "%s\n"
        "\"\"\"#\n"
        "}\n" % (path, member, text[:-1])
    )


def main(arguments):
    status = 0
    for name in SWIFT_NAMES:
        status |= run(arguments, data_path(name), output_path(name), lambda text, name=name: swift_source(name, text), TOOL)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
