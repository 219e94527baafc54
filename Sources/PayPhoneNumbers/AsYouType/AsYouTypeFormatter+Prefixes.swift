/// Recognising what comes before the national number: a `+` or an
/// international prefix, the country code after it, a national prefix or
/// carrier code.
extension AsYouTypeFormatter {
  /// Where an international prefix ends in the dialled digits (1 after a
  /// `+`), nil when they do not start with one.
  func internationalPrefixEnd() -> Int? {
    if dialled.first == Self.plus { return 1 }
    switch rules.internationalPrefix {
    case .never:
      return nil
    case .absent:
      return 0
    case .pattern(let pattern):
      return dialled.withUnsafeBufferPointer { pattern.prefixMatch(Self.leadingDigits($0))?.end }
    }
  }

  /// Moves the international prefix into `prefix` (a typed prefix gets a
  /// space after it, `+` does not) and the rest into the national number.
  mutating func takeInternationalPrefix(end: Int) {
    isCompleteNumber = true
    awaitedNationalCount = -1
    if let offset = nationalOffset, offset >= end {
      // The national number is still the dialled digits from `offset` on:
      // put back the few before it instead of copying them all again.
      national.prepend(contentsOf: dialled[end..<offset])
    } else {
      national.removeAll()
      national.append(contentsOf: dialled[end...])
    }
    nationalOffset = end
    prefix.removeAll(keepingCapacity: true)
    prefix.append(contentsOf: dialled[..<end])
    if dialled.first != Self.plus { prefix.append(Self.space) }
  }

  /// Takes a country code (1 to 3 digits, the first one assigned) from the
  /// start of the national number into `prefix`, and switches to its
  /// region's rules. False when the digits start no country code yet.
  mutating func extractCountryCode() -> Bool {
    guard
      let (code, length) = Self.withLeadingDigits(
        of: national, { PhoneMetadataStore.shared.leadingCountryCode($0) })
    else { return false }
    national.removeFirst(length)
    nationalOffset? += length
    rules = AsYouTypeRules.Store.shared.rules(forCountryCode: code)
    prefix.append(contentsOf: String(code).utf8)
    prefix.append(Self.space)
    extractedNationalPrefix.removeAll(keepingCapacity: true)
    return true
  }

  /// Takes a national prefix (or NANPA's `1`) from the start of the
  /// national number into `prefix` and returns it; empty when there is
  /// none.
  mutating func removeNationalPrefix() -> [UInt8] {
    var length = 0
    if rules.countryCode == 1, national.count >= 2, national[0] == UInt8(ascii: "1"),
      national[1] != UInt8(ascii: "0"), national[1] != UInt8(ascii: "1")
    {
      // NANPA numbers never start with 1 after the prefix; 10 and 11 start
      // short codes, which take no prefix.
      length = 1
      prefix.append(contentsOf: [UInt8(ascii: "1"), Self.space])
      isCompleteNumber = true
    } else if let pattern = rules.nationalPrefixForParsing,
      let end = Self.withLeadingDigits(of: national, { pattern.prefixMatch($0)?.end }), end > 0
    {
      // The pattern may match nothing: only a prefix actually there counts.
      isCompleteNumber = true
      length = end
      prefix.append(contentsOf: national[..<end])
    }
    guard length > 0 else { return [] }
    let removed = Array(national[..<length])
    national.removeFirst(length)
    nationalOffset? += length
    return removed
  }

  /// Puts the national prefix taken earlier back and tries again, as some
  /// national prefixes start others. True when a different prefix comes
  /// out (libphonenumber keeps the earlier one on record regardless).
  mutating func extractLongerNationalPrefix() -> Bool {
    if !extractedNationalPrefix.isEmpty {
      national.prepend(contentsOf: extractedNationalPrefix)
      let count = extractedNationalPrefix.count
      if let offset = nationalOffset, offset >= count,
        dialled[(offset - count)..<offset].elementsEqual(extractedNationalPrefix)
      {
        nationalOffset = offset - count
      } else {
        nationalOffset = nil
      }
      // Cut `prefix` where the earlier national prefix last starts (the
      // whole last character when it is not there, as Python's slicing
      // with -1 does).
      let cut = Self.lastStart(of: extractedNationalPrefix, in: prefix) ?? max(prefix.count - 1, 0)
      prefix.removeSubrange(cut...)
    }
    return removeNationalPrefix() != extractedNationalPrefix
  }

  static func lastStart(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    var start = haystack.count - needle.count
    while start >= 0 {
      if haystack[start..<start + needle.count].elementsEqual(needle) { return start }
      start -= 1
    }
    return nil
  }

  /// Runs `body` over the ASCII digits `digits` starts with
  /// (``leadingDigits(_:)``).
  static func withLeadingDigits<Result>(
    of digits: DigitQueue, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    digits.withUnsafeBufferPointer { buffer in body(leadingDigits(buffer)) }
  }

  /// The ASCII digits `buffer` starts with: patterns take digits only, and
  /// a match cannot reach past a non-digit anyway.
  ///
  /// The dialled digits and the national number hold ASCII digits only,
  /// but for a plus (`+` or the fullwidth one, the first key) at their very
  /// start: so they start with no digit at all, or are digits throughout —
  /// found in O(1), whatever their length.
  static func leadingDigits(_ buffer: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let first = buffer.first, first >= 0x30 && first <= 0x39 else {
      return UnsafeBufferPointer(rebasing: buffer[..<0])
    }
    return buffer
  }
}
