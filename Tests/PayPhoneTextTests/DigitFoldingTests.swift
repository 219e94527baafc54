import PayPhoneText
import Testing

#if ICU
  import CPayPhoneICU

  /// General category Nd (ICU's `u_charType`): a property the folding code
  /// does not read.
  private func isDecimalNumber(_ scalar: Unicode.Scalar) -> Bool {
    payphone_icu_is_decimal_digit_category(scalar.value)
  }

  /// ICU's numeric value (`u_getNumericValue`).
  private func numericValue(_ scalar: Unicode.Scalar) -> Double {
    payphone_icu_numeric_value(scalar.value)
  }
#else
  /// General category Nd, from the standard library: a property the folding
  /// code does not read (it reads the numeric type).
  private func isDecimalNumber(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .decimalNumber
  }

  private func numericValue(_ scalar: Unicode.Scalar) -> Double {
    scalar.properties.numericValue ?? -1
  }
#endif

/// The reference for one scalar, from properties the folding code does not
/// use: general category Nd and the numeric value. An Nd scalar becomes the
/// ASCII digit of its value; any other scalar stays as it is.
private func referenceFold(_ scalar: Unicode.Scalar) -> String {
  guard isDecimalNumber(scalar) else { return String(scalar) }
  let value = numericValue(scalar)
  guard value >= 0, value <= 9, value.rounded() == value,
    let ascii = Unicode.Scalar(0x30 + UInt32(value))
  else {
    return "<Nd U+\(String(scalar.value, radix: 16)) has numeric value \(value)>"
  }
  return String(ascii)
}

private var allScalars: some Sequence<Unicode.Scalar> {
  (UInt32(0)...0x10_FFFF).lazy.compactMap { Unicode.Scalar($0) }
}

@Suite("Folding Unicode decimal digits to ASCII")
struct DigitFoldingTests {
  #if ICU
    // The count of Nd characters below is Unicode 15.0's; a different ICU
    // (another Unicode version) changes it and the grapheme expectations.
    @Test("the system ICU implements Unicode 15.0 (ICU 72)")
    func icuUnicodeVersion() {
      var version = [CChar](repeating: 0, count: 16)
      payphone_icu_unicode_version(&version)
      #expect(
        String(decoding: version.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == "15.0")
    }
  #endif

  @Test("every scalar folds as its category and numeric value say")
  func everyScalarMatchesTheReference() {
    var mismatches: [String] = []
    var checked = 0
    for scalar in allScalars {
      checked += 1
      let folded = DigitFolding.fold(String(scalar))
      let expected = referenceFold(scalar)
      if folded != expected, mismatches.count < 20 {
        mismatches.append("U+\(String(scalar.value, radix: 16, uppercase: true)): \(folded.debugDescription)")
      }
    }
    // 0x110000 code points minus the 2048 surrogates.
    #expect(checked == 1_112_064)
    #expect(mismatches.isEmpty, "folded differently from the reference: \(mismatches)")
  }

  @Test("every digit folds as the reference says inside one text, beside its run's neighbours")
  func digitsMatchTheReferenceInOneText() {
    // One text, folded in one pass, of every decimal digit with the scalars
    // around it, and the scalars just past each run: a digit run remembered
    // from one scalar must answer for no scalar outside it.
    var text = String.UnicodeScalarView()
    var expected = ""
    func add(_ value: UInt32) {
      guard let scalar = Unicode.Scalar(value) else { return }
      text.append(scalar)
      expected += referenceFold(scalar)
    }
    for digit in allScalars where isDecimalNumber(digit) {
      for value in [digit.value - 1, digit.value, digit.value + 1, digit.value + 10, digit.value] {
        add(value)
      }
    }
    #expect(text.count > 3_000)
    #expect(DigitFolding.fold(String(text)) == expected)
  }

  @Test("digitValue agrees with the category and numeric value for every scalar")
  func digitValueMatchesTheReference() {
    var mismatches: [String] = []
    for scalar in allScalars {
      let expected: Int? = isDecimalNumber(scalar) ? Int(numericValue(scalar)) : nil
      if DigitFolding.digitValue(of: scalar) != expected, mismatches.count < 20 {
        mismatches.append("U+\(String(scalar.value, radix: 16, uppercase: true))")
      }
    }
    #expect(mismatches.isEmpty, "digitValue differs from the reference: \(mismatches)")
  }

  #if ICU
    // Unicode 15.0's DerivedGeneralCategory.txt lists 680 code points of
    // category Nd: Unicode 14.0's 660 (python3's unicodedata here is 14.0 and
    // counts 660) plus Kawi U+11F50–11F59 and Nag Mundari U+1E4F0–1E4F9.
    @Test("ICU 72 has the 680 decimal digits of Unicode 15.0, in 68 runs of 0-9")
    func decimalDigitCount() {
      var digits: [UInt32] = []
      for scalar in allScalars where isDecimalNumber(scalar) {
        digits.append(scalar.value)
      }
      #expect(digits.count == 680)
      // Nd comes in contiguous 0…9 runs: each run starts at a zero.
      let runStarts = digits.filter { numericValue(Unicode.Scalar($0)!) == 0 }
      #expect(runStarts.count == 68)
      for start in runStarts {
        #expect((UInt32(0)..<10).allSatisfy { digits.contains(start + $0) })
      }
      #expect(digits.contains(0x11F50) && digits.contains(0x1E4F9), "Unicode 15.0's new digits")
    }
  #endif

  @Test(
    "mixed strings keep everything but the digits",
    arguments: [
      ("\u{660}\u{667}\u{669}\u{661}\u{661} \u{661}\u{662}\u{663}\u{664}\u{665}\u{666}", "07911 123456"),
      ("\u{6F0}\u{6F9}\u{6F1}\u{6F2}", "0912"),  // Persian
      ("\u{966}\u{967}\u{968}", "012"),  // Devanagari
      ("\u{9E6}\u{9E7}\u{9E8}", "012"),  // Bengali
      ("\u{E50}\u{E51}\u{E52}", "012"),  // Thai
      ("\u{FF10}\u{FF11}\u{FF12}", "012"),  // fullwidth
      ("\u{1D7CE}\u{1D7CF}\u{1D7D0}", "012"),  // mathematical bold, 4-byte UTF-8
      ("\u{11F50}\u{1E4F9}", "09"),  // Kawi zero, Nag Mundari nine (new in Unicode 15.0)
      (
        "+\u{661} (\u{662}\u{660}\u{662}) \u{665}\u{665}\u{665}-\u{660}\u{661}\u{662}\u{663}",
        "+1 (202) 555-0123"
      ),
      ("Zo\u{EB} \u{260E} \u{664}\u{665}", "Zo\u{EB} \u{260E} 45"),
      ("\u{96A}\u{968} \u{1F44D}\u{1F3FD}", "42 \u{1F44D}\u{1F3FD}"),
      ("\u{663}\u{301}", "3\u{301}"),  // the mark stays after the folded digit
      ("\u{B2}\u{BD}\u{216B}\u{2460}\u{3007}\u{6F}", "\u{B2}\u{BD}\u{216B}\u{2460}\u{3007}\u{6F}"),  // No, Nl
      ("\u{66B}\u{66C}", "\u{66B}\u{66C}"),  // Arabic decimal and thousands separators are not digits
      ("\u{4E00}\u{4E8C}\u{4E09}", "\u{4E00}\u{4E8C}\u{4E09}"),  // CJK numerals are Lo
      ("0123456789", "0123456789"),
      ("", ""),
      ("caf\u{E9}", "caf\u{E9}"),
    ])
  func mixedStrings(_ text: String, _ expected: String) {
    #expect(DigitFolding.fold(text) == expected)
  }

  @Test(
    "digitValue reads any script's digits and nothing else",
    arguments: [
      ("0", 0), ("9", 9), ("\u{663}", 3), ("\u{6F7}", 7), ("\u{96F}", 9), ("\u{FF15}", 5),
      ("\u{1D7FF}", 9), ("a", nil), ("\u{B2}", nil), ("\u{2460}", nil), ("\u{216B}", nil), ("/", nil),
      (":", nil),
    ] as [(Unicode.Scalar, Int?)])
  func digitValue(_ scalar: Unicode.Scalar, _ expected: Int?) {
    #expect(DigitFolding.digitValue(of: scalar) == expected)
  }
}
