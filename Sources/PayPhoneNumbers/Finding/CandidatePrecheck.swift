@_spi(PayPhoneInternal) internal import PayPhoneCore
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
  /// The default region's metadata (nil without a region), looked up once
  /// here for the international-prefix check; unmanaged: loaded metadata
  /// lives as long as the process.
  let regionMetadata: Unmanaged<RegionMetadata>?

  /// Candidates of ASCII digits alone and fewer scalars than this may be
  /// ruled out (`rulesOut(digitsOnly:)`); longer ones never are.
  let digitsOnlyBound: Int

  init(hasRegion: Bool, minimumDigits: Int, regionMetadata: RegionMetadata? = nil) {
    self.hasRegion = hasRegion
    self.minimumDigits = minimumDigits
    digitsOnlyBound = hasRegion ? max(2, min(minimumDigits, Self.digitsOnlyLimit)) : Self.digitsOnlyLimit
    self.regionMetadata = regionMetadata.map { Unmanaged.passUnretained($0) }
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
      return CandidatePrecheck(hasRegion: true, minimumDigits: 0, regionMetadata: store.metadata(for: region))
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
      hasRegion: true, minimumDigits: minimumDigits, regionMetadata: store.metadata(for: region))
  }

  /// Whether the candidate, of `shape` and `digits` (its ASCII digits),
  /// can be no number for the parser (fewer than two digits, or the cases
  /// above): then it needs no parse.
  @inline(__always)
  func rulesOut(_ shape: CandidateShape, digits: UnsafeBufferPointer<UInt8>) -> Bool {
    // Never a viable number.
    if shape.digitCount < 2 { return true }
    if shape.hasPlus { return false }
    if !hasRegion { return true }
    guard shape.isSimple, shape.digitCount < minimumDigits else { return false }
    // More than two digits must follow an international prefix.
    if shape.digitCount <= 2 { return true }
    return !mayStartWithInternationalPrefix(digits)
  }

  /// The most digits `rulesOut(digitsOnly:)` reads.
  private static var digitsOnlyLimit: Int { 32 }

  /// `rulesOut` for a candidate of ASCII digits alone, shorter than
  /// `digitsOnlyBound`, without its shape: it holds no plus, is simple
  /// text, and its digits are its scalars.
  func rulesOut(digitsOnly candidate: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
    let count = candidate.count
    if count < 2 || !hasRegion { return true }
    guard count < minimumDigits, count <= Self.digitsOnlyLimit else { return false }
    if count <= 2 { return true }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.digitsOnlyLimit) { digits in
      for index in 0..<count { digits[index] = UInt8(truncatingIfNeeded: candidate[index].value) }
      return !mayStartWithInternationalPrefix(UnsafeBufferPointer(rebasing: digits[..<count]))
    }
  }

  /// Whether the candidate's digits start with the region's international
  /// prefix and have more than two digits after it (the parser's condition
  /// for reading a country code there).
  private func mayStartWithInternationalPrefix(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
    // No metadata cannot happen here (`minimumDigits`); parse to be safe.
    guard let regionMetadata else { return true }
    let end = regionMetadata._withUnsafeGuaranteedRef { $0.internationalPrefixEnd(digits) }
    return end.map { digits.count - $0 > 2 } ?? false
  }
}

/// What one pass over a matcher candidate (folded scalars) tells the
/// precheck: its digit count, whether it holds a plus or a bracket, and
/// whether it is the parser's simple text (ASCII digits, `+`, spaces and
/// `()-./`).
struct CandidateShape {
  /// The ASCII digits.
  let digitCount: Int
  /// Whether a plus (`+`, `＋`) is there.
  let hasPlus: Bool
  /// Whether only ASCII digits, `+` and the simple punctuation are there.
  let isSimple: Bool
  /// Whether a bracket is there (without one, the matcher's bracket and
  /// publication checks pass).
  let hasBrackets: Bool

  /// Reads `candidate`, writing its ASCII digits, in order, to `digits`
  /// (room for one per scalar).
  init(_ candidate: UnsafeBufferPointer<Unicode.Scalar>, digits: UnsafeMutableBufferPointer<UInt8>) {
    precondition(digits.count >= candidate.count)
    var digitCount = 0
    var hasPlus = false
    var isSimple = true
    var hasBrackets = false
    for scalar in candidate {
      let value = scalar.value
      if value &- 0x30 < 10 {
        digits[digitCount] = UInt8(truncatingIfNeeded: value)
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
    self.digitCount = digitCount
    self.hasPlus = hasPlus
    self.isSimple = isSimple
    self.hasBrackets = hasBrackets
  }

  /// Space, `(`, `)`, `-`, `.` and `/`: the parser's simple punctuation.
  private static let simplePunctuation: UInt64 =
    1 << 0x20 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2D | 1 << 0x2E | 1 << 0x2F
}

/// The prechecks by region, each worked out on its first use and then
/// shared read-only (a slot per region in ``LazyReferences``, so lookups
/// need no lock).
final class CandidatePrecheckStore: Sendable {
  static let shared = CandidatePrecheckStore()

  /// A region and its precheck, made once per region and shared.
  final class RegionPrecheck: Sendable {
    let region: RegionCode?
    let precheck: CandidatePrecheck

    init(region: RegionCode?, _ precheck: CandidatePrecheck) {
      self.region = region
      self.precheck = precheck
    }
  }

  /// One slot per two-letter code (`AA` to `ZZ`).
  private let slots = LazyReferences<RegionPrecheck>(count: RegionCode.letterPairCount)
  /// No default region: only numbers written internationally.
  private let noRegion = RegionPrecheck(region: nil, CandidatePrecheck(hasRegion: false, minimumDigits: 0))

  private init() {}

  func precheck(for region: RegionCode?) -> RegionPrecheck {
    guard let region else { return noRegion }
    guard let slot = region.letterPairIndex else {
      return RegionPrecheck(region: region, CandidatePrecheck.computed(for: region))
    }
    return slots.loadOrMake(slot) { RegionPrecheck(region: region, CandidatePrecheck.computed(for: region)) }
  }

}
