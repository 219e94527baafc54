/// One number format of a region, prepared for formatting while typing:
/// its layout compiled, its template of digit slots built, and the
/// national-prefix facts the formatter filters on.
struct AsYouTypeFormat: Sendable {
  /// Marks a digit slot in a template (never a byte of a layout).
  static let slot: UInt8 = 0x00

  /// Equal for formats with the same pattern text (libphonenumber compares
  /// a format's pattern by its text when keeping a template).
  let patternID: Int
  let pattern: DigitPattern
  let leadingDigitsPatterns: [DigitPattern]
  let layout: FormatLayout
  /// Whether the layout is only group references and phone punctuation,
  /// with `$1` first (libphonenumber's "eligible" formats; others, like
  /// Israel's `*$1`, are never used while typing).
  let isEligible: Bool
  /// The layout with a slot per digit of the longest number the pattern
  /// takes; nil when the pattern takes no all-nines number.
  let template: [UInt8]?
  /// How many digits the template holds.
  let templateDigitCount: Int
  /// The national-prefix rule is absent or only wraps the first group
  /// (`$1`, `($1)`): the format does not write a national prefix.
  let ruleHasFirstGroupOnly: Bool
  let nationalPrefixOptional: Bool
  let hasCarrierRule: Bool
  /// The national-prefix rule puts a space or hyphen after the prefix.
  let spaceAfterNationalPrefix: Bool

  init(_ format: NumberFormat, patternID: Int) {
    self.patternID = patternID
    pattern = format.pattern
    leadingDigitsPatterns = format.leadingDigitsPatterns
    layout = FormatLayout(format.format)
    isEligible = Self.isEligible(format.format)
    let rule = format.nationalPrefixFormattingRule
    ruleHasFirstGroupOnly = rule.map { ["$1", "($1", "$1)", "($1)"].contains($0) } ?? true
    nationalPrefixOptional = format.nationalPrefixOptionalWhenFormatting
    hasCarrierRule = format.carrierCodeFormattingRule != nil
    spaceAfterNationalPrefix =
      rule?.utf8.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") } ?? false
    (template, templateDigitCount) = isEligible ? Self.template(format.pattern, layout) : (nil, 0)
  }

  /// `[punct]* $1 [punct]* ($d [punct]*)*` over the layout text.
  private static func isEligible(_ layout: String) -> Bool {
    var scalars = layout.unicodeScalars[...]
    var seenFirstGroup = false
    while let scalar = scalars.popFirst() {
      if PhoneCharacters.isSeparator(scalar) { continue }
      guard scalar == "$", let digit = scalars.popFirst(), digit.value >= 0x30 && digit.value <= 0x39 else {
        return false
      }
      if !seenFirstGroup {
        guard digit == "1" else { return false }
        seenFirstGroup = true
      }
    }
    return seenFirstGroup
  }

  /// libphonenumber's template: the first match of the pattern in fifteen
  /// nines, laid out, with every nine turned into a slot.
  private static func template(_ pattern: DigitPattern, _ layout: FormatLayout) -> ([UInt8]?, Int) {
    let nines = [UInt8](repeating: UInt8(ascii: "9"), count: 15)
    for start in 0...nines.count {
      guard let match = pattern.prefixMatch(Array(nines[start...])) else { continue }
      // An empty first match leaves no room for any digit.
      guard match.end > 0 else { return (nil, 0) }
      let number = Array(nines[start..<start + match.end])
      var template = number.withUnsafeBufferPointer { layout.applied(pattern, to: $0) }
      for index in template.indices where template[index] == UInt8(ascii: "9") {
        template[index] = slot
      }
      return (template.isEmpty ? nil : template, number.count)
    }
    return (nil, 0)
  }
}
