public import PayPhoneNumbers

/// Describes phone numbers in one language: where a number is (its place,
/// or its country), the carrier it was first given to, and its time zones —
/// libphonenumber 9.0.43's offline geocoder, carrier mapper and time-zone
/// mapper, from tables compiled into this module.
///
/// Make one per language and keep it: the tables of each country code are
/// decoded on its first lookup and kept, shared by every describer, so
/// describers are cheap to copy and safe to use from many threads.
///
///     let describer = PhoneNumberDescriber(locale: try DescriptionLocale("de"))
///     let number = try PhoneNumber("+86 137 1554 7371")
///     describer.location(of: number)     // "Foshan, Guangdong"
///     describer.carrierName(of: number)  // "China Mobile"
///     describer.timeZones(of: number)    // ["Asia/Shanghai"]
public struct PhoneNumberDescriber: Sendable {
  /// The language answers are given in.
  ///
  ///     PhoneNumberDescriber().locale.identifier  // "en"
  public let locale: DescriptionLocale
  private let places: LazyLines<NamedPrefixView>
  private let carriers: LazyLines<NamedPrefixView>
  private let countries: CountryNameTable.Names?
  /// The regions that change which place names the locale reads when they
  /// stand in for its missing region (`zh` with `TW` reads `zh_Hant`);
  /// empty for most locales.
  private let regionalPlaces: Set<RegionCode>

  /// A describer answering in `locale` (English by default).
  ///
  /// Cheap: it picks the tables' languages for the locale; the tables of a
  /// country code are read on its first lookup, by whichever describer.
  ///
  ///     PhoneNumberDescriber().location(of: try PhoneNumber("+86 158 6095 3058"))  // "Nanping, Fujian"
  ///     PhoneNumberDescriber(locale: try DescriptionLocale("ja"))
  ///       .location(of: try PhoneNumber("+1 613 236 9895"))  // "カナダ": no Japanese place name, no English fallback
  public init(locale: DescriptionLocale = .english) {
    self.locale = locale
    places = DescribeTables.places.views(languages: locale.fallbackChain(region: nil))
    carriers = DescribeTables.carrierNames.views(languages: locale.fallbackChain(region: nil))
    countries = DescribeTables.countryNames.names(language: locale.language)
    regionalPlaces = Self.regionsChangingChain(locale, names: DescribeTables.geocodingFile.names)
  }

  private static func regionsChangingChain(_ locale: DescriptionLocale, names: [String]) -> Set<RegionCode> {
    guard locale.region == nil else { return [] }
    var regions: Set<RegionCode> = []
    if locale.language == "zh" && locale.script == nil { regions = ["TW", "HK", "MO"] }
    for name in names where name.hasPrefix(locale.language + "_") {
      if let last = name.split(separator: "_").last, let region = RegionCode(String(last)) {
        regions.insert(region)
      }
    }
    return regions
  }

  /// The place a number belongs to, as libphonenumber's geocoder words it
  /// (`description_for_number`): the finest place the tables know (a
  /// city, a state), else the country's name; nil when the number is not
  /// valid, or belongs to several countries or none.
  ///
  /// With `userRegion`, a number of that region gets its place and a number
  /// of any other region just its country's name. Names come in the
  /// locale's language, else — per prefix — in English, except for `zh`,
  /// `ja` and `ko`, which give the country's name (or nothing) instead.
  /// Country names are the geocoder's own (`+268` is "Swaziland").
  ///
  ///     let english = PhoneNumberDescriber()
  ///     english.location(of: try PhoneNumber("+1 970-392-1690"), userRegion: .us)  // "Greeley, CO"
  ///     english.location(of: try PhoneNumber("+1 509 487 2264"), userRegion: .jp)  // "United States"
  ///     english.location(of: try PhoneNumber("+56 32 311 1430"))                  // "Valparaíso"
  ///
  /// - Parameters:
  ///   - number: The number to place.
  ///   - userRegion: The region of the person the answer is for, if known.
  /// - Returns: The place or country name, nil when there is none.
  /// - Complexity: O(log n) in the country code's table, after its first
  ///   use (see the module's performance figures).
  public func location(of number: PhoneNumber, userRegion: RegionCode? = nil) -> String? {
    let type = number.type
    guard type != .unknown else { return nil }
    let countryCode = number.countryCode
    guard Self.isGeographical(type, countryCode: countryCode) else { return countryName(of: number) }
    if let userRegion {
      let numberRegion = number.region
      if userRegion != numberRegion { return numberRegion.flatMap(countryName(ofRegion:)) }
    }
    let place: String?
    if countryCode == 54 && number.nationalNumber.utf8.first == UInt8(ascii: "9") {
      place = argentineMobilePlace(number)
    } else {
      place = Self.answer(places(lookupRegion: userRegion), number)
    }
    return place ?? countryName(of: number)
  }

  /// Argentina's mobile token: the place is that of the digits after it,
  /// read as a national number of the main region (which stands in for
  /// the locale's region, as libphonenumber's geocoder has it). The
  /// table reads those digits as the parser would (most read as
  /// themselves; `11 15 ...` loses its carrier code when the length
  /// allows); only digits it cannot read are parsed, as
  /// ``argentineMobilePlaceByParsing(_:)`` parses them all.
  package func argentineMobilePlace(_ number: PhoneNumber) -> String? {
    let mainRegion = PhoneMetadata.regions(forCountryCode: number.countryCode).first
    let views = places(lookupRegion: mainRegion)
    if let line = DescribeTables.mobileTokenDigits.line(countryCode: number.countryCode) {
      var digits = number.nationalNumber
      let read: String?? = digits.withUTF8 { bytes in
        guard bytes.starts(with: line.token) else { return .none }
        let rest = UnsafeBufferPointer(rebasing: bytes[line.token.count...])
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer -> String?? in
          let lookup: UnsafeBufferPointer<UInt8>
          switch line.reading(of: rest, into: buffer) {
          case .parse: return .none
          case .failed: lookup = bytes
          case .same: lookup = rest
          case .replaced(let count): lookup = UnsafeBufferPointer(rebasing: buffer[0..<count])
          }
          return .some(views.value(countryCode: number.countryCode)?.answer(digits: lookup))
        }
      }
      if let read { return read }
    }
    return Self.placeByParsing(number, mainRegion: mainRegion, views)
  }

  /// ``argentineMobilePlace(_:)`` as libphonenumber's geocoder finds it,
  /// whatever the digits: the digits after the token parsed again as a
  /// national number of the main region. The reference the table's reading
  /// is checked against, and its answer for digits the table cannot read.
  package func argentineMobilePlaceByParsing(_ number: PhoneNumber) -> String? {
    let mainRegion = PhoneMetadata.regions(forCountryCode: number.countryCode).first
    return Self.placeByParsing(number, mainRegion: mainRegion, places(lookupRegion: mainRegion))
  }

  /// The place of the digits after a mobile token, parsed in `mainRegion`
  /// (the number itself when they do not parse), in `views`.
  private static func placeByParsing(
    _ number: PhoneNumber, mainRegion: RegionCode?, _ views: LazyLines<NamedPrefixView>
  ) -> String? {
    let lookup =
      (try? PhoneNumber(String(number.nationalNumber.dropFirst()), region: mainRegion)) ?? number
    return answer(views, lookup)
  }

  /// The place names for a region standing in for the locale's missing one.
  @inline(__always)
  private func places(lookupRegion: RegionCode?) -> LazyLines<NamedPrefixView> {
    guard !regionalPlaces.isEmpty, let lookupRegion, regionalPlaces.contains(lookupRegion) else {
      return places
    }
    return DescribeTables.places.views(languages: locale.fallbackChain(region: lookupRegion))
  }

  /// The country a number belongs to, in the locale's language, as the
  /// geocoder names it (`country_name_for_number`): nil for a country code
  /// shared by several countries when the number is valid in none or in
  /// more than one, for non-geographic numbers (+800), and for languages
  /// the country table lacks.
  ///
  ///     PhoneNumberDescriber().countryName(of: try PhoneNumber("+1 787 462 9240"))  // "Puerto Rico"
  ///
  /// - Complexity: O(1) for a country code of one region; for a shared
  ///   one, the number is validated only in the regions whose patterns can
  ///   match it (usually none besides its own).
  public func countryName(of number: PhoneNumber) -> String? {
    Self.countryRegion(of: number).flatMap(countryName(ofRegion:))
  }

  /// The one region of its country code that validates the number, nil
  /// when none or several do (a country code of one region gives it).
  static func countryRegion(of number: PhoneNumber) -> RegionCode? {
    // A valid number is valid in its own region: only the others need a look.
    if let shared = DescribeTables.sharedCodeRegions.line(countryCode: number.countryCode) {
      let own = number.isValid ? number.region : nil
      var digits = number.nationalNumber
      // The regions whose patterns can match the number at all.
      var candidates = digits.withUTF8 { shared.candidates(digits: $0) }
      var found = own
      while candidates != 0 {
        let region = shared.regions[candidates.trailingZeroBitCount]
        candidates &= candidates &- 1
        guard region != own, number.isValid(for: region) else { continue }
        guard found == nil else { return nil }
        found = region
      }
      return found
    }
    let regions = PhoneMetadata.regions(forCountryCode: number.countryCode)
    if regions.count == 1 { return regions[0] }
    let own = number.isValid ? number.region : nil
    var found = own
    for region in regions where region != own && number.isValid(for: region) {
      guard found == nil else { return nil }
      found = region
    }
    return found
  }

  /// The carrier a mobile (or pager, or fixed-line-or-mobile) number was
  /// first given to, in the locale's language, else English except for
  /// `zh`, `ja` and `ko` (`name_for_number`); nil for other types and
  /// unknown prefixes. The number may have moved to another carrier since.
  ///
  ///     PhoneNumberDescriber().carrierName(of: try PhoneNumber("+972 50 699 6123"))  // "Pelephone"
  public func carrierName(of number: PhoneNumber) -> String? {
    switch number.type {
    case .mobile, .fixedLineOrMobile, .pager: return Self.answer(carriers, number)
    default: return nil
    }
  }

  /// The carrier's name only where it is safe to show: nil in regions where
  /// mobile numbers keep their number when they change carrier
  /// (libphonenumber's `safe_display_name`), else `carrierName(of:)`.
  ///
  ///     let describer = PhoneNumberDescriber()
  ///     describer.safeCarrierName(of: try PhoneNumber("+972 50 699 6123"))   // nil: Israel ports numbers
  ///     describer.safeCarrierName(of: try PhoneNumber("+221 75 567 79 31"))  // "Promobile"
  public func safeCarrierName(of number: PhoneNumber) -> String? {
    if let region = number.region, PhoneMetadata.isMobileNumberPortable(region) { return nil }
    return carrierName(of: number)
  }

  /// The time zones of a number, in libphonenumber's order
  /// (`time_zones_for_number`): those of its prefix when its type is tied
  /// to a place, else those of its country code; `["Etc/Unknown"]` when
  /// unknown or the number is not valid.
  ///
  ///     let describer = PhoneNumberDescriber()
  ///     describer.timeZones(of: try PhoneNumber("+56 32 311 1430"))  // ["America/Santiago"]
  ///     describer.timeZones(of: try PhoneNumber("+351 922 212 827"))  // ["Atlantic/Azores", "Europe/Lisbon"]
  public func timeZones(of number: PhoneNumber) -> [String] {
    let type = number.type
    guard type != .unknown else { return Self.unknownTimeZones }
    let geographical = Self.isGeographical(type, countryCode: number.countryCode)
    var digits = number.nationalNumber
    let zones = DescribeTables.zones.value(countryCode: number.countryCode).flatMap { line in
      geographical ? digits.withUTF8 { line.answer(digits: $0) } : line.rootAnswer
    }
    return zones ?? Self.unknownTimeZones
  }

  /// libphonenumber's answer for an unknown time zone.
  ///
  ///     PhoneNumberDescriber().timeZones(of: try PhoneNumber("+800 1234 5678"))  // ["Etc/Unknown"]
  ///     PhoneNumberDescriber.unknownTimeZone                                   // "Etc/Unknown"
  public static let unknownTimeZone = "Etc/Unknown"
  private static let unknownTimeZones = [unknownTimeZone]

  private func countryName(ofRegion region: RegionCode) -> String? {
    guard let countries, let slot = region.letterPairIndex,
      let name = countries.byRegion[slot], !name.isEmpty
    else { return nil }
    return name
  }

  /// Whether a number of this type has a place: fixed lines, and mobiles
  /// where mobile numbers are geographic (libphonenumber's list).
  static func isGeographical(_ type: PhoneNumberType, countryCode: Int) -> Bool {
    switch type {
    case .fixedLine, .fixedLineOrMobile: return true
    case .mobile:
      switch countryCode {
      case 52, 54, 55, 62, 86: return true
      default: return false
      }
    default: return false
    }
  }

  @inline(__always)
  private static func answer(_ views: LazyLines<NamedPrefixView>, _ number: PhoneNumber) -> String? {
    var digits = number.nationalNumber
    return views.value(countryCode: number.countryCode).flatMap { view in
      digits.withUTF8 { view.answer(digits: $0) }
    }
  }
}
