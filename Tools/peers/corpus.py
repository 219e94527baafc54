#!/usr/bin/env python3
"""Writes a benchmark corpus of phone numbers as people type them.

One line per number, `REGION<TAB>RAW`: REGION is the default region to parse
RAW in. The numbers are every region's example numbers of every type plus
valid neighbours of them (last digits redrawn), written in the forms people
use (E.164, international, national, regrouped with other separators, with
an international dialling prefix), and about one in seven made invalid by
one digit too many, too few or changed, and one in a hundred cut to a stub
that does not parse. The same --count and --seed give the
same file.

Usage: corpus.py --count N [--seed S] > corpus.tsv
(needs PyPI phonenumbers at the version Tools/oracle/_reference.py names)
"""

import argparse
import os
import random
import sys

import phonenumbers
from phonenumbers import PhoneNumberFormat as Format

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracle"))
import _oracle as oracle  # noqa: E402

SEPARATORS = [" ", "-", ".", "/", " - "]


def numbers_with_neighbours(rng):
    """(region, number) pairs: examples and valid neighbours of them; the
    non-geographic entities' examples read in the US."""
    pairs = []
    for region, _, example in oracle.source_numbers():
        if region == "001":
            pairs.append(("US", example))
            continue
        pairs.append((region, example))
        digits = str(example.national_number)
        for _ in range(4):
            redraw = rng.randint(1, min(4, len(digits) - 1))
            candidate = digits[:-redraw] + "".join(rng.choice("0123456789") for _ in range(redraw))
            sibling = phonenumbers.parse("+%d%s" % (example.country_code, candidate))
            sibling.italian_leading_zero = example.italian_leading_zero
            if phonenumbers.is_valid_number_for_region(sibling, region):
                pairs.append((region, sibling))
    return pairs


def regroup_digits(text, rng):
    """The digits of `text` in groups of 2-4 with other separators."""
    groups = oracle.groups(rng, "".join(c for c in text if c.isdigit()), sizes=(2, 4))
    separator = rng.choice(SEPARATORS)
    if len(groups) > 2 and rng.random() < 0.3:
        return "(%s) %s" % (groups[0], separator.join(groups[1:]))
    return separator.join(groups)


def render(region, number, rng):
    """One way of writing the number, with the default region to read it in."""
    own = region
    choice = rng.random()
    if choice < 0.15:
        return rng.choice([own, "US"]), phonenumbers.format_number(number, Format.E164)
    if choice < 0.35:
        return rng.choice([own, "US", "GB"]), phonenumbers.format_number(number, Format.INTERNATIONAL)
    if choice < 0.60:
        return own, phonenumbers.format_number(number, Format.NATIONAL)
    if choice < 0.80:
        return own, regroup_digits(phonenumbers.format_number(number, Format.NATIONAL), rng)
    if choice < 0.92:
        return rng.choice([own, "DE"]), "+%d %s" % (number.country_code, regroup_digits(
            phonenumbers.national_significant_number(number), rng))
    return "US", "011 %d %s" % (number.country_code, phonenumbers.format_number(number, Format.INTERNATIONAL).split(" ", 1)[1])


def spoil(region, raw, rng):
    """The same text with one digit added, removed or changed, near its end."""
    positions = [index for index, char in enumerate(raw) if char.isdigit()][-4:]
    position = rng.choice(positions)
    action = rng.choice(["add", "remove", "change"])
    if action == "add":
        return raw[:position] + rng.choice("0123456789") + raw[position:]
    if action == "remove":
        return raw[:position] + raw[position + 1:]
    return raw[:position] + str((int(raw[position]) + rng.randint(1, 9)) % 10) + raw[position + 1:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    pairs = numbers_with_neighbours(rng)
    out = sys.stdout
    for _ in range(options.count):
        region, number = rng.choice(pairs)
        default_region, raw = render(region, number, rng)
        if rng.random() < 1 / 7:
            raw = spoil(default_region, raw, rng)
        elif rng.random() < 0.01:
            raw = rng.choice(["+", "", "ext. "]) + raw[: rng.randint(1, 3)]  # too short, or not a number
        if rng.random() < 0.04:
            raw = " " + raw + " "
        out.write("%s\t%s\n" % (default_region, raw))


if __name__ == "__main__":
    main()
