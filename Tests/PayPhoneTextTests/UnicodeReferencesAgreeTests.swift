#if ICU
  import Foundation
  import PayPhoneText
  import Testing

  /// The two Unicode references side by side: ICU 72 (Unicode 15.0), which
  /// answers in this build, and the standard library's own Unicode data
  /// (Unicode 17.0 in Swift 6.3), which answers in a build without the `ICU`
  /// trait. Each test names every scalar or text where they differ, so a
  /// new difference (another toolchain, another ICU) fails here by name.
  @Suite("ICU and the standard library agree, except where named")
  struct UnicodeReferencesAgreeTests {
    /// Decimal digit blocks of Unicode 16.0 and 17.0 (DerivedNumericType.txt):
    /// Nd for the standard library, unassigned for ICU 72.
    static let digitsNewerThanICU: [ClosedRange<UInt32>] = [
      0x10D40...0x10D49,  // Garay (16.0)
      0x116D0...0x116E3,  // Myanmar Extended-C: two sets (16.0)
      0x11BF0...0x11BF9,  // Sunuwar (16.0)
      0x11DE0...0x11DE9,  // Tolong Siki (17.0)
      0x16130...0x16139,  // Gurung Khema (16.0)
      0x16D70...0x16D79,  // Kirat Rai (16.0)
      0x1CCF0...0x1CCF9,  // Outlined digits (16.0)
      0x1E5F1...0x1E5FA,  // Ol Onal (16.0)
    ]

    /// Scalars that have a numeric value for the standard library but not
    /// for ICU 72, and are not digits: Han ideographs whose Unihan numeric
    /// value (kOtherNumeric) came after Unicode 15.0, cuneiform numeric
    /// signs, and three characters added in 17.0.
    static let numericNewerThanICU: Set<UInt32> = [
      0x4E24, 0x4EAC, 0x4FE9, 0x5006, 0x62D0, 0x6D1E, 0x7695, 0x79ED, 0x920E, 0x94A9,
      0x12038, 0x12039, 0x12079, 0x12226, 0x1222B, 0x1230B, 0x1230D, 0x12399,
      0x16FF4, 0x16FF5, 0x16FF6,
    ]

    private static func name(_ value: UInt32) -> String { "U+" + String(value, radix: 16, uppercase: true) }

    @Test("every scalar's digit value and numeric type: the same but for the digits Unicode added since 15.0")
    func digitValues() {
      var decimalDifferences: [UInt32] = []
      var typeDifferences: [UInt32] = []
      var numericDifferences: Set<UInt32> = []
      for value in UInt32(0x80)...0x10_FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        if DigitFolding.digitValue(of: scalar).map(UInt8.init)
          != StandardLibraryUnicode.decimalDigitValue(scalar)
        {
          decimalDifferences.append(value)
        }
        if DigitProperties.digitTypeValue(scalar) != StandardLibraryUnicode.digitTypeValue(scalar) {
          typeDifferences.append(value)
        }
        if DigitProperties.hasNumericValue(scalar) != StandardLibraryUnicode.hasNumericValue(scalar) {
          numericDifferences.insert(value)
        }
      }
      let newDigits = Self.digitsNewerThanICU.flatMap { $0 }
      #expect(decimalDifferences.map(Self.name) == newDigits.map(Self.name))
      #expect(typeDifferences.map(Self.name) == newDigits.map(Self.name))
      let expectedNumeric = Self.numericNewerThanICU.union(newDigits)
      #expect(numericDifferences.subtracting(expectedNumeric).map(Self.name).sorted() == [])
      #expect(expectedNumeric.subtracting(numericDifferences).map(Self.name).sorted() == [])
      // Every named digit is one Unicode assigned after 15.0, and ICU's
      // side never has a value the standard library lacks.
      for value in newDigits {
        let age = Unicode.Scalar(value)?.properties.age
        #expect(age.map { $0.major > 15 } == true, "\(Self.name(value)) is older than Unicode 16.0")
        #expect(DigitFolding.digitValue(of: Unicode.Scalar(value)!) == nil)
      }
    }

    /// The texts the library's grapheme tests and the bundled sample count.
    static var corpus: [GraphemeCase] {
      let cases =
        emojiCases + regionalIndicatorCases + combiningMarkCases + hangulCases + indicCases + lineBreakCases
        + plainCases
      let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/samples/texts.jsonl")
      let lines = (try? String(contentsOf: samples, encoding: .utf8))?.split(separator: "\n") ?? []
      let texts = lines.compactMap { line -> GraphemeCase? in
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let text = object["text"] as? String
        else { return nil }
        return GraphemeCase(name: "sample \(text)", text: text, count: -1, rule: "Data/samples/texts.jsonl")
      }
      let named = textsCountedDifferently.keys.map {
        GraphemeCase(name: "newer than ICU \($0.debugDescription)", text: $0, count: -1, rule: "named")
      }
      return cases + texts + named
    }

    /// A mark Unicode 16.0 added (U+1E5EE OL ONAL SIGN MU, Extend): the
    /// standard library keeps it with the letter before; ICU 72 sees an
    /// unassigned code point and breaks before it.
    static let textsCountedDifferently: [String: (icu: Int, standardLibrary: Int)] = [
      "a\u{1E5EE}": (icu: 2, standardLibrary: 1)
    ]

    @Test("the grapheme counts of the test corpus and the sample texts: the same but for the texts named")
    func graphemeCounts() {
      let corpus = Self.corpus
      #expect(corpus.filter { $0.name.hasPrefix("sample ") }.count == 12)  // its other two lines hold no text
      for testCase in corpus {
        let icu = Graphemes.count(in: testCase.text)
        let standardLibrary = StandardLibraryUnicode.graphemeCount(testCase.text)
        if let expected = Self.textsCountedDifferently[testCase.text] {
          #expect((icu, standardLibrary) == expected, "\(testCase.name)")
        } else {
          #expect(icu == standardLibrary, "\(testCase.name): ICU \(icu), standard library \(standardLibrary)")
          #expect(
            Graphemes.boundaries(in: testCase.text)
              == StandardLibraryUnicode.graphemeBoundaries(testCase.text),
            "\(testCase.name)")
        }
      }
    }
  }
#endif
