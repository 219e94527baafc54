"""The whole page at once: every field filled, each accepted as the native
library accepts it, and one screenshot of it all."""

import unittest

from pagetest import PageTest


class PageTests(PageTest):
    def test_every_field_filled(self):
        pastes = {
            "card-mask": "4111 1111 1111 1111",
            "expiry-mask": "12/34",
            "phone-mask": "201 555 0123",
            "phone": "+44 20 7946 0958",
            "bracket-mask": "2125550100",
            "card-number": "3782 822463 10005",
            "card-expiry": "12/34",
            "card-cvc": "1234",
            "card-name": "Ada Lovelace",
            "bio": "Pays by phone 📱 from 🇬🇧 and 🇯🇵.",
        }
        for element_id, text in pastes.items():
            self.page.field(element_id).paste(text)
        masks = {"card-mask": "#### #### #### ####", "expiry-mask": "##/##", "phone-mask": "(###) ###-####"}
        for element_id, mask in masks.items():
            self.assertEqual(self.page.field(element_id).state().text,
                             self.native.mask(mask, pastes[element_id])["text"], element_id)
        self.assertTrue(self.native.card(pastes["card-mask"])["valid"])
        self.assertTrue(self.native.expiry(pastes["expiry-mask"])["ok"])
        self.assertTrue(self.native.phone(pastes["phone-mask"], "US")["valid"])
        self.assertTrue(self.native.phone(pastes["phone"], "US")["valid"])
        self.assertTrue(self.native.mask("+1 ([000]) [000]-[0000]", pastes["bracket-mask"])["complete"])
        for element_id in ("card-mask", "expiry-mask", "phone-mask", "phone", "bracket-mask"):
            self.assertData(element_id, "data-valid", "true", "pasting a valid value")
        record = self.native.text(pastes["bio"], 160)
        self.assertEqual(self.page.element("bio-count").text, f"{record['graphemes']} / 160")
        self.assertTrue(self.page.element("pay").is_enabled(), "every card field is valid")
        self.page.screenshot("overview")


if __name__ == "__main__":
    unittest.main()
