/// Turns every Unicode decimal digit into its ASCII digit.
///
/// "Decimal digit" is Unicode general category Nd as this build's Unicode
/// reference knows it (ICU with the `ICU` trait, else the standard
/// library): Arabic-Indic `٠١٢`, Persian `۰۱۲`, Devanagari `०१२`, fullwidth
/// `０１２`, and every other script's. Other numeric characters (`²`, `Ⅻ`,
/// `½`) are not decimal digits and are left alone.
public enum DigitFolding {
  /// Returns `text` with every decimal digit replaced by its ASCII digit.
  ///
  ///     DigitFolding.fold("٠٧٩١١ ١٢٣٤٥٦")  // "07911 123456"
  ///
  /// - Complexity: O(n) in the UTF-8 length, one pass; ASCII text is
  ///   returned as is.
  public static func fold(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
    var folded = String.UnicodeScalarView()
    var folder = DigitFolder()
    for scalar in text.unicodeScalars { folded.append(folder.folded(scalar)) }
    return String(folded)
  }

  /// The value (0-9) of a Unicode decimal digit, or nil for any other
  /// scalar.
  ///
  ///     DigitFolding.digitValue(of: "٣")  // 3
  public static func digitValue(of scalar: Unicode.Scalar) -> Int? {
    if scalar.value < 0x80 { return scalar.value &- 0x30 < 10 ? Int(scalar.value - 0x30) : nil }
    return UnicodeReference.decimalDigitValue(scalar).map(Int.init)
  }
}
