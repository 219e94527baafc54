/// The numeric properties of scalars other modules need, as this build's
/// Unicode reference gives them: the one definition of a digit every module
/// shares (the phone parser, cards and masks fold with ``DigitFolding``,
/// which asks the same way).
package enum DigitProperties {
  /// Whether `scalar` is a Unicode decimal digit (Nd); ASCII is answered
  /// without a lookup.
  @inline(__always)
  package static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value &- 0x30 < 10 }
    return UnicodeReference.decimalDigitValue(scalar) != nil
  }

  /// The value of a scalar of numeric type Decimal or Digit (decimal digits
  /// of every script, superscript and circled digits `²` `①`), nil for any
  /// other: what libphonenumber's digit normalisation reads.
  @inline(__always)
  package static func digitTypeValue(_ scalar: Unicode.Scalar) -> UInt8? {
    if scalar.value < 0x80 { return scalar.value &- 0x30 < 10 ? UInt8(scalar.value - 0x30) : nil }
    return UnicodeReference.digitTypeValue(scalar)
  }

  /// Whether `scalar` has any numeric value (digits, fractions, Roman
  /// numerals, ...).
  package static func hasNumericValue(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value &- 0x30 < 10 }
    return UnicodeReference.hasNumericValue(scalar)
  }

  /// `scalar` with a decimal digit replaced by its ASCII digit.
  @inline(__always)
  package static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    var folder = DigitFolder()
    return folder.folded(scalar)
  }

  /// False for the blocks beyond ASCII that hold no decimal digit (Latin
  /// to Arabic letters, the symbols, CJK, kana, Hangul ...), so that most
  /// other scripts' letters are answered without a lookup; true for the
  /// rest, which the Unicode reference decides.
  @inline(__always)
  package static func mayBeDigit(_ value: UInt32) -> Bool {
    switch value {
    case 0x80..<0x660, 0x1C5A..<0xA620, 0xABFA..<0xFF10, 0xFF1A..<0x104A0: return false
    default: return true
    }
  }
}

/// Folds the scalars of a text one after another (``DigitProperties/folded(_:)``
/// for each), remembering the run of the last digit folded: Unicode assigns
/// the decimal digits of a script in contiguous runs, 0 to 9, so the next
/// digit of the same script is answered without asking the reference.
package struct DigitFolder {
  /// The scalar value of the last folded digit's zero; 0 before any (ASCII
  /// is answered without it).
  private var runZero: UInt32 = 0

  package init() {}

  /// `scalar` with a decimal digit replaced by its ASCII digit.
  @inline(__always)
  package mutating func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard scalar.value >= 0x80 else { return scalar }
    if scalar.value &- runZero < 10 { return Unicode.Scalar(UInt8(0x30 + scalar.value - runZero)) }
    guard DigitProperties.mayBeDigit(scalar.value), let value = UnicodeReference.decimalDigitValue(scalar)
    else { return scalar }
    runZero = scalar.value - UInt32(value)
    return Unicode.Scalar(0x30 + value)
  }
}
