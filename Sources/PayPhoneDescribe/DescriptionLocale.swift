import PayPhoneNumbers

/// The language a number is described in: a language code, and optionally
/// a script and a region, as libphonenumber's offline mappers take them.
///
/// Parsed from `de`, `zh_Hant`, `zh-Hant-TW`, `pt_BR`, `es-419`; the
/// language is lower-cased, the script title-cased and the region
/// upper-cased, as the tables spell them.
///
///     let locale = try DescriptionLocale("zh-hant")
///     locale.language  // "zh"
///     locale.script    // "Hant"
///     locale.identifier  // "zh_Hant"
public struct DescriptionLocale: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The ISO 639 language code, lower case (`en`, `de`, `zh`).
  ///
  ///     try DescriptionLocale("PT-br").language  // "pt"
  public let language: String
  /// The ISO 15924 script code, title case (`Hant`), nil when not given.
  ///
  ///     try DescriptionLocale("zh_hant_tw").script  // "Hant"
  public let script: String?
  /// The region subtag, upper case: two letters (`TW`, `BR`) or three
  /// digits (`419`, a UN M.49 area, which is no `RegionCode`); nil when
  /// not given.
  ///
  ///     try DescriptionLocale("es-419").region  // "419"
  public let region: String?

  /// English, the tables' fallback language.
  ///
  ///     DescriptionLocale.english.identifier  // "en"
  public static let english = DescriptionLocale(language: "en")

  /// A locale from its parts, spelled as the tables spell them.
  ///
  ///     DescriptionLocale(language: "ZH", script: "hant", region: "tw").identifier  // "zh_Hant_TW"
  public init(language: String, script: String? = nil, region: String? = nil) {
    self.language = Self.lowercased(language)
    self.script = script.map(Self.titlecased)
    self.region = region.map(Self.uppercased)
  }

  /// Parses a locale identifier: a language of 2 or 3 letters, then
  /// optionally a script of 4 letters and a region of 2 letters or 3
  /// digits, separated by `_` or `-`.
  ///
  ///     try DescriptionLocale("pt-BR").region  // "BR"
  ///
  /// - Throws: `DescribeError` with code `.invalidLocale` for anything else.
  public init(_ identifier: String) throws(DescribeError) {
    let parts = identifier.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }.map(String.init)
    func isLetters(_ text: String) -> Bool {
      text.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
    }
    func isDigits(_ text: String) -> Bool { text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    guard let language = parts.first, (2...3).contains(language.utf8.count), isLetters(language) else {
      throw DescribeError(
        code: .invalidLocale,
        message: "'\(identifier)' is not a locale: it should start with a 2- or 3-letter language code"
      )
    }
    var script: String?
    var region: String?
    for part in parts.dropFirst() {
      if script == nil && region == nil && part.utf8.count == 4 && isLetters(part) {
        script = part
      } else if region == nil
        && ((part.utf8.count == 2 && isLetters(part)) || (part.utf8.count == 3 && isDigits(part)))
      {
        region = part
      } else {
        throw DescribeError(
          code: .invalidLocale,
          message: "'\(identifier)' is not a locale: '\(part)' is neither a 4-letter script nor a region code"
        )
      }
    }
    self.init(language: language, script: script, region: region)
  }

  /// The identifier the tables use: `zh_Hant_TW`, `de`.
  ///
  ///     try DescriptionLocale("zh-hant-tw").identifier  // "zh_Hant_TW"
  public var identifier: String {
    [language, script, region].compactMap { $0 }.joined(separator: "_")
  }

  /// The identifier, as `identifier` spells it.
  ///
  ///     "\(try DescriptionLocale("pt-br"))"  // "pt_BR"
  public var description: String { identifier }

  /// Decodes the identifier, as `init(_:)` parses it.
  ///
  ///     try JSONDecoder().decode([DescriptionLocale].self, from: Data(#"["pt-br"]"#.utf8))[0].identifier
  ///     // "pt_BR"
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let identifier = try container.decode(String.self)
    do {
      try self.init(identifier)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }

  /// Encodes the identifier (`zh_Hant`).
  ///
  ///     String(decoding: try JSONEncoder().encode([DescriptionLocale("zh-hant")]), as: UTF8.self)
  ///     // #"["zh_Hant"]"#
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(identifier)
  }

  private static func lowercased(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
  }

  private static func uppercased(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
  }

  private static func titlecased(_ text: String) -> String {
    let lower = lowercased(text).utf8
    guard let first = lower.first else { return "" }
    let head = first >= 0x61 && first <= 0x7A ? first - 0x20 : first
    return String(decoding: [head] + lower.dropFirst(), as: UTF8.self)
  }

  /// The language names libphonenumber's prefix tables try for this
  /// locale, in its order: `zh_TW`, `zh_HK` and `zh_MO` first as
  /// `zh_Hant`, then the full locale, language and script, language and
  /// region, the language alone, and English except for Chinese, Japanese
  /// and Korean. `region` stands in for the locale's when it has none.
  func fallbackChain(region lookupRegion: RegionCode?) -> [String] {
    let region = self.region ?? lookupRegion?.rawValue
    let full = [language, script, region].compactMap { $0 }.joined(separator: "_")
    var chain: [String] = []
    if ["zh_TW", "zh_HK", "zh_MO"].contains(full) { chain.append("zh_Hant") }
    chain.append(full)
    if let script { chain.append(language + "_" + script) }
    if let region { chain.append(language + "_" + region) }
    chain.append(language)
    if !["zh", "ja", "ko"].contains(language) { chain.append("en") }
    return chain
  }
}
