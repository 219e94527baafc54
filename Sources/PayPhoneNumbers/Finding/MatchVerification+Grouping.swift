/// The leniencies' grouping checks: whether the candidate's digit groups
/// fit the number's format (`STRICT_GROUPING`, `EXACT_GROUPING`).
extension MatchVerification {
  // The grouping checks compare digits only (the formats' layouts hold
  // ASCII digits and separators alone), so they work on bytes: ASCII as
  // is, any other scalar as 0xFF, which is no digit and matches no group.
  // Their buffers are temporary (on the stack): a group is a range of a
  // text, and no array is made per candidate.

  typealias Bytes = UnsafeBufferPointer<UInt8>

  /// Groups of digits: pieces of one text, in order.
  struct Groups {
    let text: Bytes
    let ranges: UnsafeBufferPointer<Range<Int>>

    var count: Int { ranges.count }

    subscript(index: Int) -> Bytes { Bytes(rebasing: text[ranges[index]]) }
  }

  /// Whether the candidate's digit groups fit the number's format, or one
  /// of its country code's alternate formats.
  func isGroupingValid(exact: Bool) -> Bool {
    let number = number
    let countryCode = number.countryCode
    let source = source
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: candidate.count) { buffer in
      for index in candidate.indices {
        let value = candidate[index].value
        buffer[index] = value < 0x80 ? UInt8(truncatingIfNeeded: value) : 0xFF
      }
      return number.extensionDigits.withUTF8 { extensionDigits in
        number.withNationalDigits { national in
          // Plain values only: the check is copied for nothing.
          let check = GroupingCheck(
            normalized: Bytes(buffer), national: national, countryCode: countryCode, source: source,
            numberExtension: extensionDigits.isEmpty ? nil : extensionDigits, exact: exact)
          if Self.nationalGroupsFit(number, national, check) { return true }
          return Self.alternateGroupsFit(countryCode, national, check)
        }
      }
    }
  }

  /// Whether the main region of `countryCode` has a national prefix (a
  /// non-geographic entity has none).
  fileprivate static func hasNationalPrefix(countryCode: Int) -> Bool {
    let store = PhoneMetadataStore.shared
    guard let region = store.mainRegion(countryCode: countryCode), region != .nonGeographic else {
      return false
    }
    return store.withMainMetadata(countryCode: countryCode) { !($0.nationalPrefix ?? "").isEmpty } ?? false
  }

  /// Whether the groups of one of the country code's alternate formats fit.
  private static func alternateGroupsFit(_ countryCode: Int, _ national: Bytes, _ check: GroupingCheck)
    -> Bool
  {
    for format in AlternateFormatStore.shared.formats(countryCode: countryCode) {
      if let leading = format.leadingDigitsPatterns.first, !leading.matchesPrefix(national) { continue }
      let fits = UTF8Writer.bytes(
        capacity: format.layout.outputCapacity(inputCount: national.count),
        { grouping in groupsFit(splitting: grouping, check) },
        { output in
          format.layout.apply(format.pattern, to: national, into: &output)
          output.rewrite(from: 0, PhoneNumber.rfc3966Separators)
        })
      if fits { return true }
    }
    return false
  }

  /// Whether the national number's groups as the RFC 3966 format writes
  /// them fit: the international format's grouping (its chosen rule's
  /// layout filled in, or the digits when no rule fits) split at its
  /// separator runs, a leading run dropped and a trailing one leaving an
  /// empty last group. Worked out from the rule directly, in a temporary
  /// buffer; through the whole RFC 3966 text only when the layout writes
  /// something other than ASCII.
  private static func nationalGroupsFit(_ number: PhoneNumber, _ digits: Bytes, _ check: GroupingCheck)
    -> Bool
  {
    let direct = PhoneMetadataStore.shared.withMainMetadata(countryCode: number.countryCode) {
      metadata -> Bool? in
      guard let chosen = metadata.chooseFormat(for: .international, digits) else {
        return groupsFit(splitting: digits, check)
      }
      return UTF8Writer.bytes(
        capacity: chosen.groupingCapacity(in: .international, inputCount: digits.count),
        { grouping -> Bool? in separatedGroupsFit(grouping, check) }
      ) { output in
        chosen.appendGrouping(of: digits, in: .international, into: &output)
      }
    }
    if let direct, let direct { return direct }
    // Through the whole RFC 3966 text: the part between the country
    // code's `-` and the extension's `;`.
    var formatted = number.formatted(.rfc3966)
    return formatted.withUTF8 { text in
      let end = text.firstIndex(of: UInt8(ascii: ";")) ?? text.count
      let start = (text.firstIndex(of: UInt8(ascii: "-")) ?? -1) + 1
      // One empty group when there is no such part.
      let part = start <= end ? start..<end : 0..<0
      return groupsFit(splitting: Bytes(rebasing: text[part]), check)
    }
  }

  /// Whether the groups of a filled-in layout fit: the runs between its
  /// separator runs (a leading run dropped, a trailing one leaving an
  /// empty last group; one empty group when there is nothing else), as
  /// ranges of the layout's bytes. Nil when it holds a byte past ASCII.
  private static func separatedGroupsFit(_ grouping: Bytes, _ check: GroupingCheck) -> Bool? {
    withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: grouping.count + 1) { ranges -> Bool? in
      var count = 0
      var start = -1
      var endsInSeparator = false
      for index in 0..<grouping.count {
        let byte = grouping[index]
        if byte &- 0x30 < 10 {
          if start < 0 { start = index }
          endsInSeparator = false
          continue
        }
        guard byte < 0x80 else { return nil }
        if PhoneCharacters.isSeparator(Unicode.Scalar(byte)) {
          if start >= 0 {
            ranges[count] = start..<index
            count += 1
            start = -1
            endsInSeparator = true
          }
          continue
        }
        if start < 0 { start = index }
        endsInSeparator = false
      }
      if start >= 0 {
        ranges[count] = start..<grouping.count
        count += 1
      } else if endsInSeparator || count == 0 {
        ranges[count] = grouping.count..<grouping.count
        count += 1
      }
      return check.fits(Groups(text: grouping, ranges: UnsafeBufferPointer(rebasing: ranges[..<count])))
    }
  }

  /// Whether the groups of `text` split at each `-` (empty pieces kept) fit.
  private static func groupsFit(splitting text: Bytes, _ check: GroupingCheck) -> Bool {
    withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: text.count + 1) { ranges in
      var count = 0
      var start = 0
      for index in 0..<text.count where text[index] == UInt8(ascii: "-") {
        ranges[count] = start..<index
        count += 1
        start = index + 1
      }
      ranges[count] = start..<text.count
      count += 1
      return check.fits(Groups(text: text, ranges: UnsafeBufferPointer(rebasing: ranges[..<count])))
    }
  }

  /// The candidate's and the number's digits, compared by group.
  struct GroupingCheck {
    /// The candidate's bytes (0xFF for any scalar past ASCII).
    let normalized: Bytes
    let national: Bytes
    let countryCode: Int
    let source: CountryCodeSource
    /// The extension's digits, nil without one.
    let numberExtension: Bytes?
    let exact: Bool

    func fits(_ groups: Groups) -> Bool {
      exact ? allGroupsAreExactlyPresent(groups) : allGroupsRemainGrouped(groups)
    }

    /// Each expected group appears, in order, unbroken; after the first
    /// (the area code) comes punctuation, unless the number is one block.
    private func allGroupsRemainGrouped(_ groups: Groups) -> Bool {
      var from = 0
      if source != .fromDefaultCountry {
        // The country code's decimal digits (one to three: a small string).
        var code = String(countryCode)
        from = code.withUTF8 { code in MatchVerification.find(code, in: normalized, from: 0) + code.count }
      }
      for index in 0..<groups.count {
        let group = groups[index]
        from = MatchVerification.find(group, in: normalized, from: from)
        if from < 0 { return false }
        from += group.count
        if index == 0 && from < normalized.count {
          // The national prefix is looked up only for a digit there.
          if normalized[from] &- 0x30 < 10 && MatchVerification.hasNationalPrefix(countryCode: countryCode) {
            return Bytes(rebasing: normalized[(from - group.count)...]).starts(with: national)
          }
        }
      }
      // The extension must not have been used up by the last group.
      guard let numberExtension, !numberExtension.isEmpty else { return true }
      guard from <= normalized.count else { return false }
      return MatchVerification.find(numberExtension, in: Bytes(rebasing: normalized[from...]), from: 0) >= 0
    }

    /// The candidate's digit blocks are the expected groups, from the end,
    /// the first one possibly after a prefix; or the national number is one
    /// block.
    private func allGroupsAreExactlyPresent(_ groups: Groups) -> Bool {
      // `re.split(\D+)`: the pieces between maximal runs of non-digits (an
      // empty one at either end when the text starts or ends with a run).
      withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: normalized.count + 2) { pieces in
        var count = 0
        var groupStart = 0
        var index = 0
        while index < normalized.count {
          if normalized[index] &- 0x30 < 10 {
            index += 1
            continue
          }
          pieces[count] = groupStart..<index
          count += 1
          while index < normalized.count && normalized[index] &- 0x30 >= 10 { index += 1 }
          groupStart = index
        }
        pieces[count] = groupStart..<normalized.count
        count += 1
        let candidateGroups = Groups(
          text: normalized, ranges: UnsafeBufferPointer(rebasing: pieces[..<count]))
        var candidateIndex = count - (numberExtension != nil ? 2 : 1)
        if count == 1 || MatchVerification.find(national, in: candidateGroups[candidateIndex], from: 0) >= 0 {
          return true
        }
        var groupIndex = groups.count - 1
        while groupIndex > 0 && candidateIndex >= 0 {
          let expected = groups[groupIndex]
          let piece = candidateGroups[candidateIndex]
          if piece.count != expected.count || !MatchVerification.isEqual(expected, piece, at: 0) {
            return false
          }
          groupIndex -= 1
          candidateIndex -= 1
        }
        guard candidateIndex >= 0 else { return false }
        // The first expected group ends the candidate's piece.
        let piece = candidateGroups[candidateIndex]
        let first = groups[0]
        return piece.count >= first.count
          && MatchVerification.isEqual(first, piece, at: piece.count - first.count)
      }
    }
  }

  /// Python's `str.find(needle, start)`.
  fileprivate static func find(_ needle: Bytes, in haystack: Bytes, from start: Int) -> Int {
    guard start <= haystack.count else { return -1 }
    guard let first = needle.first else { return start }
    guard haystack.count >= needle.count else { return -1 }
    var index = start
    while index + needle.count <= haystack.count {
      if haystack[index] == first && isEqual(needle, haystack, at: index) { return index }
      index += 1
    }
    return -1
  }

  /// Whether `needle` is in `haystack` at `position` (it fits there).
  @inline(__always)
  fileprivate static func isEqual(_ needle: Bytes, _ haystack: Bytes, at position: Int) -> Bool {
    var offset = 0
    while offset < needle.count {
      if needle[offset] != haystack[position + offset] { return false }
      offset += 1
    }
    return true
  }

}
