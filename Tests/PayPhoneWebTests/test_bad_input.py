"""Bad input never breaks a field: after a paste of anything, each field
shows what the native library makes of it, and goes on working."""

import unittest

from native import Edit
from pagetest import PageTest

JUNK = (
    "😀🇯🇵👍🏽",
    "abc-XYZ_!?",
    "\u200f٠١٢\u200e ＋１２ ｅｘ",
    "<b>&amp;</b> ' \" \\",
    "9" * 400,
    "x" * 5000,
)


class BadInputTests(PageTest):
    def paste_junk_then_type(self, field, check):
        for junk in JUNK:
            field.select_all()
            check(field.paste(junk))
            check(field.key("5"))
            check(field.backspace())

    def test_phone_field(self):
        self.page.select("phone-region", "US")
        field = self.page.field("phone")

        def check(step):
            answer = self.native.phone_edit("US", Edit.of(step))
            self.assertShows(step, answer["text"], answer["caret"], "the phone field editor in US")

        self.paste_junk_then_type(field, check)

    def test_bracket_mask_field(self):
        mask = "[AA] [00] [AAA]"
        self.page.select("bracket-format", mask)
        field = self.page.field("bracket-mask")

        def check(step):
            answer = self.native.mask_edit(mask, Edit.of(step), autocomplete=True, autoskip=True)
            self.assertShows(step, answer["text"], answer["caret"], f"mask {mask}")

        self.paste_junk_then_type(field, check)

    def test_shorthand_mask_field(self):
        mask = "(###) ###-####"
        field = self.page.field("phone-mask")
        self.paste_junk_then_type(field, lambda step: self.assertReshaped(
            step, lambda text: self.native.mask(mask, text)))

    def test_bio_keeps_everything(self):
        field = self.page.field("bio")

        def check(step):
            text, caret = Edit.of(step).result()
            self.assertShows(step, text, caret, "the text as pasted")
            record = self.native.text(text, 160)
            self.assertEqual(self.page.element("bio-count").text, f"{record['graphemes']} / 160", str(step))

        self.paste_junk_then_type(field, check)


if __name__ == "__main__":
    unittest.main()
