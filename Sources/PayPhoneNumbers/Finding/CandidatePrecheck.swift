internal import PayPhoneCore
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
  /// here so that neither the international-prefix check nor the parse of
  /// each candidate looks the region up again; unmanaged: loaded metadata
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

  /// The precheck for `region`, worked out once per region.
  static func forRegion(_ region: RegionCode?) -> CandidatePrecheck {
    CandidatePrecheckStore.shared.precheck(for: region).precheck
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

/// What one pass over a matcher candidate (folded scalars) tells both the
/// precheck and the parser's simple path, so that neither reads the
/// candidate again: its digit count and whether it holds a plus or a
/// bracket, whether it is the parser's simple text (ASCII digits, `+`,
/// spaces and `()-./`), and where that text's number starts and ends.
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
  /// The first `+` or digit (where the simple text's number starts), or -1.
  let start: Int
  /// The last digit (where the simple text's number ends), or -1.
  let lastDigit: Int
  /// The first `+` after the leading run of pluses, or `Int.max`.
  let firstInnerPlus: Int

  /// Reads `candidate`, writing its ASCII digits, in order, to `digits`
  /// (room for one per scalar).
  init(_ candidate: UnsafeBufferPointer<Unicode.Scalar>, digits: UnsafeMutableBufferPointer<UInt8>) {
    // Locals in the loop (registers), the fields set once at the end.
    var digitCount = 0
    var hasPlus = false
    var isSimple = true
    var hasBrackets = false
    var start = -1
    var lastDigit = -1
    var firstInnerPlus = Int.max
    var inLeadingPluses = false
    if let scalars = candidate.baseAddress, let output = digits.baseAddress {
      for index in 0..<candidate.count {
        let value = scalars[index].value
        if value &- 0x30 < 10 {
          output[digitCount] = UInt8(truncatingIfNeeded: value)
          digitCount &+= 1
          if start < 0 { start = index }
          inLeadingPluses = false
          lastDigit = index
        } else if value == 0x2B {
          hasPlus = true
          if start < 0 {
            start = index
            inLeadingPluses = true
          } else if !inLeadingPluses && firstInnerPlus == Int.max {
            firstInnerPlus = index
          }
        } else if value < 64 && Self.simplePunctuation >> UInt64(value) & 1 != 0 {
          if value == 0x28 || value == 0x29 { hasBrackets = true }
          inLeadingPluses = false
        } else {
          isSimple = false
          let scalar = scalars[index]
          if PhoneCharacters.isPlus(scalar) { hasPlus = true }
          if MatcherCharacters.isOpeningBracket(scalar) || MatcherCharacters.isClosingBracket(scalar) {
            hasBrackets = true
          }
        }
      }
    }
    self.digitCount = digitCount
    self.hasPlus = hasPlus
    self.isSimple = isSimple
    self.hasBrackets = hasBrackets
    self.start = start
    self.lastDigit = lastDigit
    self.firstInnerPlus = firstInnerPlus
  }

  /// For simple text: `isViablePhoneNumber` on it (after its trailing
  /// non-digits go): two digits alone, or at least three with only
  /// punctuation around them; a plus past the leading ones is neither.
  var isViableSimpleText: Bool {
    isViableSimpleText(lastDigit: lastDigit, digitCount: digitCount)
  }

  /// `isViableSimpleText` for the simple text that ends with the digit at
  /// `lastDigit` and holds the first `digitCount` digits.
  func isViableSimpleText(lastDigit: Int, digitCount: Int) -> Bool {
    let count = start >= 0 && lastDigit >= start ? lastDigit - start + 1 : 0
    return count >= 2 && ((count == 2 && digitCount == 2) || (digitCount >= 3 && firstInnerPlus > lastDigit))
  }

  /// For a candidate written as simple text of three digits or more, then
  /// an `ext` label and the extension's digits (`020 7946 0958 ext. 12`:
  /// the simple text's last digit, spaces, `ext` in any ASCII case, an
  /// optional `.`, spaces, one to twenty digits to the end): how many of
  /// the gathered digits are the extension's; nil for any other candidate.
  ///
  /// The parser reads such a candidate as its simple text with that
  /// extension: the extension's digits are the last run of digits, and
  /// its label part fits right after the last digit before them, the
  /// earliest place it can start. The whole is viable when the simple
  /// text is, by its three digits or more (spaces, letters, dots and
  /// digits may all follow those), and the parser takes the extension
  /// only when the simple text is viable: asked here too, and otherwise
  /// the general path decides.
  func labelledExtensionDigits(_ candidate: UnsafeBufferPointer<Unicode.Scalar>) -> Int? {
    var index = candidate.count
    while index > 0 && MatcherCharacters.isDigit(candidate[index - 1]) { index -= 1 }
    let extensionDigits = candidate.count - index
    guard extensionDigits >= 1 && extensionDigits <= 20 else { return nil }
    while index > 0 && candidate[index - 1] == " " { index -= 1 }
    if index > 0 && candidate[index - 1] == "." { index -= 1 }
    guard index > 3,
      candidate[index - 1] == "t" || candidate[index - 1] == "T",
      candidate[index - 2] == "x" || candidate[index - 2] == "X",
      candidate[index - 3] == "e" || candidate[index - 3] == "E"
    else { return nil }
    index -= 3
    while index > 0 && candidate[index - 1] == " " { index -= 1 }
    // The simple text: ending with a digit, viable with three digits or
    // more, and simple all along (ASCII digits, `+`, simple punctuation;
    // checked here, not in the shape's loop, which only this path asks).
    let simpleDigits = digitCount - extensionDigits
    guard index > 0, MatcherCharacters.isDigit(candidate[index - 1]), simpleDigits >= 3,
      isViableSimpleText(lastDigit: index - 1, digitCount: simpleDigits)
    else { return nil }
    for scalar in candidate[..<index] {
      let value = scalar.value
      guard
        value &- 0x30 < 10 || value == 0x2B
          || (value < 64 && Self.simplePunctuation >> UInt64(value) & 1 != 0)
      else { return nil }
    }
    return extensionDigits
  }

  /// Space, `(`, `)`, `-`, `.` and `/`: the parser's simple punctuation.
  private static let simplePunctuation: UInt64 =
    1 << 0x20 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2D | 1 << 0x2E | 1 << 0x2F
}

/// The prechecks by region, each worked out on its first use and then
/// shared read-only (`LazyReference` per region, so lookups need no lock).
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
  private let slots: [LazyReference<RegionPrecheck>]
  /// No default region: only numbers written internationally.
  private let noRegion = RegionPrecheck(region: nil, CandidatePrecheck(hasRegion: false, minimumDigits: 0))

  private init() {
    slots = (0..<RegionCode.letterPairCount).map { _ in LazyReference<RegionPrecheck>() }
  }

  func precheck(for region: RegionCode?) -> RegionPrecheck {
    guard let region else { return noRegion }
    guard let slot = region.letterPairIndex else {
      return RegionPrecheck(region: region, CandidatePrecheck.computed(for: region))
    }
    return slots[slot].loadOrMake { RegionPrecheck(region: region, CandidatePrecheck.computed(for: region)) }
  }

}
