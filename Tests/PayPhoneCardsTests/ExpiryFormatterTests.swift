import PayPhoneCards
import PayPhoneMasks
import Testing

@Suite struct ExpiryFormatterTests {
  let formatter = ExpiryFormatter()

  /// Text in, text / value / complete out, as the `##/##` shorthand mask and
  /// the three readings in the type's documentation give them.
  @Test(arguments: [
    ("", "", "", false),
    ("0", "0", "0", false),
    ("1", "1", "1", false),
    ("12", "12", "12", false),
    ("123", "12/3", "123", false),
    ("1234", "12/34", "1234", true),
    ("12345", "12/34", "1234", true),
    // A first digit from 2 to 9 is a month.
    ("4", "04", "04", false),
    ("9", "09", "09", false),
    ("2", "02", "02", false),
    ("042", "04/2", "042", false),
    ("0425", "04/25", "0425", true),
    ("4/25", "04/25", "0425", true),
    // A lone month digit before a separator is a month.
    ("1/", "01", "01", false),
    ("1/2", "01/2", "012", false),
    ("1 / 27", "01/27", "0127", true),
    ("0/", "0", "0", false),
    // The slash is written only before a year digit.
    ("04/", "04", "04", false),
    ("12/", "12", "12", false),
    // Pasted four-digit years.
    ("12/2034", "12/34", "1234", true),
    ("1/2034", "01/34", "0134", true),
    ("122034", "12/34", "1234", true),
    ("12-34", "12/34", "1234", true),
    // Other scripts and stray characters.
    ("٤", "04", "04", false),
    ("١٢/٣٤", "12/34", "1234", true),
    ("１２３４", "12/34", "1234", true),
    ("ab", "", "", false),
    (" 12 34 ", "12/34", "1234", true),
  ])
  func formatsLikeTheShorthandMask(_ text: String, _ expected: String, _ value: String, _ complete: Bool) {
    let result = formatter.format(text)
    #expect(result.text == expected)
    #expect(result.value == value)
    #expect(result.isComplete == complete)
  }

  /// Typing `4`, `2`, `5` and backspacing to empty: each keystroke adds or
  /// deletes exactly one digit.
  @Test func typingAndBackspacing() {
    var field = ""
    var shown: [String] = []
    for key in ["4", "2", "5", "9"] {
      field = formatter.format(field + key).text
      shown.append(field)
    }
    while !field.isEmpty {
      field = formatter.format(String(field.dropLast())).text
      shown.append(field)
    }
    #expect(shown == ["04", "04/2", "04/25", "04/25", "04/2", "04", "0", ""])
  }

  /// Every digit sequence up to four keys: formatting is stable, the text
  /// never ends in `/`, and every backspace removes exactly one digit.
  @Test func backspaceAlwaysDeletesADigit() {
    var sequences: [String] = [""]
    for _ in 0..<4 {
      sequences = sequences + sequences.flatMap { prefix in (0...9).map { prefix + String($0) } }
    }
    var problems: [String] = []
    for keys in Set(sequences) {
      var field = ""
      for key in keys { field = formatter.format(field + String(key)).text }
      if formatter.format(field).text != field { problems.append("\(keys): \(field) is not stable") }
      while !field.isEmpty {
        if field.hasSuffix("/") { problems.append("\(keys): \(field) ends in /") }
        let before = formatter.format(field).value
        field = formatter.format(String(field.dropLast())).text
        let after = formatter.format(field).value
        if after != String(before.dropLast()) { problems.append("\(keys): \(before) -> \(after)") }
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(20))")
  }

  /// Six pasted digits are `MMYYYY` only when they can start a month; from
  /// 2 to 9 the first digit is a month of its own, so the text shown
  /// formats to itself (found by the `expiry` fuzz target: "800002" showed
  /// "80/02", which re-formatted as "08/00").
  @Test(arguments: [
    ("800002", "08/00"),
    ("912034", "09/12"),
    ("222222", "02/22"),
    ("122034", "12/34"),
    ("012034", "01/34"),
  ])
  func sixPastedDigitsFormatStably(_ text: String, _ expected: String) {
    let shown = formatter.format(text).text
    #expect(shown == expected)
    #expect(formatter.format(shown).text == shown)
  }

  @Test func completeTextReadsAsAnExpiry() throws {
    let today = CalendarDay(year: 2026, month: 11, day: 29)!
    let result = formatter.format("4/31")
    let expiry = try CardExpiry(result.text, today: today)
    #expect(expiry.month == 4 && expiry.year == 2031)
  }

  /// The formatter is an `TextMasking`: the masks' result, with the caret at
  /// the end in characters, and text-field edits through `TextEdit`.
  @Test func worksThroughTheMaskAbstraction() {
    func shape(_ edit: TextEdit, with mask: some TextMasking) -> MaskResult { mask.apply(edit) }
    let typed = shape(TextEdit("04/2", replacing: 4..<4, with: "5"), with: formatter)
    #expect(typed.text == "04/25")
    #expect(typed.caret == 5)
    #expect(typed.value == "0425")
    #expect(typed.isComplete)
    #expect(typed.tailPlaceholder == "")
    let backspace = formatter.apply(TextEdit("04/2", replacing: 3..<4, with: ""))
    #expect(backspace.text == "04")
    #expect(backspace.caret == 2)
    #expect(formatter.apply(CaretText("042", caret: 1)).caret == 4)
    #expect(formatter.format("4").tailPlaceholder == "/00")
    // UTF-16 from a text field: Arabic-Indic digits are one unit each.
    let arabic = formatter.apply(TextEdit("١٢/٣", replacingUTF16: 4..<4, with: "٤"))
    #expect(arabic.text == "12/34")
    #expect(arabic.utf16Caret == 5)
  }
}
