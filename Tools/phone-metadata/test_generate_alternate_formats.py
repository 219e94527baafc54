"""Tests of the alternate-format generator: run from this folder with
python3 -m unittest test_generate_alternate_formats."""

import os
import unittest

import generate_alternate_formats as generator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class AlternateFormatsTest(unittest.TestCase):
    def test_every_calling_code_of_upstream_has_a_record(self):
        from phonenumbers.data import _ALT_NUMBER_FORMATS

        codes = [code for code, _ in generator.all_records()]
        self.assertEqual(codes, sorted(_ALT_NUMBER_FORMATS))

    def test_formats_keep_their_order_and_use_dollar_groups(self):
        records = dict(generator.all_records())
        lines = records[49].split("\n")
        self.assertEqual(lines[0], "countryCode\t49")
        first = lines[1].split("\t")
        self.assertEqual(first[:4], ["format", "(\\d{2})(\\d{3})(\\d{3,4})", "$1 $2 $3", "3[02]|40|[68]9"])

    def test_output_is_deterministic(self):
        self.assertEqual(generator.outputs(ROOT), generator.outputs(ROOT))


if __name__ == "__main__":
    unittest.main()
