/// A region: an ISO 3166-1 alpha-2 code (`US`, `GB`), or `001` for the
/// non-geographic entities of the numbering plan (+800, +808, +870, ...).
///
/// Codes are upper-cased on creation, so `RegionCode("gb") == .gb`. Any code
/// can be written down; `PhoneMetadata.supportedRegions` lists the ones with
/// metadata.
///
///     let region: RegionCode = "ch"
///     region.rawValue  // "CH"
public struct RegionCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The code, upper-cased: `"GB"`, `"001"`.
  public let rawValue: String

  /// Wraps `rawValue`, upper-cased (ASCII only).
  public init(rawValue: String) {
    self.rawValue = String(
      decoding: rawValue.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
  }

  /// Wraps `code`, upper-cased.
  public init(_ code: String) {
    self.init(rawValue: code)
  }

  /// The region a string literal spells, upper-cased.
  ///
  ///     let region: RegionCode = "gb"  // .gb
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  /// Decodes a region from its code, upper-cased.
  ///
  ///     try JSONDecoder().decode(RegionCode.self, from: Data("\"ch\"".utf8))  // .ch
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the region as its code.
  ///
  ///     try JSONEncoder().encode(RegionCode.gb)  // "\"GB\""
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The code.
  ///
  ///     "\(RegionCode.gb)"  // "GB"
  public var description: String { rawValue }

  /// The region code of non-geographic entities such as +800 (`001`).
  public static let nonGeographic = RegionCode(rawValue: "001")
  /// The United States (`US`).
  public static let us = RegionCode(rawValue: "US")
  /// Canada (`CA`).
  public static let ca = RegionCode(rawValue: "CA")
  /// The United Kingdom (`GB`).
  public static let gb = RegionCode(rawValue: "GB")
  /// Germany (`DE`).
  public static let de = RegionCode(rawValue: "DE")
  /// France (`FR`).
  public static let fr = RegionCode(rawValue: "FR")
  /// Italy (`IT`).
  public static let it = RegionCode(rawValue: "IT")
  /// Spain (`ES`).
  public static let es = RegionCode(rawValue: "ES")
  /// Switzerland (`CH`).
  public static let ch = RegionCode(rawValue: "CH")
  /// The Netherlands (`NL`).
  public static let nl = RegionCode(rawValue: "NL")
  /// Brazil (`BR`).
  public static let br = RegionCode(rawValue: "BR")
  /// Argentina (`AR`).
  public static let ar = RegionCode(rawValue: "AR")
  /// Mexico (`MX`).
  public static let mx = RegionCode(rawValue: "MX")
  /// Russia (`RU`).
  public static let ru = RegionCode(rawValue: "RU")
  /// China (`CN`).
  public static let cn = RegionCode(rawValue: "CN")
  /// Japan (`JP`).
  public static let jp = RegionCode(rawValue: "JP")
  /// Australia (`AU`).
  public static let au = RegionCode(rawValue: "AU")
}

extension RegionCode {
  /// The region `utf8` spells, as ``init(_:)`` makes it: two ASCII letters
  /// of either case (the common case, for readers of input fields) come
  /// from a table made once, with no string made or upper-cased.
  package init(utf8: UnsafeBufferPointer<UInt8>) {
    if utf8.count == 2, let first = Self.letterIndex(utf8[0]), let second = Self.letterIndex(utf8[1]) {
      self = Self.letterPairs[first * 26 + second]
    } else {
      self.init(rawValue: String(decoding: utf8, as: UTF8.self))
    }
  }

  /// `AA` ... `ZZ`, in the order of `letterIndex`.
  private static let letterPairs: [RegionCode] = (0..<(26 * 26)).map { index in
    let letters = [UInt8(ascii: "A") + UInt8(index / 26), UInt8(ascii: "A") + UInt8(index % 26)]
    return RegionCode(rawValue: String(decoding: letters, as: UTF8.self))
  }

  /// 0 for `A` or `a`, ..., 25 for `Z` or `z`; nil for any other byte.
  @inline(__always)
  private static func letterIndex(_ byte: UInt8) -> Int? {
    let upper = byte & 0xDF
    guard upper >= UInt8(ascii: "A") && upper <= UInt8(ascii: "Z") else { return nil }
    return Int(upper - UInt8(ascii: "A"))
  }
}
