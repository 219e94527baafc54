/// A caller's own way of grouping national numbers, for
/// ``PhoneNumber/formatted(_:using:)``: libphonenumber's `NumberFormat`.
///
/// `pattern` must match the whole national number; its groups are filled
/// into `format` (`$1`...`$9`). The rule applies to numbers whose start
/// matches the last of `leadingDigitsPatterns` (any number when there are
/// none). `nationalPrefixFormattingRule` says how the first group is written
/// in the national format: `$NP` is the region's national prefix, `$FG` the
/// first group (`$NP$FG`, `($NP$FG)`).
///
///     let rule = try PhoneNumberFormatRule(
///       pattern: "(\\d{3})(\\d{3})(\\d{4})", format: "($1) $2-$3")
///     try PhoneNumber("+1 650 253 0000").formatted(.national, using: [rule])  // "(650) 253-0000"
///
/// Patterns use the metadata's syntax (digits, `\d`, classes, groups,
/// alternation, quantifiers). `==` compares the rule's texts.
public struct PhoneNumberFormatRule: Sendable, Hashable {
  /// The whole-match pattern over the national number.
  public let pattern: String
  /// The layout, with `$1`...`$9` for the pattern's groups.
  public let format: String
  /// Patterns the start of the number must match; the last one decides.
  public let leadingDigitsPatterns: [String]
  /// How the first group is written nationally (`$NP$FG`), nil for as is.
  public let nationalPrefixFormattingRule: String?
  // Compiled once; equal and hashed by their sources, so by the texts above.
  let compiledPattern: DigitPattern
  let compiledLeadingDigits: DigitPattern?

  /// Compiles a rule.
  ///
  ///     let rule = try PhoneNumberFormatRule(
  ///       pattern: "(\\d{2})(\\d{4})(\\d{4})", format: "$1 $2 $3",
  ///       leadingDigitsPatterns: ["[1-9]"], nationalPrefixFormattingRule: "$NP$FG")
  ///
  /// - Throws: ``PhoneNumberError`` with code
  ///   ``PhoneNumberError/Code/invalidPattern`` when a pattern uses syntax
  ///   the digit-pattern compiler does not support, or is malformed; the
  ///   message names the pattern and what is wrong.
  ///
  ///     do {
  ///       _ = try PhoneNumberFormatRule(pattern: "(\\s+)", format: "$1")
  ///     } catch {
  ///       error.code  // .invalidPattern
  ///     }
  public init(
    pattern: String, format: String, leadingDigitsPatterns: [String] = [],
    nationalPrefixFormattingRule: String? = nil
  ) throws(PhoneNumberError) {
    self.pattern = pattern
    self.format = format
    self.leadingDigitsPatterns = leadingDigitsPatterns
    self.nationalPrefixFormattingRule = nationalPrefixFormattingRule
    do throws(DigitPatternError) {
      compiledPattern = try DigitPattern(pattern)
      // Every pattern is checked; the last one decides.
      compiledLeadingDigits = try leadingDigitsPatterns.map { (source) throws(DigitPatternError) in
        try DigitPattern(source)
      }.last
    } catch {
      throw PhoneNumberError(code: .invalidPattern, message: error.description)
    }
  }

  /// Whether the rule is the one for `digits` (libphonenumber's
  /// `chooseFormattingPatternForNumber` test).
  func applies(to digits: UnsafeBufferPointer<UInt8>) -> Bool {
    if let compiledLeadingDigits, !compiledLeadingDigits.matchesPrefix(digits) { return false }
    return compiledPattern.matchesEntirely(digits)
  }
}
