import PayPhoneTestSupport
import Testing

@testable import PayPhoneNumbers

/// Text of ASCII digits, spaces and `+-./()` is parsed straight from its
/// bytes; the answers (number or error) must be the general path's.
@Suite struct PhoneNumberParserPathTests {
  static let regions: [RegionCode?] = [
    nil, "US", "GB", "DE", "FR", "IT", "BR", "AR", "MX", "RU", "KZ", "CN", "JP", "AU", "IN", "NZ", "CH",
    "AT", "NL", "SE", "FI", "AX", "GG", "CA", "JM", "BS", "SG", "HK", "KR", "ZA", "NG", "EG", "ES", "PL",
    "CO", "CL", "001", "ZZ",
  ]

  static func outcome(_ parse: () throws(PhoneNumberError) -> PhoneNumber) -> String {
    do throws(PhoneNumberError) {
      let number = try parse()
      return "\(number) \(number.region?.rawValue ?? "-") \(number.type)"
    } catch {
      return "error \(error)"
    }
  }

  @Test(arguments: [
    "", "+", "++", "1", "12", "+12", "123", "+1 ", "(+1) 201-555-0123", "+44 20 7946 0958", "020 7946 0958",
    "011 44 20 7946 0958", "+1+2015550123", "1+2015550123", "201+5550123", "+ 1 201 555 0123", "0/0/0",
    "2015550123/", "+800 1234 5678", "00 800 1234 5678", "(0)20 7946 0958", "..12..",
    String(repeating: "1", count: 251),
    String(repeating: "1", count: 250), "+" + String(repeating: "1", count: 30),
  ])
  func handPickedTextsAgree(text: String) {
    for region in Self.regions {
      let simple = Self.outcome { () throws(PhoneNumberError) in try PhoneNumber(text, region: region) }
      let general = Self.outcome { () throws(PhoneNumberError) in
        try PhoneNumberParser.parseGeneral(text, region: region)
      }
      #expect(simple == general, "\(text) in \(region?.rawValue ?? "nil")")
    }
  }

  @Test func randomSimpleTextsAgree() {
    var random = SeededGenerator(seed: 42)
    let alphabet = Array("0123456789012345678901234567890123456789+-./() ".utf8)
    let starts = ["", "+", "++", "00", "011", "0", "8", "810", "+44", "+1", "+7", "+800", "(+1)", "+0", "1"]
    var checked = 0
    var mismatches: [String] = []
    for _ in 0..<150_000 {
      let length = Int.random(in: 0...20, using: &random)
      var text = starts.randomElement(using: &random) ?? ""
      for _ in 0..<length {
        text.append(Character(Unicode.Scalar(alphabet.randomElement(using: &random) ?? 0x30)))
      }
      let region = Self.regions.randomElement(using: &random) ?? nil
      let simple = Self.outcome { () throws(PhoneNumberError) in try PhoneNumber(text, region: region) }
      let general = Self.outcome { () throws(PhoneNumberError) in
        try PhoneNumberParser.parseGeneral(text, region: region)
      }
      checked += 1
      if simple != general {
        mismatches.append("\(text) in \(region?.rawValue ?? "nil"): \(simple) vs \(general)")
      }
    }
    for mismatch in mismatches.prefix(20) { print("MISMATCH \(mismatch)") }
    #expect(checked == 150_000)
    #expect(mismatches.isEmpty)
  }
}
