import PayPhoneNumbers
import Testing

/// What reading a number's E.164 back gives, as libphonenumber 9.0.43 does
/// it (the phone fuzz target's properties rest on this): the same country
/// code, but not always the same number — reading strips a national prefix
/// or carrier code the national number starts with.
@Suite struct ReadBackTests {
  /// The input a long fuzz campaign stopped on, and the chain phonenumbers
  /// gives (`parse(format_number(n, E164), None)`, step by step).
  @Test func aValidNumbersE164NeedNotReadBackAsItself() throws {
    let number = try PhoneNumber("++8(1/0/0 037 O]tionSting)V")
    #expect(number.formatted(.e164) == "+81003768466784648")
    #expect(number.isValid)
    let again = try PhoneNumber(number.formatted(.e164))
    #expect(again.formatted(.e164) == "+81466784648")
    #expect(again.countryCode == number.countryCode)
    #expect(again.isValid)
  }

  @Test func readingBackCanTakeMoreThanOneStep() throws {
    let first = try PhoneNumber("+810003768466784648")
    #expect(first.formatted(.e164) == "+81003768466784648")
    #expect(try PhoneNumber(first.formatted(.e164)).formatted(.e164) == "+81466784648")
  }
}
