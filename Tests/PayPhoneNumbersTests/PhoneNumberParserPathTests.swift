import PayPhoneTestSupport
import PayPhoneText
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

  /// The cases whose answer (number or error) differs from the general
  /// path's, each as "text in region: answer vs general answer" (the first
  /// 20 printed).
  static func mismatches(_ cases: [(String, RegionCode?)]) -> [String] {
    var mismatches: [String] = []
    for (text, region) in cases {
      let simple = outcome { () throws(PhoneNumberError) in try PhoneNumber(text, region: region) }
      let general = outcome { () throws(PhoneNumberError) in
        try PhoneNumberParser.parseGeneral(text, region: region)
      }
      if simple != general {
        mismatches.append("\(text) in \(region?.rawValue ?? "nil"): \(simple) vs \(general)")
      }
    }
    for mismatch in mismatches.prefix(20) { print("MISMATCH \(mismatch)") }
    return mismatches
  }

  @Test func randomSimpleTextsAgree() {
    var random = SeededGenerator(seed: 42)
    let alphabet = Array("0123456789012345678901234567890123456789+-./() ".utf8)
    let starts = ["", "+", "++", "00", "011", "0", "8", "810", "+44", "+1", "+7", "+800", "(+1)", "+0", "1"]
    var cases: [(String, RegionCode?)] = []
    for _ in 0..<150_000 {
      let length = Int.random(in: 0...20, using: &random)
      var text = starts.randomElement(using: &random) ?? ""
      for _ in 0..<length {
        text.append(Character(Unicode.Scalar(alphabet.randomElement(using: &random) ?? 0x30)))
      }
      cases.append((text, Self.regions.randomElement(using: &random) ?? nil))
    }
    #expect(Self.mismatches(cases).isEmpty)
  }

  /// Simple text with an extension after it (the forms the simple path
  /// reads, and near ones it leaves to the general path: other labels,
  /// too many digits, a `#` after, a `/` before): the answers must be the
  /// general path's.
  @Test func randomExtensionTextsAgree() {
    var random = SeededGenerator(seed: 43)
    let alphabet = Array("0123456789012345678901234567890123456789+-./() ".utf8)
    let numbers = [
      "+44 20 7946 0958", "020 7946 0958", "(201) 555-0123", "+1 201 555 0123", "12", "123", "+1+2",
    ]
    let separators = ["", " ", "  ", " / ", "/", " - ", ",", "\t"]
    let labels = [
      "x", "X", "ext", "EXT", "Ext", "#", "ext.", "x.", "ext:", "extn", "xt", "e", "ex", "int", "~", "#.",
    ]
    let afters = ["", " ", "  ", "-", " - ", ". "]
    var cases: [(String, RegionCode?)] = []
    for _ in 0..<60_000 {
      var text = numbers.randomElement(using: &random) ?? ""
      if Bool.random(using: &random) {
        text = ""
        for _ in 0..<Int.random(in: 0...16, using: &random) {
          text.append(Character(Unicode.Scalar(alphabet.randomElement(using: &random) ?? 0x30)))
        }
      }
      text += (separators.randomElement(using: &random) ?? "") + (labels.randomElement(using: &random) ?? "")
      text += afters.randomElement(using: &random) ?? ""
      for _ in 0..<Int.random(in: 0...22, using: &random) {
        text.append(Character(Unicode.Scalar(UInt8.random(in: 0x30...0x39, using: &random))))
      }
      if Int.random(in: 0..<8, using: &random) == 0 {
        text += ["#", " ", "x", "-"].randomElement(using: &random) ?? ""
      }
      cases.append((text, Self.regions.randomElement(using: &random) ?? nil))
    }
    #expect(Self.mismatches(cases).isEmpty)
  }

  /// Simple text after a label or other ASCII before its number (and a
  /// few tails, one with letters the general path must read): the answers
  /// must be the general path's.
  @Test func randomLabelledTextsAgree() {
    var random = SeededGenerator(seed: 44)
    let alphabet = Array("0123456789012345678901234567890123456789+-./() ".utf8)
    let leads = [
      "tel:", "TEL:", "Phone: ", "n/a", "call me", "#", "*", "x", "ext ", "Mob.", "ph;", ";", "tel:;", "☎ ",
      "(", "((tel: ", "a+", "+a", "!", "\t", "<", "@", "abc", "",
    ]
    let tails = ["", "", "", " x12", " now", "abc", " #7", ";ext=3", "a"]
    var cases: [(String, RegionCode?)] = []
    for _ in 0..<60_000 {
      var text = leads.randomElement(using: &random) ?? ""
      if Bool.random(using: &random) { text += leads.randomElement(using: &random) ?? "" }
      for _ in 0..<Int.random(in: 0...18, using: &random) {
        text.append(Character(Unicode.Scalar(alphabet.randomElement(using: &random) ?? 0x30)))
      }
      text += tails.randomElement(using: &random) ?? ""
      cases.append((text, Self.regions.randomElement(using: &random) ?? nil))
    }
    #expect(Self.mismatches(cases).isEmpty)
  }

  /// Text the general path takes, given as UTF-8: decoded from the bytes,
  /// it must parse as the `String` does.
  @Test(arguments: [
    "+44 20 7946 0958 ext. 123", "020 7946 0958 x12", "+1 201 555 0123 #45", "tel:+1-201-555-0123;ext=7",
    "tel:2015550123;phone-context=+1", "1-800-FLOWERS", "+１ ２０１ ５５５ ０１２３", "(٠٦) ١٢٣٤-٥٦٧-٠",
    "०२० ७९४६ ०९५८", "Call 020 7946 0958 now", "+44 20 7946 0958 доб 12", "2015550123,,45",
    "+49 30 1234567 anexo 9",
    "e\u{301}xt 1", "\u{FEFF}+1 201 555 0123", "☎ +33 1 23 45 67 89", "+7 (495) 123‑45‑67",
    String(repeating: "٠", count: 251), String(repeating: "٠", count: 250), "😀 +1 201 555 0123",
  ])
  func utf8AgreesWithString(text: String) {
    for region in Self.regions {
      let fromString = Self.outcome { () throws(PhoneNumberError) in try PhoneNumber(text, region: region) }
      var copy = text
      let fromBytes = copy.withUTF8 { bytes in
        Self.outcome { () throws(PhoneNumberError) in try PhoneNumber(utf8: bytes, region: region) }
      }
      #expect(fromString == fromBytes, "\(text) in \(region?.rawValue ?? "nil")")
    }
  }

  /// The scalars decoded from UTF-8 are the string's, folded; bytes that
  /// are not UTF-8 read as the `String` that repairs them, and parse as it.
  @Test func utf8DecodingMatchesTheString() throws {
    var random = SeededGenerator(seed: 7)
    let pieces: [[UInt8]] = [
      Array("0123456789 +-.()#x;ext=".utf8), Array("٣".utf8), Array("１".utf8), Array("😀".utf8),
      Array("é".utf8),
      [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
      [0x80], [0xF0, 0x9F, 0x98],
    ]
    var malformed = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...24, using: &random) {
        let piece = pieces.randomElement(using: &random) ?? []
        // ASCII pieces contribute one byte at a time.
        if piece.count > 10 {
          bytes.append(piece.randomElement(using: &random) ?? 0x30)
        } else {
          bytes += piece
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let isWellFormed = Array(text.utf8) == bytes
      let decoded = bytes.withUnsafeBufferPointer { bytes in
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: bytes.count) { buffer in
          FoldedScalars.fold(bytes, into: buffer).map { Array(buffer[..<$0]) }
        }
      }
      #expect(decoded == text.unicodeScalars.map(DigitProperties.folded), "\(bytes)")
      if !isWellFormed { malformed += 1 }
      let region = Self.regions.randomElement(using: &random) ?? nil
      let fromBytes = bytes.withUnsafeBufferPointer { buffer in
        Self.outcome { () throws(PhoneNumberError) in try PhoneNumber(utf8: buffer, region: region) }
      }
      let fromString = Self.outcome { () throws(PhoneNumberError) in try PhoneNumber(text, region: region) }
      #expect(fromBytes == fromString, "\(bytes)")
    }
    #expect(malformed > 1000)
  }

  /// Text with digits of other scripts among the simple text's punctuation
  /// is parsed by the simple path once folded: the general path's answers,
  /// whatever the scripts mixed.
  @Test func foldedSimpleTextsAgree() {
    var random = SeededGenerator(seed: 5)
    let alphabet = Array(
      "0123456789+-./() \u{660}\u{663}\u{669}\u{66A}\u{6F0}\u{6F5}\u{9E6}\u{9EF}\u{966}\u{FF10}\u{FF19}\u{FF0B}\u{3000}"
        .unicodeScalars)
    let starts = ["", "+", "00", "0", "+44", "+1", "+\u{669}\u{663}", "\u{FF10}\u{FF10}"]
    var mismatches: [String] = []
    for _ in 0..<50_000 {
      var text = starts.randomElement(using: &random) ?? ""
      for _ in 0..<Int.random(in: 0...16, using: &random) {
        text.unicodeScalars.append(alphabet.randomElement(using: &random) ?? "1")
      }
      let region = Self.regions.randomElement(using: &random) ?? nil
      let parsed = Self.outcome { () throws(PhoneNumberError) in try PhoneNumber(text, region: region) }
      let general = Self.outcome { () throws(PhoneNumberError) in
        try PhoneNumberParser.parseGeneral(text, region: region)
      }
      if parsed != general {
        mismatches.append("\(text) in \(region?.rawValue ?? "nil"): \(parsed) vs \(general)")
      }
    }
    for mismatch in mismatches.prefix(20) { print("MISMATCH \(mismatch)") }
    #expect(mismatches.isEmpty)
  }

  /// A parsed number's possibility, worked out as it was settled, is the
  /// one worked out when asked (a number made from its parts).
  @Test func settledPossibilityIsTheAskedOne() throws {
    var random = SeededGenerator(seed: 9)
    let alphabet = Array("0123456789 ".utf8)
    let starts = ["+1", "+44", "+49", "+7", "+800", "+882", "+39 0", "+61", "+86", "+999", "0", "00"]
    for _ in 0..<20_000 {
      var text = starts.randomElement(using: &random) ?? ""
      for _ in 0..<Int.random(in: 1...16, using: &random) {
        text.append(Character(Unicode.Scalar(alphabet.randomElement(using: &random) ?? 0x30)))
      }
      let region = Self.regions.randomElement(using: &random) ?? nil
      guard let parsed = try? PhoneNumber(text, region: region) else { continue }
      let made = try PhoneNumber(
        countryCode: parsed.countryCode, nationalNumber: parsed.nationalNumber,
        numberExtension: parsed.numberExtension)
      #expect(parsed.possibility == made.possibility, "\(text) in \(region?.rawValue ?? "nil")")
      #expect(parsed.possibility == parsed.possibility(for: .unknown))
    }
  }

  /// `isViable` tries an extension only from the starts it may run from:
  /// the same answers as trying it from every start after the first three
  /// digits (libphonenumber's pattern, read literally).
  @Test func viabilityMatchesEveryStart() {
    var random = SeededGenerator(seed: 11)
    let alphabet = Array("0123456789  +-.()/#*;,xXtTeEnNaAbB~\u{FF03}\u{A0}доб".unicodeScalars)
    let starts = ["", "+", "1", "12", "123", "+44 20", "1-800-"]
    var mismatches: [String] = []
    for _ in 0..<100_000 {
      var scalars = Array((starts.randomElement(using: &random) ?? "").unicodeScalars)
      for _ in 0..<Int.random(in: 0...16, using: &random) {
        scalars.append(alphabet.randomElement(using: &random) ?? "1")
      }
      scalars.withUnsafeBufferPointer { buffer in
        let number = buffer[...]
        if PhoneNumberText.isViable(number) != Self.isViableTryingEveryStart(number) {
          mismatches.append(String(String.UnicodeScalarView(scalars)))
        }
      }
    }
    for mismatch in mismatches.prefix(20) { print("MISMATCH \(mismatch)") }
    #expect(mismatches.isEmpty)
  }

  /// A label is matched as the label part less its longest tail: sound
  /// only while no label holds a tail character; and the spellings with
  /// tails still read as extensions.
  @Test func labelsAreTheLabelPartLessItsTail() {
    #expect(ExtensionMatcher.labelsHoldNoTailCharacter)
    for text in ["ext. 12", "EXT:- 12", "x-12", "\u{434}\u{43E}\u{431}. 12", "anexo,12", "#. 12"] {
      let scalars = Array(text.unicodeScalars)
      scalars.withUnsafeBufferPointer { #expect(ExtensionMatcher.isExtension($0[...]), "\(text)") }
    }
    for text in ["ext.. 12", "ext.: 12", "ext :12", "ex 12", "x.x 12", ":12"] {
      let scalars = Array(text.unicodeScalars)
      scalars.withUnsafeBufferPointer { #expect(!ExtensionMatcher.isExtension($0[...]), "\(text)") }
    }
  }

  /// `PhoneNumberText.isViable` as it was written before it narrowed the
  /// starts: every start from the first three digits' end to the body's.
  static func isViableTryingEveryStart(_ number: PhoneNumberText.Scalars) -> Bool {
    switch PhoneNumberText.viableShape(number) {
    case .notViable: return false
    case .viable: return true
    case .viableWithExtensionFrom(let starts):
      return starts.contains { ExtensionMatcher.isExtension(number[$0...]) }
    }
  }
}
