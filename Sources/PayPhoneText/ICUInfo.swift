internal import CPayPhoneICU

/// Facts about the system ICU this build uses.
public enum ICUInfo {
  /// The Unicode version ICU implements, e.g. "15.0" for ICU 72.
  public static var unicodeVersion: String {
    var buffer = [CChar](repeating: 0, count: 16)
    payphone_icu_unicode_version(&buffer)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The display name of a region (ISO 3166-1 alpha-2) in a locale, from
  /// ICU's locale data; nil when ICU has no name for it.
  ///
  ///     ICUInfo.regionName("US", locale: "ja")  // "アメリカ合衆国"
  public static func regionName(_ regionCode: String, locale: String) -> String? {
    guard regionCode.utf8.count <= 8, locale.utf8.count <= 64 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 512)
    let length = payphone_icu_region_display_name(regionCode, locale, &buffer, Int32(buffer.count))
    guard length > 0 else { return nil }
    return String(decoding: buffer.prefix(Int(length)), as: UTF8.self)
  }
}
