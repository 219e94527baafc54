import PayPhoneText

/// A card's expiry month and year.
///
/// A card is good through the last day of its expiry month. Reading accepts
/// `MM/YY`, `M/YY`, `MMYY`, `MM/YYYY`, `MM-YY`, `MM / YY` (any spaces
/// around the `/` or `-`; also `M-YY`, `M/YYYY` and `MMYYYY`) and a plain
/// space as the separator (`01 30`, `1 2030`), in the digits of any script;
/// a bare three- or five-digit run is refused. A two-digit year is read in
/// today's century.
///
///     let today = CalendarDay(year: 2026, month: 11, day: 29)!
///     let expiry = try CardExpiry("12/34", today: today)
///     expiry.year                   // 2034
///     expiry.formatted()            // "12/34"
///     expiry.isExpired(on: today)   // false
///     expiry.isValid(on: today)     // true
///
/// `Codable` as `{"month": 12, "year": 2034}` (the four-digit year, so a
/// stored expiry never depends on a century); decoding checks the values as
/// ``init(month:year:)`` does.
public struct CardExpiry: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// How many years after today's year an expiry may be and still be valid.
  public static let maximumYearsAhead = 20

  /// The month, 1 to 12.
  public let month: Int
  /// The four-digit year.
  public let year: Int

  /// An expiry from numbers.
  ///
  /// - Throws: ``CardError`` `invalidMonth` unless `month` is 1 to
  ///   12; `invalidFormat` unless `year` is 0 to 9999.
  public init(month: Int, year: Int) throws(CardError) {
    guard (1...12).contains(month) else {
      throw CardError(code: .invalidMonth, message: "month \(month) is not between 1 and 12")
    }
    guard (0...9999).contains(year) else {
      throw CardError(code: .invalidFormat, message: "year \(year) does not have four digits")
    }
    self.month = month
    self.year = year
  }

  /// Reads an expiry date as a person types it.
  ///
  /// - Parameters:
  ///   - text: `MM/YY`, `M/YY`, `MMYY`, `MM/YYYY`, `MM-YY`, `MM / YY`,
  ///     `MM YY`, ...
  ///   - today: the day whose century a two-digit year belongs to.
  /// - Throws: ``CardError`` `invalidFormat` for any other spelling,
  ///   `invalidMonth` for a month outside 1 to 12.
  public init(_ text: String, today: CalendarDay) throws(CardError) {
    let parts = try Self.split(DigitFolding.fold(text))
    let month = Self.number(parts.month)
    var year = Self.number(parts.year)
    if parts.year.count == 2 { year += today.year / 100 * 100 }
    try self.init(month: month, year: year)
  }

  /// `MM/YY`, as a card shows it: spelled as every type's `formatted`.
  ///
  ///     try CardExpiry(month: 4, year: 2030).formatted()  // "04/30"
  public func formatted() -> String {
    DecimalText.padded(month, 2) + "/" + DecimalText.padded(year % 100, 2)
  }

  /// `MM/YY`; see ``formatted()``.
  ///
  ///     "\(try CardExpiry(month: 4, year: 2030))"  // "04/30"
  public var description: String { formatted() }

  /// Whether the card's last usable day (the end of its month) is before
  /// `today`.
  public func isExpired(on today: CalendarDay) -> Bool {
    (year, month) < (today.year, today.month)
  }

  /// Not expired, and at most ``maximumYearsAhead`` years after today's
  /// year.
  public func isValid(on today: CalendarDay) -> Bool {
    !isExpired(on: today) && year - today.year <= Self.maximumYearsAhead
  }

  /// Whether `lhs` expires in an earlier month than `rhs`.
  ///
  ///     try CardExpiry(month: 12, year: 2030) < CardExpiry(month: 1, year: 2031)  // true
  public static func < (lhs: CardExpiry, rhs: CardExpiry) -> Bool {
    (lhs.year, lhs.month) < (rhs.year, rhs.month)
  }

  /// The month and year digits of an accepted spelling.
  private static func split(_ text: String) throws(CardError) -> (month: [UInt8], year: [UInt8]) {
    let bytes = Array(text.utf8)
    var start = 0
    var end = bytes.count
    while start < end && bytes[start] == UInt8(ascii: " ") { start += 1 }
    while end > start && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
    let trimmed = bytes[start..<end]
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let spelling = "expected MM/YY, M/YY, MMYY, MM/YYYY, MM-YY, MM / YY or MM YY"
    if trimmed.allSatisfy(isDigit) {
      guard trimmed.count == 4 || trimmed.count == 6 else {
        throw CardError(code: .invalidFormat, message: spelling)
      }
      return (Array(trimmed.prefix(2)), Array(trimmed.dropFirst(2)))
    }
    let month = Array(trimmed.prefix(while: isDigit))
    let afterMonth = trimmed.dropFirst(month.count)
    var rest = afterMonth.drop(while: { $0 == UInt8(ascii: " ") })
    if let separator = rest.first, separator == UInt8(ascii: "/") || separator == UInt8(ascii: "-") {
      rest = rest.dropFirst().drop(while: { $0 == UInt8(ascii: " ") })
    } else if rest.count == afterMonth.count {
      // Neither a slash, a hyphen nor a space after the month.
      throw CardError(code: .invalidFormat, message: spelling)
    }
    let year = Array(rest)
    guard (1...2).contains(month.count), year.count == 2 || year.count == 4, year.allSatisfy(isDigit)
    else {
      throw CardError(code: .invalidFormat, message: spelling)
    }
    return (month, year)
  }

  private static func number(_ digits: [UInt8]) -> Int {
    digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }
}

#if !hasFeature(Embedded)
  extension CardExpiry: Codable {
    private enum CodingKeys: String, CodingKey {
      case month
      case year
    }

    /// Decodes `{"month": M, "year": YYYY}`; an impossible month or year is
    /// a `DecodingError`.
    ///
    ///     try JSONDecoder().decode(CardExpiry.self, from: Data(#"{"month":12,"year":2034}"#.utf8))
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let month = try container.decode(Int.self, forKey: .month)
      let year = try container.decode(Int.self, forKey: .year)
      do {
        try self.init(month: month, year: year)
      } catch {
        throw DecodingError.dataCorruptedError(forKey: .month, in: container, debugDescription: error.message)
      }
    }

    /// Encodes `{"month": M, "year": YYYY}`.
    ///
    ///     try JSONEncoder().encode(CardExpiry(month: 12, year: 2034))  // {"month":12,"year":2034}
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(month, forKey: .month)
      try container.encode(year, forKey: .year)
    }
  }
#endif
