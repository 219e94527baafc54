/// Validity, possibility, type and region: libphonenumber's answers.
extension PhoneNumber {
  private var store: PhoneMetadataStore { .shared }

  /// Runs `body` over the national number's ASCII digits.
  func withNationalDigits<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    nationalDigits.withUTF8(body)
  }

  /// The region the number belongs to: for country codes shared by several
  /// regions (+1, +7, +44, +262, ...) the one whose leading digits or
  /// number patterns it matches; `001` for non-geographic entities; nil
  /// when the code is unknown or no sharing region claims the number.
  ///
  ///     try PhoneNumber("+1 416 555 0123").region  // "CA"
  ///
  /// - Complexity: O(1) for a number made by the public initialisers
  ///   (worked out once, when the number is made).
  public var region: RegionCode? { classified.region }

  /// Whether the number is valid: it belongs to a region and matches one of
  /// that region's number types, length included.
  ///
  ///     try PhoneNumber("+44 20 7946 0958").isValid  // true
  ///     try PhoneNumber("+44 20 7946 095").isValid   // false
  ///
  /// - Complexity: O(1) for a number made by the public initialisers
  ///   (worked out once, when the number is made).
  public var isValid: Bool { classified.isValid }

  /// The number's type (`.unknown` when it matches none of its region's).
  ///
  ///     try PhoneNumber("+44 7400 123456").type  // .mobile
  ///
  /// - Complexity: O(1) for a number made by the public initialisers
  ///   (worked out once, when the number is made).
  public var type: PhoneNumberType { classified.type }

  /// Whether the number is valid for `region` in particular.
  public func isValid(for region: RegionCode) -> Bool {
    let metadata =
      region == .nonGeographic
      ? store.nonGeographicMetadata(countryCode: countryCode) : store.metadata(for: region)
    guard let metadata else { return false }
    if region != .nonGeographic && store.countryCode(for: region) != countryCode { return false }
    return withNationalDigits { metadata.numberType($0) != .unknown }
  }

  /// Whether the length is possible for the country code, and if not, why.
  /// Lengths only: no digit patterns are checked. Shared country codes use
  /// the main region's lengths, as libphonenumber does.
  public var possibility: PhoneNumberPossibility {
    possibility(for: .unknown)
  }

  /// The possibility of the number as a number of `type`: its length
  /// against the lengths of that type (for shared country codes, the main
  /// region's, as libphonenumber does).
  ///
  ///     try PhoneNumber("+44 20 7946 0958").possibility(for: .sharedCost)  // .invalidLength
  public func possibility(for type: PhoneNumberType) -> PhoneNumberPossibility {
    if type == .unknown, let settled = classification?.lengthPossibility { return settled }
    // The main region's record (the non-geographic entity's for its codes),
    // lent: no region code to look up again.
    let length = nationalDigits.count
    return store.withMainMetadata(countryCode: countryCode) { $0.lengthCheck(length, type: type) }
      ?? .invalidCountryCode
  }

  /// `possibility.isPossible`.
  public var isPossible: Bool { possibility.isPossible }
}

/// A number's region and type, decided together as libphonenumber decides
/// them (`getRegionCodeForNumber`, then `getNumberType` with that region's
/// metadata; valid means both found).
///
/// The region is kept as its record index: a number copies no string for it.
struct PhoneNumberClassification: Sendable, Hashable {
  /// The region's record in the metadata store, -1 for none.
  private let record: Int16
  let type: PhoneNumberType
  /// The possibility of the number's length for its country code (any
  /// type) when worked out with the classification (a parsed number's,
  /// settled), nil when not: ``PhoneNumber/possibility`` then works it out.
  /// Kept here, where it takes no room a number did not have already.
  fileprivate(set) var lengthPossibility: PhoneNumberPossibility? = nil

  var region: RegionCode? { record < 0 ? nil : PhoneMetadataStore.shared.region(ofRecord: Int(record)) }

  var isValid: Bool { record >= 0 && type != .unknown }

  init(countryCode: Int, nationalDigits digits: UnsafeBufferPointer<UInt8>) {
    let store = PhoneMetadataStore.shared
    self.init(records: store.recordRange(countryCode: countryCode), in: store, nationalDigits: digits)
  }

  /// ``init(countryCode:nationalDigits:)`` for a caller that has the
  /// country code's records (`store.recordRange(countryCode:)`) already.
  init(
    records: Range<Int>, in store: borrowing PhoneMetadataStore,
    nationalDigits digits: UnsafeBufferPointer<UInt8>
  ) {
    guard !records.isEmpty else {
      (record, type) = (-1, .unknown)
      return
    }
    guard records.count > 1 else {
      let only = store.record(at: records.lowerBound)
      record = Int16(only)
      type = store.withMetadata(atRecord: only) { $0.numberType(digits) } ?? .unknown
      return
    }
    for position in records {
      let candidate = store.record(at: position)
      let found = store.withMetadata(atRecord: candidate) { metadata -> PhoneNumberType? in
        if let leadingDigits = metadata.leadingDigits {
          return leadingDigits.matchesPrefix(digits) ? metadata.numberType(digits) : nil
        }
        let candidateType = metadata.numberType(digits)
        return candidateType != .unknown ? candidateType : nil
      }
      if let found, let found {
        (record, type) = (Int16(candidate), found)
        return
      }
    }
    (record, type) = (-1, .unknown)
  }
}

extension PhoneNumber {
  /// Whether the length is possible for a number of `type`:
  /// `possibility(for: type).isPossible`.
  ///
  ///     try PhoneNumber("+44 20 7946 0958").isPossible(for: .fixedLine)  // true
  public func isPossible(for type: PhoneNumberType) -> Bool {
    possibility(for: type).isPossible
  }
}

extension PhoneMetadataStore {
  /// What a parsed number is settled with: its classification (with its
  /// length's possibility, ``PhoneNumber/possibility``) and the national
  /// format rule of its main metadata (-1 for none). A method
  /// of the store so that the store is read once and not retained, and the
  /// country code's records are looked up once for all three.
  func settle(countryCode: Int, nationalDigits: UnsafeBufferPointer<UInt8>)
    -> (PhoneNumberClassification, Int16)
  {
    let records = recordRange(countryCode: countryCode)
    var classification = PhoneNumberClassification(records: records, in: self, nationalDigits: nationalDigits)
    // The main metadata's record comes first.
    guard !records.isEmpty else {
      classification.lengthPossibility = .invalidCountryCode
      return (classification, -1)
    }
    let length = nationalDigits.count
    let settled = withMetadata(atRecord: record(at: records.lowerBound)) {
      metadata -> (Int16, PhoneNumberPossibility) in
      let possibility = metadata.generalLengthCheck(length)
      let rule = Unmanaged.passUnretained(metadata.tables.formats)._withUnsafeGuaranteedRef {
        $0.choose(nationalDigits)
      }
      return (rule.map { Int16(truncatingIfNeeded: $0) } ?? -1, possibility)
    }
    guard let (rule, possibility) = settled else {
      classification.lengthPossibility = .invalidCountryCode
      return (classification, -1)
    }
    classification.lengthPossibility = possibility
    return (classification, rule)
  }
}
