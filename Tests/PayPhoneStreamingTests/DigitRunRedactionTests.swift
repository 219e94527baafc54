import PayPhoneStreaming
import Testing

/// Messages for standard error hide card-number-like runs as a card in text
/// is found: digits in groups split by one to three separators (spaces,
/// tabs, Unicode spaces and dashes, dots, slashes, underscores, zero-width
/// spaces); a run of 12 digits or more keeps its last four.
@Suite struct DigitRunRedactionTests {
  @Test(
    arguments: [
      ("not '4111 1111 1111 1111'", "not '**** **** **** 1111'"),
      ("4111/1111/1111/1111", "****/****/****/1111"),
      ("4111.1111.1111.1111", "****.****.****.1111"),
      ("4111_1111_1111_1111", "****_****_****_1111"),
      ("4111\t1111\u{A0}1111\u{2013}1111", "****\t****\u{A0}****\u{2013}1111"),
      ("4111\u{200B}1111\u{200B}1111\u{200B}1111", "****\u{200B}****\u{200B}****\u{200B}1111"),
      ("4111 - 1111 - 1111 - 1111", "**** - **** - **** - 1111"),
      ("PAN4111111111111111x", "PAN************1111x"),
      // Four separators end a run: the first group stands alone, the rest is 12 digits.
      ("4111    1111 1111 1111", "4111    **** **** 1111"),
      // Fewer than 12 digits are not a card: dates, short numbers.
      ("2026-12-04", "2026-12-04"),
      ("order 12 of 345", "order 12 of 345"),
      (
        "\u{664}\u{661}\u{661}\u{661} \u{661}\u{661}\u{661}\u{661} \u{661}\u{661}\u{661}\u{661} \u{661}\u{661}\u{661}\u{661}",
        "**** **** **** \u{661}\u{661}\u{661}\u{661}"
      ),
    ])
  func cardLikeRunsKeepTheirLastFourDigits(_ text: String, _ expected: String) {
    #expect(DigitRunRedaction.redact(text) == expected)
  }
}
