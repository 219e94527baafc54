/// The leniency checks of libphonenumber's matcher for one parsed
/// candidate: validity, the `x` characters, the national prefix, slashes,
/// and how the digits are grouped.
struct MatchVerification {
  let number: PhoneNumber
  let source: CountryCodeSource
  /// The candidate as found (digits folded to ASCII).
  let candidate: UnsafeBufferPointer<Unicode.Scalar>

  private var store: PhoneMetadataStore { .shared }

  func accepts(_ leniency: PhoneNumberLeniency) -> Bool {
    switch leniency {
    case .possible:
      // `number.isPossible`, reading the main metadata by its record (no
      // region look-up by name).
      let length = number.nationalNumber.utf8.count
      return store.withMainMetadata(countryCode: number.countryCode) {
        $0.lengthCheck(length, type: .unknown).isPossible
      } ?? false
    case .valid:
      return number.isValid && containsOnlyValidXCharacters && isNationalPrefixPresentIfRequired
    case .strictGrouping, .exactGrouping:
      guard
        number.isValid && containsOnlyValidXCharacters && !containsMoreThanOneSlashInNationalNumber
          && isNationalPrefixPresentIfRequired
      else { return false }
      return isGroupingValid(exact: leniency == .exactGrouping)
    }
  }

  // MARK: - x characters

  /// An `x` is an extension sign (then only the extension's digits follow)
  /// or, doubled, a carrier code's (then the national number follows). A
  /// final `x` is ignored.
  var containsOnlyValidXCharacters: Bool {
    var index = 0
    while index < candidate.count - 1 {
      if isX(candidate[index]) {
        if isX(candidate[index + 1]) {
          index += 1
          guard isNationalNumberMatch(UnsafeBufferPointer(rebasing: candidate[index...])) else {
            return false
          }
        } else if Self.digits(UnsafeBufferPointer(rebasing: candidate[index...])) != number.numberExtension {
          return false
        }
      }
      index += 1
    }
    return true
  }

  private func isX(_ scalar: Unicode.Scalar) -> Bool { scalar == "x" || scalar == "X" }

  /// Whether `is_number_match(number, text)` is `NSN_MATCH`: the text has no
  /// country code of its own, and read in the number's region it is the number.
  private func isNationalNumberMatch(_ text: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
    let string = PhoneNumberScanner.string(text)
    do {
      _ = try PhoneNumberParser.parse(string, region: nil)
      // A country code of its own: an exact match at best, never NSN_MATCH.
      return false
    } catch {
      guard error.code == .invalidCountryCode else { return false }
    }
    guard let region = store.mainRegion(countryCode: number.countryCode), region != .nonGeographic,
      let other = try? PhoneNumberParser.parse(string, region: region)
    else { return false }
    return other == number
  }

  /// The ASCII digits of `text`.
  static func digits(_ text: UnsafeBufferPointer<Unicode.Scalar>) -> String {
    var digits = String.UnicodeScalarView()
    for scalar in text where MatcherCharacters.isDigit(scalar) { digits.append(scalar) }
    return String(digits)
  }

  // MARK: - National prefix

  /// A number written nationally has its national prefix when its
  /// format's rule writes one that is not optional.
  var isNationalPrefixPresentIfRequired: Bool {
    guard source == .fromDefaultCountry else { return true }
    let candidate = candidate
    let present = store.withMainMetadata(countryCode: number.countryCode) { metadata -> Bool in
      number.withNationalDigits { nationalDigits -> Bool in
        guard let format = metadata.chooseFormat(for: .national, nationalDigits),
          let rule = format.nationalPrefixFormattingRule, !rule.isEmpty
        else { return true }
        if format.nationalPrefixOptionalWhenFormatting || Self.isFirstGroupOnly(rule) { return true }
        // The candidate's digits, gathered in place (no string).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: candidate.count) { raw in
          var count = 0
          for scalar in candidate where MatcherCharacters.isDigit(scalar) {
            raw[count] = UInt8(truncatingIfNeeded: scalar.value)
            count += 1
          }
          return metadata.nationalPrefixStrip(UnsafeBufferPointer(rebasing: raw[..<count])) != nil
        }
      }
    }
    return present ?? true
  }

  /// `\(?\$1\)?` exactly: a rule that writes only the first group.
  private static func isFirstGroupOnly(_ rule: String) -> Bool {
    rule == "$1" || rule == "($1)" || rule == "($1" || rule == "$1)"
  }

  // MARK: - Slashes

  /// More than one `/` in the national number (a slash right after a
  /// written country code does not count).
  var containsMoreThanOneSlashInNationalNumber: Bool {
    guard let first = candidate.firstIndex(of: "/") else { return false }
    guard let second = candidate[(first + 1)...].firstIndex(of: "/") else { return false }
    let hasCountryCode = source == .fromNumberWithPlusSign || source == .fromNumberWithoutPlusSign
    if hasCountryCode
      && Self.digits(UnsafeBufferPointer(rebasing: candidate[..<first])) == String(number.countryCode)
    {
      return candidate[(second + 1)...].contains("/")
    }
    return true
  }

  // MARK: - Grouping

  // The grouping checks compare digits only (the formats' layouts hold
  // ASCII digits and separators alone), so they work on bytes: ASCII as
  // is, any other scalar as 0xFF, which is no digit and matches no group.

  /// Whether the candidate's digit groups fit the number's format, or one
  /// of its country code's alternate formats.
  func isGroupingValid(exact: Bool) -> Bool {
    let normalized = [UInt8](unsafeUninitializedCapacity: candidate.count) { bytes, count in
      for (index, scalar) in candidate.enumerated() {
        bytes[index] = scalar.value < 0x80 ? UInt8(truncatingIfNeeded: scalar.value) : 0xFF
      }
      count = candidate.count
    }
    let national = number.withNationalDigits { Array($0) }
    if fits(normalized, nationalGroups(), national: national, exact: exact) { return true }
    let alternates = AlternateFormatStore.shared.formats(countryCode: number.countryCode)
    guard !alternates.isEmpty else { return false }
    return number.withNationalDigits { digits in
      for format in alternates {
        if let leading = format.leadingDigitsPatterns.first, !leading.matchesPrefix(digits) { continue }
        let replaced = PhoneNumberBytes.string(
          capacity: format.layout.outputCapacity(inputCount: digits.count)
        ) { output in
          format.replaceMatches(in: digits, with: format.layout, into: &output)
        }
        let formatted = Array(PhoneNumber.rfc3966Separators(replaced).utf8)
        if fits(normalized, Self.split(formatted[...]), national: national, exact: exact) { return true }
      }
      return false
    }
  }

  private func fits(_ normalized: [UInt8], _ groups: [ArraySlice<UInt8>], national: [UInt8], exact: Bool)
    -> Bool
  {
    exact
      ? allGroupsAreExactlyPresent(normalized, groups, national: national)
      : allGroupsRemainGrouped(normalized, groups, national: national)
  }

  /// The national number's groups as the RFC 3966 format writes them:
  /// the international format's grouping (its chosen rule's layout filled
  /// in, or the digits when no rule fits) split at its separator runs, a
  /// leading run dropped and a trailing one leaving an empty last group.
  /// Worked out from the rule directly; the whole RFC 3966 text only when
  /// the layout writes something other than ASCII.
  private func nationalGroups() -> [ArraySlice<UInt8>] {
    let direct = store.withMainMetadata(countryCode: number.countryCode) { metadata -> [UInt8]? in
      number.withNationalDigits { digits -> [UInt8]? in
        guard let chosen = metadata.chooseFormat(for: .international, digits) else { return Array(digits) }
        var grouping = PhoneNumberBytes.string(
          capacity: chosen.layout.outputCapacity(inputCount: digits.count)
        ) { output in
          chosen.replaceWholeMatch(in: digits, with: chosen.layout, into: &output)
        }
        return grouping.withUTF8 { grouping -> [UInt8]? in
          guard grouping.allSatisfy({ $0 < 0x80 }) else { return nil }
          return [UInt8](unsafeUninitializedCapacity: grouping.count + 1) { bytes, count in
            var inSeparator = false
            for byte in grouping {
              if byte &- 0x30 >= 10 && PhoneCharacters.isSeparator(Unicode.Scalar(byte)) {
                inSeparator = true
                continue
              }
              if inSeparator && count > 0 {
                bytes[count] = UInt8(ascii: "-")
                count += 1
              }
              inSeparator = false
              bytes[count] = byte
              count += 1
            }
            if inSeparator && count > 0 {
              bytes[count] = UInt8(ascii: "-")
              count += 1
            }
          }
        }
      }
    }
    if let direct, let direct { return Self.split(direct[...]) }
    return rfc3966Groups()
  }

  /// ``nationalGroups()`` through the whole RFC 3966 text.
  private func rfc3966Groups() -> [ArraySlice<UInt8>] {
    let formatted = Array(number.formatted(.rfc3966).utf8)
    let end = formatted.firstIndex(of: UInt8(ascii: ";")) ?? formatted.count
    let start = (formatted.firstIndex(of: UInt8(ascii: "-")) ?? -1) + 1
    guard start <= end else { return [[]] }
    return Self.split(formatted[start..<end])
  }

  /// `text` split at each `-` (empty pieces kept), by hand: the generic
  /// `split` costs more than the check it serves.
  private static func split(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    var groups: [ArraySlice<UInt8>] = []
    groups.reserveCapacity(8)
    var start = text.startIndex
    var index = start
    while index < text.endIndex {
      if text[index] == UInt8(ascii: "-") {
        groups.append(text[start..<index])
        start = index + 1
      }
      index += 1
    }
    groups.append(text[start..<text.endIndex])
    return groups
  }

  /// Python's `str.find(needle, start)`.
  private static func find<Needle: Collection<UInt8>>(
    _ needle: Needle, in haystack: ArraySlice<UInt8>, from start: Int
  )
    -> Int
  {
    let base = haystack.startIndex
    guard start <= haystack.count else { return -1 }
    guard let first = needle.first else { return start }
    guard haystack.count >= needle.count else { return -1 }
    var index = base + start
    while index + needle.count <= haystack.endIndex {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
        return index - base
      }
      index += 1
    }
    return -1
  }

  /// Each expected group appears, in order, unbroken; after the first
  /// (the area code) comes punctuation, unless the number is one block.
  private func allGroupsRemainGrouped(_ normalized: [UInt8], _ groups: [ArraySlice<UInt8>], national: [UInt8])
    -> Bool
  {
    let haystack = normalized[...]
    var from = 0
    if source != .fromDefaultCountry {
      let code = Array(String(number.countryCode).utf8)
      from = Self.find(code, in: haystack, from: 0) + code.count
    }
    for (index, group) in groups.enumerated() {
      from = Self.find(group, in: haystack, from: from)
      if from < 0 { return false }
      from += group.count
      if index == 0 && from < normalized.count {
        let hasNationalPrefix =
          store.mainRegion(countryCode: number.countryCode).flatMap { region -> Bool? in
            guard region != .nonGeographic, let metadata = store.metadata(for: region) else { return nil }
            return !(metadata.nationalPrefix ?? "").isEmpty
          } ?? false
        if hasNationalPrefix && normalized[from] &- 0x30 < 10 {
          return normalized[(from - group.count)...].starts(with: national)
        }
      }
    }
    // The extension must not have been used up by the last group.
    guard let numberExtension = number.numberExtension, !numberExtension.isEmpty else { return true }
    guard from <= normalized.count else { return false }
    return Self.find(Array(numberExtension.utf8), in: normalized[from...], from: 0) >= 0
  }

  /// The candidate's digit blocks are the expected groups, from the end,
  /// the first one possibly after a prefix; or the national number is one
  /// block.
  private func allGroupsAreExactlyPresent(
    _ normalized: [UInt8], _ groups: [ArraySlice<UInt8>], national: [UInt8]
  ) -> Bool {
    // `re.split(\D+)`: the pieces between maximal runs of non-digits (an
    // empty one at either end when the text starts or ends with a run).
    var candidateGroups: [ArraySlice<UInt8>] = []
    candidateGroups.reserveCapacity(8)
    var groupStart = 0
    var index = 0
    while index < normalized.count {
      if normalized[index] &- 0x30 < 10 {
        index += 1
        continue
      }
      candidateGroups.append(normalized[groupStart..<index])
      while index < normalized.count && normalized[index] &- 0x30 >= 10 { index += 1 }
      groupStart = index
    }
    candidateGroups.append(normalized[groupStart..<normalized.count])
    var candidateIndex = candidateGroups.count - (number.numberExtension != nil ? 2 : 1)
    if candidateGroups.count == 1
      || Self.find(national, in: candidateGroups[candidateIndex], from: 0) >= 0
    {
      return true
    }
    var groupIndex = groups.count - 1
    while groupIndex > 0 && candidateIndex >= 0 {
      if !candidateGroups[candidateIndex].elementsEqual(groups[groupIndex]) { return false }
      groupIndex -= 1
      candidateIndex -= 1
    }
    return candidateIndex >= 0
      && candidateGroups[candidateIndex].reversed().starts(with: groups[0].reversed())
  }
}
