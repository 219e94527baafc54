@_spi(PayPhoneInternal) internal import PayPhoneCore
internal import PayPhoneText

/// All regions' metadata: indexes built from the generated keys at first
/// use, and each region's record parsed and compiled on its first lookup.
///
/// Immutable once built; the per-region slots are set at most once each
/// (an atomic address, stored by the one thread that loads the record), so
/// lookups of loaded records from many threads need no lock.
final class PhoneMetadataStore: Sendable {
  static let shared = PhoneMetadataStore()

  /// Each record's metadata, made on its first lookup and kept for the
  /// life of the process: lookups of a loaded record take no lock, and a
  /// thread that asks while another loads it waits for that one load
  /// instead of making its own (two `--jobs` workers starting on one input
  /// would otherwise each compile nearly every region).
  private let slots: LazyReferences<RegionMetadata>
  /// Record index by region code (its `letterPairIndex`), -1 when absent.
  private let recordByRegion: [Int16]
  /// Region codes by country code (0...999), main country first.
  private let regionsByCountryCode: [[RegionCode]]
  /// The same as record indices, flat: the records of country code c are
  /// `recordList[recordStarts[c]..<recordStarts[c + 1]]`.
  private let recordList: [Int16]
  private let recordStarts: [Int16]
  /// Region code (`001` for non-geographic entities) by record index.
  private let regionByRecord: [RegionCode]
  /// Record index of the non-geographic entity by country code, -1 when none.
  private let nonGeographicByCountryCode: [Int16]
  let regionCodes: [RegionCode]
  let nonGeographicCountryCodes: [Int]

  private init() {
    let keys = PhoneMetadataRecords.keys
    slots = LazyReferences(count: keys.count)
    var byRegion = [Int16](repeating: -1, count: RegionCode.letterPairCount)
    var byCountryCode = [[Int16]](repeating: [], count: 1000)
    var nonGeographic = [Int16](repeating: -1, count: 1000)
    var regions: [RegionCode] = []
    var nonGeographicCodes: [Int] = []
    let regionByRecord = keys.map { key in
      guard let region = key.region.withUTF8Buffer({ RegionCode(utf8: $0) }) else {
        preconditionFailure("the metadata records name a region that is no region code")
      }
      return region
    }
    for (index, key) in keys.enumerated() {
      let region = regionByRecord[index]
      if let slot = region.letterPairIndex {
        byRegion[slot] = Int16(index)
        regions.append(region)
        if key.isMainCountry {
          byCountryCode[key.countryCode].insert(Int16(index), at: 0)
        } else {
          byCountryCode[key.countryCode].append(Int16(index))
        }
      } else {
        nonGeographic[key.countryCode] = Int16(index)
        nonGeographicCodes.append(key.countryCode)
        byCountryCode[key.countryCode].append(Int16(index))
      }
    }
    recordByRegion = byRegion
    regionsByCountryCode = byCountryCode.map { indices in indices.map { regionByRecord[Int($0)] } }
    recordList = byCountryCode.flatMap { $0 }
    var starts: [Int16] = [0]
    for records in byCountryCode { starts.append(starts[starts.count - 1] + Int16(records.count)) }
    recordStarts = starts
    self.regionByRecord = regionByRecord
    nonGeographicByCountryCode = nonGeographic
    regionCodes = regions
    self.nonGeographicCountryCodes = nonGeographicCodes
  }

  /// The metadata of a record, loaded on first use.
  @inline(__always)
  func metadata(atRecord index: Int) -> RegionMetadata? {
    slots.load(index) ?? loadMetadata(atRecord: index)
  }

  /// Runs `body` with a record's metadata, lent rather than retained:
  /// loaded metadata lives as long as the process, so the hot paths need no
  /// reference counting for it. Nil when the record does not load; what
  /// `body` throws is thrown.
  @inline(__always)
  func withMetadata<Result, Failure: Error>(
    atRecord index: Int, _ body: (RegionMetadata) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    if let loaded = slots.unretained(index) {
      // `_withUnsafeGuaranteedRef` rethrows untyped errors: `body`'s is
      // carried out of it as a value.
      var failure: Failure?
      let result = loaded._withUnsafeGuaranteedRef { metadata -> Result? in
        do throws(Failure) {
          return try body(metadata)
        } catch {
          failure = error
          return nil
        }
      }
      if let failure { throw failure }
      return result
    }
    guard let metadata = loadMetadata(atRecord: index) else { return nil }
    return try body(metadata)
  }

  /// `withMetadata(atRecord:_:)` with `mainMetadata(countryCode:)`'s record.
  @inline(__always)
  func withMainMetadata<Result, Failure: Error>(
    countryCode: Int, _ body: (RegionMetadata) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    let records = recordRange(countryCode: countryCode)
    guard !records.isEmpty else { return nil }
    return try withMetadata(atRecord: record(at: records.lowerBound), body)
  }

  /// `withMetadata(atRecord:_:)` with `metadata(for:)`'s record.
  @inline(__always)
  func withMetadata<Result, Failure: Error>(
    for region: RegionCode?, _ body: (RegionMetadata) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    guard let slot = region?.letterPairIndex else { return nil }
    let index = recordByRegion[slot]
    return index < 0 ? nil : try withMetadata(atRecord: Int(index), body)
  }

  /// Where the records of `countryCode` are, for `record(at:)`; empty for
  /// an unknown code.
  @inline(__always)
  func recordRange(countryCode: Int) -> Range<Int> {
    guard (0..<1000).contains(countryCode) else { return 0..<0 }
    return Int(recordStarts[countryCode])..<Int(recordStarts[countryCode + 1])
  }

  /// The record at a position of a `recordRange(countryCode:)`.
  @inline(__always)
  func record(at position: Int) -> Int {
    Int(recordList[position])
  }

  /// Loads a record once: the first thread to ask parses and compiles it;
  /// any other that asks meanwhile waits for it and takes what it stored.
  @inline(never)
  private func loadMetadata(atRecord index: Int) -> RegionMetadata? {
    slots.loadOrTryMaking(index) {
      // A record that fails to parse would be a defect of the generated
      // table; the data self-check test loads every record.
      try? PhoneMetadataRecordParser.parse(PhoneMetadataRecords.record(index))
    }
  }

  /// The metadata of a geographic region (`US`), nil when unsupported.
  @inline(__always)
  func metadata(for region: RegionCode) -> RegionMetadata? {
    guard let slot = region.letterPairIndex else { return nil }
    let index = recordByRegion[slot]
    return index < 0 ? nil : metadata(atRecord: Int(index))
  }

  /// The metadata of the non-geographic entity with `countryCode` (+800).
  func nonGeographicMetadata(countryCode: Int) -> RegionMetadata? {
    guard (0..<1000).contains(countryCode) else { return nil }
    let index = nonGeographicByCountryCode[countryCode]
    return index < 0 ? nil : metadata(atRecord: Int(index))
  }

  /// Whether the country code is assigned to any region or entity.
  func isKnownCountryCode(_ countryCode: Int) -> Bool {
    !recordRange(countryCode: countryCode).isEmpty
  }

  /// The country code at the start of `digits` (1 to 3 digits, no leading
  /// zero) and its length: the shortest known one.
  func leadingCountryCode(_ digits: UnsafeBufferPointer<UInt8>) -> (code: Int, length: Int)? {
    guard let first = digits.first, first != UInt8(ascii: "0") else { return nil }
    var code = 0
    for length in 1...min(3, digits.count) {
      code = code * 10 + Int(digits[length - 1] &- 0x30)
      if isKnownCountryCode(code) { return (code, length) }
    }
    return nil
  }

  /// The regions using `countryCode`, main country first (`001` for a
  /// non-geographic entity).
  func regions(countryCode: Int) -> [RegionCode] {
    guard (0..<1000).contains(countryCode) else { return [] }
    return regionsByCountryCode[countryCode]
  }

  /// The main region of a country code (libphonenumber's
  /// `getRegionCodeForCountryCode`), nil when the code is unknown.
  func mainRegion(countryCode: Int) -> RegionCode? {
    guard (0..<1000).contains(countryCode) else { return nil }
    return regionsByCountryCode[countryCode].first
  }

  /// The country code of a supported region, without loading its record.
  func countryCode(for region: RegionCode) -> Int? {
    guard let slot = region.letterPairIndex else { return nil }
    let index = recordByRegion[slot]
    return index < 0 ? nil : PhoneMetadataRecords.keys[Int(index)].countryCode
  }

  /// The metadata of a country code's main region, or of its non-geographic
  /// entity.
  @inline(__always)
  func mainMetadata(countryCode: Int) -> RegionMetadata? {
    let records = recordRange(countryCode: countryCode)
    return records.isEmpty ? nil : metadata(atRecord: record(at: records.lowerBound))
  }

  /// The region code of a record (`001` for a non-geographic entity).
  func region(ofRecord record: Int) -> RegionCode {
    regionByRecord[record]
  }

  /// Every record, loaded (for self-checks and tools).
  func allMetadata() -> [RegionMetadata?] {
    (0..<slots.count).map { metadata(atRecord: $0) }
  }
}
