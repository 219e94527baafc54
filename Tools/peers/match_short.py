#!/usr/bin/env python3
"""Times libphonenumber's Python port (PyPI phonenumbers) on the
inputs `payphone-bench match` and `payphone-bench short` time: the pairs of
Tests/Fixtures/match.jsonl and the numbers of Tests/Fixtures/short.jsonl.

Prints one line per case, as payphone-bench does:
  bench=match case=strings impl=phonenumbers-VERSION n=N ns_per_call=X

The texts are folded to ASCII digits before timing (as the oracle reads
them); PayPhone is timed on the texts as typed.

Usage: python3 Tools/peers/match_short.py [match|short ...]
"""

import json
import os
import sys
import time

import phonenumbers
from phonenumbers import NumberParseException
from phonenumbers import shortnumberinfo as short

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tools", "oracle"))
from _oracle import fold  # noqa: E402

IMPL = "phonenumbers-" + phonenumbers.__version__


def fixture(name):
    with open(os.path.join(ROOT, "Tests", "Fixtures", name + ".jsonl"), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def parse(text, region):
    try:
        return phonenumbers.parse(text, region)
    except NumberParseException:
        return None


def bench(benchmark, case, items, call, minimum=1.0):
    call_all = lambda: [call(item) for item in items]  # noqa: E731
    call_all()
    passes, start = 0, time.perf_counter()
    while True:
        call_all()
        passes += 1
        elapsed = time.perf_counter() - start
        if elapsed >= minimum:
            break
    per_call = elapsed * 1e9 / passes / max(len(items), 1)
    print("bench=%s case=%s impl=%s n=%d ns_per_call=%.2f" % (benchmark, case, IMPL, len(items), per_call))


def match():
    pairs = [(fold(p["a"]), fold(p["b"]), p["region"]) for p in fixture("match")]
    bench("match", "strings", pairs, lambda p: phonenumbers.is_number_match(p[0], p[1]))
    number_text = [(n, b) for a, b, region in pairs for n in [parse(a, region)] if n is not None]
    bench("match", "number-text", number_text, lambda p: phonenumbers.is_number_match(p[0], p[1]))
    numbers = [
        (x, y)
        for a, b, region in pairs
        if region is not None
        for x, y in [(parse(a, region), parse(b, region))]
        if x is not None and y is not None
    ]
    bench("match", "numbers", numbers, lambda p: phonenumbers.is_number_match(p[0], p[1]))


def all_answers(item):
    text, region = item
    number = parse(text, region)
    if number is None:
        return None
    return (
        short.is_possible_short_number_for_region(number, region),
        short.is_valid_short_number_for_region(number, region),
        short.expected_cost_for_region(number, region),
        short.is_emergency_number(text, region),
        short.connects_to_emergency_number(text, region),
        short.is_carrier_specific_for_region(number, region),
        short.is_sms_service_for_region(number, region),
    )


def shorts():
    inputs = [(fold(e["number"]), e["region"]) for e in fixture("short") if e["kind"] == "number"]
    bench("short", "all-answers", inputs, all_answers)
    parsed = [(n, region) for text, region in inputs for n in [parse(text, region)] if n is not None]
    bench("short", "valid", parsed, lambda p: short.is_valid_short_number_for_region(p[0], p[1]))
    bench("short", "cost", parsed, lambda p: short.expected_cost_for_region(p[0], p[1]))
    bench("short", "connects-to-emergency", inputs, lambda p: short.connects_to_emergency_number(p[0], p[1]))


def main():
    names = sys.argv[1:] or ["match", "short"]
    for name in names:
        {"match": match, "short": shorts}[name]()


if __name__ == "__main__":
    main()
