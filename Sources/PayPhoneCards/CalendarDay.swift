/// A day of the Gregorian calendar: the "today" that expiry dates are
/// judged against.
///
/// The library never reads the clock; callers pass the day.
///
///     let today = CalendarDay(iso8601: "2026-11-29")
///     today?.month  // 11
///
/// `Codable` as its ISO 8601 text, `"2026-11-29"`; decoding refuses a day
/// that does not exist.
public struct CalendarDay: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The year, 1 to 9999.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 28, 29, 30 or 31.
  public let day: Int

  /// A day, or nil when it does not exist (`2026-02-30`) or the year is
  /// outside 1 to 9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      day >= 1, day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Reads `YYYY-MM-DD` exactly (ASCII digits, two hyphens); nil for any
  /// other text or a day that does not exist.
  public init?(iso8601 text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = DecimalText.value(bytes[0..<4]), let month = DecimalText.value(bytes[5..<7]),
      let day = DecimalText.value(bytes[8..<10])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// `2026-11-29`.
  public var description: String {
    DecimalText.padded(year, 4) + "-" + DecimalText.padded(month, 2) + "-" + DecimalText.padded(day, 2)
  }

  /// Whether `lhs` is an earlier day than `rhs`.
  ///
  ///     CalendarDay(year: 2026, month: 1, day: 31)! < CalendarDay(year: 2026, month: 2, day: 1)!  // true
  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// The number of days in a month of the Gregorian calendar.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

}

/// Whole numbers as the cards area reads and writes them: ASCII digits,
/// leading zeros counted (`0930`, an IIN prefix `0604`).
enum DecimalText {
  /// The value of `bytes`, nil when any of them is not an ASCII digit.
  static func value(_ bytes: some Sequence<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// `value` with zeros before it to make `width` digits.
  static func padded(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}

#if !hasFeature(Embedded)
  extension CalendarDay: Codable {
    /// Decodes `"YYYY-MM-DD"` as ``init(iso8601:)`` reads it; other text is a
    /// `DecodingError`.
    ///
    ///     try JSONDecoder().decode(CalendarDay.self, from: Data(#""2026-11-29""#.utf8)).month  // 11
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let day = CalendarDay(iso8601: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "not a YYYY-MM-DD day: \(text)")
      }
      self = day
    }

    /// Encodes the day as `"YYYY-MM-DD"`.
    ///
    ///     try JSONEncoder().encode(CalendarDay(year: 2026, month: 11, day: 29))  // "\"2026-11-29\""
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(description)
    }
  }
#endif
