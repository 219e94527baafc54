internal import PayPhoneText

/// Text-level helpers of libphonenumber: vanity letters, diallable
/// characters and digits. Digits of any script are read as ASCII digits
/// (folded first), as everywhere in PayPhone.
extension PhoneNumber {
  /// The text with every letter replaced by its keypad digit (ITU E.161),
  /// everything else kept as written.
  ///
  ///     PhoneNumber.convertingAlphaCharacters(in: "1-800-FLOWERS")  // "1-800-3569377"
  public static func convertingAlphaCharacters(in text: String) -> String {
    var output = String.UnicodeScalarView()
    for scalar in DigitFolding.fold(text).unicodeScalars {
      if let digit = PhoneCharacters.keypadDigit(scalar) {
        output.append(Unicode.Scalar(0x30 + digit))
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  /// Whether the text is a vanity number such as `1-800-FLOWERS`: a viable
  /// phone number (at least three digits first) with at least three letters
  /// before any extension. No region's rules are checked.
  ///
  ///     PhoneNumber.isAlphaNumber("1800 six-flag")  // true
  ///     PhoneNumber.isAlphaNumber("1800 123-1234")  // false
  public static func isAlphaNumber(_ text: String) -> Bool {
    let scalars = Array(DigitFolding.fold(text).unicodeScalars)
    guard scalars.count <= PhoneNumberParser.maximumInputLength else { return false }
    return scalars.withUnsafeBufferPointer { buffer in
      var number = buffer[...]
      guard PhoneNumberText.isViable(number) else { return false }
      if let found = ExtensionMatcher.findExtension(in: number),
        PhoneNumberText.isViable(number[..<found.start])
      {
        number = number[..<found.start]
      }
      return number.count(where: PhoneCharacters.isASCIILetter) >= 3
    }
  }

  /// Only the characters a phone keypad can dial: ASCII digits (digits of
  /// other scripts folded), `+`, `*` and `#`.
  ///
  ///     PhoneNumber.normalizingDiallableCharacters("+1 (650) 253-0000 #22")  // "+16502530000#22"
  public static func normalizingDiallableCharacters(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        DigitFolding.fold(text).unicodeScalars.filter { scalar in
          (scalar.value >= 0x30 && scalar.value <= 0x39) || scalar == "+" || scalar == "*" || scalar == "#"
        }))
  }

  /// Only the digits, as ASCII: decimal digits of any script and other
  /// characters with a digit value (`²`, `①`); everything else dropped.
  ///
  ///     PhoneNumber.normalizingDigits("٠٢٠ 7946-0958")  // "02079460958"
  public static func normalizingDigits(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if let digit = PhoneCharacters.digitValue(scalar) { output.append(Unicode.Scalar(0x30 + digit)) }
    }
    return String(output)
  }
}
