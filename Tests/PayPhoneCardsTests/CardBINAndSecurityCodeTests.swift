import PayPhoneCards
import Testing

/// the command-line reference "card": `bin` (the first 8 digits when there are 16 or
/// more, else the first 6, all of them when fewer) and `cvcValid` (only
/// digits of any script, exactly the brand's `cvcLength`, 3 or 4 when no
/// brand is known — card-validator's `cvv` check).
@Suite struct CardBINAndSecurityCodeTests {
  @Test(arguments: [
    ("4242 4242 4242 4242", "42424242"),  // 16 digits: 8
    ("6205 5000 0000 0000 004", "62055000"),  // 19 digits: 8
    ("3782 822463 10005", "378282"),  // 15 digits: 6
    ("3056 930902 5904", "305693"),  // 14 digits: 6
    ("4242 4242 4242 424", "424242"),
    ("4242 42", "424242"),
    ("42424", "42424"),  // fewer than 6: all
    ("4", "4"),
    ("٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢", "42424242"),
  ])
  func binIsTheFirstEightOrSixDigits(_ text: String, _ bin: String) throws {
    let number = try CardNumber(text)
    #expect(number.bin == bin)
    #expect(CardBrandTable.standard.inspect(number).bin == bin)
  }

  /// (number, code, valid): Amex's CID has 4 digits, Visa's CVV,
  /// Mastercard's CVC, Troy's and Naranja's 3; without a brand 3 or 4.
  @Test(arguments: [
    ("3782 822463 10005", "1234", true),
    ("3782 822463 10005", "123", false),
    ("3782 822463 10005", "12345", false),
    ("4111 1111 1111 1111", "123", true),
    ("4111 1111 1111 1111", "1234", false),
    ("4111 1111 1111 1111", "12", false),
    ("4111 1111 1111 1111", "", false),
    ("4111 1111 1111 1111", "12a", false),
    ("4111 1111 1111 1111", "12 3", false),
    ("4111 1111 1111 1111", " 123", false),
    ("4111 1111 1111 1111", "12-3", false),
    ("4111 1111 1111 1111", "+12", false),
    ("4111 1111 1111 1111", "١٢٣", true),  // Arabic-Indic digits, folded
    ("4111 1111 1111 1111", "۱۲۳", true),  // Persian
    ("4111 1111 1111 1111", "१२३", true),  // Devanagari
    ("4111 1111 1111 1111", "１２３", true),  // fullwidth
    ("4111 1111 1111 1111", "¹²³", false),  // superscripts are not decimal digits
    ("5555 5555 5555 4444", "737", true),
    ("5555 5555 5555 4444", "7373", false),
    ("9792 0000 0000 0001", "123", true),
    ("9792 0000 0000 0001", "1234", false),
    ("5895 6200 0000 0000", "123", true),
    ("5895 6200 0000 0000", "1234", false),
    ("6", "123", true),  // several candidates: 3 or 4
    ("6", "1234", true),
    ("6", "12", false),
    ("6", "12345", false),
    ("7000 0000", "123", true),  // no brand at all: 3 or 4
    ("7000 0000", "1234", true),
    ("7000 0000", "1", false),
  ])
  func securityCodeFitsTheBrand(_ number: String, _ code: String, _ valid: Bool) throws {
    let inspection = CardBrandTable.standard.inspect(try CardNumber(number))
    #expect(inspection.isValidSecurityCode(code) == valid)
  }

  @Test func aLongPasteIsNotASecurityCode() throws {
    let inspection = CardBrandTable.standard.inspect(try CardNumber("4111 1111 1111 1111"))
    #expect(!inspection.isValidSecurityCode(String(repeating: "1", count: 1_000_000)))
    #expect(!inspection.isValidSecurityCode("123" + String(repeating: "x", count: 1_000_000)))
  }
}
