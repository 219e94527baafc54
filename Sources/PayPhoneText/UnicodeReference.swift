#if ICU
  internal import CPayPhoneICU
#endif

/// The one source of this build's answers about scalars: the system ICU
/// with the `ICU` trait (the reference on Linux), the standard library's
/// Unicode data without it. Every digit and grapheme question in the
/// package reaches one of the two through here.
enum UnicodeReference {
  /// The value (0-9) of a non-ASCII decimal digit (Nd), nil for any other
  /// scalar.
  @inline(__always)
  static func decimalDigitValue(_ scalar: Unicode.Scalar) -> UInt8? {
    #if ICU
      let value = payphone_icu_digit_value(scalar.value)
      return value >= 0 ? UInt8(value) : nil
    #else
      return StandardLibraryUnicode.decimalDigitValue(scalar)
    #endif
  }

  /// The value of a scalar of numeric type Decimal or Digit, nil for any
  /// other.
  @inline(__always)
  static func digitTypeValue(_ scalar: Unicode.Scalar) -> UInt8? {
    #if ICU
      let value = payphone_icu_digit_type_value(scalar.value)
      return value >= 0 ? UInt8(value) : nil
    #else
      return StandardLibraryUnicode.digitTypeValue(scalar)
    #endif
  }

  /// Whether the scalar has any numeric value.
  static func hasNumericValue(_ scalar: Unicode.Scalar) -> Bool {
    #if ICU
      return payphone_icu_numeric_value(scalar.value) != -123456789.0
    #else
      return StandardLibraryUnicode.hasNumericValue(scalar)
    #endif
  }

  /// The grapheme clusters in non-empty, valid UTF-8 that is not all ASCII.
  static func graphemeCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    #if ICU
      if let base = bytes.baseAddress {
        let count = payphone_icu_count_graphemes(base, Int64(bytes.count))
        if count >= 0 { return Int(count) }
      }
      // ICU fails only when it cannot open its break rules; a scalar count
      // is then the closest honest answer.
      return String(decoding: bytes, as: UTF8.self).unicodeScalars.count
    #else
      return StandardLibraryUnicode.graphemeCount(String(decoding: bytes, as: UTF8.self))
    #endif
  }

  /// The UTF-8 offsets where the grapheme clusters of non-empty text start,
  /// plus the end offset.
  static func graphemeBoundaries(_ text: String) -> [Int] {
    #if ICU
      var text = text
      return text.withUTF8 { bytes -> [Int] in
        guard let base = bytes.baseAddress else { return [0] }
        let capacity = bytes.count + 1
        var offsets = [Int64](repeating: 0, count: capacity)
        let found = offsets.withUnsafeMutableBufferPointer {
          payphone_icu_grapheme_boundaries(base, Int64(bytes.count), $0.baseAddress, Int64(capacity))
        }
        guard found > 0 else { return Array(0...bytes.count) }
        return offsets.prefix(Int(found)).map { Int($0) }
      }
    #else
      return StandardLibraryUnicode.graphemeBoundaries(text)
    #endif
  }
}

/// Region names from the locale data this build carries: ICU's (CLDR) with
/// the `ICU` trait; none without it.
package enum RegionNames {
  /// The display name of a region (ISO 3166-1 alpha-2) in a locale; nil
  /// when there is no name for it, and always nil without the `ICU` trait.
  package static func name(of regionCode: String, locale: String) -> String? {
    #if ICU
      guard regionCode.utf8.count <= 8, locale.utf8.count <= 64 else { return nil }
      var buffer = [UInt8](repeating: 0, count: 512)
      let length = payphone_icu_region_display_name(regionCode, locale, &buffer, Int32(buffer.count))
      guard length > 0 else { return nil }
      return String(decoding: buffer.prefix(Int(length)), as: UTF8.self)
    #else
      return nil
    #endif
  }
}
