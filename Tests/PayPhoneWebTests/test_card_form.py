"""The card form against `payphone card`, `expiry` and `mask` and the
oracle's expiry formatter: the number grouped by brand as it is typed, the
expiry, the security code sized by the brand, and Pay enabled only when the
library accepts every field."""

import unittest

from pagetest import PageTest, flag


class CardFormTests(PageTest):
    def setUp(self):
        super().setUp()
        self.number = self.page.field("card-number")
        self.expiry = self.page.field("card-expiry")
        self.cvc = self.page.field("card-cvc")
        self.name = self.page.field("card-name")

    def card(self, text, cvc=None):
        """`payphone card` on the digits of `text` (the field drops anything
        else); `formatted` is what the field shows, empty without digits."""
        digits = "".join(character for character in text if character.isdigit())
        record = self.native.card(digits, cvc) if digits else {"ok": False}
        return {**record, "text": record.get("formatted", "")}

    def check_number(self, step):
        shown = self.assertReshaped(step, self.card)
        self.assertData("card-brand", "data-brand", shown.get("brand") or "", step)
        self.assertData("card-number", "data-valid", flag(shown.get("valid")), step)
        self.check_pay(step)
        return shown

    def check_expiry(self, step):
        shown = self.assertReshaped(step, self.native.expiry_format)
        record = self.native.expiry(shown["text"])
        self.assertData("card-expiry", "data-valid", flag(shown["complete"] and record.get("valid")), step)
        self.check_pay(step)

    def check_cvc(self, step):
        length = self.card(self.number.state().text).get("cvcLength") or 4
        self.assertReshaped(step, lambda text: self.native.mask("#" * length, text))
        self.check_pay(step)

    def check_pay(self, step):
        """Pay is enabled exactly when the library accepts the number, its
        security code and the expiry, and a name is given."""
        number, expiry = self.number.state().text, self.expiry.state().text
        card = self.card(number, self.cvc.state().text)
        expiry_record = self.native.expiry(expiry) if expiry else {}
        accepted = bool(card.get("valid") and card.get("cvcValid") and expiry_record.get("valid")
                        and self.name.state().text.strip())
        self.assertEqual(self.page.element("pay").is_enabled(), accepted, f"Pay after {step}")

    def test_amex_typed_with_its_grouping_and_four_digit_code_then_paid(self):
        for step in self.number.type("378282246310005"):
            self.check_number(step)
        self.assertData("card-brand", "data-brand", "american-express", "typing an Amex test number")
        self.assertIn(self.card("378282246310005")["cvcName"], self.page.element("card-cvc-label").text)
        # A 16th digit: no Amex number that long is valid, so the field keeps the 15.
        self.assertFalse(self.card("3782822463100059")["potentiallyValid"])
        step = self.number.key("9")
        self.assertEqual(step.after, step.before, str(step))
        for step in self.expiry.type("1230"):
            self.check_expiry(step)
        for step in self.cvc.type("12345"):
            self.check_cvc(step)
        for step in self.name.type("Ada Lovelace"):
            self.check_pay(step)
        self.assertTrue(self.page.element("pay").is_enabled(), "every field is valid")
        self.page.element("pay").click()
        last4 = self.card("378282246310005")["last4"]
        self.assertIn(f"ending {last4}", self.page.element("pay-result").get_attribute("value"))

    def test_editing_the_number_in_the_middle_and_changing_brand(self):
        for step in self.number.type("4242424242424242"):
            self.check_number(step)
        self.number.move_caret(6)
        self.check_number(self.number.key("7"))
        self.check_number(self.number.backspace())
        self.number.move_caret(5)
        self.check_number(self.number.backspace())
        self.number.move_caret(4)
        self.check_number(self.number.delete())
        self.check_number(self.number.key("x"))
        self.number.select_all()
        self.check_number(self.number.paste("3056 9309 0259 04"))
        self.assertData("card-brand", "data-brand", "diners-club", "pasting a Diners Club test number")
        self.number.select_all()
        self.check_number(self.number.paste("٥٥٥٥٥٥٥٥٥٥٥٥٤٤٤٤"))

    def test_autofilled_number_is_grouped(self):
        # Autofill sets the text and sends `input` with no `beforeinput` first.
        self.page.driver.execute_script(
            "const field = document.getElementById('card-number');"
            "field.value = '5555555555554444'; field.dispatchEvent(new Event('input', {bubbles: true}));")
        card = self.card("5555555555554444")
        self.assertEqual(self.number.state().text, card["formatted"])
        self.assertData("card-brand", "data-brand", card["brand"], "autofill")

    def test_pay_follows_every_field(self):
        self.check_number(self.number.paste("4242 4242 4242 4242"))
        for step in self.expiry.type("4"):  # a month from 4 on is read as 04
            self.check_expiry(step)
        for step in self.expiry.type("30"):
            self.check_expiry(step)
        for step in self.cvc.type("1234"):
            self.check_cvc(step)
        for step in self.name.type("Grace Hopper"):
            self.check_pay(step)
        self.assertTrue(self.page.element("pay").is_enabled(), "every field is valid")
        # A month over 12, an expired card, a wrong Luhn digit: each turns Pay off.
        self.expiry.select_all()
        self.check_expiry(self.expiry.paste("13/30"))
        self.expiry.select_all()
        self.check_expiry(self.expiry.paste("01/20"))
        self.expiry.select_all()
        self.check_expiry(self.expiry.paste("12/2034"))
        self.number.move_caret(19)
        self.check_number(self.number.backspace())
        self.check_number(self.number.key("1"))
        self.check_number(self.number.backspace())
        self.check_number(self.number.key("2"))
        self.assertTrue(self.page.element("pay").is_enabled(), "every field is valid again")


if __name__ == "__main__":
    unittest.main()
