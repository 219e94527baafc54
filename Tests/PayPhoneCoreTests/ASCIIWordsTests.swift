import PayPhoneCore
import Testing

/// The word-at-a-time questions against the byte-at-a-time rules: RFC 8259
/// escapes control characters (below U+0020), the quote and the backslash;
/// ASCII is below 0x80.
@Suite struct ASCIIWordsTests {
  static func isJSONSpecial(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  static func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { ASCIIWords.load($0.baseAddress!, at: 0) }
  }

  @Test func everyByteAtEveryPositionIsFlaggedAsTheByteRulesSay() {
    for byte in UInt8.min...UInt8.max {
      for position in 0..<8 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
        bytes[position] = byte
        let word = Self.word(bytes)
        let special = ASCIIWords.jsonSpecialBytes(word)
        #expect((special != 0) == Self.isJSONSpecial(byte), "byte \(byte) at \(position)")
        if special != 0 { #expect(ASCIIWords.firstFlaggedByte(special) == position) }
        #expect(ASCIIWords.hasNonASCII(word) == (byte >= 0x80), "byte \(byte) at \(position)")
      }
    }
  }

  /// After a special byte, any bytes may follow: the lowest flagged byte
  /// is still the first special one.
  @Test func theFirstFlaggedByteIsTheFirstSpecialOne() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let bytes = (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let first = bytes.firstIndex(where: Self.isJSONSpecial)
      let special = ASCIIWords.jsonSpecialBytes(Self.word(bytes))
      #expect((special == 0) == (first == nil), "\(bytes)")
      if let first { #expect(ASCIIWords.firstFlaggedByte(special) == first, "\(bytes)") }
    }
  }
}
