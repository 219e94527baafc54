"""What every browser test shares: a freshly loaded page, the native
library's processes, a screenshot after each test, and the comparison of a
step with the library's answer."""

import unittest

import browser
import native
from native import Edit, utf16_length, utf16_slice


class PageTest(unittest.TestCase):
    maxDiff = None

    def setUp(self):
        self.page = browser.page()
        self.page.reload()
        self.native = native.native()
        self.page.console_errors()
        self.addCleanup(lambda: self.page.screenshot(self.id().split(".", 1)[1]))

    def tearDown(self):
        # A field that met input the engine refused logs it: none may.
        self.assertEqual(self.page.console_errors(), [], "the page's console")

    def assertShows(self, step, text, caret, why):
        """The field shows `text` with a collapsed caret at `caret` (UTF-16) after the step."""
        self.assertEqual(
            (step.after.text, step.after.start, step.after.end), (text, caret, caret),
            f"\n  step: {step}\n  the library: {text!r} with the caret at {caret} ({why})")

    def assertData(self, element_id, name, expected, step):
        self.assertEqual(self.page.attribute(element_id, name), expected, f"{name} of #{element_id} after {step}")

    def assertReshaped(self, step, format_text):
        """For a field that re-shapes its whole text and keeps the caret
        after the characters before it: the text is the formatter's for the
        edited text, and the caret stands where the formatter's text for the
        part before the caret ends. `format_text` asks the native library
        and returns its record (with a `text`). Returns the record."""
        edited, caret = Edit.of(step).result()
        shown = format_text(edited)
        before_caret = format_text(utf16_slice(edited, 0, caret))
        self.assertShows(step, shown["text"], utf16_length(before_caret["text"]),
                         f"formats {edited!r}, and {utf16_slice(edited, 0, caret)!r} before the caret")
        return shown


def flag(value):
    """A boolean as the page writes it into a data attribute."""
    return "true" if value else "false"
