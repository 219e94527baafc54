"""The bio: its count and level against `payphone text --limit 160`, and its
text never cut or changed."""

import re
import unittest

from native import Edit
from pagetest import PageTest

LIMIT = 160


def rgb(color):
    return tuple(int(part) for part in re.findall(r"\d+", color)[:3])


class BioTests(PageTest):
    def check(self, step):
        # The page leaves the text as the browser edited it.
        text, caret = Edit.of(step).result()
        self.assertShows(step, text, caret, "the text as typed, never cut")
        record = self.native.text(text, LIMIT)
        self.assertEqual(self.page.element("bio-count").text, f"{record['graphemes']} / {LIMIT}", str(step))
        self.assertData("bio-meter", "data-level", record["level"], step)
        return record

    def ring_color(self):
        return rgb(self.page.driver.execute_script(
            "return getComputedStyle(document.getElementById('bio-ring')).stroke;"))

    def test_counts_what_people_see_as_characters(self):
        field = self.page.field("bio")
        for step in field.type("Café 42"):
            self.check(step)
        # An emoji with a skin tone, a flag, a family, an e with a combining accent.
        for cluster in ("👍🏽", "🇺🇸", "👨‍👩‍👧", "e\u0301"):
            self.check(field.type_outside_keyboard(cluster))
        field.move_caret(4)
        self.check(field.backspace())
        self.check(field.key("e"))
        self.check(field.paste("٤٢"))

    def test_turns_orange_near_the_limit_and_red_past_it_without_cutting(self):
        field = self.page.field("bio")
        normal = self.ring_color()
        self.assertEqual(self.check(field.paste("a" * 140))["level"], "normal")
        self.assertEqual(self.ring_color(), normal)
        self.assertEqual(self.check(field.paste("🙂" * 6))["level"], "warning")
        red, green, blue = warning = self.ring_color()
        self.assertTrue(red > 200 and 60 < green < 170 and blue < 90, f"orange ring, got rgb{warning}")
        self.assertEqual(self.check(field.paste("b" * 20))["level"], "over")
        red, green, blue = over = self.ring_color()
        self.assertTrue(red > 180 and green < 90 and blue < 90, f"red ring, got rgb{over}")
        self.assertNotEqual(over, warning)
        field.move_caret(10)
        self.assertEqual(self.check(field.key("c"))["level"], "over")


if __name__ == "__main__":
    unittest.main()
