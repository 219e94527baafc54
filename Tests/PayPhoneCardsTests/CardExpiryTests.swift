import PayPhoneCards
import Testing

private func day(_ text: String) -> CalendarDay {
  CalendarDay(iso8601: text)!
}

@Suite struct CardExpiryTests {
  /// Every spelling the command-line reference ("expiry") lists, and the obvious neighbours.
  @Test(arguments: [
    ("12/34", 12, 2034),  // MM/YY
    ("4/31", 4, 2031),  // M/YY
    ("1234", 12, 2034),  // MMYY
    ("12/2034", 12, 2034),  // MM/YYYY
    ("12-34", 12, 2034),  // MM-YY
    ("12 / 34", 12, 2034),  // MM / YY
    ("  06/29  ", 6, 2029),
    ("6-29", 6, 2029),
    ("6/2029", 6, 2029),
    ("062029", 6, 2029),
    ("12 -34", 12, 2034),
    ("١٢/٣٤", 12, 2034),  // Arabic-Indic digits
    ("۰۴/۳۱", 4, 2031),  // Persian digits
    ("१२/३४", 12, 2034),  // Devanagari digits
    ("１２／３４".replacingFullwidthSolidus(), 12, 2034),  // fullwidth digits
    // A plain space as the separator (the command-line reference: `01 30`, `1 2030`).
    ("01 30", 1, 2030),
    ("1 2030", 1, 2030),
    ("12 34", 12, 2034),
    ("1 30", 1, 2030),
    ("01 2030", 1, 2030),
    ("12  34", 12, 2034),
    (" 01 30 ", 1, 2030),
    ("١٢ ٣٤", 12, 2034),
  ])
  func acceptedSpellings(_ text: String, _ month: Int, _ year: Int) throws {
    let expiry = try CardExpiry(text, today: day("2026-11-29"))
    #expect(expiry.month == month)
    #expect(expiry.year == year)
  }

  @Test(arguments: [
    "", " ", "abc", "12/3", "123", "12345", "1234567", "12/345", "12/34567", "123/34", "/34", "12/", "12//34",
    "12.34", "12/34/56", "12/3a", "a2/34", "12\\34", "12/ 3 4",
    // A bare three- or five-digit form stays refused, spaced or not.
    "130", "12030", "1 3", "12 3", "12 345", "1 2 30", "12 3 4", "123 4", "12 34 56", "12 ", "12 /",
  ])
  func otherSpellingsAreAnInvalidFormat(_ text: String) {
    do {
      _ = try CardExpiry(text, today: day("2026-11-29"))
      Issue.record("read '\(text)'")
    } catch {
      #expect(error.code == .invalidFormat)
    }
  }

  @Test(arguments: ["00/30", "13/30", "99/30", "0030", "1330", "0/30", "00/2030"])
  func monthOutsideOneToTwelveIsAnInvalidMonth(_ text: String) {
    do {
      _ = try CardExpiry(text, today: day("2026-11-29"))
      Issue.record("read '\(text)'")
    } catch {
      #expect(error.code == .invalidMonth)
    }
  }

  /// A card is good through the last day of its month.
  @Test(arguments: [
    ("11/26", "2026-11-30", false),
    ("11/26", "2026-11-01", false),
    ("11/26", "2026-12-01", true),
    ("02/28", "2028-02-29", false),  // leap day, last day of the month
    ("02/28", "2028-03-01", true),
    ("12/26", "2026-12-31", false),
    ("12/26", "2027-01-01", true),
    ("01/27", "2026-12-31", false),
    ("10/26", "2026-11-29", true),
  ])
  func expiredAfterTheLastDayOfTheMonth(_ text: String, _ today: String, _ expired: Bool) throws {
    let expiry = try CardExpiry(text, today: day(today))
    #expect(expiry.isExpired(on: day(today)) == expired)
    #expect(expiry.isValid(on: day(today)) == !expired)
  }

  /// A two-digit year is in today's century (the contract's rule).
  @Test(arguments: [
    ("12/34", "2026-11-29", 2034),
    ("01/00", "2099-12-31", 2000),
    ("12/99", "2099-06-01", 2099),
    ("05/05", "2100-01-01", 2105),
    ("05/2105", "2099-01-01", 2105),
  ])
  func twoDigitYearIsInTodaysCentury(_ text: String, _ today: String, _ year: Int) throws {
    #expect(try CardExpiry(text, today: day(today)).year == year)
  }

  /// More than 20 years after today's year is not valid.
  @Test(arguments: [
    ("12/46", "2026-11-29", true),
    ("01/46", "2026-01-01", true),
    ("01/47", "2026-12-31", false),
    ("12/2046", "2026-01-01", true),
    ("12/2047", "2026-12-31", false),
    ("12/99", "2026-11-29", false),
  ])
  func twentyYearHorizon(_ text: String, _ today: String, _ valid: Bool) throws {
    let expiry = try CardExpiry(text, today: day(today))
    #expect(!expiry.isExpired(on: day(today)))
    #expect(expiry.isValid(on: day(today)) == valid)
  }

  @Test(arguments: [("4/31", "04/31"), ("12/2034", "12/34"), ("0130", "01/30"), ("1/2100", "01/00")])
  func formattedIsMonthSlashTwoDigitYear(_ text: String, _ formatted: String) throws {
    let expiry = try CardExpiry(text, today: day("2026-11-29"))
    #expect(expiry.formatted() == formatted)
    #expect("\(expiry)" == formatted)
  }

  @Test func numbersAreChecked() throws {
    #expect(try CardExpiry(month: 12, year: 2034).formatted() == "12/34")
    #expect(throws: CardError.self) { try CardExpiry(month: 0, year: 2034) }
    #expect(throws: CardError.self) { try CardExpiry(month: 1, year: 10_000) }
    #expect(try CardExpiry(month: 1, year: 2030) < CardExpiry(month: 12, year: 2030))
  }

  @Test(arguments: [
    ("2026-11-29", "2026-11-29"), ("2028-02-29", "2028-02-29"), ("0001-01-01", "0001-01-01"),
  ])
  func calendarDayReadsISODates(_ text: String, _ description: String) {
    #expect(CalendarDay(iso8601: text)?.description == description)
  }

  @Test(arguments: [
    "2026-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01", "2026-1-01",
    "2026/11/29", "26-11-29", "", "2026-11-29 ",
  ])
  func calendarDayRefusesOtherText(_ text: String) {
    #expect(CalendarDay(iso8601: text) == nil)
  }
}

extension String {
  /// The fullwidth solidus is not an accepted separator; the fullwidth
  /// digits around an ASCII one are.
  fileprivate func replacingFullwidthSolidus() -> String {
    String(map { $0 == "／" ? "/" : $0 })
  }
}
