"""Tests of the upstream step, phonenumbers → Data/describe/*.txt (python3 -m unittest, from
Tools/describe-data; the table tests need the reference phonenumbers,
Tools/oracle/_reference.py)."""

import collections
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402


class CompactStreamTests(unittest.TestCase):
    def test_numbers_read_back(self):
        for value in [0, 1, 36, 37, 38, 924, 925, 926, 23124, 23125, 10**6, 45864]:
            text = generate.number(value)
            self.assertEqual(generate.read_number(text + "A", 0), (value, len(text)))

    def test_small_numbers_take_one_character(self):
        self.assertEqual(len(generate.number(36)), 1)
        self.assertEqual(len(generate.number(37)), 2)

    def test_entries_read_back_runs_and_nesting_included(self):
        rng = random.Random(3)
        keys = {}
        for _ in range(400):
            key = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 8)))
            keys[key] = rng.randrange(50)
        # Runs: ten keys counting up with one value, across a carry.
        for step in range(10):
            keys[str(12345695 + step)] = 7
        keys[""] = 3
        ordered = sorted(keys)
        text = generate.encode_entries(ordered, keys)
        self.assertEqual(generate.decode_entries(text), [(key, keys[key]) for key in ordered])

    def test_streams_use_no_character_a_raw_swift_literal_would_misread(self):
        alphabet = generate.DIGITS + generate.HEADS + generate.CONTINUATION + generate.FINAL
        self.assertEqual(len(set(alphabet)), len(alphabet))
        for character in '#\\|"\t\n':
            self.assertNotIn(character, alphabet)

    def test_names_with_separators_are_refused(self):
        for bad in ["a|b", "a\tb", 'x"""#', "\\#("]:
            with self.assertRaises(ValueError):
                generate.check_name(bad)


class TableTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tables = generate.all_tables()

    def line(self, name, code):
        for line in self.tables[name].split("\n"):
            if line.startswith(code + "\t"):
                return line.split("\t")
        self.fail("no line for %s in %s" % (code, name))

    def test_every_geocoding_entry_reads_back(self):
        for code in ("41", "86", "1"):
            self.check_geocoding_line(code)

    def check_geocoding_line(self, code):
        from phonenumbers.geodata import GEOCODE_DATA

        languages = self.tables["geocoding"].split("\nL\t", 1)[1].split("\n", 1)[0].split("\t")
        fields = self.line("geocoding", code)
        names = fields[1].split("|")
        values = []
        text, position = fields[2], 0
        while position < len(text):
            count, position = generate.read_number(text, position)
            pairs = {}
            for _ in range(count):
                language, position = generate.read_number(text, position)
                name, position = generate.read_number(text, position)
                pairs[languages[language]] = names[name]
            values.append(pairs)
        pairs = generate.decode_entries(fields[4])
        index, blocks, position, offset = fields[5], fields[6], 0, 0
        while position < len(index):
            _, position = generate.read_number(index, position)
            length, position = generate.read_number(index, position)
            pairs += generate.decode_entries(blocks[offset : offset + length])
            offset += length
        self.assertEqual(offset, len(blocks))
        decoded = {code + key: values[value] for key, value in pairs}
        expected = {key: names for key, names in GEOCODE_DATA.items() if key.startswith(code)}
        self.assertEqual(decoded, expected)

    def test_the_index_gives_each_line_its_length(self):
        text = self.tables["timezones"]
        lines = text.split("\n")
        index = next(line for line in lines if line.startswith("I\t")).split("\t")[1:]
        body = lines[lines.index(next(line for line in lines if line.startswith("I\t"))) + 1 :]
        for entry, line in zip(index, body):
            code, length = entry.split(":")
            self.assertTrue(line.startswith(code + "\t"))
            self.assertEqual(len(line.encode("utf-8")), int(length))

    def test_country_names_follow_one_reference(self):
        fields = self.line("countries", "SZ")
        self.assertEqual(fields[1], "Swaziland")
        samoa = self.line("countries", "WS")
        self.assertIn("zh=*zh", samoa[2].split("|"))

    def test_region_sets_keep_every_region_a_number_is_valid_in(self):
        import phonenumbers

        tables = {}
        for line in self.tables["regions"].split("\n"):
            if line and not line.startswith("#"):
                code, regions, entries = line.split("\t")
                tables[int(code)] = (regions.split("|"), dict(entry.split("=") for entry in entries.split(" ")))
        rng = random.Random(15)
        checked = 0
        for code, (regions, entries) in sorted(tables.items()):
            for region in regions:
                metadata = phonenumbers.PhoneMetadata.metadata_for_region(region)
                for name in generate.VALIDATING_DESCRIPTIONS:
                    description = getattr(metadata, name)
                    if description is None or not description.example_number:
                        continue
                    for _ in range(25):
                        digits = list(description.example_number)
                        for _ in range(rng.randint(0, 3)):
                            digits[rng.randrange(1, len(digits))] = rng.choice(generate.DIGITS)
                        number = phonenumbers.parse("+%d%s" % (code, "".join(digits)))
                        national = phonenumbers.national_significant_number(number)
                        mask = next(int(entries[national[:length]], 16) for length in range(len(national), -1, -1) if national[:length] in entries)
                        for index, other in enumerate(regions):
                            if phonenumbers.is_valid_number_for_region(number, other):
                                checked += 1
                                self.assertTrue(mask >> index & 1, "+%d %s is valid in %s" % (code, national, other))
        self.assertGreater(checked, 2000)

    def test_digits_after_the_mobile_token_read_as_the_table_says(self):
        """The table's reading (Tools/describe-data's format, as the Swift
        module applies it) against phonenumbers' parse of the digits: every
        national prefix class with every length of the rest, and random
        digits of area codes with and without the carrier code 15."""
        import re

        import phonenumbers

        line = next(line for line in self.tables["mobile-tokens"].split("\n") if line.startswith("54\t"))
        code, token, entries, replacements, general = line.split("\t")
        self.assertEqual(token, "9")
        actions = {prefix: int(value, 16) for prefix, value in (entry.split("=") for entry in entries.split(" "))}
        replacements = [entry.split(">") for entry in replacements.split(" ")]
        self.assertEqual(actions.get("1115"), 2)
        self.assertEqual(replacements[0], ["1115", "911"])
        general_lengths = phonenumbers.PhoneMetadata.metadata_for_region("AR").general_desc
        national, local = general_lengths.possible_length, general_lengths.possible_length_local_only

        def table_reading(digits):
            action = next(actions[digits[:length]] for length in range(len(digits), -1, -1) if digits[:length] in actions)
            if action == 0:
                return digits
            if action == 1:
                return "parse"
            prefix, replacement = replacements[action - 2]
            self.assertTrue(digits.startswith(prefix))
            stripped = replacement + digits[len(prefix):]
            length = len(stripped)
            allowed = length not in local and (length == national[0] or length > national[-1] or (length > national[0] and length in national))
            if not allowed or (re.fullmatch(general, digits) and not re.fullmatch(general, stripped)):
                return digits
            return stripped if 2 <= len(stripped) <= 17 else "failed"

        def parse_reading(digits):
            try:
                return phonenumbers.national_significant_number(phonenumbers.parse(digits, "AR"))
            except phonenumbers.NumberParseException:
                return "failed"

        rng = random.Random(54)
        samples = []
        for prefix, _ in replacements:
            for length in range(len(prefix), 18):
                samples.append(prefix + "".join(rng.choice(generate.DIGITS) for _ in range(length - len(prefix))))
        for round in range(4000):
            digits = rng.choice("123") + "".join(rng.choice(generate.DIGITS) for _ in range(rng.randint(1, 3)))
            digits += "15" if round % 5 == 0 else ""
            digits += "".join(rng.choice(generate.DIGITS) for _ in range(max(0, rng.choice([10, 11, 12]) - len(digits))))
            samples.append(digits)
        counts = collections.Counter()
        for digits in samples:
            expected = table_reading(digits)
            if expected == "parse":
                counts["parse"] += 1
                continue
            counts["same" if expected == digits else "stripped"] += 1
            self.assertEqual(expected, parse_reading(digits), digits)
        self.assertGreater(counts["stripped"], 2000)
        self.assertGreater(counts["same"], 2000)

    def test_patterns_are_read_as_fullmatch_reads_them(self):
        automaton = generate.PrefixAutomaton(r"8(?:00|33)[2-9]\d{2,3}|7\d?")
        def matches_some(prefix):
            states = automaton.start
            for digit in prefix:
                states = automaton.step(states, digit)
            return bool(states)
        for prefix in ["", "8", "80", "800", "8002", "800299", "8002999", "7", "70"]:
            self.assertTrue(matches_some(prefix), prefix)
        for prefix in ["9", "81", "8001", "80029999", "700", "3"]:
            self.assertFalse(matches_some(prefix), prefix)
        with self.assertRaises(ValueError):
            generate.PrefixAutomaton(r"\d(?=5)")

    def test_tables_are_deterministic(self):
        self.assertEqual(generate.all_tables(), self.tables)


if __name__ == "__main__":
    unittest.main()
