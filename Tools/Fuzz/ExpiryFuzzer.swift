internal import PayPhone

/// Fuzz target `expiry`: two bytes pick today's date (years 1 to 9999), the
/// rest is an expiry date as typed, read by `CardExpiry` and formatted by
/// `ExpiryFormatter`.
@_cdecl("LLVMFuzzerTestOneInput")
public func expiryFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let high = Int(input.byte())
  let low = Int(input.byte())
  let year = min([2026, 1999, 2099, 2100, 1, 9999, 100][high % 7] + (high / 7 % 4) * (low % 3), 9999)
  let month = low % 12 + 1
  let today = CalendarDay(
    year: year, month: month, day: low % CalendarDay.daysIn(month: month, year: year) + 1)
  fuzzCheck(today != nil, "no day for \(year)-\(month)")
  guard let today else { return 0 }
  ExpiryFuzzer.exercise(input.restText(), today: today)
  return 0
}

enum ExpiryFuzzer {
  static let formatter = ExpiryFormatter()

  static func exercise(_ text: String, today: CalendarDay) {
    if let expiry = read(text, today: today) {
      fuzzCheck((1...12).contains(expiry.month), "month \(expiry.month)")
      fuzzCheck(expiry.formatted().utf8.count == 5, "formatted \(expiry.formatted())")
      fuzzCheck(!expiry.isValid(on: today) || !expiry.isExpired(on: today), "valid and expired")
      if expiry.year / 100 == today.year / 100 {
        let again = read(expiry.formatted(), today: today)
        fuzzCheck(again == expiry, "\(expiry.formatted()) reads back as \(String(describing: again))")
      }
    }

    let result = formatter.format(text)
    fuzzCheck(result.text.utf8.count <= 5, "formatted \(result.text)")
    fuzzCheck(result.value == result.text.filter { $0 != "/" }, "value \(result.value) of \(result.text)")
    let again = formatter.format(result.text)
    // Text, value and completeness: the affinity counts what the input gave.
    fuzzCheck(
      again.text == result.text && again.value == result.value && again.isComplete == result.isComplete,
      "formatting \(result.text) again gives \(again.text)")
  }

  private static func read(_ text: String, today: CalendarDay) -> CardExpiry? {
    do throws(CardError) {
      return try CardExpiry(text, today: today)
    } catch {
      fuzzCheck(!error.message.isEmpty, "an error without a message")
      return nil
    }
  }
}
