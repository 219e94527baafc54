import PayPhoneMasks
import PayPhoneNumbers
import Testing

/// Editing a formatted phone field anywhere. Every expected text is what
/// libphonenumber's AsYouTypeFormatter (phonenumbers 9.0.43) shows for the
/// keys left after the edit, and every caret its remembered position of
/// the key before the caret (or the end, when typing at the end).
@Suite struct PhoneNumberEditorTests {
  /// A key the person presses, as the cases spell it; `textEdit` makes
  /// the `TextEdit` a text field would report for it.
  enum Key: Sendable {
    case insert(String)
    case deleteBackward
    case deleteForward
    case replace(Range<Int>, with: String)

    func textEdit(_ text: String, caret: Int) -> TextEdit {
      switch self {
      case .insert(let insertion): .insert(insertion, into: text, at: caret)
      case .deleteBackward: .deleteBackward(in: text, at: caret)
      case .deleteForward: .deleteForward(in: text, at: caret)
      case .replace(let range, let replacement): TextEdit(text, replacing: range, with: replacement)
      }
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let region: RegionCode
    let text: String
    let caret: Int
    let edit: Key
    let expectedText: String
    let expectedCaret: Int
    let expectedValue: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "backspace over a separator deletes the digit before it", region: .us,
      text: "(650) 253-2222", caret: 5, edit: .deleteBackward,
      expectedText: "(652) 532-222", expectedCaret: 3, expectedValue: "652532222"),
    Case(
      name: "forward delete over a separator deletes the digit after it", region: .us,
      text: "(650) 253-2222", caret: 4, edit: .deleteForward,
      expectedText: "(650) 532-222", expectedCaret: 4, expectedValue: "650532222"),
    Case(
      name: "backspace over a digit deletes it and the caret stays on its left", region: .us,
      text: "(650) 253-2222", caret: 8, edit: .deleteBackward,
      expectedText: "(650) 232-222", expectedCaret: 7, expectedValue: "650232222"),
    Case(
      name: "typing at the end keeps the caret at the end", region: .us,
      text: "(650) 253-222", caret: 13, edit: .insert("2"),
      expectedText: "(650) 253-2222", expectedCaret: 14, expectedValue: "6502532222"),
    Case(
      name: "typing in the middle keeps the caret after the typed digit", region: .us,
      text: "(650) 253-222", caret: 9, edit: .insert("2"),
      expectedText: "(650) 253-2222", expectedCaret: 11, expectedValue: "6502532222"),
    Case(
      name: "a digit too many falls back to the digits as typed", region: .us,
      text: "(650) 253-2222", caret: 9, edit: .insert("9"),
      expectedText: "65025392222", expectedCaret: 7, expectedValue: "65025392222"),
    Case(
      name: "pasting a written number reformats it", region: .us,
      text: "", caret: 0, edit: .insert("+1 (650) 253-2222"),
      expectedText: "+1 650-253-2222", expectedCaret: 15, expectedValue: "+16502532222"),
    Case(
      name: "pasting over a selection replaces it", region: .gb,
      text: "020 7946", caret: 8, edit: .replace(0..<8, with: "+44 20 7946 0958"),
      expectedText: "+44 20 7946 0958", expectedCaret: 16, expectedValue: "+442079460958"),
    Case(
      name: "digits of other scripts are read and shown as ASCII", region: .us,
      text: "", caret: 0, edit: .insert("٦٥٠٢٥٣٢٢٢٢"),
      expectedText: "(650) 253-2222", expectedCaret: 14, expectedValue: "6502532222"),
    Case(
      name: "letters and punctuation typed are dropped", region: .us,
      text: "(650) 253-2222", caret: 9, edit: .insert("a-"),
      expectedText: "(650) 253-2222", expectedCaret: 9, expectedValue: "6502532222"),
    Case(
      name: "a plus after the first digit is dropped", region: .us,
      text: "650", caret: 3, edit: .insert("+"),
      expectedText: "650", expectedCaret: 3, expectedValue: "650"),
    Case(
      name: "a plus typed first starts an international number", region: .us,
      text: "16", caret: 0, edit: .insert("+"),
      expectedText: "+1 6", expectedCaret: 1, expectedValue: "+16"),
    Case(
      name: "backspace after the country code's space deletes the code's last digit", region: .us,
      text: "+1 6", caret: 3, edit: .deleteBackward,
      expectedText: "+6", expectedCaret: 1, expectedValue: "+6"),
    Case(
      name: "cutting a selection of separators only takes the digit before it", region: .us,
      text: "(650) 253-2222", caret: 4, edit: .replace(4..<6, with: ""),
      expectedText: "(652) 532-222", expectedCaret: 3, expectedValue: "652532222"),
    Case(
      name: "backspace at the start changes nothing", region: .us,
      text: "(650) 253-2222", caret: 0, edit: .deleteBackward,
      expectedText: "(650) 253-2222", expectedCaret: 0, expectedValue: "6502532222"),
    Case(
      name: "out-of-range carets are clamped", region: .us,
      text: "650", caret: 99, edit: .insert("2"),
      expectedText: "650-2", expectedCaret: 5, expectedValue: "6502"),
    Case(
      name: "a carrier code typed before a national number is kept", region: .br,
      text: "011 9612", caret: 8, edit: .insert("34567"),
      expectedText: "011 96123-4567", expectedCaret: 14, expectedValue: "011961234567"),
  ]

  @Test(arguments: cases)
  func editsReformatAndPlaceTheCaret(_ example: Case) {
    let field = PhoneNumberEditor(region: example.region).apply(
      example.edit.textEdit(example.text, caret: example.caret))
    #expect(field.text == example.expectedText)
    #expect(field.caret == example.expectedCaret)
    #expect(field.value == example.expectedValue)
  }

  @Test func completeOnceTheKeysMakeAValidNumber() throws {
    let editor = PhoneNumberEditor(region: .us)
    let partial = editor.format("650253222")
    #expect(!partial.isComplete)
    #expect(partial.number == nil)
    let whole = editor.format("650253222" + "2")
    #expect(whole.isComplete)
    #expect(try whole.number == PhoneNumber(countryCode: 1, nationalNumber: "6502532222"))
  }

  @Test func formattingWholeTextPutsTheCaretAfterItsKey() {
    let editor = PhoneNumberEditor(region: .us)
    // The caret after "253" (offset 9 of "(650) 253-2222") stays after it.
    #expect(editor.format("(650) 253-2222", caret: 9).caret == 9)
    #expect(editor.format("6502532222").caret == 14)
    let empty = editor.format("", caret: 0)
    #expect(empty.text == "" && empty.caret == 0 && empty.value == "" && empty.number == nil)
  }

  /// Carets and ranges count characters: a digit with a combining mark,
  /// an emoji or a flag before the number is one character, and the UTF-16
  /// conversions give what a text field needs. Each expected text is the
  /// as-you-type formatter's for the keys left; each caret is counted by
  /// hand in the text shown.
  @Test func caretsCountCharacters() {
    let editor = PhoneNumberEditor(region: .us)
    // Caret 3 is after the third character, "0" with its mark (scalar 6):
    // three keys before it, so after "(650" in the text shown.
    let marked = editor.format("6\u{301}5\u{301}0\u{301}2532222", caret: 3)
    #expect(marked.text == "(650) 253-2222")
    #expect(marked.caret == 4)
    #expect(marked.utf16Caret == 4)
    // An emoji before the digits is one character, and not a key.
    let afterEmoji = editor.apply(.insert("2", into: "👍🏽650", at: 4))
    #expect(afterEmoji.text == "650-2")
    #expect(afterEmoji.caret == 5)
    // Backspace deletes a whole character: the digit and its mark.
    let deleted = editor.apply(.deleteBackward(in: "6\u{301}50", at: 1))
    #expect(deleted.text == "50")
    #expect(deleted.value == "50")
    #expect(deleted.caret == 0)
    // A flag and a CR LF pasted with the number are not keys either.
    let pasted = editor.apply(.insert("🇺🇸 +1\r\n650 253 2222", into: "", at: 0))
    #expect(pasted.text == "+1 650-253-2222")
    #expect(pasted.caret == 15)
  }

  @Test func utf16RangesFromATextField() {
    let editor = PhoneNumberEditor(region: .us)
    // A keystroke after a flag: UTF-16 offset 7 is character 4.
    let typed = editor.apply(TextEdit("🇺🇸650", replacingUTF16: 7..<7, with: "2"))
    #expect(typed.text == "650-2")
    #expect(typed.caret == 5)
    #expect(typed.utf16Caret == 5)
    // Backspace over ")" reported as UTF-16 4..<5 deletes the 0 with it.
    let backspace = editor.apply(TextEdit("(650) 253-2222", replacingUTF16: 4..<5, with: ""))
    #expect(backspace.text == "(652) 532-222")
    #expect(backspace.caret == 3)
    // Digits of other scripts are single units and single characters.
    let arabic = editor.apply(TextEdit("٦٥٠", replacingUTF16: 3..<3, with: "٢"))
    #expect(arabic.text == "650-2")
    #expect(arabic.caret == 5)
  }

  /// The examples in the type's doc comments.
  @Test func documentationExamples() {
    let editor = PhoneNumberEditor(region: .us)
    var field = editor.format("6502532222")
    #expect(field.text == "(650) 253-2222" && field.caret == 14)
    field = editor.apply(.deleteBackward(in: field.text, at: 5))
    #expect(field.text == "(652) 532-222")
    #expect(field.caret == 3)
    #expect(editor.format("650253").text == "650-253")
    #expect(editor.format("(650) 253-2222").value == "6502532222")
    #expect(editor.format("650253").number == nil)
    #expect(editor.format("6502532222").isComplete)
    #expect(editor.format("6502532222").utf16Caret == 14)
    #expect(PhoneNumberEditor(region: .gb).region == .gb)
    #expect(editor.apply(.insert("6502532222", into: "", at: 0)).text == "(650) 253-2222")
    #expect(
      PhoneNumberEditor(region: .gb).apply(.insert("+44 20 7946 0958", into: "", at: 0)).text
        == "+44 20 7946 0958")
    #expect(editor.format("+1 650 253 2222").text == "+1 650-253-2222")
    var formatter = AsYouTypeFormatter(region: .us)
    formatter.input("6502")
    #expect(formatter.input("5", rememberingPosition: true) == "650-25")
    #expect(formatter.rememberedUTF16Position == 6)
  }
}
