import PayPhone
import Testing

/// A million characters into every entry point of the library: one pass
/// each, a clear answer, no recursion on the input. Quadratic work on a
/// million characters would run for hours; the time limit makes that a
/// failure. (A phone number is read up to libphonenumber's 250 characters.)
/// Long values are compared before `#expect` sees them and test arguments
/// are named, so that neither a run nor a failure prints a megabyte line.
@Suite(.timeLimit(.minutes(2))) struct OversizedInputTests {
  static let million = 1_000_000
  static let digits = String(repeating: "7", count: million)
  static let arabicDigits = String(repeating: "٧", count: million)

  /// A million-character input, shown in test output by its name.
  struct LongInput: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    LongInput(name: "a million 7s", text: digits), LongInput(name: "+ and a million 7s", text: "+" + digits),
    LongInput(name: "a million Arabic-Indic 7s", text: arabicDigits),
    LongInput(name: "tel: and a million 7s", text: "tel:" + digits),
    LongInput(name: "a million 7s, ext. 1", text: digits + " ext. 1"),
  ])
  func aMillionCharacterPhoneNumberIsTooLong(_ input: LongInput) {
    let text = input.text
    for region: RegionCode? in [nil, .gb, "ZZ"] {
      #expect(throws: PhoneNumberError.self) { try PhoneNumber(text, region: region) }
      do {
        _ = try PhoneNumber(text, region: region)
      } catch {
        #expect(error.code == .tooLong)
      }
    }
  }

  @Test func aMillionDigitCardNumberIsReadButNeverValid() throws {
    let number = try CardNumber("4" + Self.digits)
    #expect(number.count == Self.million + 1)
    #expect(number.last4 == "7777")
    #expect(number.masked.count == Self.million + 1)
    let inspection = CardBrandTable.standard.inspect(number)
    #expect(!inspection.isLengthValid && !inspection.isValid && !inspection.isPotentiallyValid)
    let grouped = number.formatted(inspection.grouping)
    #expect(grouped.utf8.count == Self.million + 1 + Self.million / 4)
  }

  @Test func aMillionCharacterCardNumberWithAStrayCharacterNamesItsPosition() {
    do {
      _ = try CardNumber(String(repeating: "4242 ", count: Self.million / 5) + "x")
      Issue.record("read")
    } catch {
      #expect(error.code == .invalidCharacter)
      #expect(
        error.message
          == "character 'x' (U+0078) at position \(Self.million + 1) is not a digit, space, hyphen or dot")
    }
  }

  @Test func aMillionCharacterExpiry() {
    let today = CalendarDay(year: 2026, month: 11, day: 29)!
    for text in [Self.digits, "12/" + Self.digits, Self.arabicDigits] {
      #expect(
        throws: CardError(
          code: .invalidFormat, message: "expected MM/YY, M/YY, MMYY, MM/YYYY, MM-YY, MM / YY or MM YY")
      ) {
        try CardExpiry(text, today: today)
      }
    }
    #expect(ExpiryFormatter().format(String(repeating: "1", count: Self.million)).text == "11/11")
    #expect(ExpiryFormatter().format(Self.arabicDigits).text == "07/77")
  }

  @Test func masksOverAMillionCharacters() throws {
    let phone = try BracketMask("+1 ([000]) [000]-[0000]")
    let typed = phone.apply(CaretText("555123456" + Self.arabicDigits))
    #expect(typed.text == "+1 (555) 123-4567" && typed.isComplete && typed.caret == 17)
    let edited = phone.apply(TextEdit(Self.digits, replacing: 500_000..<500_001, with: ""))
    #expect(edited.text == "+1 (777) 777-7777")

    let long = try BracketMask("[" + String(repeating: "0", count: Self.million) + "]")
    #expect(long.totalValueLength == Self.million)
    let filled = long.apply(CaretText(Self.digits + "1"))
    let filledValueIsTheDigits = filled.value == Self.digits
    #expect(filledValueIsTheDigits && filled.isComplete && filled.caret == Self.million)

    let endless = try BracketMask("[0…]")
    let endlessFolds = endless.apply(CaretText(Self.arabicDigits)).text == Self.digits
    #expect(endlessFolds)

    let picker = try MaskPicker(primary: "[000]", affine: ["[0…]"])
    let pickerTakesAll = picker.apply(CaretText(Self.digits)).text == Self.digits
    #expect(pickerTakesAll)

    let shorthand = ShorthandMask(String(repeating: "#-", count: Self.million / 2))
    #expect(shorthand.apply(Self.digits).value.count == Self.million / 2)
    #expect(ShorthandMask("##/##").apply(Self.arabicDigits).text == "77/77")
  }

  @Test func textOverAMillionCharacters() {
    let mixed = String(repeating: "a٣👍🏽", count: Self.million / 4)
    let metrics = TextMetrics(mixed)
    #expect(metrics.graphemes == 3 * Self.million / 4)
    #expect(metrics.utf16 == 6 * Self.million / 4)
    let foldsEveryDigit = DigitFolding.fold(mixed) == String(repeating: "a3👍🏽", count: Self.million / 4)
    #expect(foldsEveryDigit)
    #expect(Graphemes.boundaries(in: mixed).count == 3 * Self.million / 4 + 1)
  }
}
