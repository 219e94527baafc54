@_spi(PayPhoneInternal) internal import PayPhoneCore
internal import PayPhoneText

/// The alternate formats of the country codes that have some (the ones the
/// matcher's grouping checks try after a number's own format), each code's
/// record parsed on its first lookup.
///
/// Immutable once built; each slot is set at most once
/// (``LazyReferences``), so lookups from many threads need no lock.
final class AlternateFormatStore: Sendable {
  static let shared = AlternateFormatStore()

  /// A code's formats, boxed for the lazy reference.
  final class Formats: Sendable {
    let formats: [NumberFormat]

    init(_ formats: [NumberFormat]) { self.formats = formats }
  }

  /// Record index by country code (0...999), -1 when the code has none.
  private let recordByCountryCode: [Int16]
  private let slots: LazyReferences<Formats>

  private init() {
    var byCode = [Int16](repeating: -1, count: 1000)
    for (index, code) in AlternateFormatRecords.countryCodes.enumerated() where code < 1000 {
      byCode[code] = Int16(index)
    }
    recordByCountryCode = byCode
    slots = LazyReferences(count: AlternateFormatRecords.countryCodes.count)
  }

  /// The alternate formats of `countryCode`, empty when it has none.
  func formats(countryCode: Int) -> [NumberFormat] {
    guard countryCode >= 0, countryCode < 1000 else { return [] }
    let record = Int(recordByCountryCode[countryCode])
    guard record >= 0 else { return [] }
    let loaded = slots.loadOrMake(record) {
      // The generated table is checked by the tests: a bad record reads as none.
      Formats((try? PhoneMetadataRecordParser.parseFormats(AlternateFormatRecords.record(record))) ?? [])
    }
    return loaded.formats
  }
}
