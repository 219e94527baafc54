#!/usr/bin/env python3
"""Compiles Data/phone/short-metadata.txt into Swift for the PayPhoneNumbers module.

The second, offline half of the short-number data's way in: `generate.py`
brings upstream's short-number metadata into Data/phone/short-metadata.txt
(it needs PyPI phonenumbers); this reads only that file and writes

  Sources/PayPhoneNumbers/Generated/ShortNumberMetadataRecords.swift
      the same records as Swift string literals, so the library reads no
      file at run time

Usage (from the package root):
  python3 Tools/short-metadata/compile_short_metadata.py          # rewrite the Swift file
  python3 Tools/short-metadata/compile_short_metadata.py --check  # exit 1 if it is stale

Python 3 standard library only; it never imports phonenumbers, so the check
needs no network. Deterministic: the output depends only on the data file.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "phone-metadata"))
from compile_metadata import DataError, read_records, record_switch, run, swift_header, upstream_version  # noqa: E402

DATA = "Data/phone/short-metadata.txt"
OUTPUT = "Sources/PayPhoneNumbers/Generated/ShortNumberMetadataRecords.swift"
TOOL = "Tools/short-metadata/compile_short_metadata.py"


def swift_source(records, version):
    out = swift_header(TOOL, DATA, version) + [
        "",
        "/// The short-number metadata records, one per region, in the order of",
        "/// `Data/phone/short-metadata.txt` (regions A-Z). Parsed lazily, one",
        "/// record at a time.",
        "enum ShortNumberMetadataRecords {",
        "  static let count = %d" % len(records),
        "",
        "  /// The region code of each record, by record index.",
        "  static let regions: [StaticString] = [",
    ]
    for text in records:
        fields = text.split("\n", 1)[0].split("\t")
        if len(fields) != 2 or fields[0] != "region":
            raise DataError("a record starts with %r, not region CODE" % text.split("\n", 1)[0])
        out.append('    "%s",' % fields[1])
    out.append("  ]")
    out.append("")
    out += record_switch(records)
    return "\n".join(out) + "\n"


def compile_file(text, path=DATA):
    header, records = read_records(text, path)
    return swift_source(records, upstream_version(header, path))


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:], DATA, OUTPUT, compile_file, TOOL))
