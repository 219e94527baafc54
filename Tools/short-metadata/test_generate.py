"""Tests of the upstream step, phonenumbers → Data/phone/short-metadata.txt (python3 -m unittest,
from Tools/short-metadata; they need the reference phonenumbers,
Tools/oracle/_reference.py)."""

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402


class GeneratorTests(unittest.TestCase):
    def test_fields_refuse_tabs_and_newlines(self):
        with self.assertRaises(ValueError):
            generate.field("a\tb")
        self.assertEqual(generate.field(None), "")

    def test_every_short_region_has_one_record(self):
        records = generate.all_records()
        self.assertEqual(len(records), 241)
        ids = [record.split("\n", 1)[0].split("\t")[1] for record in records]
        self.assertEqual(len(set(ids)), 241)
        self.assertEqual(ids, sorted(ids))
        for record in records:
            self.assertIn("\ndesc\tgeneral\t", record)

    def test_a_record_lists_its_kinds_in_order(self):
        from phonenumbers import PhoneMetadata

        record = generate.record(PhoneMetadata.short_metadata_for_region("DE"))
        self.assertTrue(record.startswith("region\tDE\ndesc\tgeneral\t[1-46-8]\\d{2,5}\t3,4,5,6\t\n"))
        self.assertIn("desc\temergency\t11[02]\t3\t110\n", record)
        kinds = [line.split("\t")[1] for line in record.splitlines()[1:]]
        self.assertEqual(kinds, ["general", "tollFree", "emergency", "shortCode", "carrierSpecific", "smsServices"])

    def test_output_is_deterministic_and_committed(self):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        result = subprocess.run(
            [sys.executable, os.path.join(root, "Tools", "short-metadata", "generate.py"), "--check"],
            capture_output=True,
            text=True,
        )
        self.assertEqual(result.returncode, 0, result.stderr)


if __name__ == "__main__":
    unittest.main()
