internal import PayPhoneText

/// What rules a matcher candidate out before it is parsed, for the
/// candidates whose parse is decided by their digit count alone: most of
/// the digit runs in notes (dates, amounts, counts, order numbers) are too
/// short to be any number of the default region.
///
/// For a region without a national-prefix transform rule (nor its country
/// code's main region), the parse of a candidate written without a plus sign
/// in the parser's simple text (ASCII digits, spaces and `()-./`) has a
/// national number of at most the candidate's digits: only country codes
/// and prefixes are taken away, and no label makes an extension. Unless it
/// starts with an international prefix, the number's country code is the
/// region's; a number of fewer digits than any length any record of that
/// code lists (possible, local-only, of any type) is then neither possible
/// nor valid, at every leniency. A candidate that does start with the
/// region's international prefix is parsed as usual unless the parser
/// would refuse it for too few digits after the prefix.
///
/// Without metadata for the default region, a candidate without a plus sign
/// is refused by the parser (no country code): refused here too.
struct CandidatePrecheck: Sendable {
  /// Whether the default region has metadata.
  let hasRegion: Bool
  /// Simple candidates without a plus with fewer digits that start with no
  /// international prefix are no number; 0 when no such rule holds.
  let minimumDigits: Int
  /// The default region's metadata when `minimumDigits` is not 0 (for its
  /// international prefix), held without reference counting: loaded
  /// metadata lives as long as the process.
  unowned(unsafe) let metadata: RegionMetadata?

  init(hasRegion: Bool, minimumDigits: Int, metadata: RegionMetadata? = nil) {
    self.hasRegion = hasRegion
    self.minimumDigits = minimumDigits
    self.metadata = metadata
  }

  /// The precheck for `region`, worked out once per region.
  static func forRegion(_ region: RegionCode?) -> CandidatePrecheck {
    guard let region else { return CandidatePrecheck(hasRegion: false, minimumDigits: 0) }
    return CandidatePrecheckStore.shared.precheck(for: region)
  }

  /// Works out the precheck from the metadata.
  static func computed(for region: RegionCode) -> CandidatePrecheck {
    let store = PhoneMetadataStore.shared
    func transforms(_ metadata: RegionMetadata) -> Bool {
      !(metadata.nationalPrefixTransformRule ?? "").isEmpty
    }
    // The parse strips national prefixes with the region's rules, or with
    // those of its country code's main region.
    guard
      let (countryCode, regionTransforms) = store.withMetadata(
        for: region, { ($0.countryCode, transforms($0)) })
    else {
      return CandidatePrecheck(hasRegion: false, minimumDigits: 0)
    }
    guard !regionTransforms, store.withMainMetadata(countryCode: countryCode, transforms) == false else {
      return CandidatePrecheck(hasRegion: true, minimumDigits: 0)
    }
    // Any record of the country code may be the number's region.
    var minimum = Int.max
    for position in store.recordRange(countryCode: countryCode) {
      let least =
        store.withMetadata(atRecord: store.record(at: position)) { metadata -> Int in
          guard metadata.generalDescription != nil else { return 0 }
          var least = Int.max
          for case let description? in metadata.descriptions {
            // No lengths listed: any length may match.
            guard let shortest = description.possibleLengths.first else { return 0 }
            least = min(least, shortest, description.localOnlyLengths.first ?? .max)
          }
          return least
        } ?? 0
      minimum = min(minimum, least)
    }
    let minimumDigits = minimum == .max ? 0 : max(0, minimum)
    return CandidatePrecheck(
      hasRegion: true, minimumDigits: minimumDigits,
      metadata: minimumDigits > 0 ? store.metadata(for: region) : nil)
  }

  /// Whether the candidate (folded scalars) can be no number for the
  /// parser (fewer than two digits, or the cases above): then it needs no
  /// parse. Tells on the way whether it holds a bracket (without one, the
  /// matcher's bracket and publication checks pass).
  func rulesOut(
    _ candidate: UnsafeBufferPointer<Unicode.Scalar>, region: RegionCode?, hasBrackets: inout Bool
  )
    -> Bool
  {
    var digitCount = 0
    var hasPlus = false
    var isSimple = true
    for scalar in candidate {
      let value = scalar.value
      if value &- 0x30 < 10 {
        digitCount &+= 1
      } else if value == 0x2B {
        hasPlus = true
      } else if value < 64 && Self.simplePunctuation >> UInt64(value) & 1 != 0 {
        if value == 0x28 || value == 0x29 { hasBrackets = true }
      } else {
        isSimple = false
        if PhoneCharacters.isPlus(scalar) { hasPlus = true }
        if MatcherCharacters.isOpeningBracket(scalar) || MatcherCharacters.isClosingBracket(scalar) {
          hasBrackets = true
        }
      }
    }
    // Never a viable number.
    if digitCount < 2 { return true }
    if hasPlus { return false }
    if !hasRegion { return true }
    guard isSimple, digitCount < minimumDigits else { return false }
    // More than two digits must follow an international prefix.
    if digitCount <= 2 { return true }
    return !mayStartWithInternationalPrefix(candidate, digitCount: digitCount)
  }

  /// Whether the candidate's digits start with the region's international
  /// prefix and have more than two digits after it (the parser's condition
  /// for reading a country code there).
  private func mayStartWithInternationalPrefix(
    _ candidate: UnsafeBufferPointer<Unicode.Scalar>, digitCount: Int
  ) -> Bool {
    // No metadata cannot happen here (`minimumDigits`); parse to be safe.
    guard let metadata else { return true }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: digitCount) { digits in
      var count = 0
      for scalar in candidate where scalar.value &- 0x30 < 10 {
        digits[count] = UInt8(truncatingIfNeeded: scalar.value)
        count += 1
      }
      let end = metadata.internationalPrefixEnd(UnsafeBufferPointer(rebasing: digits[..<count]))
      return end.map { count - $0 > 2 } ?? false
    }
  }

  /// Space, `(`, `)`, `-`, `.` and `/`: the parser's simple punctuation.
  private static let simplePunctuation: UInt64 =
    1 << 0x20 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2D | 1 << 0x2E | 1 << 0x2F
}

/// The prechecks by region, each worked out on its first use and then
/// shared read-only (`LazyReference` per region, so lookups need no lock).
final class CandidatePrecheckStore: Sendable {
  static let shared = CandidatePrecheckStore()

  final class Box: Sendable {
    let precheck: CandidatePrecheck

    init(_ precheck: CandidatePrecheck) { self.precheck = precheck }
  }

  /// One slot per two-letter code (`AA` to `ZZ`).
  private let slots: [LazyReference<Box>]

  private init() {
    slots = (0..<(26 * 26)).map { _ in LazyReference<Box>() }
  }

  func precheck(for region: RegionCode) -> CandidatePrecheck {
    guard let slot = Self.slot(region) else { return CandidatePrecheck.computed(for: region) }
    if let box = slots[slot].load() { return box.precheck }
    return slots[slot].storeIfNil(Box(CandidatePrecheck.computed(for: region))).precheck
  }

  private static func slot(_ region: RegionCode) -> Int? {
    // Straight from the UTF-8 when it is contiguous (always, for a region code).
    let direct = region.rawValue.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard bytes.count == 2, bytes[0] &- 0x41 < 26, bytes[1] &- 0x41 < 26 else { return nil }
      return Int(bytes[0] - 0x41) * 26 + Int(bytes[1] - 0x41)
    }
    if let direct { return direct }
    var utf8 = region.rawValue.utf8.makeIterator()
    guard let first = utf8.next(), let second = utf8.next(), utf8.next() == nil,
      first &- 0x41 < 26, second &- 0x41 < 26
    else { return nil }
    return Int(first - 0x41) * 26 + Int(second - 0x41)
  }
}
