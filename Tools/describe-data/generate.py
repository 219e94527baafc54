#!/usr/bin/env python3
"""Generates PayPhone's describe tables from libphonenumber's offline mappers.

Reads the geocoding, carrier and time-zone prefix tables and the geocoder's
country names that the PyPI package `phonenumbers` (the Python port of
libphonenumber, Apache-2.0) carries, and writes (the upstream half of the
describe data's way in)

  Data/describe/geocoding.txt   places by number prefix, every language
  Data/describe/carriers.txt    original carriers by number prefix
  Data/describe/timezones.txt   time zones by number prefix
  Data/describe/countries.txt   the geocoder's own country names
  Data/describe/regions.txt     for each country code several regions share,
                                the regions a number may be valid in, by
                                its first digits (so the geocoder's country
                                name needs no validation in the others)
  Data/describe/mobile-tokens.txt  for each country code with a mobile token
                                (Argentina's 9), the digits after it with
                                which reading them as a new national number
                                could change them (so the geocoder re-parses
                                only those)

The offline half, `compile_describe.py`, compiles those files into
Sources/PayPhoneDescribe/Generated/Describe*Data.swift without phonenumbers;
run it after this one.

Usage (from the package root):
  python3 Tools/describe-data/generate.py          # rewrite Data/describe/*.txt
  python3 Tools/describe-data/generate.py --check  # exit 1 if any differs

Output is deterministic: running it twice gives identical bytes. The format
is described in each file's header (see PREFIX_FORMAT below).
"""

import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracle"))
from _reference import require_reference  # noqa: E402

# The characters of the compact streams. Every one is printable ASCII, so a
# table is valid inside a raw Swift string literal; '#', '\\', '|' and '"'
# are never used, so a table can hold neither `"""#` nor `\#`.
DIGITS = "0123456789"
# An entry's first character: how many digits it shares with the previous
# key (0-8), plus 9 when the entry is a run of consecutive keys.
HEADS = "ABCDEFGHIJKLMNOPQR"
# A number: zero or more continuation characters (base 25, most significant
# first), then one final character (base 37).
CONTINUATION = "!$%&'()*+,-./:;<=>?@[]^_`"
FINAL = "STUVWXYZabcdefghijklmnopqrstuvwxyz{}~"

PREFIX_FORMAT = """\
# Format (PayPhone's own; Tools/describe-data/generate.py writes it, the
# PayPhoneDescribe module reads it). Lines starting with # are comments.
#   {names_line}
#   I  CC:BYTES ...   the country codes of the table lines that follow, in
#                     order, each with its line's length in bytes (newline
#                     excluded), so a reader finds one line without reading
#                     the others
#   then one line per country code, TAB-separated:
#     {line_fields}
#   NAMES   the strings this line uses, separated by '|' (most used first);
#   VALUES  the values entries point at, one after another: {value_shape}
#           (each a number, see below; most used value first);
{blocks}#   ENTRIES the prefixes after the country code, sorted as digit strings,
#           each: a head character, the key's new digits (0-9), the value's
#           index, and for a run the number of further keys. The head is
#           'A'+S for a single key, 'A'+9+S for a run, where S is how many
#           leading digits the key shares with the previous entry's (last)
#           key; a run is a key followed by the keys counting up from it
#           by one, same length, same value.
#   A number is zero or more characters of "{continuation}"
#   (base 25, most significant first) and one of
#   "{final}" (base 37): value = rest * 37 + final.
"""


BLOCKS_FORMAT = """\
#   B       0, or how many leading digits (after the country code) cut the
#           line's longer keys into blocks: ENTRIES then holds the keys
#           shorter than B, and BLOCK_ENTRIES the blocks' ENTRIES streams one
#           after another, each starting afresh; BLOCK_INDEX gives, per
#           block, its B digits as a number and its stream's length.
"""


def check_version():
    import phonenumbers

    require_reference(phonenumbers.__version__, "the describe data")
    return phonenumbers


def number(value):
    """The compact form of a non-negative integer."""
    if value < 0:
        raise ValueError("negative number %d" % value)
    final = FINAL[value % 37]
    rest = value // 37
    digits = ""
    while rest > 0:
        digits = CONTINUATION[rest % 25] + digits
        rest //= 25
    return digits + final


def read_number(text, position):
    """Reads a number at `position`; returns (value, next position)."""
    rest = 0
    while text[position] in CONTINUATION:
        rest = rest * 25 + CONTINUATION.index(text[position])
        position += 1
    return rest * 37 + FINAL.index(text[position]), position + 1


def calling_code_of(key, calling_codes):
    """The country code a prefix key starts with (country codes are prefix-free)."""
    for length in (1, 2, 3):
        if int(key[:length]) in calling_codes:
            return key[:length]
    raise ValueError("prefix %s starts with no country code" % key)


def ranked(counter):
    """Most used first, ties in a fixed order."""
    return [item for item, _ in sorted(counter.items(), key=lambda pair: (-pair[1], pair[0]))]


def encode_entries(keys, value_index):
    """The ENTRIES stream of one line: `keys` sorted as strings, each with a value."""
    out = []
    previous = ""
    position = 0
    while position < len(keys):
        key = keys[position]
        end = position
        while (
            end + 1 < len(keys)
            and len(keys[end + 1]) == len(key)
            and int(keys[end + 1]) == int(keys[end]) + 1
            and value_index[keys[end + 1]] == value_index[key]
        ):
            end += 1
        shared = 0
        while shared < min(len(previous), len(key)) and previous[shared] == key[shared]:
            shared += 1
        if shared > 8 or len(key) > 9:
            raise ValueError("key %s is too long" % key)
        if len(key) == shared and position > 0:
            raise ValueError("key %s repeats or follows a longer key" % key)
        head = HEADS[shared + (9 if end > position else 0)]
        out.append(head + key[shared:] + number(value_index[key]))
        if end > position:
            out.append(number(end - position - 1))
        previous = keys[end]
        position = end + 1
    return "".join(out)


# A line with more keys than this is cut into blocks by the first digits
# after the country code, so a lookup decodes one block, not the line.
BLOCK_KEYS = 2000


def choose_block_length(keys):
    """0 (no blocks) for a small line, else the fewest leading digits that
    keep every block within BLOCK_KEYS keys (at most 4)."""
    if len(keys) <= BLOCK_KEYS:
        return 0
    for length in (1, 2, 3, 4):
        sizes = collections.Counter(key[:length] for key in keys if len(key) >= length)
        if max(sizes.values()) <= BLOCK_KEYS:
            return length
    return 4


def decode_entries(text):
    """The (key, value index) pairs of an ENTRIES stream: the reader's rule."""
    pairs = []
    previous = ""
    position = 0
    while position < len(text):
        head = HEADS.index(text[position])
        position += 1
        shared, run = head % 9, head >= 9
        start = position
        while position < len(text) and text[position] in DIGITS:
            position += 1
        key = previous[:shared] + text[start:position]
        value, position = read_number(text, position)
        count = 0
        if run:
            extra, position = read_number(text, position)
            count = extra + 1
        pairs.append((key, value))
        for step in range(1, count + 1):
            pairs.append((str(int(key) + step).rjust(len(key), "0"), value))
        previous = pairs[-1][0]
    return pairs


def check_name(text):
    for bad in ("|", "\t", "\n", "\r", '"""#', "\\#"):
        if bad in text:
            raise ValueError("name holds %r: %r" % (bad, text))
    if any(ord(character) < 0x20 or ord(character) == 0x7F for character in text):
        raise ValueError("name holds a control character: %r" % text)
    return text


def language_table(data, calling_codes, title):
    """geocoding.txt or carriers.txt: prefix -> {language: name} per country code."""
    languages = ranked(collections.Counter(language for names in data.values() for language in names))
    language_index = {language: index for index, language in enumerate(languages)}
    by_code = collections.defaultdict(dict)
    for key, names in data.items():
        code = calling_code_of(key, calling_codes)
        value = tuple(sorted((language_index[language], check_name(name)) for language, name in names.items()))
        by_code[code][key[len(code) :]] = value
    lines = []
    for code in sorted(by_code, key=int):
        table = by_code[code]
        name_counts = collections.Counter(name for value in table.values() for _, name in value)
        names = ranked(name_counts)
        name_index = {name: index for index, name in enumerate(names)}
        values = ranked(collections.Counter(table.values()))
        value_index = {value: index for index, value in enumerate(values)}
        encoded_values = "".join(
            number(len(value)) + "".join(number(language) + number(name_index[name]) for language, name in value)
            for value in values
        )
        keys = sorted(table)
        indices = {key: value_index[table[key]] for key in keys}
        block_length = choose_block_length(keys)
        top = [key for key in keys if len(key) < block_length] if block_length else keys
        blocks = collections.OrderedDict()
        for key in keys if block_length else []:
            if len(key) >= block_length:
                blocks.setdefault(key[:block_length], []).append(key)
        streams = [encode_entries(block, indices) for block in blocks.values()]
        index = "".join(number(int(block)) + number(len(stream)) for block, stream in zip(blocks, streams))
        lines.append(
            "\t".join(
                [code, "|".join(names), encoded_values, str(block_length), encode_entries(top, indices), index]
                + ["".join(streams)]
            )
        )
    header = title + PREFIX_FORMAT.format(
        names_line="L  LANGUAGE ...   the languages, TAB-separated; a language's number is its place",
        line_fields="CC  NAMES  VALUES  B  ENTRIES  BLOCK_INDEX  BLOCK_ENTRIES",
        value_shape="a count K, then K pairs of language number and name index",
        blocks=BLOCKS_FORMAT,
        continuation=CONTINUATION,
        final=FINAL,
    )
    return assemble(header, "L\t" + "\t".join(languages), lines)


def timezone_table(data, calling_codes, title):
    """timezones.txt: prefix -> time zones per country code."""
    zones = ranked(collections.Counter(zone for value in data.values() for zone in value))
    zone_index = {zone: index for index, zone in enumerate(zones)}
    by_code = collections.defaultdict(dict)
    for key, value in data.items():
        code = calling_code_of(key, calling_codes)
        by_code[code][key[len(code) :]] = tuple(zone_index[check_name(zone)] for zone in value)
    lines = []
    for code in sorted(by_code, key=int):
        table = by_code[code]
        values = ranked(collections.Counter(table.values()))
        value_index = {value: index for index, value in enumerate(values)}
        encoded_values = "".join(number(len(value)) + "".join(number(zone) for zone in value) for value in values)
        keys = sorted(table)
        entries = encode_entries(keys, {key: value_index[table[key]] for key in keys})
        lines.append("\t".join([code, encoded_values, entries]))
    header = title + PREFIX_FORMAT.format(
        names_line="Z  ZONE ...       the time-zone names, TAB-separated; a zone's number is its place",
        line_fields="CC  VALUES  ENTRIES",
        value_shape="a count K, then K zone numbers, in the order libphonenumber lists them",
        blocks="",
        continuation=CONTINUATION,
        final=FINAL,
    ).replace("#   NAMES   the strings this line uses, separated by '|' (most used first);\n", "")
    return assemble(header, "Z\t" + "\t".join(zones), lines)


def assemble(header, names_line, lines):
    index = "I\t" + "\t".join(
        "%s:%d" % (line.split("\t", 1)[0], len(line.encode("utf-8"))) for line in lines
    )
    return header + names_line + "\n" + index + "\n" + "\n".join(lines) + "\n"


COUNTRY_HEADER = """\
# Format (PayPhone's own; Tools/describe-data/generate.py writes it):
#   L  LANGUAGE ...        the languages the table knows, TAB-separated
#   REGION  DEFAULT  EXCEPTIONS
#     one line per region: its name in every language of L, DEFAULT unless
#     EXCEPTIONS, a '|'-separated list of LANGUAGE=NAME, says otherwise. A
#     language not in L has no name. Names are the geocoder's answers as
#     they are (one '*' reference followed, as the geocoder follows it).
"""


def country_table(locale_data, title):
    languages = sorted(set(language for names in locale_data.values() for language in names))
    lines = []
    for region in sorted(locale_data):
        names = locale_data[region]
        if sorted(names) != languages:
            raise ValueError("region %s lacks some languages" % region)
        resolved = {}
        for language in languages:
            name = names[language]
            if name.startswith("*"):
                name = names.get(name[1:], "")
            resolved[language] = check_name(name)
            if "=" in language:
                raise ValueError(language)
        default = ranked(collections.Counter(resolved.values()))[0]
        exceptions = "|".join("%s=%s" % (language, resolved[language]) for language in languages if resolved[language] != default)
        lines.append("\t".join([region, default, exceptions]))
    return title + COUNTRY_HEADER + "L\t" + "\t".join(languages) + "\n" + "\n".join(lines) + "\n"


REGION_HEADER = """\
# Format (PayPhone's own; Tools/describe-data/generate.py writes it, the
# PayPhoneDescribe module reads it). Lines starting with # are comments.
# One line per country code that several regions share, TAB-separated:
#   CC  REGIONS  ENTRIES
#   REGIONS  the regions of the country code, '|'-separated, in
#            libphonenumber's order (main region first); region i is bit i
#   ENTRIES  space-separated PREFIX=MASK: the regions (a hexadecimal bit set)
#            in which a number whose national significant number starts
#            with PREFIX may be valid, for the prefixes whose set differs
#            from that of the prefix one digit shorter (the empty prefix
#            comes first). A number's set is that of the longest listed
#            prefix it starts with. A region outside it is certain not to
#            validate the number (its national number patterns cannot match
#            any number starting so); one inside may, and is still checked.
"""

# The number types libphonenumber's validation tries after the general
# description (`_number_type_helper`).
VALIDATING_DESCRIPTIONS = (
    "premium_rate", "toll_free", "shared_cost", "voip", "personal_number",
    "pager", "uan", "voicemail", "fixed_line", "mobile",
)

# How many leading digits the region sets may be told apart by.
REGION_PREFIX_DEPTH = 6


class PrefixAutomaton:
    """A national number pattern as an automaton over ASCII digits, to ask
    whether any number starting with given digits can match it in full.

    Built from the pattern's parse tree (Python's own `re` parser), so it
    reads the pattern as `re.fullmatch` does; only what libphonenumber's
    patterns use is accepted (literals, classes, groups, alternation and
    repetition), anything else raises."""

    def __init__(self, pattern):
        try:
            import re._parser as parser
            import re._constants as constants
        except ImportError:  # Python < 3.11
            import sre_parse as parser
            import sre_constants as constants
        self.c = constants
        self.edges = []  # per state: list of (digit set or None for epsilon, target)
        start = self.state()
        self.accept = self.build(parser.parse(pattern), start)
        # The states from which the accepting state is reachable.
        reverse = collections.defaultdict(set)
        for source, edges in enumerate(self.edges):
            for _, target in edges:
                reverse[target].add(source)
        alive, stack = {self.accept}, [self.accept]
        while stack:
            for source in reverse[stack.pop()]:
                if source not in alive:
                    alive.add(source)
                    stack.append(source)
        self.alive = alive
        self.start = self.closure({start})
        self.steps = {}

    def state(self):
        self.edges.append([])
        return len(self.edges) - 1

    def digits_of(self, items):
        c = self.c
        digits, negate = set(), False
        for op, value in items:
            if op == c.NEGATE:
                negate = True
            elif op == c.LITERAL:
                digits.add(chr(value))
            elif op == c.RANGE:
                digits.update(chr(code) for code in range(value[0], value[1] + 1))
            elif op == c.CATEGORY and value == c.CATEGORY_DIGIT:
                digits.update(DIGITS)
            else:
                raise ValueError("unsupported class item %s" % op)
        digits &= set(DIGITS)
        return frozenset(set(DIGITS) - digits) if negate else frozenset(digits)

    def build(self, tree, start):
        """Adds `tree` after state `start`; returns its end state."""
        c = self.c
        current = start
        for op, value in tree:
            if op == c.LITERAL or op == c.NOT_LITERAL:
                digits = {chr(value)} & set(DIGITS)
                if op == c.NOT_LITERAL:
                    digits = set(DIGITS) - digits
                end = self.state()
                self.edges[current].append((frozenset(digits), end))
                current = end
            elif op == c.IN:
                end = self.state()
                self.edges[current].append((self.digits_of(value), end))
                current = end
            elif op == c.SUBPATTERN:
                current = self.build(value[-1], current)
            elif op == c.BRANCH:
                end = self.state()
                for branch in value[1]:
                    self.edges[self.build(branch, current)].append((None, end))
                current = end
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
                low, high, body = value
                for _ in range(low):
                    current = self.build(body, current)
                if high == c.MAXREPEAT:
                    loop = self.state()
                    self.edges[current].append((None, loop))
                    self.edges[self.build(body, loop)].append((None, loop))
                    current = loop
                else:
                    end = self.state()
                    for _ in range(high - low):
                        self.edges[current].append((None, end))
                        current = self.build(body, current)
                    self.edges[current].append((None, end))
                    current = end
            else:
                raise ValueError("unsupported pattern element %s" % op)
        return current

    def closure(self, states):
        stack, seen = list(states), set(states)
        while stack:
            for digits, target in self.edges[stack.pop()]:
                if digits is None and target not in seen:
                    seen.add(target)
                    stack.append(target)
        return frozenset(state for state in seen if state in self.alive)

    def step(self, states, digit):
        """The live states after reading `digit`; empty when no number
        starting so can match."""
        key = (states, digit)
        if key not in self.steps:
            following = {target for state in states for digits, target in self.edges[state] if digits and digit in digits}
            self.steps[key] = self.closure(following)
        return self.steps[key]


def region_automata(metadata):
    """The general description's automaton and those of the types."""
    def automaton(description):
        pattern = description.national_number_pattern if description is not None else None
        return PrefixAutomaton(pattern) if pattern else None

    general = automaton(metadata.general_desc)
    types = [automaton(getattr(metadata, name)) for name in VALIDATING_DESCRIPTIONS]
    return general, [item for item in types if item is not None]


def region_sets(regions, automata):
    """PREFIX -> bit set of the regions a number starting so may be valid
    in, for the prefixes whose set differs from their parent's."""
    def live(states):
        mask = 0
        for index, (general, types) in enumerate(states):
            if general is not None and general and any(types):
                mask |= 1 << index
        return mask

    def advance(states, digit):
        moved = []
        for index, (general, types) in enumerate(states):
            if general is None or not general or not any(types):
                moved.append((None, ()))
                continue
            pattern_general, pattern_types = automata[index]
            moved.append(
                (
                    pattern_general.step(general, digit),
                    tuple(automaton.step(state, digit) if state else state for automaton, state in zip(pattern_types, types)),
                )
            )
        return moved

    start = []
    for general, types in automata:
        start.append((general.start if general else None, tuple(automaton.start for automaton in types)))
    entries = {"": live(start)}

    def visit(prefix, states, mask):
        """The entries below `prefix`: none when they would tell no region
        of `mask` apart for a valid number (every set below is the same or
        empty)."""
        if len(prefix) >= REGION_PREFIX_DEPTH or bin(mask).count("1") < 2:
            return {}
        below = {}
        for digit in DIGITS:
            child = advance(states, digit)
            child_mask = live(child)
            if child_mask != mask:
                below[prefix + digit] = child_mask
            below.update(visit(prefix + digit, child, child_mask))
        if all(value in (0, mask) for value in below.values()):
            return {}
        return below

    entries.update(visit("", start, entries[""]))
    return entries


def region_table(phonenumbers, title):
    from phonenumbers.phonenumberutil import COUNTRY_CODE_TO_REGION_CODE

    lines = []
    for code in sorted(COUNTRY_CODE_TO_REGION_CODE):
        regions = COUNTRY_CODE_TO_REGION_CODE[code]
        if len(regions) < 2:
            continue
        automata = [region_automata(phonenumbers.PhoneMetadata.metadata_for_region(region)) for region in regions]
        entries = region_sets(regions, automata)
        lines.append(
            "\t".join([str(code), "|".join(regions), " ".join("%s=%x" % (prefix, entries[prefix]) for prefix in sorted(entries))])
        )
    return title + REGION_HEADER + "\n".join(lines) + "\n"


MOBILE_TOKEN_HEADER = """\
# Format (PayPhone's own; Tools/describe-data/generate.py writes it, the
# PayPhoneDescribe module reads it). Lines starting with # are comments.
# The geocoder places a mobile number of a country code with a mobile token
# (Argentina's 9) by the digits after the token, read again as a national
# number of the code's main region. That reading leaves the digits as they
# are unless they start with an international prefix, the country code, or
# a national prefix or carrier code the region strips. One line per such
# country code, TAB-separated:
#   CC  TOKEN  ENTRIES  REPLACEMENTS  GENERAL
#   ENTRIES  space-separated PREFIX=HEX, "=0" for the empty prefix first;
#            digits take the value of the longest PREFIX they start with:
#            0  they read as themselves;
#            1  they may read otherwise: parse them (a leading 0, the
#               international prefix, the country code, a national prefix
#               without a transform rule);
#            n  (2 or more) a match of the national prefix for parsing
#               (PREFIX is the whole match): REPLACEMENTS' entry n - 2.
#   REPLACEMENTS  space-separated PREFIX>DIGITS: the transform rule's
#            reading of PREFIX. The digits read as DIGITS followed by the
#            rest unless libphonenumber's checks refuse the stripping: the
#            original digits match GENERAL and the new ones do not, or the
#            new ones' length is too short, local-only or invalid for the
#            region's general lengths.
#   GENERAL  the region's general national-number pattern.
"""


def full_matches(pattern, limit=12):
    """The shortest non-empty digit strings that match `pattern` in full
    (none of them a prefix of another)."""
    matches = all_matches(pattern, limit)
    return [match for match in matches if not any(match != other and match.startswith(other) for other in matches)]


def all_matches(pattern, limit=12):
    """Every non-empty digit string that matches `pattern` in full (the
    pattern must match only strings of at most `limit` digits)."""
    automaton = PrefixAutomaton(pattern)
    found = []

    def visit(prefix, states):
        if prefix and automaton.accept in states:
            found.append(prefix)
        if len(prefix) >= limit:
            if any(automaton.step(states, digit) for digit in DIGITS):
                raise ValueError("%s matches strings longer than %d digits" % (pattern, limit))
            return
        for digit in DIGITS:
            following = automaton.step(states, digit)
            if following:
                visit(prefix + digit, following)

    visit("", automaton.start)
    return found


def mobile_token_entries(code, metadata):
    """The ENTRIES and REPLACEMENTS of a country code's line: digits that
    start with a trigger are parsed; a national prefix match that starts
    with none is read through the transform rule exactly as
    phonenumbers' `_maybe_strip_national_prefix_carrier_code` reads it."""
    import re

    triggers = {"0", str(code)}
    if metadata.international_prefix:
        triggers.update(full_matches(metadata.international_prefix))
    triggers = {trigger for trigger in triggers if not any(trigger != other and trigger.startswith(other) for other in triggers)}
    entries = {trigger: 1 for trigger in triggers}
    replacements = []
    pattern = metadata.national_prefix_for_parsing
    rule = metadata.national_prefix_transform_rule
    if pattern:
        compiled = re.compile(pattern)
        for match in all_matches(pattern):
            if any(match.startswith(trigger) for trigger in triggers):
                continue
            # The engine's own choice on the match alone must be all of it:
            # then it is its choice on any digits whose longest listed
            # prefix this is.
            found = compiled.match(match)
            if found is None or found.group(0) != match:
                raise ValueError("%s: %s reads as %r" % (pattern, match, found and found.group(0)))
            groups = found.groups()
            if not rule or not groups or groups[-1] is None:
                entries[match] = 1
                continue
            entries[match] = 2 + len(replacements)
            replacements.append("%s>%s" % (match, compiled.sub(rule, match, count=1)))
    listed = " ".join(["=0"] + ["%s=%x" % (prefix, entries[prefix]) for prefix in sorted(entries)])
    return listed, " ".join(replacements)


def mobile_token_table(phonenumbers, title):
    from phonenumbers.phonenumberutil import _MOBILE_TOKEN_MAPPINGS

    lines = []
    for code in sorted(_MOBILE_TOKEN_MAPPINGS):
        metadata = phonenumbers.PhoneMetadata.metadata_for_region(phonenumbers.region_code_for_country_code(code))
        entries, replacements = mobile_token_entries(code, metadata)
        general = metadata.general_desc.national_number_pattern
        lines.append("\t".join([str(code), _MOBILE_TOKEN_MAPPINGS[code], entries, replacements, general]))
    return title + MOBILE_TOKEN_HEADER + "\n".join(lines) + "\n"


def title_for(what, version):
    return (
        "# PayPhone describe data: %s. Generated by Tools/describe-data/generate.py\n"
        "# from libphonenumber %s (PyPI phonenumbers==%s, Apache-2.0). Do not edit.\n" % (what, version, version)
    )


def all_tables():
    phonenumbers = check_version()
    from phonenumbers.carrierdata import CARRIER_DATA
    from phonenumbers.geodata import GEOCODE_DATA
    from phonenumbers.geodata.locale import LOCALE_DATA
    from phonenumbers.phonenumberutil import COUNTRY_CODE_TO_REGION_CODE
    from phonenumbers.tzdata import TIMEZONE_DATA

    version = phonenumbers.__version__
    codes = set(COUNTRY_CODE_TO_REGION_CODE)
    return {
        "geocoding": language_table(GEOCODE_DATA, codes, title_for("places by number prefix", version)),
        "carriers": language_table(CARRIER_DATA, codes, title_for("original carriers by number prefix", version)),
        "timezones": timezone_table(TIMEZONE_DATA, codes, title_for("time zones by number prefix", version)),
        "countries": country_table(LOCALE_DATA, title_for("the geocoder's country names", version)),
        "regions": region_table(phonenumbers, title_for("the regions a number of a shared country code may be valid in", version)),
        "mobile-tokens": mobile_token_table(phonenumbers, title_for("when the digits after a mobile token read differently", version)),
    }


def outputs(root):
    files = {}
    for name, text in all_tables().items():
        files[os.path.join(root, "Data", "describe", name + ".txt")] = text
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed data files are stale")
    arguments = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    stale = []
    for path, text in outputs(root).items():
        data = text.encode("utf-8")
        if arguments.check:
            try:
                with open(path, "rb") as handle:
                    if handle.read() != data:
                        stale.append(path)
            except FileNotFoundError:
                stale.append(path)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as handle:
                handle.write(data)
            print("wrote %s (%d bytes)" % (os.path.relpath(path, root), len(data)))
    if stale:
        for path in stale:
            print("stale: %s (run python3 Tools/describe-data/generate.py, then compile_describe.py)" % os.path.relpath(path, root), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
