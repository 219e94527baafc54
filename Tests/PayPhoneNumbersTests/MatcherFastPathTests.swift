import PayPhoneTestSupport
import PayPhoneText
import Testing

@testable import PayPhoneNumbers

/// The matcher's shortcuts give what the plain ways give: the folded
/// scalars, the indices and raw text of a match's scalar range.
@Suite struct MatcherFastPathTests {
  /// Scalars of every width and kind: ASCII, Latin, Cyrillic, Arabic-Indic
  /// and Devanagari digits, CJK, fullwidth digits, emoji, Osmanya digits.
  static let alphabet: [Unicode.Scalar] = [
    "a", "Z", "0", "7", " ", "+", "(", "-", "\u{E9}", "\u{436}", "\u{661}", "\u{6F5}", "\u{966}",
    "\u{96F}", "\u{4E2D}", "\u{3042}", "\u{FF13}", "\u{FF0B}", "\u{1F600}", "\u{104A3}", "\u{1D7D9}",
    "\u{A0}", "\u{2212}", "\u{E50}",
  ]

  static func randomText(_ generator: inout SeededGenerator) -> String {
    var view = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0..<40, using: &generator) {
      view.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
    }
    return String(view)
  }

  @Test func noDecimalDigitIsSkippedByTheBlockFilter() {
    var skipped = 0
    for value in UInt32(0x80)...0x10FFFF where !FoldedScalars.mayBeDigit(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(DigitFolding.digitValue(of: scalar) == nil, "U+\(String(value, radix: 16)) is a digit")
      skipped += 1
    }
    #expect(skipped > 50000)
  }

  @Test func foldedScalarsAreTheTextsScalarsWithDigitsFolded() {
    var generator = SeededGenerator(seed: 13)
    for _ in 0..<2000 {
      let text = Self.randomText(&generator)
      let expected = text.unicodeScalars.map { scalar -> Unicode.Scalar in
        DigitFolding.digitValue(of: scalar).map { Unicode.Scalar(UInt8(0x30 + $0)) } ?? scalar
      }
      #expect(FoldedScalars.scalars(of: text) == expected, "\(text.debugDescription)")
    }
  }

  @Test func cursorGivesTheIndicesAndTextOfScalarRanges() {
    var generator = SeededGenerator(seed: 31)
    for _ in 0..<2000 {
      let text = Self.randomText(&generator)
      let count = text.unicodeScalars.count
      var cursor = ScalarIndexCursor(text: text, scalarCount: count)
      var offset = 0
      while offset < count {
        let lower = Int.random(in: offset...count, using: &generator)
        let upper = Int.random(in: lower...count, using: &generator)
        let (range, raw) = cursor.substring(lower..<upper, of: text)
        let start = text.unicodeScalars.index(text.startIndex, offsetBy: lower)
        let end = text.unicodeScalars.index(text.startIndex, offsetBy: upper)
        #expect(range == start..<end)
        #expect(raw == String(text.unicodeScalars[start..<end]))
        offset = upper + 1
      }
      // Asked out of order, it starts again.
      if count > 0 {
        #expect(cursor.index(atScalarOffset: 0, in: text) == text.startIndex)
      }
    }
  }
}
