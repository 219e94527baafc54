/// Digits and grapheme clusters as the standard library's own Unicode data
/// gives them: the answers of a build without the `ICU` trait (Apple
/// platforms, WebAssembly, static builds). Compiled in every build, so that
/// the tests can compare them with ICU's scalar by scalar.
package enum StandardLibraryUnicode {
  /// The value of a decimal digit (numeric type Decimal, which is general
  /// category Nd), nil for any other scalar.
  package static func decimalDigitValue(_ scalar: Unicode.Scalar) -> UInt8? {
    guard scalar.properties.numericType == .decimal else { return nil }
    return digit(scalar.properties.numericValue)
  }

  /// The value of a scalar of numeric type Decimal or Digit (decimal digits
  /// of every script, superscript and circled digits), nil for any other.
  package static func digitTypeValue(_ scalar: Unicode.Scalar) -> UInt8? {
    switch scalar.properties.numericType {
    case .decimal?, .digit?: digit(scalar.properties.numericValue)
    default: nil
    }
  }

  /// Whether the scalar has any numeric value (digits, fractions, Roman
  /// numerals, ...).
  package static func hasNumericValue(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.numericType != nil
  }

  /// The number of extended grapheme clusters (`Character`s) in `text`.
  package static func graphemeCount(_ text: String) -> Int {
    text.count
  }

  /// The UTF-8 offsets where `text`'s grapheme clusters start, plus the end
  /// offset.
  package static func graphemeBoundaries(_ text: String) -> [Int] {
    var offsets = [0]
    for character in text { offsets.append(offsets[offsets.count - 1] + character.utf8.count) }
    return offsets
  }

  private static func digit(_ value: Double?) -> UInt8? {
    guard let value, value >= 0, value <= 9, value.rounded() == value else { return nil }
    return UInt8(value)
  }
}
