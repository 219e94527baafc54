import PayPhoneTestSupport
import Testing

@testable import PayPhoneNumbers

/// The strings written straight into `String`'s inline form are the
/// standard library's own: equal, same bytes, same hash, as
/// `String(decoding:as:)` makes them.
@Suite struct InlineASCIITests {
  @Test func theLayoutHoldsHere() {
    // 64-bit little-endian (x86_64, arm64): the platforms CI runs on.
    #expect(InlineASCII.layoutHolds)
  }

  @Test func everyShortTextIsTheStandardLibrarysString() {
    var generator = SeededGenerator(seed: 17)
    let alphabet = Array("0123456789 +-().x/".utf8)
    for count in 0...20 {
      for _ in 0..<50 {
        let bytes = (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        let expected = String(decoding: bytes, as: UTF8.self)
        let made = bytes.withUnsafeBufferPointer { PhoneNumberBytes.makeString($0) }
        #expect(made == expected)
        #expect(Array(made.utf8) == bytes)
        #expect(made.hashValue == expected.hashValue)
      }
    }
  }

  @Test func nonASCIIIsLeftToTheStandardLibrary() {
    let bytes = Array("+44 ٢٠".utf8)
    #expect(bytes.withUnsafeBufferPointer { InlineASCII.string($0) } == nil)
    #expect(bytes.withUnsafeBufferPointer { PhoneNumberBytes.makeString($0) } == "+44 ٢٠")
  }

  @Test func plusPrefixedIsTheE164Text() {
    for code in [1, 7, 20, 44, 99, 100, 599, 979, 999] {
      for length in 0...14 {
        let digits = String(String(repeating: "9876543210", count: 2).prefix(length))
        let expected = "+\(code)\(digits)"
        let made = InlineASCII.plusPrefixed(code, digits)
        if expected.utf8.count <= 15 {
          #expect(made == expected)
        } else {
          #expect(made == nil)
        }
      }
    }
    // Not inline, or no country code: left to the general path.
    #expect(InlineASCII.plusPrefixed(44, "20794609581234567") == nil)
    #expect(InlineASCII.plusPrefixed(0, "123") == nil)
    #expect(InlineASCII.plusPrefixed(1000, "123") == nil)
  }
}
