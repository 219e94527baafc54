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
      return number.isPossible
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
    // Most candidates hold no `x` at all.
    guard MatcherPatterns.contains("x", or: "X", in: candidate, 0..<candidate.count) else { return true }
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
    var source = CountryCodeSource.fromDefaultCountry
    do {
      _ = try PhoneNumberParser.parse(folded: text, region: nil, source: &source)
      // A country code of its own: an exact match at best, never NSN_MATCH.
      return false
    } catch {
      guard error.code == .invalidCountryCode else { return false }
    }
    guard let region = store.mainRegion(countryCode: number.countryCode), region != .nonGeographic,
      let other = try? PhoneNumberParser.parse(folded: text, region: region, source: &source)
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
}
