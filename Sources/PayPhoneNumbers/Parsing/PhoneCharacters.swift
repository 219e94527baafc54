internal import PayPhoneText

/// The character classes libphonenumber's parser is built on, as predicates
/// over Unicode scalars (no regular expressions).
package enum PhoneCharacters {
  /// `+` and the fullwidth plus.
  package static func isPlus(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "+" || scalar == "\u{FF0B}"
  }

  /// A Unicode decimal digit (general category Nd) as ICU knows it: what
  /// `\d` matches. The parser folds such digits to ASCII first, so past
  /// that step only ASCII digits remain.
  @inline(__always)
  static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool {
    // ASCII answered here, in the caller; only other scalars go to
    // `DigitProperties`, in another module.
    if scalar.value < 0x80 { return scalar.value &- 0x30 < 10 }
    return DigitProperties.isDecimalDigit(scalar)
  }

  /// The digit value used when normalising: decimal digits and other
  /// characters with a digit value (superscripts, circled digits), as
  /// libphonenumber's normaliser reads them, from ICU's tables.
  @inline(__always)
  static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
    // ASCII answered here, as in `isDecimalDigit`.
    if scalar.value < 0x80 {
      return scalar.value &- 0x30 < 10 ? UInt8(truncatingIfNeeded: scalar.value &- 0x30) : nil
    }
    return DigitProperties.digitTypeValue(scalar)
  }

  /// The keypad digit of a letter (ITU E.161), upper-casing first.
  static func keypadDigit(_ scalar: Unicode.Scalar) -> UInt8? {
    var upper = scalar
    if scalar.value >= 0x61 && scalar.value <= 0x7A {
      upper = Unicode.Scalar(UInt8(scalar.value - 0x20))
    } else if scalar.value >= 0x80 {
      let mapping = scalar.properties.uppercaseMapping.unicodeScalars
      guard mapping.count == 1, let only = mapping.first, only.value < 0x80 else { return nil }
      upper = only
    }
    switch upper.value {
    case 0x41...0x43: return 2  // A B C
    case 0x44...0x46: return 3  // D E F
    case 0x47...0x49: return 4  // G H I
    case 0x4A...0x4C: return 5  // J K L
    case 0x4D...0x4F: return 6  // M N O
    case 0x50...0x53: return 7  // P Q R S
    case 0x54...0x56: return 8  // T U V
    case 0x57...0x5A: return 9  // W X Y Z
    default: return nil
    }
  }

  /// An ASCII letter: what the vanity-number rules count.
  static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value >= 0x41 && scalar.value <= 0x5A) || (scalar.value >= 0x61 && scalar.value <= 0x7A)
  }

  /// A letter of a viable number: an ASCII letter, or one of the four
  /// letters libphonenumber's case-insensitive pattern takes for one
  /// (`İ`, `ı`, `ſ`, the Kelvin sign).
  static func isViableLetter(_ scalar: Unicode.Scalar) -> Bool {
    isASCIILetter(scalar) || scalar == "\u{130}" || scalar == "\u{131}" || scalar == "\u{17F}"
      || scalar == "\u{212A}"
  }

  /// libphonenumber's punctuation that may appear inside a number.
  /// Inlined for ASCII (the matcher's candidate scan asks for every
  /// scalar after a digit block), a call for the rest.
  @inline(__always)
  static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return asciiBit(scalar, asciiPunctuation) }
    return isOtherPunctuation(scalar)
  }

  /// `isPunctuation` past ASCII.
  private static func isOtherPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2010...0x2015, 0x2212, 0x30FC, 0xFF0D...0xFF0F, 0xA0, 0xAD, 0x200B, 0x2060, 0x3000, 0xFF08, 0xFF09,
      0xFF3B, 0xFF3D, 0x2053, 0x223C, 0xFF5E:
      return true
    default:
      return false
    }
  }

  /// The ASCII scalars of `isPunctuation` (`-xX ()./[]~`), one bit each.
  private static var asciiPunctuation: (low: UInt64, high: UInt64) {
    (
      1 << 0x20 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2D | 1 << 0x2E | 1 << 0x2F,
      1 << (0x58 - 64) | 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x78 - 64) | 1 << (0x7E - 64)
    )
  }

  /// What the body of a viable number holds past its first three digits:
  /// punctuation, `*`, viable letters and decimal digits. One bit test for
  /// ASCII.
  @inline(__always)
  static func isViableBodyCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return asciiBit(scalar, asciiViableBody) }
    return isOtherPunctuation(scalar) || isViableLetter(scalar) || DigitProperties.isDecimalDigit(scalar)
  }

  /// The ASCII scalars of `isViableBodyCharacter`: those of `isPunctuation`,
  /// `*`, the digits and the letters, one bit each.
  private static var asciiViableBody: (low: UInt64, high: UInt64) {
    let letters: UInt64 = 0x07FF_FFFE  // A-Z from 0x41, a-z from 0x61: bits 1...26 of their half
    return (
      asciiPunctuation.low | 1 << 0x2A | 0x3FF << 0x30,
      asciiPunctuation.high | letters | letters << 32
    )
  }

  /// The bit of an ASCII scalar in a 128-bit set.
  @inline(__always)
  private static func asciiBit(_ scalar: Unicode.Scalar, _ set: (low: UInt64, high: UInt64)) -> Bool {
    let value = UInt64(scalar.value)
    return (value < 64 ? set.low >> value : set.high >> (value &- 64)) & 1 != 0
  }

  /// The separators RFC 3966 formatting replaces with `-` (the same
  /// punctuation, case-sensitive).
  static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "X" && isPunctuation(scalar)
  }

  /// A word character in the sense of `\w`: a letter, a number, or `_`.
  static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 {
      return isASCIILetter(scalar) || (scalar.value >= 0x30 && scalar.value <= 0x39) || scalar == "_"
    }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return true
    default:
      return DigitProperties.hasNumericValue(scalar)
    }
  }

  /// Lower-cases one scalar for case-insensitive comparison.
  static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.value < 0x80 {
      guard scalar.value >= 0x41 && scalar.value <= 0x5A else { return scalar }
      return Unicode.Scalar(UInt8(scalar.value + 0x20))
    }
    let mapping = scalar.properties.lowercaseMapping.unicodeScalars
    guard mapping.count == 1, let only = mapping.first else { return scalar }
    return only
  }
}
