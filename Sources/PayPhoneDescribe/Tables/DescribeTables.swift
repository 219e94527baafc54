/// The describe tables compiled into the library: `Data/describe/*.txt`,
/// each one string literal in `Generated/`, indexed on first use.
///
/// The literals stay where the linker put them (read-only pages of the
/// binary); only the lines of the country codes looked up are ever read.
enum DescribeTables {
  /// Places by number prefix, every language.
  static let geocodingFile = PrefixTableFile(geocoding)
  /// Original carriers by number prefix.
  static let carrierFile = PrefixTableFile(carriers)
  /// Time zones by number prefix.
  static let timeZoneFile = PrefixTableFile(timeZones)

  /// Geocoding maps, one set per language chain.
  static let places = LanguageMaps(file: geocodingFile)
  /// Carrier maps, one set per language chain.
  static let carrierNames = LanguageMaps(file: carrierFile)
  /// Time-zone lines, one per country code.
  static let zones = LazyLines<ZonePrefixLine>(file: timeZoneFile) { index in
    timeZoneFile.withLineFields(index) { ZonePrefixLine($0, zoneNames: timeZoneFile.names) }
  }
  /// The geocoder's country names.
  static let countryNames = CountryNameTable(countries)
  /// The regions a number of a shared country code may be valid in.
  static let sharedCodeRegions = SharedCodeRegions(regions)
  /// When the digits after a mobile token read as themselves.
  static let mobileTokenDigits = MobileTokenTable(mobileTokens)
}

/// What the describe tables cost, for `payphone-bench describe`.
package enum DescribeTableSizes {
  /// The bytes of the six tables compiled into the binary.
  package static var embeddedBytes: Int {
    DescribeTables.geocoding.utf8CodeUnitCount + DescribeTables.carriers.utf8CodeUnitCount
      + DescribeTables.timeZones.utf8CodeUnitCount + DescribeTables.countries.utf8CodeUnitCount
      + DescribeTables.regions.utf8CodeUnitCount + DescribeTables.mobileTokens.utf8CodeUnitCount
  }
}
