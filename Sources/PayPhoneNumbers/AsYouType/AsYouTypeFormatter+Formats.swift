/// Choosing a format for the national number, and laying the digits into
/// its template.
extension AsYouTypeFormatter {
  /// Picks the formats that can apply (from three national digits on) and
  /// lays out the national number with the first one that fits.
  mutating func chooseFormat() -> Shown {
    guard national.count >= 3 else { return .text(withPrefix(national)) }
    if !extractedNationalPrefix.isEmpty {
      candidateList = .national
      candidates = rules.afterNationalPrefix
    } else if isCompleteNumber {
      candidateList = .international
      candidates = rules.international
    } else {
      candidateList = .national
      candidates = rules.withoutNationalPrefix
    }
    narrowCandidates()
    if let whole = formatWholeNumber() { return .text(whole) }
    return adoptTemplate() ? refillTemplate() : .typed
  }

  /// One more digit with formats chosen: into the template, unless the
  /// number now fits a format exactly or the format has to change.
  mutating func continueFormat(with digit: UInt8) -> Shown {
    let fill = fillTemplate(with: digit)
    if let whole = formatWholeNumber() { return .text(whole) }
    narrowCandidates()
    if adoptTemplate() { return refillTemplate() }
    return mode == .formatting ? .text(withPrefix(fill)) : .typed
  }

  /// Drops the candidates whose leading-digits pattern for this many digits
  /// (the third pattern for five digits, the last one beyond) rejects the
  /// national number.
  mutating func narrowCandidates() {
    let formats = rules.formats(candidateList)
    let patternIndex = national.count - 3
    Self.withLeadingDigits(of: national) { digits in
      for index in candidates {
        let patterns = formats[index].leadingDigitsPatterns
        guard !patterns.isEmpty else { continue }
        var chosen = min(patternIndex, patterns.count - 1)
        if chosen < 0 { chosen = max(0, chosen + patterns.count) }
        if !patterns[chosen].matchesPrefix(digits) { candidates.remove(index) }
      }
    }
  }

  /// The number laid out by the first candidate whose pattern takes the
  /// whole national number, provided that adds or drops no digit (Mexico's
  /// formats drop the mobile token, which typing must keep); nil otherwise.
  mutating func formatWholeNumber() -> String? {
    let formats = rules.formats(candidateList)
    for index in candidates {
      let format = formats[index]
      let count = national.count
      let fits = Self.withLeadingDigits(of: national) {
        $0.count == count && format.pattern.matchesEntirely($0)
      }
      guard fits else { continue }
      spaceAfterNationalPrefix = format.spaceAfterNationalPrefix
      startWithPrefix()
      national.withUnsafeBufferPointer { digits in
        buffer += format.layout.applied(format.pattern, to: digits)
      }
      if Self.dialledCharacters(of: buffer, equal: dialled) { return Self.render(buffer) }
    }
    return nil
  }

  /// Whether the digits, `+`, `*` and `#` of `text` are exactly `dialled`.
  private static func dialledCharacters(of text: [UInt8], equal dialled: [UInt8]) -> Bool {
    var next = 0
    for byte in text {
      let isDialled =
        (byte >= 0x30 && byte <= 0x39) || byte == plus || byte == UInt8(ascii: "*")
        || byte == UInt8(ascii: "#")
      guard isDialled else { continue }
      guard next < dialled.count, dialled[next] == byte else { return false }
      next += 1
    }
    return next == dialled.count
  }

  /// Switches to the template of the first candidate that has one roomy
  /// enough, dropping those before it that have none. False when the
  /// current template stays, or when no candidate is left (then the
  /// formatter stalls).
  mutating func adoptTemplate() -> Bool {
    let formats = rules.formats(candidateList)
    for index in candidates {
      let format = formats[index]
      if format.patternID == currentPatternID { return false }
      if let template = format.template, format.templateDigitCount >= national.count {
        self.template = template
        currentPatternID = format.patternID
        spaceAfterNationalPrefix = format.spaceAfterNationalPrefix
        lastFilledSlot = 0
        return true
      }
      candidates.remove(index)
    }
    mode = .stalled
    return false
  }

  /// Lays the whole national number into a fresh template.
  mutating func refillTemplate() -> Shown {
    guard !national.isEmpty else { return .text(Self.render(prefix)) }
    var fill = TemplateFill.exhausted
    let digits = national
    for digit in digits { fill = fillTemplate(with: digit) }
    return mode == .formatting ? .text(withPrefix(fill)) : .typed
  }

  /// Puts a digit into the next free slot of the template.
  mutating func fillTemplate(with digit: UInt8) -> TemplateFill {
    if let slot = template[lastFilledSlot...].firstIndex(of: AsYouTypeFormat.slot) {
      template[slot] = digit
      lastFilledSlot = slot
      return .filled(end: slot + 1)
    }
    // More digits than the format holds: with no other format to try,
    // formatting stops.
    if candidates.count == 1 { mode = .stalled }
    currentPatternID = nil
    return .exhausted
  }

  /// Starts `buffer` with the prefix, and a space after it when the format
  /// puts one after the national prefix and the prefix has none.
  private mutating func startWithPrefix() {
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: prefix)
    if spaceAfterNationalPrefix, let last = prefix.last, last != Self.space {
      buffer.append(Self.space)
    }
  }

  mutating func withPrefix(_ nationalPart: some Collection<UInt8>) -> String {
    startWithPrefix()
    buffer.append(contentsOf: nationalPart)
    return Self.render(buffer)
  }

  mutating func withPrefix(_ fill: TemplateFill) -> String {
    startWithPrefix()
    switch fill {
    case .filled(let end):
      buffer.append(contentsOf: template[..<end])
      return Self.render(buffer)
    case .exhausted:
      return Self.render(buffer) + typed
    }
  }

  /// The text of formatter bytes: ASCII, with the fullwidth plus restored.
  static func render(_ bytes: [UInt8]) -> String {
    guard bytes.contains(fullwidthPlus) else { return String(decoding: bytes, as: UTF8.self) }
    var text = String.UnicodeScalarView()
    for byte in bytes { text.append(scalar(byte)) }
    return String(text)
  }
}
