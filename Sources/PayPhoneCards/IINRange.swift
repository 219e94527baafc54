/// An issuer identification number (IIN) prefix, or an inclusive range of
/// prefixes with the same number of digits, that a card number can start with.
///
/// `IINRange("4")` matches every number starting with 4;
/// `IINRange("2221", through: "2229")` every number whose first four digits
/// are 2221 to 2229. Prefixes have 1 to 8 digits (ISO/IEC 7812 IINs are at
/// most 8), and leading zeros count.
///
///     let range = try IINRange("506099", through: "506127")
///     range.contains(prefixOf: [5, 0, 6, 1, 0, 0, 1, 2])  // true
public struct IINRange: Hashable, Sendable, CustomStringConvertible {
  /// The longest prefix a range may have.
  public static let maximumDigits = 8

  /// The lowest prefix, as a number (leading zeros are in `digits`).
  public let lowerBound: Int
  /// The highest prefix, as a number.
  public let upperBound: Int
  /// How many leading digits of a card number the range looks at.
  public let digits: Int

  /// A single prefix, such as `"34"`.
  ///
  /// - Throws: ``CardError`` (`invalidRange`) unless `prefix` is 1
  ///   to 8 ASCII digits.
  public init(_ prefix: String) throws(CardError) {
    try self.init(prefix, through: prefix)
  }

  /// An inclusive range of prefixes with the same number of digits, such as
  /// `"622126"` through `"622925"`.
  ///
  /// - Throws: ``CardError`` (`invalidRange`) unless both ends are
  ///   1 to 8 ASCII digits, of the same length, low end first.
  public init(_ low: String, through high: String) throws(CardError) {
    guard let lowValue = Self.value(of: low), let highValue = Self.value(of: high),
      low.utf8.count == high.utf8.count, lowValue <= highValue
    else {
      throw CardError(
        code: .invalidRange,
        message: "IIN range '\(low)'-'\(high)' needs two prefixes of 1 to 8 digits, same length, low first")
    }
    self.init(validated: lowValue, highValue, digits: low.utf8.count)
  }

  /// A range known to be well formed (generated code).
  init(validated lowerBound: Int, _ upperBound: Int, digits: Int) {
    self.lowerBound = lowerBound
    self.upperBound = upperBound
    self.digits = digits
  }

  /// The low end as written, with its leading zeros.
  public var low: String { DecimalText.padded(lowerBound, digits) }
  /// The high end as written, with its leading zeros.
  public var high: String { DecimalText.padded(upperBound, digits) }

  /// `"4"` or `"2221-2229"`.
  public var description: String {
    lowerBound == upperBound ? low : "\(low)-\(high)"
  }

  /// Whether a number starting with `digits` (values 0-9) matches: it has at
  /// least ``digits`` digits and they fall inside the range.
  public func contains(prefixOf digitValues: some Collection<UInt8>) -> Bool {
    guard digitValues.count >= digits else { return false }
    var value = 0
    for digit in digitValues.prefix(digits) { value = value * 10 + Int(digit) }
    return value >= lowerBound && value <= upperBound
  }

  private static func value(of text: String) -> Int? {
    guard !text.utf8.isEmpty, text.utf8.count <= maximumDigits else { return nil }
    return DecimalText.value(text.utf8)
  }
}
