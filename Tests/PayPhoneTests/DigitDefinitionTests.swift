import PayPhone
import Testing

@testable import PayPhoneNumbers

/// One definition of a digit: every module asks ICU (the Design article: ICU is the
/// reference), so phone parsing, as-you-type, text folding, cards and masks
/// agree on which scalars are decimal digits and on their values — also for
/// scalars Swift's newer Unicode tables know and ICU does not (Kirat Rai
/// U+16D70..., Unicode 16).
@Suite struct DigitDefinitionTests {
  /// Every scalar, with text's answer (the reference the others must give).
  static func textDigit(_ scalar: Unicode.Scalar) -> Int? {
    let folded = DigitFolding.fold(String(scalar))
    guard folded.unicodeScalars.count == 1, let only = folded.unicodeScalars.first,
      only.value >= 0x30, only.value <= 0x39
    else { return nil }
    return Int(only.value - 0x30)
  }

  @Test func phoneTextCardAndMaskAgreeOnEveryScalar() throws {
    var checked = 0
    var digits = 0
    var endToEnd = 0
    var mismatches: [String] = []
    func mismatch(_ scalar: Unicode.Scalar, _ what: String) {
      if mismatches.count < 40 {
        mismatches.append("U+\(String(scalar.value, radix: 16, uppercase: true)): \(what)")
      }
    }
    let mask = ShorthandMask("#")
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      checked += 1
      let text = Self.textDigit(scalar)
      if text != nil { digits += 1 }
      // Phone's character class (every parsing step asks it).
      if PhoneCharacters.isDecimalDigit(scalar) != (text != nil) {
        mismatch(
          scalar,
          "phone says digit \(PhoneCharacters.isDecimalDigit(scalar)), text \(text.map(String.init) ?? "no")")
      }
      if let text, PhoneCharacters.digitValue(scalar) != UInt8(text) {
        mismatch(
          scalar, "phone value \(PhoneCharacters.digitValue(scalar).map(String.init) ?? "nil"), text \(text)")
      }
      // End to end for every scalar some table calls numeric (ICU or Swift's
      // own, which is where they could part): parse, as-you-type, card, mask.
      let swiftNumeric = scalar.properties.numericType != nil
      guard text != nil || swiftNumeric || value < 0x80 else { continue }
      endToEnd += 1
      var formatter = AsYouTypeFormatter(region: .us)
      let shown = formatter.input(scalar)
      let expectedShown = text.map(String.init) ?? String(scalar)
      if shown != expectedShown { mismatch(scalar, "as-you-type shows \(shown.debugDescription)") }
      let card = try? CardNumber(String(scalar))
      let cardAgrees = text.map { card?.digits == String($0) } ?? (card == nil || card?.digits == "")
      if !cardAgrees {
        mismatch(scalar, "card reads \(card?.digits.debugDescription ?? "an error")")
      }
      let masked = mask.apply(String(scalar)).value
      if masked != (text.map(String.init) ?? "") { mismatch(scalar, "mask value \(masked.debugDescription)") }
      // Parsing: a decimal digit is read as its value; anything else is
      // not a digit there (libphonenumber's answer: the text is then no
      // number, or the scalar is dropped).
      // (ASCII punctuation and letters have rules of their own: `#` and `x`
      // start extensions.)
      if value < 0x80 && text == nil { continue }
      let number = try? PhoneNumber("+44 20 7946 095" + String(scalar), region: nil)
      let parsed = number?.formatted(.e164)
      if let text {
        if parsed != "+44207946095" + String(text) {
          mismatch(scalar, "phone parses \(parsed ?? "an error")")
        }
      } else if let parsed, parsed != "+44207946095" {
        mismatch(scalar, "phone parses \(parsed)")
      }
    }
    print(
      "digit definition: \(checked) scalars, \(digits) decimal digits, \(endToEnd) checked end to end, "
        + "\(mismatches.count) mismatches")
    for line in mismatches { print("  mismatch: \(line)") }
    #expect(mismatches.isEmpty)
    #expect(digits >= 680)  // ICU 72 (Unicode 15): 68 sets of ten
    // Kirat Rai (Unicode 16): a digit to the standard library's tables, not
    // to ICU 72; every module follows the build's reference.
    #if ICU
      #expect(Self.textDigit("\u{16D70}") == nil)
      #expect(!PhoneCharacters.isDecimalDigit("\u{16D70}"))
    #else
      #expect(Self.textDigit("\u{16D70}") == 0)
      #expect(PhoneCharacters.isDecimalDigit("\u{16D70}"))
    #endif
  }
}
