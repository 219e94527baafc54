#!/usr/bin/env python3
"""Compiles Data/cards/card-brands.txt into Swift for the PayPhoneCards module.

Usage (from the package root):
    python3 Tools/cards/generate_card_brands.py          # rewrite the Swift file
    python3 Tools/cards/generate_card_brands.py --check  # exit 1 if it is stale

Deterministic: the output depends only on the data file, so running it twice
gives identical bytes. Python 3 standard library only.
"""

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = pathlib.Path("Data/cards/card-brands.txt")
OUTPUT = pathlib.Path("Sources/PayPhoneCards/Generated/CardBrandTable+Standard.swift")

# The lookup decides a brand from at most this many leading digits.
MAXIMUM_PREFIX_DIGITS = 8
GROUPINGS = {"by-4": ".byFour", "4-6-rest": ".fourSixRest"}
LUHN = {"required": "true", "exempt": "false"}


class TableError(Exception):
    """A mistake in the data file, reported with its line number."""


class Brand:
    def __init__(self, brand_id, line):
        self.id = brand_id
        self.line = line
        self.name = None
        self.lengths = None
        self.grouping = None
        self.code = None
        self.luhn = None
        self.ranges = []  # (low, high, source, note)


class Table:
    def __init__(self):
        self.sources = {}
        self.order = None
        self.tie_break = None
        self.brands = []


def parse_lengths(words, line):
    lengths = []
    for word in words:
        if "-" in word:
            low, _, high = word.partition("-")
            if not (low.isdigit() and high.isdigit()) or int(low) > int(high):
                raise TableError(f"line {line}: bad length range '{word}'")
            lengths.extend(range(int(low), int(high) + 1))
        elif word.isdigit():
            lengths.append(int(word))
        else:
            raise TableError(f"line {line}: bad length '{word}'")
    if not lengths or len(set(lengths)) != len(lengths):
        raise TableError(f"line {line}: lengths must be a non-empty list without repeats")
    return sorted(lengths)


def parse_range(word, line):
    low, _, high = word.partition("-")
    high = high or low
    if not (low.isascii() and low.isdigit() and high.isascii() and high.isdigit()):
        raise TableError(f"line {line}: bad IIN range '{word}'")
    if len(low) != len(high):
        raise TableError(f"line {line}: range ends of different lengths '{word}'")
    if len(low) > MAXIMUM_PREFIX_DIGITS:
        raise TableError(f"line {line}: prefix longer than {MAXIMUM_PREFIX_DIGITS} digits '{word}'")
    if int(low) > int(high):
        raise TableError(f"line {line}: range runs backwards '{word}'")
    return low, high


def parse(text):
    table = Table()
    brand = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        words = rest.split()
        if keyword == "source":
            if len(words) < 2 or words[0] in table.sources:
                raise TableError(f"line {number}: a source needs a new tag and a description")
            table.sources[words[0]] = rest.partition(" ")[2]
        elif keyword in ("order", "tie-break"):
            if keyword == "order":
                table.order = words
            else:
                table.tie_break = words
        elif keyword == "brand":
            if len(words) != 1:
                raise TableError(f"line {number}: 'brand' takes one id")
            brand = Brand(words[0], number)
            table.brands.append(brand)
        elif brand is None:
            raise TableError(f"line {number}: '{keyword}' before the first 'brand'")
        elif keyword == "name":
            brand.name = rest.strip()
        elif keyword == "lengths":
            brand.lengths = parse_lengths(words, number)
        elif keyword == "grouping":
            if len(words) != 1 or words[0] not in GROUPINGS:
                raise TableError(f"line {number}: grouping is one of {', '.join(GROUPINGS)}")
            brand.grouping = words[0]
        elif keyword == "code":
            if len(words) != 2 or not words[1].isdigit() or int(words[1]) == 0:
                raise TableError(f"line {number}: code is a name and a length")
            brand.code = (words[0], int(words[1]))
        elif keyword == "luhn":
            if len(words) != 1 or words[0] not in LUHN:
                raise TableError(f"line {number}: luhn is 'required' or 'exempt'")
            brand.luhn = words[0]
        elif keyword == "range":
            if len(words) < 2:
                raise TableError(f"line {number}: a range needs a source tag")
            if words[1] not in table.sources:
                raise TableError(f"line {number}: unknown source '{words[1]}'")
            low, high = parse_range(words[0], number)
            brand.ranges.append((low, high, words[1], " ".join(words[2:])))
        else:
            raise TableError(f"line {number}: unknown keyword '{keyword}'")
    validate(table)
    return table


def validate(table):
    ids = [brand.id for brand in table.brands]
    if len(set(ids)) != len(ids):
        raise TableError("a brand id appears twice")
    for label, order in (("order", table.order), ("tie-break", table.tie_break)):
        if order is None or sorted(order) != sorted(ids):
            raise TableError(f"'{label}' must list every brand exactly once")
    longest = 0
    for brand in table.brands:
        missing = [
            field
            for field in ("name", "lengths", "grouping", "code", "luhn")
            if getattr(brand, field) is None
        ]
        if missing or not brand.ranges:
            raise TableError(f"brand {brand.id} (line {brand.line}) lacks {missing or ['ranges']}")
        longest = max([longest] + [len(low) for low, _, _, _ in brand.ranges])
    for brand in table.brands:
        # The library relies on this: every allowed length leaves at least one
        # digit after the longest prefix, so a prefix decides the brand and a
        # check digit can always be chosen.
        if min(brand.lengths) <= longest:
            raise TableError(f"brand {brand.id}: lengths must exceed the longest prefix ({longest})")


def swift_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def swift_integer(text):
    return f"{int(text):_}"


def render(table):
    by_id = {brand.id: brand for brand in table.brands}
    lines = [
        f"// Generated by Tools/cards/generate_card_brands.py from {DATA.as_posix()}.",
        "// Do not edit: change the data file and run",
        "// `python3 Tools/cards/generate_card_brands.py` from the package root.",
        "",
        "extension CardBrandTable {",
        "  /// The tie-break order of the data file: on equal-length matches the earlier brand wins.",
        "  static let standardTieBreakOrder: [CardBrand] = [",
    ]
    lines += [f"    CardBrand(rawValue: {swift_string(brand_id)})," for brand_id in table.tie_break]
    lines += [
        "  ]",
        "",
        "  /// The brands of the data file, in its listing order (the order of `candidates`).",
        "  static let standardSpecifications: [CardBrandSpecification] = [",
    ]
    lines += [f"    {swift_identifier(brand_id)}," for brand_id in table.order]
    lines += ["  ]"]
    for brand_id in table.order:
        brand = by_id[brand_id]
        lengths = ", ".join(str(length) for length in brand.lengths)
        lines += [
            "",
            f"  private static let {swift_identifier(brand_id)} = CardBrandSpecification(",
            f"    brand: CardBrand(rawValue: {swift_string(brand.id)}), name: {swift_string(brand.name)},",
            f"    lengths: [{lengths}], grouping: {GROUPINGS[brand.grouping]},",
            f"    securityCode: CardSecurityCode(name: {swift_string(brand.code[0])}, length: {brand.code[1]}),",
            f"    requiresLuhn: {LUHN[brand.luhn]},",
            "    prefixes: [",
        ]
        # swift-format puts a trailing comma after every element of a
        # multi-element literal and none after a single element.
        comma = "," if len(brand.ranges) > 1 else ""
        for low, high, source, note in brand.ranges:
            lines.append(f"      // {source}" + (f": {note}" if note else ""))
            lines.append(
                f"      IINRange(validated: {swift_integer(low)}, {swift_integer(high)}, digits: {len(low)}){comma}"
            )
        lines += ["    ])"]
    lines += ["}", ""]
    return "\n".join(lines)


def swift_identifier(brand_id):
    head, *tail = brand_id.split("-")
    return head + "".join(word.capitalize() for word in tail)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the Swift file is stale")
    arguments = parser.parse_args(argv)
    try:
        table = parse((ROOT / DATA).read_text(encoding="utf-8"))
    except TableError as error:
        print(f"{DATA}: {error}", file=sys.stderr)
        return 1
    swift = render(table)
    target = ROOT / OUTPUT
    current = target.read_text(encoding="utf-8") if target.exists() else None
    if arguments.check:
        if current != swift:
            print(f"{OUTPUT} is stale: run python3 Tools/cards/generate_card_brands.py", file=sys.stderr)
            return 1
        return 0
    if current != swift:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(swift, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
