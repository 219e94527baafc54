import PayPhoneCards
import Testing

@Suite struct CardNumberTests {
  @Test(arguments: [
    ("4242 4242 4242 4242", "4242424242424242"),
    ("4242-4242-4242-4242", "4242424242424242"),
    ("4242.4242.4242.4242", "4242424242424242"),
    ("  4242 - 4242 . 4242  4242 ", "4242424242424242"),
    ("٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢", "4242424242424242"),  // Arabic-Indic
    ("۴۲۴۲۴۲۴۲۴۲۴۲۴۲۴۲", "4242424242424242"),  // Persian
    ("४२४२४२४२४२४२४२४२", "4242424242424242"),  // Devanagari
    ("４２４２－４２４２．４２４２　４２４２", "4242424242424242"),  // fullwidth, with fullwidth separators
    ("4242\u{00A0}4242\u{2009}4242\u{202F}4242", "4242424242424242"),  // no-break and thin spaces
    ("4242\u{2013}4242\u{2010}4242", "424242424242"),  // en dash, hyphen
    ("37٨٢ 822463 1000٥", "378282246310005"),  // mixed scripts
    ("4", "4"),
  ])
  func readsDigitsOfAnyScriptAndDropsSeparators(_ text: String, _ digits: String) throws {
    #expect(try CardNumber(text).digits == digits)
  }

  @Test(arguments: [
    ("4242a", "'a' (U+0061) at position 5"),
    ("4242/4242", "'/' (U+002F) at position 5"),
    ("+4242", "'+' (U+002B) at position 1"),
    ("4242²", "'²' (U+00B2) at position 5"),  // a superscript is not a decimal digit
    ("4242\t4242", "U+0009 at position 5"),
    ("٤٢x", "'x' (U+0078) at position 3"),
    ("👍🏽4", "'👍' (U+1F44D) at position 1"),
    ("é4", "'é' (U+00E9) at position 1"),
    ("4\u{301}2", "U+0301 at position 1"),
  ])
  func anyOtherCharacterIsAnInvalidCharacter(_ text: String, _ detail: String) {
    do {
      _ = try CardNumber(text)
      Issue.record("read \(text)")
    } catch {
      #expect(error.code == .invalidCharacter)
      #expect(error.message == "character \(detail) is not a digit, space, hyphen or dot")
    }
  }

  @Test(arguments: ["", " ", " - . ", "\u{3000}"])
  func noDigitsIsEmpty(_ text: String) {
    #expect(throws: CardError(code: .empty, message: "the card number has no digits")) {
      try CardNumber(text)
    }
  }

  @Test func errorMessagesNeverHoldTheDigits() {
    do {
      _ = try CardNumber("4242 4242 4242 4242 x")
      Issue.record("read a number with an x")
    } catch {
      #expect(!error.message.contains("4242"))
      #expect(!"\(error)".contains("4242"))
    }
  }

  @Test(arguments: [
    ("4242424242424242", "424242******4242"),
    ("378282246310005", "378282*****0005"),
    ("6205500000000000004", "620550*********0004"),
    ("4242424242424", "424242***2424"),
    ("424242424242", "********4242"),
    ("424242424", "*****2424"),
    ("42424242", "********"),
    ("4", "*"),
  ])
  func maskedShowsAtMostTheFirstSixAndLastFour(_ digits: String, _ masked: String) throws {
    let number = try CardNumber(digits)
    #expect(number.masked == masked)
    #expect(number.description == masked)
    #expect("\(number)" == masked)
    #expect(String(reflecting: number) == "CardNumber(\(masked))")
    var dumped = ""
    dump(number, to: &dumped)
    #expect(dumped.contains(masked))
    #expect(!dumped.contains(digits))
    #expect(!"\([number])".contains(digits))
    #expect(!"\(Optional(number) as Any)".contains(digits))
  }

  @Test(arguments: [("4242424242424242", "4242"), ("123", "123"), ("4", "4")])
  func last4IsTheLastFourDigits(_ digits: String, _ last4: String) throws {
    #expect(try CardNumber(digits).last4 == last4)
  }

  @Test func numbersCompareByDigits() throws {
    #expect(try CardNumber("4242 4242") == CardNumber("4242-4242"))
    #expect(try CardNumber("4242 4242") != CardNumber("4242 4243"))
    #expect(try CardNumber("4242").count == 4)
  }

  @Test func formattedUsesTheBrandsGrouping() throws {
    #expect(try CardNumber("3056930902 5904").formatted() == "3056 930902 5904")
    #expect(try CardNumber("3").formatted() == "3")
    #expect(try CardNumber("0000000000").formatted() == "0000 0000 00")
  }
}
