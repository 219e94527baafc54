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
    for value in UInt32(0x80)...0x10FFFF where !DigitProperties.mayBeDigit(value) {
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

  /// A candidate ruled out before parsing is no number at any leniency:
  /// digits with the simple punctuation (and some with a plus or a
  /// letter), every region, the lengths around each region's bound.
  @Test func aRuledOutCandidateIsNeverAPossibleNumber() throws {
    var generator = SeededGenerator(seed: 7)
    let separators: [Unicode.Scalar] = [" ", "-", ".", "/", "(", ")"]
    var ruledOut = 0
    var regions = PhoneMetadataStore.shared.regionCodes.map { Optional($0) }
    regions += [nil, RegionCode("ZZ"), RegionCode("001")]
    for region in regions {
      let precheck = CandidatePrecheckStore.shared.precheck(for: region).precheck
      for _ in 0..<300 {
        var scalars: [Unicode.Scalar] = []
        let digits = Int.random(in: 1...(precheck.minimumDigits + 2), using: &generator)
        for index in 0..<digits {
          if index > 0 && Bool.random(using: &generator) && Int.random(in: 0..<3, using: &generator) == 0 {
            scalars.append(separators[Int.random(in: 0..<separators.count, using: &generator)])
          }
          // International prefixes start with 0 or 1 mostly: make them common.
          let digit =
            index < 3 && Bool.random(using: &generator)
            ? UInt8.random(in: 0...1, using: &generator)
            : UInt8.random(in: 0...9, using: &generator)
          scalars.append(Unicode.Scalar(0x30 + digit))
        }
        switch Int.random(in: 0..<20, using: &generator) {
        case 0: scalars.insert("+", at: 0)
        case 1: scalars.append("x")
        default: break
        }
        let text = String(String.UnicodeScalarView(scalars))
        let (isOut, hasBrackets) = scalars.withUnsafeBufferPointer { candidate in
          withUnsafeTemporaryAllocation(of: UInt8.self, capacity: candidate.count) { digits in
            let shape = CandidateShape(candidate, digits: digits)
            return (
              precheck.rulesOut(shape, digits: UnsafeBufferPointer(rebasing: digits[..<shape.digitCount])),
              shape.hasBrackets
            )
          }
        }
        #expect(hasBrackets == scalars.contains { $0 == "(" || $0 == ")" })
        guard isOut else { continue }
        ruledOut += 1
        guard let number = try? PhoneNumberParser.parse(text, region: region) else { continue }
        #expect(!number.isPossible && !number.isValid, "\(text) in \(region?.rawValue ?? "nil") is a number")
      }
    }
    #expect(ruledOut > 10000)
  }

  /// A run of digits alone is ruled out without its shape exactly when
  /// the precheck rules it out with its shape: every region, one to
  /// twenty digits, some starting with each region's usual prefixes.
  @Test func digitsAloneAreRuledOutAsTheirShapeIs() {
    var generator = SeededGenerator(seed: 11)
    var regions = PhoneMetadataStore.shared.regionCodes.map { Optional($0) }
    regions += [nil, RegionCode("ZZ"), RegionCode("001")]
    var ruledOut = 0
    for region in regions {
      let precheck = CandidatePrecheckStore.shared.precheck(for: region).precheck
      for _ in 0..<60 {
        var scalars: [Unicode.Scalar] = []
        let prefix = ["", "0", "00", "011", "810", "8", "1", "001"][Int.random(in: 0..<8, using: &generator)]
        scalars += prefix.unicodeScalars
        for _ in 0..<Int.random(in: 1...20, using: &generator) {
          scalars.append(Unicode.Scalar(0x30 + UInt8.random(in: 0...9, using: &generator)))
        }
        scalars.withUnsafeBufferPointer { candidate in
          withUnsafeTemporaryAllocation(of: UInt8.self, capacity: candidate.count) { digits in
            let shape = CandidateShape(candidate, digits: digits)
            let expected = precheck.rulesOut(
              shape, digits: UnsafeBufferPointer(rebasing: digits[..<shape.digitCount]))
            if candidate.count < precheck.digitsOnlyBound {
              #expect(
                precheck.rulesOut(digitsOnly: candidate) == expected,
                "\(String(String.UnicodeScalarView(scalars))) in \(region?.rawValue ?? "nil")")
              if expected { ruledOut += 1 }
            } else {
              #expect(!expected || candidate.count >= 32, "\(String(String.UnicodeScalarView(scalars)))")
            }
          }
        }
      }
    }
    #expect(ruledOut > 1000)
  }

  /// The extension scan skips the label lists when the first scalar starts
  /// none of them: every label's first scalar must pass.
  @Test func everyExtensionLabelStartsWithAScalarTheQuickTestAccepts() {
    for label in ExtensionMatcher.explicitLabels + ExtensionMatcher.ambiguousLabels {
      #expect(MatcherPatterns.startsSomeLabel(label[0]), "\(String(String.UnicodeScalarView(label)))")
    }
    #expect(!MatcherPatterns.startsSomeLabel("."))
  }
}
