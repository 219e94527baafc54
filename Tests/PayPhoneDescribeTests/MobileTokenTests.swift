import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

@testable import PayPhoneDescribe

/// Argentina's mobile numbers are placed by the digits after the mobile
/// token 9, read again as a national number. The table
/// (`Data/describe/mobile-tokens.txt`) reads those digits without the
/// parser (as themselves, or with the carrier code 15 stripped): the place
/// must be the one parsing gives.
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
      if rest.withUTF8({ line.actions.value(digits: $0) }) != 0 { reparsed += 1 }
      for describer in describers {
        let direct = describer.argentineMobilePlace(number)
        let parsed = describer.argentineMobilePlaceByParsing(number)
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

  /// Every area code a national number can start with (one to four
  /// digits after a 1, 2 or 3), bare, with the carrier code 15, with the
  /// national prefix 0, and both; at lengths from too short to too long
  /// for the carrier code's stripping, so that every check of the parse
  /// decides some of them.
  @Test func everyAreaCodeReadsAsParsingReadsIt() throws {
    var generator = SeededGenerator(seed: 5415)
    let describers = try ["en", "es"].map { PhoneNumberDescriber(locale: try DescriptionLocale($0)) }
    let line = try #require(DescribeTables.mobileTokenDigits.line(countryCode: 54))
    var areas: [String] = []
    for first in 1...3 {
      areas.append(String(first))
      for second in 0...9 {
        areas.append("\(first)\(second)")
        for third in 0...9 {
          areas.append("\(first)\(second)\(third)")
          for fourth in 0...9 { areas.append("\(first)\(second)\(third)\(fourth)") }
        }
      }
    }
    var mismatches: [String] = []
    var readings: [String: Int] = [:]
    var compared = 0
    for area in areas {
      for form in [area + "15", area, "0" + area + "15", "0" + area] {
        for length in [form.utf8.count + 1, 10, 11, 12, 18] where length > form.utf8.count {
          var digits = form
          while digits.utf8.count < length { digits += String(Int.random(in: 0...9, using: &generator)) }
          guard let number = try? PhoneNumber("+549" + digits), number.nationalNumber == "9" + digits else {
            continue
          }
          var rest = digits
          let reading = rest.withUTF8 { rest in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { line.reading(of: rest, into: $0) }
          }
          readings["\(reading)".prefix(while: { $0 != "(" }).description, default: 0] += 1
          for describer in describers {
            compared += 1
            let fast = describer.argentineMobilePlace(number)
            let parsed = describer.argentineMobilePlaceByParsing(number)
            if fast != parsed {
              mismatches.append(
                "+549\(digits) \(describer.locale): \(fast ?? "nil") against \(parsed ?? "nil")")
            }
          }
        }
      }
    }
    for mismatch in mismatches { print("mobile token area mismatch: \(mismatch)") }
    print(
      "mobile token areas: \(compared) compared, readings \(readings.sorted { $0.key < $1.key }), \(mismatches.count) mismatches"
    )
    #expect(compared > 40000)
    // Each reading is taken many times: as is, stripped, refused to parse.
    #expect(readings["same", default: 0] > 10000)
    #expect(readings["replaced", default: 0] > 500)
    #expect(readings["parse", default: 0] > 10000)
    #expect(mismatches.isEmpty)
  }

  /// The reading of `11 15 ...` follows the parse's checks (phonenumbers'
  /// answers): 10 digits after the token stay (stripping would leave 9,
  /// too short); 11 and 12 lose the 15 (leaving 10 and 11, lengths the
  /// check lets through); more than 17 are left to the parser.
  @Test func theCarrierCodeIsStrippedOnlyWhereParsingStripsIt() throws {
    let line = try #require(DescribeTables.mobileTokenDigits.line(countryCode: 54))
    func reading(_ digits: String) -> String {
      var digits = digits
      return digits.withUTF8 { rest in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
          switch line.reading(of: rest, into: buffer) {
          case .same: return "same"
          case .failed: return "failed"
          case .parse: return "parse"
          case .replaced(let count):
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
          }
        }
      }
    }
    #expect(reading("1115234567") == "same")
    #expect(reading("1123456789") == "same")
    #expect(reading("11152345678") == "9112345678")
    #expect(reading("111523456789") == "91123456789")
    #expect(reading("2291152345") == "same")
    #expect(reading("0111523456") == "parse")
    #expect(reading("5411234567") == "parse")
    #expect(reading("1115234567890123456") == "parse")
  }

  @Test func theTableListsArgentinasToken() throws {
    let line = try #require(DescribeTables.mobileTokenDigits.line(countryCode: 54))
    #expect(line.token == Array("9".utf8))
    func changes(_ digits: String) -> Bool {
      var digits = digits
      return digits.withUTF8 { line.actions.value(digits: $0) } != 0
    }
    // 11 15 ...: Buenos Aires, then the carrier code parsing strips.
    #expect(changes("1115234567"))
    #expect(changes("0111234567"))
    #expect(changes("5411234567"))
    #expect(!changes("1123456789"))
    #expect(DescribeTables.mobileTokenDigits.line(countryCode: 55) == nil)
  }
}
