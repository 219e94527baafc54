import PayPhoneCards
import Testing

/// A test card number published by a payment provider, and the brand the
/// provider lists it under (as a contract brand id).
struct PublishedNumber: CustomTestStringConvertible, Sendable {
  let digits: String
  let brand: CardBrand
  let source: String

  init(_ digits: String, _ brand: CardBrand, _ source: String) {
    self.digits = digits
    self.brand = brand
    self.source = source
  }

  var testDescription: String { "\(source) \(brand.rawValue) \(digits)" }
}

enum PublishedNumbers {
  static let stripe = "Stripe docs, Testing: cards by brand"
  static let braintree = "Braintree sandbox testing docs (CreditCardNumbers in its SDKs)"
  static let adyen = "Adyen docs, Test card numbers"
  static let interswitch = "Interswitch sandbox test cards"
  static let creditCardType = "braintree/credit-card-type 10.3.0 test suite (src/__tests__/index.ts)"

  static let all: [PublishedNumber] = [
    PublishedNumber("4242424242424242", .visa, stripe),
    PublishedNumber("4000056655665556", .visa, stripe),
    PublishedNumber("5555555555554444", .mastercard, stripe),
    PublishedNumber("2223003122003222", .mastercard, stripe),
    PublishedNumber("5200828282828210", .mastercard, stripe),
    PublishedNumber("5105105105105100", .mastercard, stripe),
    PublishedNumber("378282246310005", .americanExpress, stripe),
    PublishedNumber("371449635398431", .americanExpress, stripe),
    PublishedNumber("6011111111111117", .discover, stripe),
    PublishedNumber("6011000990139424", .discover, stripe),
    PublishedNumber("6011981111111113", .discover, stripe),
    PublishedNumber("3056930009020004", .dinersClub, stripe),
    PublishedNumber("36227206271667", .dinersClub, stripe),
    PublishedNumber("30569309025904", .dinersClub, stripe),
    PublishedNumber("38520000023237", .dinersClub, stripe),
    PublishedNumber("3566002020360505", .jcb, stripe),
    PublishedNumber("3530111333300000", .jcb, stripe),
    PublishedNumber("6200000000000005", .unionPay, stripe),
    PublishedNumber("6200000000000047", .unionPay, stripe),
    PublishedNumber("6205500000000000004", .unionPay, stripe),
    // Stripe lists it as "BCcard and DinaCard"; by the table (65) it is Discover.
    PublishedNumber("6555900000604105", .discover, stripe),

    PublishedNumber("4111111111111111", .visa, braintree),
    PublishedNumber("4005519200000004", .visa, braintree),
    PublishedNumber("4009348888881881", .visa, braintree),
    PublishedNumber("4012000033330026", .visa, braintree),
    PublishedNumber("4012000077777777", .visa, braintree),
    PublishedNumber("4012888888881881", .visa, braintree),
    PublishedNumber("4217651111111119", .visa, braintree),
    PublishedNumber("4500600000000061", .visa, braintree),
    PublishedNumber("2223000048400011", .mastercard, braintree),
    PublishedNumber("378734493671000", .americanExpress, braintree),
    PublishedNumber("36259600000004", .dinersClub, braintree),
    PublishedNumber("6011000991300009", .discover, braintree),
    PublishedNumber("6304000000000000", .maestro, braintree),
    PublishedNumber("6243030000000001", .unionPay, braintree),
    PublishedNumber("6221261111117766", .unionPay, braintree),
    PublishedNumber("6223164991230014", .unionPay, braintree),
    PublishedNumber("5066991111111118", .elo, braintree),
    PublishedNumber("6370950000000005", .hiper, braintree),
    PublishedNumber("6062820524845321", .hipercard, braintree),

    PublishedNumber("370000000000002", .americanExpress, adyen),
    PublishedNumber("36006666333344", .dinersClub, adyen),
    PublishedNumber("6011601160116611", .discover, adyen),
    PublishedNumber("6445644564456445", .discover, adyen),
    PublishedNumber("5066991111111118", .elo, adyen),
    PublishedNumber("6062828888666688", .hipercard, adyen),
    PublishedNumber("3569990010095841", .jcb, adyen),
    PublishedNumber("6771798021000008", .maestro, adyen),
    PublishedNumber("2222400070000005", .mastercard, adyen),
    PublishedNumber("5555341244441115", .mastercard, adyen),
    PublishedNumber("8171999927660000", .unionPay, adyen),
    PublishedNumber("8171999900000000021", .unionPay, adyen),
    PublishedNumber("4988438843884305", .visa, adyen),
    PublishedNumber("4166676667666746", .visa, adyen),
    PublishedNumber("4646464646464644", .visa, adyen),
    PublishedNumber("4444333322221111", .visa, adyen),

    // Verve has no number in the three providers' lists; Interswitch's are Verve.
    PublishedNumber("5060990580000217499", .verve, interswitch),
    PublishedNumber("5061050254756707864", .verve, interswitch),

    // Troy and Naranja have no number in the providers' lists above; the
    // brand table's own upstream tests them with these.
    PublishedNumber("9792100000000001", .troy, creditCardType),
    PublishedNumber("9792090000000004", .troy, creditCardType),
    PublishedNumber("6502740000000001", .troy, creditCardType),
    PublishedNumber("5895626292990446", .naranja, creditCardType),
  ]
}

@Suite struct PublishedTestNumbersTests {
  @Test(arguments: PublishedNumbers.all)
  func publishedNumberIsItsBrandAndValid(_ published: PublishedNumber) throws {
    let inspection = CardBrandTable.standard.inspect(try CardNumber(published.digits))
    #expect(inspection.brand == published.brand)
    #expect(inspection.candidates == [published.brand])
    #expect(inspection.passesLuhn)
    #expect(inspection.isLengthValid)
    #expect(inspection.isValid)
    #expect(inspection.isPotentiallyValid)
  }

  @Test(arguments: PublishedNumbers.all)
  func publishedNumberWithAnotherCheckDigitFailsLuhn(_ published: PublishedNumber) throws {
    var digits = Array(published.digits.utf8)
    digits[digits.count - 1] = UInt8(ascii: "0") + (digits[digits.count - 1] - UInt8(ascii: "0") + 1) % 10
    let inspection = CardBrandTable.standard.inspect(try CardNumber(String(decoding: digits, as: UTF8.self)))
    #expect(inspection.brand == published.brand)
    #expect(!inspection.passesLuhn)
    #expect(inspection.isLengthValid)
    // UnionPay is valid without a Luhn check digit; every other brand is not.
    #expect(inspection.isValid == (published.brand == .unionPay))
  }

  /// The grouped forms the contract and the providers' pages show.
  @Test(arguments: [
    ("378282246310005", "3782 822463 10005"),
    ("30569309025904", "3056 930902 5904"),
    ("4111111111111111", "4111 1111 1111 1111"),
    ("6205500000000000004", "6205 5000 0000 0000 004"),
    ("4242424242424242", "4242 4242 4242 4242"),
    ("371449635398431", "3714 496353 98431"),
    ("36227206271667", "3622 720627 1667"),
    ("3056930009020004", "3056 930009 020004"),
  ])
  func publishedNumberGroupsLikeTheDocuments(_ digits: String, _ expected: String) throws {
    let number = try CardNumber(digits)
    #expect(number.formatted() == expected)
    #expect(number.formatted(CardBrandTable.standard.inspect(number).grouping) == expected)
  }

  @Test(arguments: [
    ("378282246310005", "CID", 4),
    ("4111111111111111", "CVV", 3),
    ("5555555555554444", "CVC", 3),
    ("6011000990139424", "CID", 3),
    ("30569309025904", "CVV", 3),
    ("3530111333300000", "CVV", 3),
    ("6200000000000005", "CVN", 3),
    ("6304000000000000", "CVC", 3),
    ("5066991111111118", "CVE", 3),
    ("6370950000000005", "CVC", 3),
    ("6062820524845321", "CVC", 3),
    ("5060990580000217499", "CVV", 3),
    ("2200000000000004", "CVP2", 3),
  ])
  func securityCodeIsTheBrands(_ digits: String, _ name: String, _ length: Int) throws {
    let code = CardBrandTable.standard.inspect(try CardNumber(digits)).securityCode
    #expect(code == CardSecurityCode(name: name, length: length))
  }
}
