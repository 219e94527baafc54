/// The numbering rules of one region (or non-geographic entity), compiled.
///
/// Built once per region from its record in the generated tables, on first
/// use, and shared read-only afterwards.
final class RegionMetadata: Sendable {
  let regionCode: RegionCode
  let countryCode: Int
  /// Pattern of the international (IDD) prefix dialled from this region.
  let internationalPrefix: DigitPattern?
  /// The IDD prefix to show when the pattern allows several (`8~10`).
  let preferredInternationalPrefix: String?
  let nationalPrefix: String?
  /// Pattern of what may be stripped as a national prefix (and carrier
  /// code) when parsing; its groups feed `nationalPrefixTransformRule`.
  let nationalPrefixForParsing: DigitPattern?
  /// Replacement for the matched national prefix, `$1` for group 1.
  let nationalPrefixTransformRule: String?
  /// Written between a number and its extension (` x` in GB); nil for the
  /// default ` ext. `.
  let preferredExtensionPrefix: String?
  let isMobileNumberPortable: Bool
  let sameMobileAndFixedLinePattern: Bool
  /// For regions sharing a country code: the leading digits that belong to
  /// this region.
  let leadingDigits: DigitPattern?
  /// Indexed by `NumberDescription.Kind.rawValue`.
  let descriptions: [NumberDescription?]
  let numberFormats: [NumberFormat]
  /// Empty when the international formats are the national ones.
  let internationalNumberFormats: [NumberFormat]
  /// The hot paths' view of the descriptions and formats.
  let tables: RegionTables
  /// The input lengths below 64 the general pattern matches some input
  /// of (none without a pattern): `matchesGeneralPattern` answers the
  /// other lengths without a run.
  let generalPatternLengths: UInt64

  init(
    regionCode: RegionCode, countryCode: Int, internationalPrefix: DigitPattern?,
    preferredInternationalPrefix: String?, nationalPrefix: String?,
    nationalPrefixForParsing: DigitPattern?, nationalPrefixTransformRule: String?,
    preferredExtensionPrefix: String?, isMobileNumberPortable: Bool,
    sameMobileAndFixedLinePattern: Bool, leadingDigits: DigitPattern?,
    descriptions: [NumberDescription?], numberFormats: [NumberFormat],
    internationalNumberFormats: [NumberFormat]
  ) {
    self.regionCode = regionCode
    self.countryCode = countryCode
    self.internationalPrefix = internationalPrefix
    self.preferredInternationalPrefix = preferredInternationalPrefix
    self.nationalPrefix = nationalPrefix
    self.nationalPrefixForParsing = nationalPrefixForParsing
    self.nationalPrefixTransformRule = nationalPrefixTransformRule
    self.preferredExtensionPrefix = preferredExtensionPrefix
    self.isMobileNumberPortable = isMobileNumberPortable
    self.sameMobileAndFixedLinePattern = sameMobileAndFixedLinePattern
    self.leadingDigits = leadingDigits
    self.descriptions = descriptions
    self.numberFormats = numberFormats
    self.internationalNumberFormats = internationalNumberFormats
    let generalIndex = NumberDescription.Kind.general.rawValue
    generalPatternLengths =
      descriptions.indices.contains(generalIndex)
      ? descriptions[generalIndex]?.pattern?.storage.acceptedLengths ?? 0 : 0
    tables = RegionTables(
      descriptions: descriptions, numberFormats: numberFormats,
      internationalNumberFormats: internationalNumberFormats)
  }

  func description(_ kind: NumberDescription.Kind) -> NumberDescription? {
    descriptions[kind.rawValue]
  }

  var generalDescription: NumberDescription? { descriptions[NumberDescription.Kind.general.rawValue] }

  /// libphonenumber's `chooseFormattingPatternForNumber` over the formats
  /// for writing a number in `format` (the international ones when the
  /// region has its own, except for the national format), trying only the
  /// formats the first two digits allow.
  func chooseFormat(for format: PhoneNumberFormat, _ digits: UnsafeBufferPointer<UInt8>) -> NumberFormat? {
    if internationalNumberFormats.isEmpty || format == .national {
      return tables.formats.choose(digits).map { numberFormats[$0] }
    }
    return tables.internationalFormats.choose(digits).map { internationalNumberFormats[$0] }
  }
}

/// The numbers of one type in a region: their pattern, lengths and example.
///
/// A class, shared by reference: the type checks of the hot path read many
/// of them per number.
final class NumberDescription: Sendable {
  enum Kind: Int, CaseIterable, Sendable {
    case general, fixedLine, mobile, tollFree, premiumRate, sharedCost, personalNumber, voip, pager,
      uan, voicemail, noInternationalDialling

    /// The names used in the generated table.
    var tableName: String {
      switch self {
      case .general: "general"
      case .fixedLine: "fixedLine"
      case .mobile: "mobile"
      case .tollFree: "tollFree"
      case .premiumRate: "premiumRate"
      case .sharedCost: "sharedCost"
      case .personalNumber: "personalNumber"
      case .voip: "voip"
      case .pager: "pager"
      case .uan: "uan"
      case .voicemail: "voicemail"
      case .noInternationalDialling: "noInternationalDialling"
      }
    }

    /// The description libphonenumber consults for a number type.
    init(_ type: PhoneNumberType) {
      switch type {
      case .premiumRate: self = .premiumRate
      case .tollFree: self = .tollFree
      case .mobile: self = .mobile
      case .fixedLine, .fixedLineOrMobile: self = .fixedLine
      case .sharedCost: self = .sharedCost
      case .voip: self = .voip
      case .personalNumber: self = .personalNumber
      case .pager: self = .pager
      case .uan: self = .uan
      case .voicemail: self = .voicemail
      case .unknown: self = .general
      }
    }
  }

  /// Nil when the table gives no pattern (nothing matches).
  let pattern: DigitPattern?
  /// Sorted ascending; may be `[-1]`, meaning no number has this type.
  let possibleLengths: [Int]
  /// Lengths that are dialable only within an area (sorted).
  let localOnlyLengths: [Int]
  let exampleNumber: String?
  /// Bit n set when n is a possible length; all bits when the table lists
  /// no lengths (any length may match the pattern).
  private let lengthBits: UInt64

  init(pattern: DigitPattern?, possibleLengths: [Int], localOnlyLengths: [Int], exampleNumber: String?) {
    self.pattern = pattern
    self.possibleLengths = possibleLengths
    self.localOnlyLengths = localOnlyLengths
    self.exampleNumber = exampleNumber
    lengthBits =
      possibleLengths.isEmpty
      ? ~0
      : possibleLengths.reduce(0) { bits, length in (0..<63).contains(length) ? bits | 1 << length : bits }
  }

  /// Whether the length passes `matches`' length check.
  func allowsLength(_ length: Int) -> Bool {
    length >= 0 && length < 63 && lengthBits & (1 << length) != 0
  }

  /// Whether `nationalNumber` has a possible length and matches the
  /// pattern (libphonenumber's `isNumberMatchingDesc`).
  func matches(_ nationalNumber: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let pattern, nationalNumber.count < 63, lengthBits & (1 << nationalNumber.count) != 0 else {
      return false
    }
    return pattern.matchesEntirely(nationalNumber)
  }

  /// Whether the table has length data for this type (not just `[-1]`).
  var hasPossibleNumberData: Bool {
    !(possibleLengths.count == 1 && possibleLengths[0] == -1)
  }
}

/// One way of grouping a national number, with its conditions.
final class NumberFormat: Sendable {
  /// Whole-match pattern over the national number; its groups are the blocks.
  let pattern: DigitPattern
  /// The layout, `$1 $2-$3`; `NA` in an international format means "not
  /// formatted internationally".
  let format: String
  /// Prefix patterns on the national number, from shortest to longest
  /// prefix; the last one decides (all must allow the format when typing).
  let leadingDigitsPatterns: [DigitPattern]
  /// How the first group is written nationally (`0$1`, `($1)`).
  let nationalPrefixFormattingRule: String?
  let nationalPrefixOptionalWhenFormatting: Bool
  /// How the first group is written with a carrier code (`0 $CC ($1)`).
  let carrierCodeFormattingRule: String?
  /// `format`, ready to fill in.
  let layout: FormatLayout
  /// `format` with the national-prefix rule in place of its first group,
  /// ready to fill in: the national format.
  let nationalLayout: FormatLayout
  /// `layout` and `nationalLayout` as a whole match of `pattern` fills
  /// them in; nil when the pattern's shape does not decide its match.
  let grouping: WholeMatchProgram?
  let nationalGrouping: WholeMatchProgram?
  /// The bytes that `nationalGrouping` writes before what `grouping`
  /// writes, when it is those bytes and then `grouping`'s steps (the `0`
  /// of `0$1`; none when the two are the same): a number's national
  /// grouping is then a copy of its international one after them. Nil
  /// when it is not.
  let nationalGroupingPrefix: [UInt8]?
  /// The last of `leadingDigitsPatterns`, the one that decides.
  let decidingLeadingDigits: DigitPattern?

  init(
    pattern: DigitPattern, format: String, leadingDigitsPatterns: [DigitPattern],
    nationalPrefixFormattingRule: String?, nationalPrefixOptionalWhenFormatting: Bool,
    carrierCodeFormattingRule: String?
  ) {
    self.pattern = pattern
    self.format = format
    self.leadingDigitsPatterns = leadingDigitsPatterns
    self.nationalPrefixFormattingRule = nationalPrefixFormattingRule
    self.nationalPrefixOptionalWhenFormatting = nationalPrefixOptionalWhenFormatting
    self.carrierCodeFormattingRule = carrierCodeFormattingRule
    layout = FormatLayout(format)
    decidingLeadingDigits = leadingDigitsPatterns.last
    if let rule = nationalPrefixFormattingRule, !rule.isEmpty {
      nationalLayout = FormatLayout(NumberFormat.applyingFirstGroupRule(rule, to: format))
    } else {
      nationalLayout = layout
    }
    grouping = pattern.shape.flatMap(layout.wholeMatchProgram)
    nationalGrouping = pattern.shape.flatMap(nationalLayout.wholeMatchProgram)
    if let grouping, let nationalGrouping {
      nationalGroupingPrefix = nationalGrouping.literalPrefix(before: grouping)
    } else {
      nationalGroupingPrefix = nil
    }
  }
}
