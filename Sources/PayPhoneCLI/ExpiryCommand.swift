internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `payphone expiry`: month, year, expired and valid for card expiry dates.
struct ExpiryCommand: LineCommand {
  static let name = "expiry"
  static let summary = "Read a card expiry date; expired or valid against today"
  static let valueOptions: Set<String> = ["--today"]
  static let help = """
    Usage: payphone expiry [--today YYYY-MM-DD] [--jsonl] [TEXT ...]

    Reads expiry dates (MM/YY, M/YY, MMYY, MM/YYYY, MM-YY, MM / YY, MM YY;
    digits of any script) and reports the month, the year, whether the card has expired
    (it is good through the last day of its month) and whether the date is
    valid (not expired, at most 20 years after today's year). A two-digit
    year is read in today's century.

    Options:
      --today YYYY-MM-DD   the day to judge against (default: the system's local date)
      --jsonl              read {"expiry": "12/34", "today": "2026-11-29"} per stdin
                           line ("today" optional), write one JSON object per line
      --jobs N             answer stdin on N threads, in input order
                           (default: one per core; 1 to 256)

    Examples:
      payphone expiry 12/34 '4 / 2031' 0125
      payphone expiry --today 2026-11-29 11/26 10/26
      echo '{"expiry": "١٢/٣٤"}' | payphone expiry --jsonl

    """

  let today: CalendarDay

  init(_ arguments: ParsedArguments) throws(UsageError) {
    if let text = arguments.value("--today") {
      guard let day = CalendarDay(iso8601: text) else {
        throw UsageError("--today needs a date as YYYY-MM-DD, not '\(text)'")
      }
      today = day
    } else if let day = Self.systemToday() {
      today = day
    } else {
      throw UsageError("cannot read today's date from the system clock; pass --today YYYY-MM-DD")
    }
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    try ExpiryRequests(today: today).answer(fields, into: &output)
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    do {
      let expiry = try CardExpiry(input, today: today)
      let verdict =
        expiry.isExpired(on: today)
        ? "expired"
        : expiry.isValid(on: today) ? "valid" : "more than \(CardExpiry.maximumYearsAhead) years ahead"
      output.plainLine(
        "\(expiry.formatted()) — month \(expiry.month), year \(expiry.year): \(verdict) on \(today)")
      return true
    } catch {
      output.plainLine("error: \(error.code.rawValue): \(error.message)")
      return false
    }
  }

  /// The system's local date, from the C library (no Foundation); nil if
  /// the clock is outside the years 1-9999.
  private static func systemToday() -> CalendarDay? {
    var now = time(nil)
    var parts = tm()
    guard localtime_r(&now, &parts) != nil else { return nil }
    return CalendarDay(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
  }
}
