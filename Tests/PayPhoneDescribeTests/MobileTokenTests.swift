import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

@testable import PayPhoneDescribe

/// Argentina's mobile numbers are placed by the digits after the mobile
/// token 9, read again as a national number. Digits the table
/// (`Data/describe/mobile-tokens.txt`) says read as themselves are looked
/// up without parsing: the place must be the one parsing gives.
@Suite struct MobileTokenTests {
  @Test func lookingUpTheDigitsGivesThePlaceParsingGives() throws {
    var generator = SeededGenerator(seed: 54)
    let describers = try ["en", "es", "de", "ja"].map {
      PhoneNumberDescriber(locale: try DescriptionLocale($0))
    }
    var mismatches: [String] = []
    var placed = 0
    var tried = 0
    var reparsed = 0
    let line = try #require(DescribeTables.mobileTokenDigits.line(countryCode: 54))
    for round in 0..<24000 {
      // An area code, then a subscriber number; every seventh one with the
      // carrier code 15 after the area code, which parsing strips.
      var digits = String(Int.random(in: 1...3, using: &generator))
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        digits += String(Int.random(in: 0...9, using: &generator))
      }
      if round % 7 == 0 { digits += "15" }
      while digits.utf8.count < 10 { digits += String(Int.random(in: 0...9, using: &generator)) }
      guard let number = try? PhoneNumber("+549" + digits), number.type == .mobile else { continue }
      tried += 1
      var rest = digits
      if rest.withUTF8({ line.changing.value(digits: $0) }) != 0 { reparsed += 1 }
      for describer in describers {
        let direct = describer.argentineMobilePlace(number)
        let parsed = describer.argentineMobilePlace(number, parsingAlways: true)
        if direct != nil { placed += 1 }
        if direct != parsed {
          mismatches.append(
            "+549\(digits) \(describer.locale): \(direct ?? "nil") against \(parsed ?? "nil")")
        }
      }
    }
    for mismatch in mismatches { print("mobile token mismatch: \(mismatch)") }
    print(
      "mobile token: \(tried) mobiles (\(reparsed) parsed again), \(placed) places, \(mismatches.count) mismatches"
    )
    #expect(tried > 2000)
    #expect(reparsed > 30)
    #expect(placed > 5000)
    #expect(mismatches.isEmpty)
  }

  @Test func theTableListsArgentinasToken() throws {
    let line = try #require(DescribeTables.mobileTokenDigits.line(countryCode: 54))
    #expect(line.token == Array("9".utf8))
    func changes(_ digits: String) -> Bool {
      var digits = digits
      return digits.withUTF8 { line.changing.value(digits: $0) } != 0
    }
    // 11 15 ...: Buenos Aires, then the carrier code parsing strips.
    #expect(changes("1115234567"))
    #expect(changes("0111234567"))
    #expect(changes("5411234567"))
    #expect(!changes("1123456789"))
    #expect(DescribeTables.mobileTokenDigits.line(countryCode: 55) == nil)
  }
}
