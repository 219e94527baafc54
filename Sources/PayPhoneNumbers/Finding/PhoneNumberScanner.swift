/// The matcher's engine, over text already turned into scalars with its
/// decimal digits folded to ASCII (`PhoneNumberMatcher` does that; the
/// combined finder of the umbrella module shares one such buffer between
/// phone and card finding). libphonenumber's `PhoneNumberMatcher` step by
/// step: find a candidate, trim it, try it whole, then its inner parts,
/// counting failed tries against the limit.
package struct PhoneNumberScanner: Sendable {
  /// A number found: its range in scalars, and the number.
  package struct Found: Sendable {
    package let range: Range<Int>
    package let number: PhoneNumber
  }

  /// The default region and what rules candidates out before parsing.
  private let regionPrecheck: CandidatePrecheckStore.RegionPrecheck
  let leniency: PhoneNumberLeniency
  /// Failed candidates still allowed before the rest of the text is given up.
  private(set) var triesLeft: Int
  private var searchIndex = 0

  /// The default region.
  var region: RegionCode? { regionPrecheck.region }
  /// What rules candidates out before parsing, for `region`.
  private var precheck: CandidatePrecheck { regionPrecheck.precheck }

  /// A scanner at the start of a text.
  package init(region: RegionCode?, leniency: PhoneNumberLeniency, maxTries: Int) {
    regionPrecheck = CandidatePrecheckStore.shared.precheck(for: region)
    self.leniency = leniency
    triesLeft = max(0, maxTries)
  }

  /// The next number in `text` (the same buffer every call), or nil.
  package mutating func next(in text: UnsafeBufferPointer<Unicode.Scalar>) -> Found? {
    var index = searchIndex
    while triesLeft > 0, index <= text.count, let match = MatcherPatterns.candidate(in: text, from: index) {
      let found = match.range
      var candidate = found
      // Both the cut and the date need a slash.
      let hasSlash = match.hasSlash
      if hasSlash, let cut = MatcherPatterns.secondNumberStart(in: text, found) {
        candidate = found.lowerBound..<cut
      }
      if !candidate.isEmpty {
        // A short run of digits alone (a day, an hour, a count, a year:
        // half the candidates in notes) that the precheck rules out fails
        // with no further look: no date, shape, parse or inner part can
        // make it a number.
        let ruledOut =
          candidate.count < precheck.digitsOnlyBound && text[candidate].allSatisfy(MatcherCharacters.isDigit)
          && precheck.rulesOut(digitsOnly: UnsafeBufferPointer(rebasing: text[candidate]))
        if !ruledOut, let match = extractMatch(text, candidate, hasSlash: hasSlash) {
          searchIndex = match.range.upperBound
          return match
        }
        triesLeft -= 1
      }
      index = max(candidate.upperBound, found.lowerBound + 1)
    }
    searchIndex = text.count + 1
    return nil
  }

  /// The match `candidate` holds, nil when it holds none that the
  /// leniency accepts.
  private mutating func extractMatch(
    _ text: UnsafeBufferPointer<Unicode.Scalar>, _ candidate: Range<Int>, hasSlash: Bool
  )
    -> Found?
  {
    // A date or a time stamp is not a phone number.
    if hasSlash && MatcherPatterns.containsSlashDate(in: text, candidate) { return nil }
    // The minutes first: one look at the scalar after the candidate.
    if MatcherPatterns.startsWithMinutes(in: text, at: candidate.upperBound)
      && MatcherPatterns.endsWithTimeStamp(in: text, candidate)
    {
      return nil
    }
    if let whole = parseAndVerify(text, candidate) { return whole }
    // Most candidates hold none of the inner patterns' first characters:
    // no call for them.
    let kinds = MatcherPatterns.innerPatternKinds(in: text, candidate)
    guard kinds != 0 else { return nil }
    return extractInnerMatch(text, candidate, kinds: kinds)
  }

  /// The parts of a candidate that failed whole: split on slashes,
  /// brackets, spaced hyphens, dashes, full stops and blanks, in turn:
  /// those of `kinds` (`MatcherPatterns.innerPatternKinds` of the candidate).
  private mutating func extractInnerMatch(
    _ text: UnsafeBufferPointer<Unicode.Scalar>, _ candidate: Range<Int>, kinds: Int
  )
    -> Found?
  {
    for kind in 0..<MatcherPatterns.innerPatternCount where kinds & (1 << kind) != 0 {
      var match = MatcherPatterns.innerMatch(kind, in: text, candidate, from: candidate.lowerBound)
      var isFirst = true
      while let inner = match, triesLeft > 0 {
        if isFirst {
          let before = MatcherPatterns.trimmingUnwantedEnd(in: text, candidate.lowerBound..<inner.start)
          if let found = parseAndVerify(text, before) { return found }
          triesLeft -= 1
          isFirst = false
        }
        let group = MatcherPatterns.trimmingUnwantedEnd(in: text, inner.group)
        if let found = parseAndVerify(text, group) { return found }
        triesLeft -= 1
        match = MatcherPatterns.innerMatch(kind, in: text, candidate, from: inner.start + 1)
      }
    }
    return nil
  }

  /// The number `range` of `text` holds when the precheck does not rule
  /// it out, it parses and the leniency accepts it.
  private func parseAndVerify(_ text: UnsafeBufferPointer<Unicode.Scalar>, _ range: Range<Int>) -> Found? {
    let candidate = UnsafeBufferPointer(rebasing: text[range])
    // One pass gathers the digits and what the precheck asks. Fewer than
    // two digits is never a viable number, and the precheck's candidates
    // are no number either: no need to look further.
    let shape = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: candidate.count) {
      scratch -> CandidateShape? in
      let shape = CandidateShape(candidate, digits: scratch)
      let digits = UnsafeBufferPointer(rebasing: scratch[..<shape.digitCount])
      return precheck.rulesOut(shape, digits: digits) ? nil : shape
    }
    guard let shape else { return nil }
    return verify(text, range, shape)
  }

  /// The checks after the precheck, the parse and the leniency's checks.
  private func verify(
    _ text: UnsafeBufferPointer<Unicode.Scalar>, _ range: Range<Int>, _ shape: CandidateShape
  ) -> Found? {
    let candidate = UnsafeBufferPointer(rebasing: text[range])
    // Both checks pass on a candidate without brackets (the pages pattern has one).
    if shape.hasBrackets {
      guard MatcherPatterns.hasMatchingBrackets(in: text, range),
        !MatcherPatterns.containsPublicationPages(in: text, range)
      else { return nil }
    }
    if leniency != .possible {
      // Not glued to Latin letters (abc8005001234) or amounts (25%, $100).
      if range.lowerBound > 0 && !MatcherCharacters.isLead(text[range.lowerBound]) {
        let previous = text[range.lowerBound - 1]
        if MatcherCharacters.isInvalidPunctuation(previous) || MatcherCharacters.isLatinLetter(previous) {
          return nil
        }
      }
      if range.upperBound < text.count {
        let next = text[range.upperBound]
        if MatcherCharacters.isInvalidPunctuation(next) || MatcherCharacters.isLatinLetter(next) {
          return nil
        }
      }
    }
    var source = CountryCodeSource.fromDefaultCountry
    guard let number = try? PhoneNumberParser.parse(folded: candidate, region: region, source: &source) else {
      return nil
    }
    let verification = MatchVerification(number: number, source: source, candidate: candidate)
    guard verification.accepts(leniency) else { return nil }
    return Found(range: range, number: verification.number)
  }
}
