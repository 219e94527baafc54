/// A region: an ISO 3166-1 alpha-2 code (`US`, `GB`), or `001` for the
/// non-geographic entities of the numbering plan (+800, +808, +870, ...).
///
/// A code is two ASCII letters of either case (`RegionCode("gb") == .gb`)
/// or `001`; any other text (`GBR`, `G1`, an empty string) is no region
/// code, and ``init(_:)`` refuses it. Any two letters make a code;
/// `PhoneMetadata.supportedRegions` lists the ones with metadata.
///
///     let region: RegionCode = "ch"
///     region.rawValue        // "CH"
///     RegionCode("GBR")      // nil
public struct RegionCode: Hashable, Sendable, BitwiseCopyable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The two letters as ``letterPairIndex`` numbers them, or
  /// ``nonGeographicValue``.
  private let value: UInt16

  /// How many two-letter codes there are: `AA` to `ZZ`.
  package static let letterPairCount = 26 * 26

  /// The ``value`` of `001`, after every letter pair.
  private static let nonGeographicValue = UInt16(letterPairCount)

  /// The region `code` spells: two ASCII letters of either case, or
  /// `001`; nil for any other text.
  ///
  ///     RegionCode("gb")   // .gb
  ///     RegionCode("001")  // .nonGeographic
  ///     RegionCode("GBR")  // nil
  public init?(_ code: String) {
    var code = code
    guard let region = code.withUTF8({ RegionCode(utf8: $0) }) else { return nil }
    self = region
  }

  /// The region the UTF-8 bytes `utf8` spell, as ``init(_:)`` reads text:
  /// for readers of input fields, with no string made.
  package init?(utf8: UnsafeBufferPointer<UInt8>) {
    if utf8.count == 2, let first = Self.letterNumber(utf8[0]), let second = Self.letterNumber(utf8[1]) {
      value = first * 26 + second
    } else if utf8.elementsEqual("001".utf8) {
      value = Self.nonGeographicValue
    } else {
      return nil
    }
  }

  /// The two-letter code numbered `index` by ``letterPairIndex``.
  package init(letterPairIndex index: Int) {
    precondition(index >= 0 && index < Self.letterPairCount, "no letter pair has this index")
    value = UInt16(index)
  }

  /// The region a string literal spells: two ASCII letters of either case,
  /// or `001`. Any other literal is a programming error.
  ///
  ///     let region: RegionCode = "gb"  // .gb
  public init(stringLiteral value: String) {
    guard let region = RegionCode(value) else {
      preconditionFailure("\"\(value)\" is not a region code (two ASCII letters, or 001)")
    }
    self = region
  }

  /// The code: two upper-case letters, or `001`.
  ///
  ///     RegionCode.ch.rawValue  // "CH"
  public var rawValue: String {
    guard let letters else { return "001" }
    return String(unsafeUninitializedCapacity: 2) { utf8 in
      utf8[0] = letters.first
      utf8[1] = letters.second
      return 2
    }
  }

  /// Runs `body` with the code's UTF-8 (``rawValue``'s), no string made.
  package func withUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard let letters else { return StaticString("001").withUTF8Buffer(body) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2) { code in
      code[0] = letters.first
      code[1] = letters.second
      body(UnsafeBufferPointer(code))
    }
  }

  /// The code.
  ///
  ///     "\(RegionCode.gb)"  // "GB"
  public var description: String { rawValue }

  /// The code's place among the two-letter codes: 26 × the first letter's
  /// number plus the second's (`A` is 0, `Z` is 25), so `AA` is 0 and `ZZ`
  /// 675; nil for `001`.
  package var letterPairIndex: Int? {
    value == Self.nonGeographicValue ? nil : Int(value)
  }

  /// The code's two upper-case ASCII letters; nil for `001`.
  package var letters: (first: UInt8, second: UInt8)? {
    guard value != Self.nonGeographicValue else { return nil }
    return (UInt8(ascii: "A") + UInt8(value / 26), UInt8(ascii: "A") + UInt8(value % 26))
  }

  /// A letter's number: 0 for `A` or `a`, ..., 25 for `Z` or `z`; nil for
  /// any other byte.
  private static func letterNumber(_ byte: UInt8) -> UInt16? {
    let upper = byte & 0xDF
    guard upper >= UInt8(ascii: "A") && upper <= UInt8(ascii: "Z") else { return nil }
    return UInt16(upper - UInt8(ascii: "A"))
  }

  /// The region code of non-geographic entities such as +800 (`001`).
  public static let nonGeographic: RegionCode = "001"
  /// The United States (`US`).
  public static let us: RegionCode = "US"
  /// Canada (`CA`).
  public static let ca: RegionCode = "CA"
  /// The United Kingdom (`GB`).
  public static let gb: RegionCode = "GB"
  /// Germany (`DE`).
  public static let de: RegionCode = "DE"
  /// France (`FR`).
  public static let fr: RegionCode = "FR"
  /// Italy (`IT`).
  public static let it: RegionCode = "IT"
  /// Spain (`ES`).
  public static let es: RegionCode = "ES"
  /// Switzerland (`CH`).
  public static let ch: RegionCode = "CH"
  /// The Netherlands (`NL`).
  public static let nl: RegionCode = "NL"
  /// Brazil (`BR`).
  public static let br: RegionCode = "BR"
  /// Argentina (`AR`).
  public static let ar: RegionCode = "AR"
  /// Mexico (`MX`).
  public static let mx: RegionCode = "MX"
  /// Russia (`RU`).
  public static let ru: RegionCode = "RU"
  /// China (`CN`).
  public static let cn: RegionCode = "CN"
  /// Japan (`JP`).
  public static let jp: RegionCode = "JP"
  /// Australia (`AU`).
  public static let au: RegionCode = "AU"

  /// `ZZ`, libphonenumber's code for an unknown region (ISO 3166 keeps it
  /// for user assignment): no metadata has it, so a number read in it is
  /// read as in any region without metadata. Readers of input fields give
  /// it for a region field that is not a region code (`GBR`, an empty
  /// string), which is answered as such a region.
  package static let unknown: RegionCode = "ZZ"
}

#if !hasFeature(Embedded)
  extension RegionCode: Codable {
    /// Decodes a region from its code, in either case; any other text is a
    /// `DecodingError`.
    ///
    ///     try JSONDecoder().decode(RegionCode.self, from: Data("\"ch\"".utf8))  // .ch
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let code = try container.decode(String.self)
      guard let region = RegionCode(code) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "not a region code (two ASCII letters, or 001): \(code)")
      }
      self = region
    }

    /// Encodes the region as its code.
    ///
    ///     try JSONEncoder().encode(RegionCode.gb)  // "\"GB\""
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
  }
#endif
