import PayPhoneMasks
import Testing

// Expectations are the worked examples of Sources/PayPhoneMasks/PayPhoneMasks.docc/InputMasks.md
// ("Worked examples" and "Applying a mask", confirmed against InputMask
// itself), plus cases worked out by hand from the state rules there.

struct BracketCase: CustomTestStringConvertible, Sendable {
  let mask: String
  let input: String
  let caret: Int?
  let gravity: CaretString.Gravity
  let text: String
  let value: String
  let complete: Bool
  let resultCaret: Int

  init(
    _ mask: String, _ input: String, caret: Int? = nil, autocomplete: Bool = true,
    _ text: String, _ value: String, _ complete: Bool, _ resultCaret: Int
  ) {
    self.mask = mask
    self.input = input
    self.caret = caret
    self.gravity = .forward(autocomplete: autocomplete)
    self.text = text
    self.value = value
    self.complete = complete
    self.resultCaret = resultCaret
  }

  var testDescription: String { "\(mask) ← \"\(input)\" caret \(caret.map(String.init) ?? "end")" }
}

@Suite struct BracketMaskTests {
  static let russianPhone = "+7 ([000]) [000] [00] [00]"

  /// InputMasks.md, "Worked examples", row by row.
  static let workedExamples: [BracketCase] = [
    BracketCase(russianPhone, "", "+7 (", "", false, 4),
    BracketCase(russianPhone, "", autocomplete: false, "", "", false, 0),
    BracketCase(russianPhone, "1", autocomplete: false, "+7 (1", "1", false, 5),
    BracketCase(russianPhone, "79621234567", "+7 (962) 123 45 67", "9621234567", true, 18),
    BracketCase(russianPhone, "+7 (962) 123-45-67", "+7 (962) 123 45 67", "9621234567", true, 18),
    BracketCase(russianPhone, "+7 (962) 123 45 67", caret: 4, "+7 (962) 123 45 67", "9621234567", true, 4),
    BracketCase("{+7} ([000]) [000] [00] [00]", "9621234567", "+7 (962) 123 45 67", "+79621234567", true, 18),
    BracketCase("+998 [00] [000] [00] [00]", "909933344", "+998 09 933 34 4", "09933344", false, 16),
    BracketCase("[00]{.}[00]{.}[9900]", "0102", "01.02.", "01.02.", false, 6),
    BracketCase("[00]{.}[00]{.}[9900]", "01.02.20", "01.02.20", "01.02.20", true, 8),
    BracketCase("[00]-[00]", "1234", "12-34", "1234", true, 5),
    BracketCase("[00]{-}[00]", "1234", "12-34", "12-34", true, 5),
    BracketCase("[000999]-[000999]", "123456", "123456-", "123456", false, 7),
    BracketCase("[AAA]", "a1b2c3d", "abc", "abc", true, 3),
    BracketCase(
      "+1 ([000]) [000]-[0000]", "5551234567", caret: 3, "+1 (555) 123-4567", "5551234567", true, 9),
  ]

  /// InputMasks.md, "The bracket notation" and "Applying a mask": sanitizing, completeness, the consequences listed.
  static let statedBehaviour: [BracketCase] = [
    // A literal digit eats the same digit: with or without the leading 7.
    BracketCase(russianPhone, "9621234567", "+7 (962) 123 45 67", "9621234567", true, 18),
    // Mandatory symbols move to the front of their block.
    BracketCase("[9900]", "1", "1", "1", false, 1),
    BracketCase("[9900]", "12", "12", "12", true, 2),
    BracketCase("[9900]", "12345", "1234", "1234", true, 4),
    BracketCase("[0909]", "1", "1", "1", false, 1),
    BracketCase("[0909]", "12", "12", "12", true, 2),
    BracketCase("[9990]", "1", "1", "1", true, 1),
    // Complete once no mandatory symbol is left.
    BracketCase("[9990] AC", "1", "1", "1", true, 1),
    BracketCase("[0000] [9999] [999]", "1234", "1234 ", "1234", true, 5),
    BracketCase("[0000] [9999] [999]", "123", "123", "123", false, 3),
    // Fixed characters belong to the value, free ones do not.
    BracketCase("{+7} ([000]) [000] [00] [00]", "", "+7 (", "+7", false, 4),
    BracketCase("[00]{.}[00]{.}[9900]", "01022024", "01.02.2024", "01.02.2024", true, 10),
    // The ellipsis repeats the symbol before it; other characters are skipped.
    BracketCase("[0…]", "12ab34", "1234", "1234", true, 4),
    BracketCase("[0…]", "", "", "", false, 0),
    BracketCase("[a…]", "", "", "", true, 0),
    BracketCase("[…0]", "12", "12", "12", true, 2),
    BracketCase("[A][-…]", "x1y2", "x1y2", "x1y2", true, 4),
    // Letters and letters-or-digits, any script; marks stay with their letter.
    BracketCase("[AA]", "e\u{301}x", "e\u{301}x", "e\u{301}x", true, 2),
    BracketCase("[AAA]", "👍🏽a🇺🇸bc", "abc", "abc", true, 3),
    BracketCase("[AAA]-[___]", "Жx ٣b7", "Жxb-7", "Жxb7", false, 5),
    BracketCase("[AAA]-[___]", "Жxy٣b7", "Жxy-3b7", "Жxy3b7", true, 7),
    // Digits of any script are folded first.
    BracketCase(russianPhone, "+٧ (٩٦٢) ١٢٣-٤٥-٦٧", "+7 (962) 123 45 67", "9621234567", true, 18),
    BracketCase(russianPhone, "９６２１２３４５６７", "+7 (962) 123 45 67", "9621234567", true, 18),
    // Escaped brackets are literals.
    BracketCase("\\[[00]\\]", "12", "[12]", "12", true, 4),
    BracketCase("{\\{}[0]{\\}}", "5", "{5}", "{5}", true, 3),
    // An empty format takes nothing.
    BracketCase("", "abc", "", "", true, 0),
  ]

  /// Typing, pasting and garbage, worked out with the rules of §2.
  static let pastesAndGarbage: [BracketCase] = [
    BracketCase(russianPhone, "+7 (9a6b2) 1-2-3 x45 67!!", "+7 (962) 123 45 67", "9621234567", true, 18),
    BracketCase(russianPhone, "796212345678901234", "+7 (962) 123 45 67", "9621234567", true, 18),
    BracketCase(russianPhone, "+7 (962) 123 45 6712", caret: 4, "+7 (962) 123 45 67", "9621234567", true, 4),
    BracketCase(russianPhone, "+7 (9062) 123 45 67", caret: 6, "+7 (906) 212 34 56", "9062123456", true, 6),
    BracketCase(
      "[0000] [0000] [0000] [0000] [999]", "4111-1111-1111-1111", "4111 1111 1111 1111 ",
      "4111111111111111", true, 20),
    BracketCase(
      "[0000] [0000] [0000] [0000] [999]", "4111111111111111123", "4111 1111 1111 1111 123",
      "4111111111111111123", true, 23),
    BracketCase("[0000] [0000] [0000] [0000] [999]", "4111 1", "4111 1", "41111", false, 6),
  ]

  @Test(arguments: workedExamples + statedBehaviour + pastesAndGarbage)
  func appliesAsInputMaskDoes(_ example: BracketCase) throws {
    let mask = try BracketMask(example.mask)
    let result = mask.apply(CaretString(example.input, caret: example.caret, gravity: example.gravity))
    #expect(result.text == example.text)
    #expect(result.value == example.value)
    #expect(result.isComplete == example.complete)
    #expect(result.caret == example.resultCaret)
  }

  @Test func affinityCountsTakenMinusWrittenAndSkipped() throws {
    #expect(try BracketMask("[00]-[00]").apply(CaretString("1234")).affinity == 3)
    #expect(try BracketMask("[00]-[00]").apply(CaretString("12-34")).affinity == 5)
    #expect(try BracketMask("[AAA]").apply(CaretString("a1b2c3d")).affinity == -1)
    // An optional symbol left out costs one.
    #expect(try BracketMask("[09]-[0]").apply(CaretString("1-2")).affinity == 2)
  }

  @Test func tailPlaceholderIsTheRestOfTheMask() throws {
    let mask = try BracketMask(Self.russianPhone)
    #expect(mask.apply(CaretString("")).tailPlaceholder == "000) 000 00 00")
    #expect(
      mask.apply(CaretString("", gravity: .forward(autocomplete: false))).tailPlaceholder
        == "+7 (000) 000 00 00")
    #expect(mask.apply(CaretString("96")).tailPlaceholder == "0) 000 00 00")
    #expect(mask.apply(CaretString("9621234567")).tailPlaceholder == "")
    #expect(try BracketMask("[AA]-[__]").apply(CaretString("a")).tailPlaceholder == "a---")
  }

  @Test func autoskipRemovesTrailingLiteralsAndTheirFixedValue() throws {
    let mask = try BracketMask("[00]{.}")
    let result = mask.apply(CaretString("12.", gravity: .backward(autoskip: true)))
    #expect(result.text == "12")
    #expect(result.value == "12")
    #expect(result.caret == 2)
    #expect(!result.isComplete)
    #expect(result.tailPlaceholder == ".")
    let kept = mask.apply(CaretString("12.", gravity: .backward(autoskip: false)))
    #expect(kept.text == "12.")
    #expect(kept.isComplete)
  }

  @Test func caretOutsideTheTextIsClamped() throws {
    let mask = try BracketMask("[00]-[00]")
    #expect(mask.apply(CaretString("1234", caret: 99)).caret == 5)
    #expect(mask.apply(CaretString("1234", caret: -3)).caret == 0)
  }

  @Test func caretCountsCharactersNotScalars() throws {
    let mask = try BracketMask("[A] [A]")
    // The caret sits after the decomposed é (two scalars, one character).
    let result = mask.apply(CaretString("e\u{301}x", caret: 1))
    #expect(result.text == "e\u{301} x")
    #expect(result.caret == 2)
  }

  /// Literals with digits of another script are matched against the folded
  /// input like the rest of it, so the mask reads its own text back (found
  /// by the `mask` fuzz target: `٢[_]` showed `٢` for no input, and `٢2`
  /// for that text).
  @Test(arguments: [
    ("٢[_]", "", "٢", ""),
    ("٢[_]", "٢", "٢", ""),
    ("٢[_]", "2x", "٢x", "x"),
    ("+٧ ([000]) [000]", "962123", "+٧ (962) 123", "962123"),
    ("+٧ ([000]) [000]", "+٧ (962) 123", "+٧ (962) 123", "962123"),
    ("+٧ ([000]) [000]", "+7 (962) 123", "+٧ (962) 123", "962123"),
    ("{٣}[00]", "٣12", "٣12", "٣12"),
  ])
  func literalDigitsOfOtherScriptsReadBack(_ format: String, _ input: String, _ text: String, _ value: String)
    throws
  {
    let mask = try BracketMask(format)
    let result = mask.apply(CaretString(input))
    #expect(result.text == text)
    #expect(result.value == value)
    #expect(mask.apply(CaretString(result.text)).text == text)
  }

  /// The format's characters are ICU's, as the input's are: U+1AEB is a
  /// combining mark to Swift (Unicode 17) and unassigned to ICU 72, so a
  /// literal `"\u{FFFD}\u{1AEB}"` made of one Swift Character never matched
  /// the input's two clusters, and the mask wrote it again (found by the
  /// `mask` fuzz target).
  @Test func literalsAreSegmentedAsTheInputIs() throws {
    #expect("\u{FFFD}\u{1AEB}".count == 1)  // one Character to Swift, two clusters to ICU 72
    #if ICU
      let literalClusters = 2
    #else
      let literalClusters = 1
    #endif
    let mask = try BracketMask("\u{FFFD}\u{1AEB}[_]")
    let empty = mask.apply(CaretString(""))
    #expect(empty.text == "\u{FFFD}\u{1AEB}")
    #expect(empty.caret == literalClusters)
    let again = mask.apply(CaretString(empty.text))
    #expect(again.text == empty.text && again.value.isEmpty && again.caret == literalClusters)
    #expect(mask.apply(CaretString("\u{FFFD}\u{1AEB}x")).text == "\u{FFFD}\u{1AEB}x")
  }

  /// Characters that join once side by side (a lone combining mark after a
  /// control character, Hangul jamo) leave the text shorter than the count
  /// of characters written; the caret still lies inside it (found by the
  /// `mask` fuzz target: caret 8 in a text of 7 characters).
  @Test(arguments: [
    ("[A][A]", "t\u{0E}\u{65F}", "t\u{65F}"),
    ("[AA]", "\u{1100}-\u{1161}", "\u{1100}\u{1161}"),
    ("[A…]", "ab\u{0E}\u{65F}\u{363}c", "ab\u{65F}\u{363}c"),
  ])
  func caretStaysInTextWhoseCharactersJoined(_ format: String, _ input: String, _ expected: String) throws {
    let mask = try BracketMask(format)
    let result = mask.apply(CaretString(input))
    #expect(result.text == expected)
    #expect(result.caret == expected.count)
    let edited = mask.apply(TextEdit(input, replacing: 0..<0, with: ""))
    #expect((0...expected.count).contains(edited.caret))
  }
}
