@_spi(PayPhoneInternal) internal import PayPhoneCore

/// What the hot paths read of a region, in a few contiguous arrays so that
/// classifying and formatting a number touch few cache lines: for each
/// number type its automaton and the lengths it allows, for each format its
/// two automata, and the two-digit candidate filters (``PrefixCandidates``).
///
/// Derived from the region's descriptions and formats (which stay the
/// reference); the automata are shared with them, not copied.
struct RegionTables: Sendable {
  /// The automaton of each description's pattern, by `Kind.rawValue`
  /// (one entry per kind, checked when built: read unchecked).
  let typeAutomata: GeneratedTable<DigitPattern?>
  /// Per national-number length 0...62: bit k when description k allows
  /// that length (`NumberDescription.matches` before the pattern) and its
  /// pattern matches some input of it. Longer numbers match no description.
  /// 63 entries, checked when built: read unchecked.
  let typeLengths: GeneratedTable<UInt32>
  /// Which descriptions can match, by first two digits.
  let typeCandidates: PrefixCandidates?
  /// Whether every type a number is classified into implies the general
  /// description (its pattern and lengths include the type's): then the
  /// general description need not be checked first, as a type's match
  /// implies it and no match means unknown either way.
  let generalIsImplied: Bool
  let formats: Formats
  /// Empty when the international formats are the national ones.
  let internationalFormats: Formats
  /// For each national format, the international format the same number
  /// chooses when that national one is chosen: -2 when the international
  /// list must be searched (see ``internationalRules(_:_:)``).
  let internationalRules: [Int16]
  /// `lengthCheck(length)` of the general type, by length 0...63.
  let lengthChecks: [PhoneNumberPossibility]

  /// One list of formats: what `choose` reads of each (its automata and
  /// the lengths its pattern matches), and the first-two-digit filter.
  final class Formats: Sendable {
    struct Entry: Sendable {
      let leadingDigits: DigitPattern?
      let pattern: DigitPattern
      /// The lengths below 64 the pattern matches some number of.
      let lengths: UInt64
    }

    let entries: [Entry]
    let candidates: PrefixCandidates?

    init(_ formats: [NumberFormat]) {
      entries = formats.map { format in
        Entry(
          leadingDigits: format.decidingLeadingDigits, pattern: format.pattern,
          lengths: format.pattern.storage.acceptedLengths)
      }
      candidates = PrefixCandidates(count: formats.count) { index, first, second in
        let format = formats[index]
        if let leading = format.decidingLeadingDigits,
          !leading.storage.mayMatchPrefix(startingWith: first, second)
        {
          return false
        }
        return format.pattern.storage.mayMatchEntirely(startingWith: first, second)
      }
    }

    /// libphonenumber's `chooseFormattingPatternForNumber` over these
    /// formats, as an index: the first whose deciding leading digits start
    /// `digits` and whose pattern matches them all, trying only the formats
    /// the filter allows.
    func choose(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
      entries.withUnsafeBufferPointer { entries in
        // The pattern cannot match a number of a length it has no input of.
        let length: UInt64 = digits.count < 64 ? 1 << UInt64(digits.count) : ~0
        func accepts(_ entry: Entry) -> Bool {
          (digits.count >= 64 || entry.lengths & length != 0)
            && entry.leadingDigits?.matchesPrefix(digits) != false && entry.pattern.matchesEntirely(digits)
        }
        guard let candidates else { return entries.firstIndex(where: accepts) }
        var mask = candidates.mask(for: digits)
        while mask != 0 {
          let index = mask.trailingZeroBitCount
          mask &= mask &- 1
          guard index < entries.count else { return nil }
          if accepts(entries[index]) { return index }
        }
        return nil
      }
    }
  }

  init(
    descriptions: [NumberDescription?], numberFormats: [NumberFormat],
    internationalNumberFormats: [NumberFormat]
  ) {
    // One entry per kind, whatever `descriptions` holds (lookups skip the
    // bounds check).
    typeAutomata = GeneratedTable(
      copying: NumberDescription.Kind.allCases.map { kind in
        descriptions.indices.contains(kind.rawValue) ? descriptions[kind.rawValue]?.pattern : nil
      })
    // A description whose pattern has no input of a length cannot match it.
    let patternLengths = descriptions.map { $0?.pattern?.storage.acceptedLengths ?? 0 }
    typeLengths = GeneratedTable(
      copying: (0..<63).map { length in
        var bits: UInt32 = 0
        for (kind, description) in descriptions.enumerated()
        where description?.allowsLength(length) == true && patternLengths[kind] & 1 << UInt64(length) != 0 {
          bits |= 1 << UInt32(kind)
        }
        return bits
      })
    // What the unchecked reads of `typeCandidates(for:)` and `matches`
    // rely on; both tables are made just above, so a failure is a bug here.
    precondition(
      typeAutomata.count == NumberDescription.Kind.allCases.count && typeLengths.count == 63,
      "region tables of the wrong size")
    typeCandidates = PrefixCandidates(count: descriptions.count) { index, first, second in
      descriptions[index]?.pattern?.storage.mayMatchEntirely(startingWith: first, second) ?? false
    }
    generalIsImplied = Self.generalIncludesTypes(descriptions)
    formats = Formats(numberFormats)
    internationalFormats = Formats(internationalNumberFormats)
    internationalRules = Self.internationalRules(numberFormats, internationalNumberFormats)
    lengthChecks = (0..<64).map { length in
      RegionMetadata.computedLengthCheck(length, type: .unknown, descriptions: descriptions)
    }
  }

  /// Which international format a number takes when national format i is
  /// its rule. Whether a format takes a number depends only on its pattern
  /// and leading digits; the international list is the national one less
  /// the formats with no international form, the rest with other layouts
  /// (libphonenumber builds it so). Matched in order, the international
  /// formats before the one matched to national format i are matched to
  /// national formats before i, which do not take the number: so the
  /// international choice is that one. National formats matched to none,
  /// and every one when the lists are not so related, say -2: search.
  static func internationalRules(_ national: [NumberFormat], _ international: [NumberFormat]) -> [Int16] {
    var rules = [Int16](repeating: -2, count: national.count)
    guard !international.isEmpty, international.count <= Int(Int16.max) else { return rules }
    func key(_ format: NumberFormat) -> [String] {
      [format.pattern.source] + format.leadingDigitsPatterns.map { $0.source }
    }
    var next = 0
    for (index, format) in international.enumerated() {
      let wanted = key(format)
      while next < national.count && key(national[next]) != wanted { next += 1 }
      guard next < national.count else { return [Int16](repeating: -2, count: national.count) }
      rules[next] = Int16(index)
      next += 1
    }
    return rules
  }

  /// Whether each type `numberType` consults matches only numbers the
  /// general description matches: its lengths among the general lengths,
  /// its pattern's language inside the general pattern's.
  private static func generalIncludesTypes(_ descriptions: [NumberDescription?]) -> Bool {
    guard let general = descriptions[NumberDescription.Kind.general.rawValue],
      let generalPattern = general.pattern
    else { return false }
    let consulted: [NumberDescription.Kind] = [
      .premiumRate, .tollFree, .sharedCost, .voip, .personalNumber, .pager, .uan, .voicemail, .fixedLine,
      .mobile,
    ]
    for kind in consulted {
      // A description without a pattern matches nothing.
      guard let description = descriptions[kind.rawValue], let pattern = description.pattern else { continue }
      for length in 0..<63 where description.allowsLength(length) && !general.allowsLength(length) {
        return false
      }
      guard pattern.storage.isIncluded(in: generalPattern.storage) else { return false }
    }
    return true
  }

  /// The descriptions (by `Kind.rawValue` bit) that may match `digits`: a
  /// pattern, the length allowed, the first two digits not ruled out.
  func typeCandidates(for digits: UnsafeBufferPointer<UInt8>) -> UInt32 {
    // 63 lengths (checked when built): no bounds check.
    guard digits.count < 63 else { return 0 }
    let lengths = typeLengths[unchecked: digits.count]
    return lengths & (typeCandidates?.mask(for: digits) ?? ~0)
  }

  /// Whether description `kind` (a bit of `candidates`) matches `digits`:
  /// `NumberDescription.matches`.
  @inline(__always)
  func matches(_ kind: NumberDescription.Kind, _ digits: UnsafeBufferPointer<UInt8>, candidates: UInt32)
    -> Bool
  {
    guard candidates & 1 << UInt32(kind.rawValue) != 0 else { return false }
    // One automaton per kind, always (checked when built): no bounds check.
    return typeAutomata[unchecked: kind.rawValue]?.matchesEntirely(digits) ?? false
  }
}
