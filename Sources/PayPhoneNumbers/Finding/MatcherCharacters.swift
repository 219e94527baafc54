/// The character classes of libphonenumber's matcher patterns, as
/// predicates over Unicode scalars (`\w` and the punctuation between digit
/// blocks are the parser's, ``PhoneCharacters``). Python's `\s`, `\w` and
/// `\d` (the oracle's) are Unicode-aware; so are these.
enum MatcherCharacters {
  /// An ASCII digit: the matcher works on text whose decimal digits are folded.
  @inline(__always)
  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value &- 0x30 < 10
  }

  /// `\s`: the characters Python calls whitespace.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      return true
    default:
      return false
    }
  }

  /// The opening brackets: `(`, `[`, and their fullwidth forms.
  @inline(__always)
  static func isOpeningBracket(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "(" || scalar == "[" || scalar == "\u{FF08}" || scalar == "\u{FF3B}"
  }

  /// The closing brackets: `)`, `]`, and their fullwidth forms.
  @inline(__always)
  static func isClosingBracket(_ scalar: Unicode.Scalar) -> Bool {
    scalar == ")" || scalar == "]" || scalar == "\u{FF09}" || scalar == "\u{FF3D}"
  }

  /// What may start a number before its digits: an opening bracket or a plus.
  @inline(__always)
  static func isLead(_ scalar: Unicode.Scalar) -> Bool {
    isOpeningBracket(scalar) || PhoneCharacters.isPlus(scalar)
  }

  /// A letter (or combining mark) of the Latin blocks: a number glued to
  /// one (`abc8005001234`) is not taken at `valid` and stricter.
  static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return PhoneCharacters.isASCIILetter(scalar) }
    guard value <= 0x024F || (0x1E00...0x1EFF).contains(value) || (0x0300...0x036F).contains(value) else {
      return false
    }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark:
      return true
    default:
      return false
    }
  }

  /// `%` or a currency sign: a number next to one is an amount, not a phone number.
  static func isInvalidPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "%" { return true }
    if scalar.value < 0x80 { return scalar == "$" }
    return scalar.properties.generalCategory == .currencySymbol
  }

  /// The scalar as the extension patterns compare it, ignoring case as
  /// Python's `re.IGNORECASE` does for the letters they use.
  static func caseFolded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let value = scalar.value
    if value < 0x80 {
      return value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar
    }
    switch value {
    case 0x17F: return "s"
    case 0x130, 0x131: return "i"
    case 0xD3: return "\u{F3}"
    case 0x414, 0x1C81: return "\u{434}"
    case 0x41E, 0x1C82: return "\u{43E}"
    case 0x411: return "\u{431}"
    case 0xFF21...0xFF3A: return Unicode.Scalar(value + 0x20) ?? scalar
    default: return scalar
    }
  }
}
