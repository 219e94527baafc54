#!/usr/bin/env python3
"""The Python port of libphonenumber (PyPI phonenumbers) on a corpus.

Runs the loop payphone-bench phone runs, on `REGION<TAB>RAW` lines: parse;
if parsed, validity, type, and the E.164, international and national
formats. Prints one line on stdout,
`impl=NAME n=N parsed=P valid=V checksum=C ns_per_number=X` (C: the lengths
of the three formatted strings summed over the parsed numbers), and the
process CPU time per number on stderr.

Usage: peer_python.py CORPUS [--warmup K] [--pattern-cache]
  --pattern-cache   phonenumbers.enable_pattern_cache() first: every compiled
                    pattern kept (the fast way to run the port)
"""

import argparse
import time

import phonenumbers
from phonenumbers import NumberParseException
from phonenumbers import PhoneNumberFormat as Format


def run(lines):
    parsed = valid = checksum = 0
    for region, raw in lines:
        try:
            number = phonenumbers.parse(raw, region)
        except NumberParseException:
            continue
        parsed += 1
        if phonenumbers.is_valid_number(number):
            valid += 1
        phonenumbers.number_type(number)
        checksum += len(phonenumbers.format_number(number, Format.E164))
        checksum += len(phonenumbers.format_number(number, Format.INTERNATIONAL))
        checksum += len(phonenumbers.format_number(number, Format.NATIONAL))
    return parsed, valid, checksum


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--warmup", type=int, default=2000)
    parser.add_argument("--pattern-cache", action="store_true")
    options = parser.parse_args()
    with open(options.corpus, encoding="utf-8") as corpus:
        lines = [line.rstrip("\n").split("\t", 1) for line in corpus]
    name = "python-phonenumbers-%s%s" % (phonenumbers.__version__, "-pattern-cache" if options.pattern_cache else "")
    if options.pattern_cache:
        phonenumbers.enable_pattern_cache()
    phonenumbers.PhoneMetadata.load_all()
    run(lines[: options.warmup])
    wall, cpu = time.perf_counter_ns(), time.process_time_ns()
    parsed, valid, checksum = run(lines)
    wall, cpu = time.perf_counter_ns() - wall, time.process_time_ns() - cpu
    n = len(lines)
    print("impl=%s n=%d parsed=%d valid=%d checksum=%d ns_per_number=%.1f" % (name, n, parsed, valid, checksum, wall / n))
    import sys
    print("impl=%s cpu_ns_per_number=%.1f" % (name, cpu / n), file=sys.stderr)


if __name__ == "__main__":
    main()
