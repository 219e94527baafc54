internal import PayPhone
internal import PayPhoneStreaming

/// The `--region CC` option every command that takes one reads the same
/// way: a supported region (ISO 3166-1 alpha-2, any case) or `001`; any
/// other code is a usage error that names it.
enum RegionOption {
  /// The region given with `--region`, nil when the option is absent.
  static func value(_ arguments: ParsedArguments) throws(UsageError) -> RegionCode? {
    guard let text = arguments.value("--region") else { return nil }
    let region = RegionCode(text)
    guard region == .nonGeographic || known.contains(region) else {
      throw UsageError(
        "unknown region '\(text)' for --region: give an ISO 3166-1 alpha-2 code that has phone metadata "
          + "(GB, US, DE, ...; 'payphone regions' lists them)")
    }
    return region
  }

  private static let known = Set(PhoneMetadata.supportedRegions)
}

/// Region codes read from input fields (`"region": "gb"`, a CSV region
/// column): two ASCII letters, the common case, come from a table made
/// once, without a string or an upper-casing of their own; anything else
/// is a `RegionCode` of its text.
enum RegionCodes {
  /// The region `bytes` (UTF-8) spell.
  static func code(_ bytes: UnsafeBufferPointer<UInt8>) -> RegionCode {
    if bytes.count == 2, let first = letterIndex(bytes[0]), let second = letterIndex(bytes[1]) {
      return pairs[first * 26 + second]
    }
    return RegionCode(String(decoding: bytes, as: UTF8.self))
  }

  /// The `"region"` field of a JSONL line, nil when absent or null.
  static func field(_ fields: JSONFields) throws(BadInputLine) -> RegionCode? {
    try fields.withOptionalStringBytes("region") { bytes in bytes.map(code) }
  }

  /// `AA` ... `ZZ`, in the order of `letterIndex`.
  private static let pairs: [RegionCode] = (0..<(26 * 26)).map { index in
    let letters = [UInt8(ascii: "A") + UInt8(index / 26), UInt8(ascii: "A") + UInt8(index % 26)]
    return RegionCode(String(decoding: letters, as: UTF8.self))
  }

  /// 0 for `A` or `a`, ..., 25 for `Z` or `z`; nil for any other byte.
  @inline(__always)
  private static func letterIndex(_ byte: UInt8) -> Int? {
    let upper = byte & 0xDF
    guard upper >= UInt8(ascii: "A") && upper <= UInt8(ascii: "Z") else { return nil }
    return Int(upper - UInt8(ascii: "A"))
  }
}
