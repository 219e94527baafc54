import Foundation
import PayPhoneCards
import Testing

// The examples in PayPhoneCards' doc comments, each checking the value its
// comment claims. The claims come from the references, not from this code:
// brands, lengths, groupings and security codes from the standard table
// and rules of the CardBrands article (Data/cards), Luhn digits computed by
// hand, expiry spellings from the rules in CardExpiry's documentation, JSON
// from the documented encodings. When a doc comment's example changes,
// change its test here in the same commit.

@Suite struct CardsDocCommentExampleTests {
  let today = CalendarDay(year: 2026, month: 11, day: 29)

  @Test func cardNumber() throws {
    let number = try CardNumber("4242 4242 4242 4242")
    #expect("\(number)" == "424242******4242")
    #expect(number.last4 == "4242")
    #expect(number.digits == "4242424242424242")
    #expect(try CardNumber("4242 4242 4242 4242").bin == "42424242")
    #expect(try CardNumber("3782 822463 10005").bin == "378282")
    #expect(try CardNumber("378282246310005").masked == "378282*****0005")
    #expect(try CardNumber("378282246310005").formatted(.fourSixRest) == "3782 822463 10005")
    #expect(try CardNumber("3056930902 5904").formatted() == "3056 930902 5904")
  }

  @Test func cardError() throws {
    let error = #expect(throws: CardError.self) { try CardNumber("4111 1111 x") }
    #expect(error?.code == .invalidCharacter)
    #expect(error?.message == "character 'x' (U+0078) at position 11 is not a digit, space, hyphen or dot")
    #expect(CardError.Code.invalidMonth.rawValue == "invalid_month")
    #expect(CardError.Code(rawValue: "empty") == .empty)
    #expect(CardError(code: .empty, message: "the card number has no digits").code == .empty)
  }

  @Test func brandTableAndInspection() throws {
    let amex = CardBrandTable.standard.inspect(try CardNumber("3782 822463 10005"))
    #expect(amex.brand == .americanExpress)
    #expect(amex.isValid)
    let visa = CardBrandTable.standard.inspect(try CardNumber("4111 1111 1111 1112"))
    #expect(!visa.isValid)
    #expect(visa.isPotentiallyValid)
    #expect(CardBrandTable.standard == .standard)
    #expect(Set([CardBrandTable.standard, .standard]).count == 1)
    let early = CardBrandTable.standard.inspect(try CardNumber("65"))
    #expect(early.brand == nil)
    #expect(early.candidates == [.discover, .elo, .troy])
    #expect(amex.isValidSecurityCode("1234"))
    #expect(!amex.isValidSecurityCode("123"))
    #expect(CardBrandTable.standard.inspect(try CardNumber("6")).isValidSecurityCode("١٢٣"))
    #expect(
      CardBrandTable.standard.specification(for: .americanExpress)?.securityCode
        == CardSecurityCode(name: "CID", length: 4))
    #expect(CardSecurityCode(name: "CVV", length: 3).description == "CVV 3")
  }

  @Test func customBrand() throws {
    let store = CardBrandSpecification(
      brand: CardBrand(rawValue: "store-card"), name: "Store Card",
      lengths: [16], grouping: .byFour,
      securityCode: CardSecurityCode(name: "CVV", length: 3), requiresLuhn: true,
      prefixes: [try IINRange("9012")])
    var brands = CardBrandTable.standard.specifications
    brands.append(store)
    let table = try CardBrandTable(brands)
    #expect(table.inspect(try CardNumber("9012 0000 0000 0000")).brand == CardBrand(rawValue: "store-card"))
    let range = try IINRange("506099", through: "506127")
    #expect(range.contains(prefixOf: [5, 0, 6, 1, 0, 0, 1, 2] as [UInt8]))
  }

  @Test func brandLuhnAndGrouping() throws {
    let brand = CardBrand(rawValue: "american-express")
    #expect(brand == .americanExpress)
    #expect(brand.rawValue == "american-express")
    #expect("\(CardBrand.visa)" == "visa")
    #expect(try JSONDecoder().decode(CardBrand.self, from: Data("\"visa\"".utf8)) == .visa)
    #expect(
      String(decoding: try JSONEncoder().encode(CardBrand.mastercard), as: UTF8.self) == "\"mastercard\"")
    #expect(Luhn.passes("4242424242424242"))
    #expect(Luhn.checkDigit(for: "424242424242424") == 2)
    #expect(CardGrouping.fourSixRest.format("378282246310005") == "3782 822463 10005")
    #expect(CardGrouping.byFour.format("6205500000000000004") == "6205 5000 0000 0000 004")
  }

  @Test func expiryAndCalendarDay() throws {
    let today = try #require(today)
    let expiry = try CardExpiry("12/34", today: today)
    #expect(expiry.year == 2034)
    #expect(expiry.formatted() == "12/34")
    #expect(!expiry.isExpired(on: today))
    #expect(expiry.isValid(on: today))
    #expect(try CardExpiry(month: 4, year: 2030).formatted() == "04/30")
    #expect("\(try CardExpiry(month: 4, year: 2030))" == "04/30")
    #expect(try CardExpiry(month: 12, year: 2030) < CardExpiry(month: 1, year: 2031))
    let decoded = try JSONDecoder().decode(CardExpiry.self, from: Data(#"{"month":12,"year":2034}"#.utf8))
    #expect(decoded == (try CardExpiry(month: 12, year: 2034)))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded = try encoder.encode(CardExpiry(month: 12, year: 2034))
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"month":12,"year":2034}"#)
    #expect(CalendarDay(iso8601: "2026-11-29")?.month == 11)
    #expect(
      try #require(CalendarDay(year: 2026, month: 1, day: 31)) < #require(
        CalendarDay(year: 2026, month: 2, day: 1)))
    #expect(try JSONDecoder().decode(CalendarDay.self, from: Data(#""2026-11-29""#.utf8)).month == 11)
    let day = try #require(CalendarDay(year: 2026, month: 11, day: 29))
    #expect(String(decoding: try JSONEncoder().encode(day), as: UTF8.self) == #""2026-11-29""#)
  }

  @Test func expiryFormatter() {
    let formatter = ExpiryFormatter()
    #expect(formatter.format("4").text == "04")
    #expect(formatter.format("042").text == "04/2")
    #expect(formatter.format("04/").text == "04")
    #expect(formatter.format("1225").isComplete)
    #expect(ExpiryFormatter().format("1225").text == "12/25")
  }
}
