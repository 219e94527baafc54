internal import CPayPhoneICU

/// The numeric properties of scalars other modules need, as ICU knows them:
/// the one definition of a digit every module shares (the phone parser,
/// cards and masks fold with ``DigitFolding``, which asks ICU the same way).
package enum DigitProperties {
  /// Whether `scalar` is a Unicode decimal digit (Nd) for ICU; ASCII is
  /// answered without a call.
  @inline(__always)
  package static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value &- 0x30 < 10 }
    return payphone_icu_digit_value(scalar.value) >= 0
  }

  /// The value of a scalar ICU gives numeric type Decimal or Digit (decimal
  /// digits of every script, superscript and circled digits `²` `①`), nil
  /// for any other: what libphonenumber's digit normalisation reads.
  @inline(__always)
  package static func digitTypeValue(_ scalar: Unicode.Scalar) -> UInt8? {
    if scalar.value < 0x80 { return scalar.value &- 0x30 < 10 ? UInt8(scalar.value - 0x30) : nil }
    let value = payphone_icu_digit_type_value(scalar.value)
    return value >= 0 ? UInt8(value) : nil
  }

  /// Whether ICU gives `scalar` any numeric value (digits, fractions,
  /// Roman numerals, ...).
  package static func hasNumericValue(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value &- 0x30 < 10 }
    return payphone_icu_numeric_value(scalar.value) != -123456789.0
  }

  /// `scalar` with a decimal digit replaced by its ASCII digit.
  @inline(__always)
  package static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard scalar.value >= 0x80 else { return scalar }
    let value = payphone_icu_digit_value(scalar.value)
    return value >= 0 ? Unicode.Scalar(UInt8(0x30 + value)) : scalar
  }
}
