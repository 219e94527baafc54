import PayPhoneCards
import Testing

@Suite struct LuhnTests {
  /// The textbook example (79927398713) and published test card numbers.
  @Test(arguments: ["79927398713", "4111111111111111", "378282246310005", "0", "00", "18", "59"])
  func passingNumbers(_ digits: String) {
    #expect(Luhn.passes(digits))
  }

  @Test(arguments: ["79927398710", "4111111111111112", "378282246310006", "1", "10", "", "4111 1111", "٤٢"])
  func failingOrUnreadableNumbers(_ digits: String) {
    #expect(!Luhn.passes(digits))
  }

  @Test(arguments: [
    ("7992739871", 3), ("411111111111111", 1), ("37828224631000", 5), ("424242424242424", 2), ("1", 8),
  ])
  func checkDigitCompletesANumber(_ payload: String, _ expected: Int) {
    #expect(Luhn.checkDigit(for: payload) == expected)
  }

  @Test(arguments: ["", "12x"])
  func checkDigitNeedsDigits(_ payload: String) {
    #expect(Luhn.checkDigit(for: payload) == nil)
  }
}
