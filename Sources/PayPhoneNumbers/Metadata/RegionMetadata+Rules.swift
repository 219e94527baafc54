/// The rules libphonenumber applies with one region's metadata: length
/// checks, national-prefix stripping and type classification.
extension RegionMetadata {
  /// libphonenumber's `testNumberLength` for a national number.
  func lengthCheck(_ length: Int, type: PhoneNumberType = .unknown) -> PhoneNumberPossibility {
    type == .unknown ? generalLengthCheck(length) : computedLengthCheck(length, type: type)
  }

  /// Whether libphonenumber keeps a national number stripped of its
  /// national prefix to `length` digits: unless that length is too short,
  /// local only or invalid.
  func keepsStrippedNumber(ofLength length: Int) -> Bool {
    switch generalLengthCheck(length) {
    case .tooShort, .possibleLocalOnly, .invalidLength: false
    default: true
    }
  }

  /// `lengthCheck(length)` (any type) for a hot path: the kept answer
  /// read in place, no call.
  @inline(__always)
  func generalLengthCheck(_ length: Int) -> PhoneNumberPossibility {
    guard length >= 0 && length < tables.lengthChecks.count else {
      return computedLengthCheck(length, type: .unknown)
    }
    return tables.lengthChecks[length]
  }

  /// `lengthCheck`, worked out from the lengths of the descriptions (the
  /// answers for the general type are kept in `tables` for the hot path).
  func computedLengthCheck(_ length: Int, type: PhoneNumberType) -> PhoneNumberPossibility {
    Self.computedLengthCheck(length, type: type, descriptions: descriptions)
  }

  static func computedLengthCheck(_ length: Int, type: PhoneNumberType, descriptions: [NumberDescription?])
    -> PhoneNumberPossibility
  {
    func described(_ kind: NumberDescription.Kind) -> NumberDescription? { descriptions[kind.rawValue] }
    let description = described(NumberDescription.Kind(type))
    if type == .fixedLineOrMobile && !(description?.hasPossibleNumberData ?? false) {
      return computedLengthCheck(length, type: .mobile, descriptions: descriptions)
    }
    // No numbers of this type here.
    guard let description else { return .invalidLength }
    let generalLengths = described(.general)?.possibleLengths ?? []
    var possible = description.possibleLengths.isEmpty ? generalLengths : description.possibleLengths
    var localOnly = description.localOnlyLengths
    if type == .fixedLineOrMobile, let mobile = described(.mobile), mobile.hasPossibleNumberData {
      possible = (possible + (mobile.possibleLengths.isEmpty ? generalLengths : mobile.possibleLengths))
        .sorted()
      localOnly = localOnly.isEmpty ? mobile.localOnlyLengths : (localOnly + mobile.localOnlyLengths).sorted()
    }
    if localOnly.contains(length) { return .possibleLocalOnly }
    guard let minimum = possible.first, let maximum = possible.last else { return .invalidLength }
    if minimum == length { return .possible }
    if minimum > length { return .tooShort }
    if maximum < length { return .tooLong }
    return possible.dropFirst().contains(length) ? .possible : .invalidLength
  }

  /// Whether the national number matches the general pattern (no length
  /// check), as libphonenumber's `matchNationalNumber`.
  func matchesGeneralPattern(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
    // A length the pattern has no input of: no match (the pattern's
    // lengths are kept below 64 only).
    if digits.count < 64 && generalPatternLengths >> UInt64(digits.count) & 1 == 0 { return false }
    return generalDescription?.pattern?.matchesEntirely(digits) ?? false
  }

  /// Where the digits after an international prefix start, or nil when the
  /// number does not start with one (a prefix followed by `0` does not
  /// count: no country code starts with 0).
  func internationalPrefixEnd(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let end = internationalPrefix?.prefixMatchEnd(digits) else { return nil }
    if end < digits.count && digits[end] == UInt8(ascii: "0") { return nil }
    return end
  }

  /// What stripping the national prefix leaves.
  enum NationalPrefixStrip {
    /// The digits from this offset on.
    case suffix(from: Int)
    /// New digits, from the transform rule.
    case transformed([UInt8])
  }

  /// libphonenumber's `maybeStripNationalPrefixAndCarrierCode`: the national
  /// number without its national prefix (transformed where the region says
  /// so), or nil when nothing should be stripped; without copying when the
  /// result is a suffix of `digits` (no transform rule applies).
  func nationalPrefixStrip(_ digits: UnsafeBufferPointer<UInt8>) -> NationalPrefixStrip? {
    guard !digits.isEmpty else { return nil }
    let end: Int
    if let rule = nationalPrefixTransformRule, !rule.isEmpty {
      guard let match = nationalPrefixForParsing?.prefixMatch(digits) else { return nil }
      // Stripping is refused only when it spoils a number the general
      // pattern took as it was.
      if match.groupCount > 0 && match.group(match.groupCount) != nil {
        let stripped = Self.expand(rule, match: match, in: digits) + digits[match.end...]
        let strippedIsViable = stripped.withUnsafeBufferPointer { matchesGeneralPattern($0) }
        if !strippedIsViable && matchesGeneralPattern(digits) { return nil }
        return .transformed(stripped)
      }
      end = match.end
    } else {
      // No rule (most regions): only where the prefix ends counts, and no
      // match with its groups is made.
      guard let matchEnd = nationalPrefixForParsing?.prefixMatchEnd(digits) else { return nil }
      end = matchEnd
    }
    if !matchesGeneralPattern(UnsafeBufferPointer(rebasing: digits[end...])) && matchesGeneralPattern(digits)
    {
      return nil
    }
    return .suffix(from: end)
  }

  /// Fills `$1`...`$9` in a replacement with the matched groups (an unset
  /// group gives nothing).
  static func expand(_ template: String, match: PatternMatch, in digits: UnsafeBufferPointer<UInt8>)
    -> [UInt8]
  {
    var output: [UInt8] = []
    var bytes = template.utf8.makeIterator()
    while let byte = bytes.next() {
      guard byte == UInt8(ascii: "$") else {
        output.append(byte)
        continue
      }
      guard let next = bytes.next() else {
        output.append(byte)
        break
      }
      if next >= 0x31 && next <= 0x39, let group = match.group(Int(next - 0x30)) {
        output.append(contentsOf: digits[group])
      } else if !(next >= 0x30 && next <= 0x39) {
        output.append(byte)
        output.append(next)
      }
    }
    return output
  }

  /// libphonenumber's `getNumberTypeHelper`, checking only the
  /// descriptions the length and the first two digits allow.
  func numberType(_ digits: UnsafeBufferPointer<UInt8>) -> PhoneNumberType {
    let tables = tables
    let candidates = tables.typeCandidates(for: digits)
    // Inlined: most kinds are ruled out by their candidate bit alone, which
    // is then a test and a branch rather than a call.
    @inline(__always)
    func matches(_ kind: NumberDescription.Kind) -> Bool {
      tables.matches(kind, digits, candidates: candidates)
    }
    guard tables.generalIsImplied || matches(.general) else { return .unknown }
    if matches(.premiumRate) { return .premiumRate }
    if matches(.tollFree) { return .tollFree }
    if matches(.sharedCost) { return .sharedCost }
    if matches(.voip) { return .voip }
    if matches(.personalNumber) { return .personalNumber }
    if matches(.pager) { return .pager }
    if matches(.uan) { return .uan }
    if matches(.voicemail) { return .voicemail }
    if matches(.fixedLine) {
      if sameMobileAndFixedLinePattern { return .fixedLineOrMobile }
      if matches(.mobile) { return .fixedLineOrMobile }
      return .fixedLine
    }
    if !sameMobileAndFixedLinePattern && matches(.mobile) { return .mobile }
    return .unknown
  }
}
