#!/usr/bin/env python3
"""Which keys libphonenumber's AsYouTypeFormatter reads as digits.

PyPI phonenumbers' formatter (at the version _reference.py names) takes a
key as a digit when Python's str.isdigit() accepts it (decimal digits of
every script, superscripts, circled digits...) and reads its value with
unicodedata.digit. For every
code point assigned in the Unicode version this Python knows (categories
other than Cn, Cs, Co), the value it reads: -1 for a key that is not a digit.

Output, one JSON object per line: first {"unicode": "14.0.0"}, then runs of
consecutive assigned code points that read the same,

  {"first": 48, "last": 48, "digit": 0}
  {"first": 58, "last": 767, "digit": -1}

(first and last inclusive, as integers). Unassigned code points end a run.

The answer depends on Python's Unicode tables, so the fixture is pinned to
Unicode 14.0.0 (Python 3.11, Debian 12's python3); another version refuses
to write rather than write a different fixture.

Writes Tests/Fixtures/as_you_type_digits.jsonl through Tools/oracle/regenerate.sh.
"""

import json
import sys
import unicodedata

import _oracle  # noqa: F401  (checks the reference; the oracle's own reading of a key is Python's)

UNICODE = "14.0.0"

if unicodedata.unidata_version != UNICODE:
    sys.exit("this python knows Unicode %s; the fixture is Unicode %s (use Python 3.11)"
             % (unicodedata.unidata_version, UNICODE))


def digit_value(key):
    """What the formatter reads for key: its digit, or -1."""
    return unicodedata.digit(key, -1) if key.isdigit() else -1


def runs():
    """(first, last, digit) runs of consecutive assigned code points."""
    current = None
    for code in range(0x110000):
        key = chr(code)
        if unicodedata.category(key) in ("Cn", "Cs", "Co"):
            if current is not None:
                yield current
                current = None
            continue
        value = digit_value(key)
        if current is not None and current[2] == value and current[1] == code - 1:
            current = (current[0], code, value)
        else:
            if current is not None:
                yield current
            current = (code, code, value)
    if current is not None:
        yield current


def main():
    out = sys.stdout
    out.write(json.dumps({"unicode": unicodedata.unidata_version}) + "\n")
    for first, last, value in runs():
        out.write(json.dumps({"first": first, "last": last, "digit": value}, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
