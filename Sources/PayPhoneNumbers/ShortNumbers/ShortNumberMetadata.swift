@_spi(PayPhoneInternal) internal import PayPhoneCore
internal import PayPhoneText

/// One region's short-number tables, compiled: the general description
/// (lengths and pattern of any short number there) and the numbers of each
/// kind (costs, emergency, short codes, carrier-specific, SMS services).
final class ShortNumberMetadata: Sendable {
  /// The kinds of a record's `desc` lines.
  enum Kind: Int, CaseIterable, Sendable {
    case general, tollFree, standardRate, premiumRate, emergency, shortCode, carrierSpecific, smsServices

    /// The names used in the generated table.
    var tableName: String {
      switch self {
      case .general: "general"
      case .tollFree: "tollFree"
      case .standardRate: "standardRate"
      case .premiumRate: "premiumRate"
      case .emergency: "emergency"
      case .shortCode: "shortCode"
      case .carrierSpecific: "carrierSpecific"
      case .smsServices: "smsServices"
      }
    }
  }

  let regionCode: RegionCode
  /// Indexed by `Kind.rawValue`; nil where the region has no such numbers.
  private let descriptions: [NumberDescription?]

  init(regionCode: RegionCode, descriptions: [NumberDescription?]) {
    self.regionCode = regionCode
    self.descriptions = descriptions
  }

  func description(_ kind: Kind) -> NumberDescription? {
    descriptions[kind.rawValue]
  }

  /// Whether the length is one of the general description's (libphonenumber
  /// reads the list as given: no list means no possible length).
  func isPossibleLength(_ length: Int) -> Bool {
    description(.general)?.possibleLengths.contains(length) ?? false
  }

  /// libphonenumber's `matchesPossibleNumberAndNationalNumber`: a listed
  /// length and a whole match of the pattern.
  func matches(_ digits: UnsafeBufferPointer<UInt8>, _ kind: Kind) -> Bool {
    description(kind)?.matches(digits) ?? false
  }
}

extension PhoneMetadataRecordParser {
  /// Reads one record of the generated short-number table (the format at
  /// the top of `Data/phone/short-metadata.txt`), compiling its patterns.
  static func parseShortNumbers(_ record: StaticString) throws(Failure) -> ShortNumberMetadata {
    var regionCode: RegionCode?
    var descriptions = [NumberDescription?](repeating: nil, count: ShortNumberMetadata.Kind.allCases.count)
    for fields in lines(of: record) {
      switch fields[0] {
      case "region":
        guard fields.count == 2, let region = RegionCode(fields[1]) else {
          throw Failure(description: "bad region line: \(fields.joined(separator: "\t"))")
        }
        regionCode = region
      case "desc":
        guard fields.count == 5,
          let kind = ShortNumberMetadata.Kind.allCases.first(where: { $0.tableName == fields[1] })
        else { throw Failure(description: "bad desc line: \(fields.joined(separator: "\t"))") }
        descriptions[kind.rawValue] = NumberDescription(
          pattern: try compile(fields[2]),
          possibleLengths: lengths(fields[3]),
          localOnlyLengths: [],
          exampleNumber: fields[4].isEmpty ? nil : fields[4])
      default:
        throw Failure(description: "bad line: \(fields.joined(separator: "\t"))")
      }
    }
    guard let regionCode else { throw Failure(description: "record without a region line") }
    return ShortNumberMetadata(regionCode: regionCode, descriptions: descriptions)
  }
}

/// Every region's short-number tables: the index built from the generated
/// region list on first use, each region's record parsed and compiled on
/// its first lookup and kept for the life of the process (a slot per
/// region in ``LazyReferences``, so lookups need no lock).
final class ShortNumberMetadataStore: Sendable {
  static let shared = ShortNumberMetadataStore()

  private let slots: LazyReferences<ShortNumberMetadata>
  /// Record index by region code (its `letterPairIndex`), -1 when absent.
  private let recordByRegion: [Int16]
  let regionCodes: [RegionCode]

  private init() {
    var byRegion = [Int16](repeating: -1, count: RegionCode.letterPairCount)
    var regions: [RegionCode] = []
    for (index, code) in ShortNumberMetadataRecords.regions.enumerated() {
      guard let region = code.withUTF8Buffer({ RegionCode(utf8: $0) }) else {
        preconditionFailure("the short-number records name a region that is no region code")
      }
      if let slot = region.letterPairIndex { byRegion[slot] = Int16(index) }
      regions.append(region)
    }
    slots = LazyReferences(count: regions.count)
    recordByRegion = byRegion
    regionCodes = regions
  }

  /// The short-number tables of `region`, loaded on first use; nil when it
  /// has none (`001`, unknown codes).
  func metadata(for region: RegionCode?) -> ShortNumberMetadata? {
    guard let slot = region?.letterPairIndex else { return nil }
    let index = Int(recordByRegion[slot])
    guard index >= 0 else { return nil }
    return slots.loadOrTryMaking(index) {
      // A record that fails to parse would be a defect of the generated
      // table; the tests load every record.
      try? PhoneMetadataRecordParser.parseShortNumbers(ShortNumberMetadataRecords.record(index))
    }
  }
}
