"""The phone field and its country picker, against the library's phone
field editor (payphone-web-oracle) and `payphone phone` / `regions`."""

import unittest

from native import Edit
from pagetest import PageTest, flag


class PhoneFieldTests(PageTest):
    def check(self, step, region):
        answer = self.native.phone_edit(region, Edit.of(step))
        self.assertShows(step, answer["text"], answer["caret"], f"the phone field editor in {region}")
        self.check_number(region, answer, step)

    def check_number(self, region, answer, step):
        """The checkmark and the E.164 line follow the keys typed."""
        self.assertData("phone", "data-valid", flag(answer["complete"]), step)
        expected = self.native.phone(answer["value"], region)["e164"] if answer["complete"] else ""
        self.assertEqual(self.page.element("phone-e164").get_attribute("value"), expected, str(step))

    def test_typing_a_us_number_then_editing_in_the_middle(self):
        self.page.select("phone-region", "US")
        field = self.page.field("phone")
        for step in field.type("6502532222"):
            self.check(step, "US")
        self.assertData("phone", "data-valid", "true", "typing (650) 253-2222")
        # Inside the area code, after "(65".
        field.move_caret(3)
        self.check(field.key("1"), "US")
        self.check(field.key("4"), "US")
        self.check(field.backspace(), "US")
        self.check(field.backspace(), "US")
        # Backspace just after the ")" and forward delete just before the "-".
        field.move_caret(5)
        self.check(field.backspace(), "US")
        field.move_caret(9)
        self.check(field.delete(), "US")
        field.move_caret(0)
        self.check(field.delete(), "US")

    def test_pasting_international_and_other_scripts_then_changing_country(self):
        self.page.select("phone-region", "US")
        field = self.page.field("phone")
        self.check(field.paste("+44 20 7946 0958"), "US")
        self.assertData("phone", "data-valid", "true", "pasting a London number with +44")
        field.select_all()
        self.check(field.paste("٠٢٠ ٧٩٤٦ ٠٩٥٨"), "US")
        before = field.state().text
        self.page.select("phone-region", "GB")
        answer = self.native.phone_format("GB", before)
        self.assertEqual(field.state().text, answer["text"], f"{before!r} formatted for GB")
        self.check_number("GB", answer, "changing the country to GB")
        field.move_caret(4)
        self.check(field.paste("12"), "GB")
        field.select_all()
        for step in field.type("०२०७९४६०९५८"):  # Devanagari digits, typed
            self.check(step, "GB")
        self.assertData("phone", "data-valid", "true", "typing 020 7946 0958 in Devanagari digits")

    def test_leading_plus_switches_to_the_typed_country(self):
        self.page.select("phone-region", "DE")
        field = self.page.field("phone")
        for step in field.type("+33612345678"):
            self.check(step, "DE")
        field.move_caret(1)
        self.check(field.backspace(), "DE")
        self.check(field.key("+"), "DE")
        for step in field.type("a-b"):  # letters and a separator of one's own are not keys
            self.check(step, "DE")

    def test_input_method_composition_is_formatted_once_committed(self):
        self.page.select("phone-region", "JP")
        field = self.page.field("phone")
        for step in field.type("0312"):
            self.check(step, "JP")
        typed = field.state().text
        # Fullwidth digits, as a Japanese input method writes them.
        composing, step = field.compose("３４５")
        self.assertEqual([state.text for state in composing], [typed + "３", typed + "３４", typed + "３４５"],
                         "the field leaves the composition alone")
        self.check(step, "JP")

    def test_country_picker_lists_every_region_with_flag_and_calling_code(self):
        regions = {record["region"]: record for record in self.native.regions() if record["region"] != "001"}
        options = self.page.driver.execute_script(
            "return [...document.getElementById('phone-region').options].map((o) => [o.value, o.text]);")
        self.assertEqual(sorted(value for value, _ in options), sorted(regions))
        for value, label in options:
            record = regions[value]
            self.assertTrue(label.startswith(record["flag"]), f"{label!r} starts with {value}'s flag")
            self.assertTrue(label.endswith(f"+{record['countryCode']}"), f"{label!r} ends with its code")
        labels = dict(options)
        # Names in the browser's language, English here.
        for region in ("US", "DE", "FR", "JP", "GB"):
            self.assertIn(regions[region]["name"], labels[region], f"{region} named as ICU names it")

    def test_country_names_follow_the_browser_language(self):
        self.page.set_languages("de-DE,de")
        self.addCleanup(self.page.set_languages, "en-US,en")
        self.page.reload()
        # The browser's own region is chosen first.
        self.assertEqual(self.page.element("phone-region").get_attribute("value"), "DE")
        labels = dict(self.page.driver.execute_script(
            "return [...document.getElementById('phone-region').options].map((o) => [o.value, o.text]);"))
        german = {record["region"]: record["name"] for record in self.native.regions("de")}
        for region in ("US", "DE", "FR", "JP", "GB"):
            self.assertIn(german[region], labels[region], f"{region} named as ICU names it in German")
        field = self.page.field("phone")
        for step in field.type("030123456"):
            self.check(step, "DE")


if __name__ == "__main__":
    unittest.main()
