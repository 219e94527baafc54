"""The `#` shorthand mask fields and the bracket-notation field, against
`payphone mask`, `card`, `expiry` and `phone`, and the oracle's mask edits."""

import unittest

from native import Edit
from pagetest import PageTest, flag


class ShorthandMaskTests(PageTest):
    """Each edit re-shapes the whole text with the mask; the caret stays
    after what the person had before it; the checkmark shows once the mask
    is complete and the library accepts the value."""

    def check(self, step, mask, accepts):
        shown = self.assertReshaped(step, lambda text: self.native.mask(mask, text))
        self.assertData(step.field, "data-valid", flag(shown["complete"] and accepts(shown)), step)
        return shown

    def card_accepts(self, shown):
        return self.native.card(shown["value"])["valid"]

    def test_card_mask_typing_editing_in_the_middle_and_pasting(self):
        mask = "#### #### #### ####"
        field = self.page.field("card-mask")
        for step in field.type("4242424242424242"):
            self.check(step, mask, self.card_accepts)
        self.assertData("card-mask", "data-valid", "true", "typing a whole Visa test number")
        field.move_caret(7)
        self.check(field.key("9"), mask, self.card_accepts)
        self.check(field.backspace(), mask, self.card_accepts)
        # Backspace right after a space the mask wrote.
        field.move_caret(5)
        self.check(field.backspace(), mask, self.card_accepts)
        field.move_caret(4)
        self.check(field.delete(), mask, self.card_accepts)
        self.check(field.key("x"), mask, self.card_accepts)
        field.select_all()
        self.check(field.paste("5555 5555 5555 4444"), mask, self.card_accepts)
        field.move_caret(2)
        self.check(field.paste("12ab34"), mask, self.card_accepts)

    def test_expiry_mask_rejects_a_month_over_12(self):
        mask = "##/##"
        field = self.page.field("expiry-mask")
        accepts = lambda shown: self.native.expiry(shown["text"])["ok"]  # noqa: E731
        for step in field.type("1325"):
            self.check(step, mask, accepts)
        self.assertData("expiry-mask", "data-valid", "false", "typing 13/25")
        field.move_caret(2)
        self.check(field.backspace(), mask, accepts)
        self.check(field.key("2"), mask, accepts)
        self.check(field.backspace(), mask, accepts)
        self.check(field.backspace(), mask, accepts)
        field.select_all()
        self.check(field.paste("12/34"), mask, accepts)
        self.assertData("expiry-mask", "data-valid", "true", "pasting 12/34")

    def test_phone_mask_with_other_scripts_digits(self):
        mask = "(###) ###-####"
        field = self.page.field("phone-mask")
        accepts = lambda shown: self.native.phone(shown["value"], "US").get("valid", False)  # noqa: E731
        for step in field.type("2015550123"):
            self.check(step, mask, accepts)
        self.assertData("phone-mask", "data-valid", "true", "typing (201) 555-0123")
        field.move_caret(6)
        self.check(field.backspace(), mask, accepts)
        self.check(field.key("7"), mask, accepts)
        field.move_caret(0)
        self.check(field.delete(), mask, accepts)
        field.select_all()
        self.check(field.paste("٢٠١٥٥٥٠١٢٣"), mask, accepts)
        for step in field.type("۴"):  # Persian 4, past the end of a full mask
            self.check(step, mask, accepts)


class BracketMaskTests(PageTest):
    """Each edit goes to the mask with its range: typing with forward
    gravity and autocomplete, deleting with backward gravity and autoskip."""

    def check(self, step, mask):
        answer = self.native.mask_edit(mask, Edit.of(step), autocomplete=True, autoskip=True)
        self.assertShows(step, answer["text"], answer["caret"], f"mask {mask}")
        self.assertData("bracket-mask", "data-valid", flag(answer["complete"]), step)
        self.assertEqual(self.page.element("bracket-value").get_attribute("value"), answer["value"], str(step))

    def test_phone_mask_typing_deleting_through_literals_and_editing_in_the_middle(self):
        mask = "+1 ([000]) [000]-[0000]"
        self.page.select("bracket-format", mask)
        field = self.page.field("bracket-mask")
        for step in field.type("5551234567"):
            self.check(step, mask)
        self.assertData("bracket-mask", "data-valid", "true", "typing ten digits")
        for _ in range(6):
            self.check(field.backspace(), mask)
        field.move_caret(6)
        self.check(field.key("9"), mask)
        self.check(field.delete(), mask)
        self.check(field.backspace(), mask)
        field.select_all()
        self.check(field.paste("+1 (212) 555-0100"), mask)

    def test_date_mask_and_switching_masks(self):
        phone = "+1 ([000]) [000]-[0000]"
        date = "[00]{.}[00]{.}[0000]"
        self.page.select("bracket-format", phone)
        field = self.page.field("bracket-mask")
        for step in field.type("0102"):
            self.check(step, phone)
        typed = field.state().text
        self.page.select("bracket-format", date)
        answer = self.native.mask(date, typed)
        after = field.state()
        self.assertEqual(after.text, answer["text"], f"switching {typed!r} to {date}")
        self.assertData("bracket-mask", "data-valid", flag(answer["complete"]), "switching masks")
        field.select_all()
        self.check(field.backspace(), date)
        for step in field.type("31122024"):
            self.check(step, date)
        self.assertData("bracket-mask", "data-valid", "true", "typing 31.12.2024")
        field.move_caret(3)
        self.check(field.backspace(), date)
        self.check(field.key("1"), date)


if __name__ == "__main__":
    unittest.main()
