import Synchronization

/// All regions' metadata: indexes built from the generated keys at first
/// use, and each region's record parsed and compiled on its first lookup.
///
/// Immutable once built; the per-region slots are set at most once each
/// (`AtomicLazyReference`), so lookups from many threads need no lock.
final class PhoneMetadataStore: Sendable {
  static let shared = PhoneMetadataStore()

  /// One lazily filled slot per record.
  private final class Slot: Sendable {
    let metadata = AtomicLazyReference<RegionMetadata>()
  }

  private let slots: [Slot]
  /// Record index by region code (`A`-`Z` pairs, 26 × 26), -1 when absent.
  private let recordByRegion: [Int16]
  /// Region codes by calling code (0...999), main country first.
  private let regionsByCallingCode: [[RegionCode]]
  /// Record index of the non-geographic entity by calling code, -1 when none.
  private let nonGeographicByCallingCode: [Int16]
  let regionCodes: [RegionCode]
  let nonGeographicCallingCodes: [Int]

  private init() {
    let keys = PhoneMetadataRecords.keys
    slots = keys.map { _ in Slot() }
    var byRegion = [Int16](repeating: -1, count: 26 * 26)
    var byCallingCode = [[Int16]](repeating: [], count: 1000)
    var nonGeographic = [Int16](repeating: -1, count: 1000)
    var regions: [RegionCode] = []
    var nonGeographicCodes: [Int] = []
    for (index, key) in keys.enumerated() {
      let region = key.region.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
      if let slot = Self.regionSlot(region) {
        byRegion[slot] = Int16(index)
        regions.append(RegionCode(rawValue: region))
        if key.isMainCountry {
          byCallingCode[key.callingCode].insert(Int16(index), at: 0)
        } else {
          byCallingCode[key.callingCode].append(Int16(index))
        }
      } else {
        nonGeographic[key.callingCode] = Int16(index)
        nonGeographicCodes.append(key.callingCode)
        byCallingCode[key.callingCode].append(Int16(index))
      }
    }
    recordByRegion = byRegion
    regionsByCallingCode = byCallingCode.map { indices in
      indices.map { index in
        let region = keys[Int(index)].region
        return RegionCode(rawValue: region.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
      }
    }
    nonGeographicByCallingCode = nonGeographic
    regionCodes = regions
    self.nonGeographicCallingCodes = nonGeographicCodes
  }

  /// The table slot of a two-letter upper-case region code.
  private static func regionSlot(_ code: String) -> Int? {
    let bytes = Array(code.utf8)
    guard bytes.count == 2, (0x41...0x5A).contains(bytes[0]), (0x41...0x5A).contains(bytes[1]) else {
      return nil
    }
    return Int(bytes[0] - 0x41) * 26 + Int(bytes[1] - 0x41)
  }

  private func metadata(atRecord index: Int) -> RegionMetadata? {
    let slot = slots[index]
    if let loaded = slot.metadata.load() { return loaded }
    // A record that fails to parse would be a defect of the generated table;
    // the data self-check test loads every record.
    guard let parsed = try? PhoneMetadataRecordParser.parse(PhoneMetadataRecords.record(index)) else {
      return nil
    }
    return slot.metadata.storeIfNil(parsed)
  }

  /// The metadata of a geographic region (`US`), nil when unsupported.
  func metadata(for region: RegionCode) -> RegionMetadata? {
    guard let slot = Self.regionSlot(region.rawValue) else { return nil }
    let index = recordByRegion[slot]
    return index < 0 ? nil : metadata(atRecord: Int(index))
  }

  /// The metadata of the non-geographic entity with `callingCode` (+800).
  func nonGeographicMetadata(callingCode: Int) -> RegionMetadata? {
    guard (0..<1000).contains(callingCode) else { return nil }
    let index = nonGeographicByCallingCode[callingCode]
    return index < 0 ? nil : metadata(atRecord: Int(index))
  }

  /// libphonenumber's `getMetadataForRegionOrCallingCode`.
  func metadata(callingCode: Int, region: RegionCode?) -> RegionMetadata? {
    if region == .nonGeographic { return nonGeographicMetadata(callingCode: callingCode) }
    guard let region else { return nil }
    return metadata(for: region)
  }

  /// Whether the calling code is assigned to any region or entity.
  func isKnownCallingCode(_ callingCode: Int) -> Bool {
    (0..<1000).contains(callingCode) && !regionsByCallingCode[callingCode].isEmpty
  }

  /// The regions using `callingCode`, main country first (`001` for a
  /// non-geographic entity).
  func regions(callingCode: Int) -> [RegionCode] {
    guard (0..<1000).contains(callingCode) else { return [] }
    return regionsByCallingCode[callingCode]
  }

  /// The main region of a calling code (libphonenumber's
  /// `getRegionCodeForCountryCode`), nil when the code is unknown.
  func mainRegion(callingCode: Int) -> RegionCode? {
    guard (0..<1000).contains(callingCode) else { return nil }
    return regionsByCallingCode[callingCode].first
  }

  /// The calling code of a supported region, without loading its record.
  func callingCode(for region: RegionCode) -> Int? {
    guard let slot = Self.regionSlot(region.rawValue) else { return nil }
    let index = recordByRegion[slot]
    return index < 0 ? nil : PhoneMetadataRecords.keys[Int(index)].callingCode
  }

  /// Every record, loaded (for self-checks and tools).
  func allMetadata() -> [RegionMetadata?] {
    (0..<slots.count).map { metadata(atRecord: $0) }
  }
}
