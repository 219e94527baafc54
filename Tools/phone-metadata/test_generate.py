"""Tests of the upstream step, phonenumbers → Data/phone/metadata.txt (python3 -m unittest, from
Tools/phone-metadata; they need the reference phonenumbers,
Tools/oracle/_reference.py)."""

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402


class GeneratorTests(unittest.TestCase):
    def test_group_references_become_dollar_form(self):
        self.assertEqual(generate.dollar_groups("\\1 \\2-\\3"), "$1 $2-$3")
        self.assertEqual(generate.dollar_groups("0 $CC (\\1)"), "0 $CC ($1)")

    def test_fields_refuse_tabs_and_newlines(self):
        with self.assertRaises(ValueError):
            generate.field("a\tb")
        self.assertEqual(generate.field(None), "")
        self.assertEqual(generate.field(True), "1")

    def test_every_region_and_entity_has_one_record(self):
        records = generate.all_records()
        self.assertEqual(len(records), 254)
        ids = [record.split("\n", 1)[0].split("\t")[1] for record in records]
        self.assertEqual(ids.count("001"), 9)
        self.assertEqual(len(set(ids)), 246)

    def test_a_record_keeps_the_extension_prefix_space(self):
        from phonenumbers import PhoneMetadata

        record = generate.record(PhoneMetadata.metadata_for_region("GB"))
        self.assertIn("preferredExtensionPrefix\t x\n", record)
        self.assertIn("format\t(\\d{3})(\\d{4})\t$1 $2\t800 8001 80011 800111 8001111\t0$1\t0\t", record)

    def test_output_is_deterministic_and_committed(self):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        result = subprocess.run(
            [sys.executable, os.path.join(root, "Tools", "phone-metadata", "generate.py"), "--check"],
            capture_output=True,
            text=True,
        )
        self.assertEqual(result.returncode, 0, result.stderr)


if __name__ == "__main__":
    unittest.main()
