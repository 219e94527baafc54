internal import CPayPhoneICU

/// Turns every Unicode decimal digit into its ASCII digit.
///
/// "Decimal digit" is Unicode general category Nd as ICU knows it:
/// Arabic-Indic `٠١٢`, Persian `۰۱۲`, Devanagari `०१२`, fullwidth `０１２`,
/// and every other script's. Other numeric characters (`²`, `Ⅻ`, `½`) are
/// not decimal digits and are left alone.
public enum DigitFolding {
  /// Returns `text` with every decimal digit replaced by its ASCII digit.
  ///
  ///     DigitFolding.fold("٠٧٩١١ ١٢٣٤٥٦")  // "07911 123456"
  ///
  /// - Complexity: O(n) in the UTF-8 length, one pass; ASCII text is
  ///   returned as is.
  public static func fold(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes -> String? in
      guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      // Non-empty (it holds a non-ASCII byte), so both buffers have addresses.
      guard let input = bytes.baseAddress else { return nil }
      return String(unsafeUninitializedCapacity: bytes.count) { output in
        guard let outputBase = output.baseAddress else { return 0 }
        let written = payphone_icu_fold_digits(input, Int64(bytes.count), outputBase)
        return written >= 0 ? Int(written) : 0
      }
    } ?? text
  }

  /// Folds UTF-8 bytes into `output`, replacing its contents.
  ///
  /// Returns false, leaving `output` empty, when `bytes` is not valid UTF-8.
  ///
  /// - Complexity: O(n), one pass.
  package static func fold(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
    output.removeAll(keepingCapacity: true)
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
    var written: Int64 = 0
    output = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
      guard let outputBase = buffer.baseAddress else { return }
      written = payphone_icu_fold_digits(base, Int64(bytes.count), outputBase)
      count = max(0, Int(written))
    }
    return written >= 0
  }

  /// The value (0-9) of a Unicode decimal digit, or nil for any other
  /// scalar.
  ///
  ///     DigitFolding.digitValue(of: "٣")  // 3
  public static func digitValue(of scalar: Unicode.Scalar) -> Int? {
    if scalar.value >= 0x30 && scalar.value <= 0x39 { return Int(scalar.value - 0x30) }
    if scalar.value < 0x80 { return nil }
    let value = payphone_icu_digit_value(scalar.value)
    return value >= 0 ? Int(value) : nil
  }
}
