@_spi(PayPhoneInternal) internal import PayPhoneCore
internal import PayPhoneText

/// What the as-you-type formatter uses of one region's metadata, derived
/// once per region: the prefix patterns, every format prepared
/// (`AsYouTypeFormat`), and the formats allowed in each situation.
///
/// Shared read-only by every formatter of the region; built on first use
/// and kept in `AsYouTypeRules.Store`.
final class AsYouTypeRules: Sendable {
  /// How an international prefix is recognised once `+` is not there.
  enum InternationalPrefix: Sendable {
    case pattern(DigitPattern)
    /// The metadata has none: libphonenumber's `\+|` then matches the
    /// empty prefix.
    case absent
    /// The placeholder metadata of an unknown region: nothing matches.
    case never
  }

  /// Which list a set of candidate formats indexes.
  enum FormatList: Sendable {
    case national
    case international
  }

  /// 0 for the placeholder rules of an unknown region.
  let countryCode: Int
  let internationalPrefix: InternationalPrefix
  let nationalPrefixForParsing: DigitPattern?
  private let nationalFormats: [AsYouTypeFormat]
  /// The region's international formats, or its national ones when it has
  /// no separate list.
  private let internationalFormats: [AsYouTypeFormat]
  /// Usable formats for a number typed with a national prefix (or carrier
  /// code): those that can show one.
  let afterNationalPrefix: FormatSet
  /// Usable formats for a local number typed without a national prefix:
  /// those that do not insist on one.
  let withoutNationalPrefix: FormatSet
  /// Usable formats for a number typed after `+` or an international prefix
  /// (indices into `formats(.international)`).
  let international: FormatSet

  /// The rules of a region for which libphonenumber has no metadata
  /// (or `001` as a default region): only `+` leads anywhere.
  static let unknownRegion = AsYouTypeRules()

  private init() {
    countryCode = 0
    internationalPrefix = .never
    nationalPrefixForParsing = nil
    nationalFormats = []
    internationalFormats = []
    afterNationalPrefix = .empty
    withoutNationalPrefix = .empty
    international = .empty
  }

  init(_ metadata: RegionMetadata) {
    countryCode = metadata.countryCode
    internationalPrefix = metadata.internationalPrefix.map { .pattern($0) } ?? .absent
    nationalPrefixForParsing = metadata.nationalPrefixForParsing
    var patternIDs: [String: Int] = [:]
    func prepare(_ formats: [NumberFormat]) -> [AsYouTypeFormat] {
      formats.prefix(FormatSet.capacity).map { format in
        let id = patternIDs[format.pattern.source] ?? patternIDs.count
        patternIDs[format.pattern.source] = id
        return AsYouTypeFormat(format, patternID: id)
      }
    }
    nationalFormats = prepare(metadata.numberFormats)
    let separateInternational = !metadata.internationalNumberFormats.isEmpty
    internationalFormats =
      separateInternational ? prepare(metadata.internationalNumberFormats) : nationalFormats

    var afterPrefix = FormatSet.empty
    var withoutPrefix = FormatSet.empty
    for (index, format) in nationalFormats.enumerated() where format.isEligible {
      if !format.ruleHasFirstGroupOnly || format.nationalPrefixOptional || format.hasCarrierRule {
        afterPrefix.insert(index)
      }
      if format.ruleHasFirstGroupOnly || format.nationalPrefixOptional {
        withoutPrefix.insert(index)
      }
    }
    var international = FormatSet.empty
    for (index, format) in internationalFormats.enumerated() where format.isEligible {
      international.insert(index)
    }
    afterNationalPrefix = afterPrefix
    withoutNationalPrefix = withoutPrefix
    self.international = international
  }

  func formats(_ list: FormatList) -> [AsYouTypeFormat] {
    list == .national ? nationalFormats : internationalFormats
  }
}

extension AsYouTypeRules {
  /// Every region's rules, each built on first use and kept for the life of
  /// the process (one slot per region code and per non-geographic country
  /// code, each set at most once).
  final class Store: Sendable {
    static let shared = Store()

    /// One per two-letter region code (by `letterPairIndex`), and one per
    /// country code 0...999 (a set of its own: a region's rules are made
    /// from its country code's).
    private let regionSlots = LazyReferences<AsYouTypeRules>(count: RegionCode.letterPairCount)
    private let countryCodeSlots = LazyReferences<AsYouTypeRules>(count: 1000)

    private init() {}

    /// The rules a formatter for `region` starts with: those of the main
    /// region of its country code (one set serves `US`, `CA`, `JM`...), or
    /// the unknown-region rules.
    func rules(forRegion region: RegionCode) -> AsYouTypeRules {
      guard let index = region.letterPairIndex else { return .unknownRegion }
      return regionSlots.loadOrMake(index) {
        PhoneMetadataStore.shared.countryCode(for: region).map(rules(forCountryCode:)) ?? .unknownRegion
      }
    }

    /// The rules after a country code was typed: its main region's, or the
    /// non-geographic entity's; the unknown-region rules for an unassigned
    /// code.
    func rules(forCountryCode countryCode: Int) -> AsYouTypeRules {
      guard (0..<1000).contains(countryCode) else { return .unknownRegion }
      return countryCodeSlots.loadOrMake(countryCode) {
        PhoneMetadataStore.shared.mainMetadata(countryCode: countryCode).map(AsYouTypeRules.init)
          ?? .unknownRegion
      }
    }
  }
}
