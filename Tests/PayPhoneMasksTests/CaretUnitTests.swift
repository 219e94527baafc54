import Foundation
import PayPhoneMasks
import Testing

/// The library's one caret unit, characters (ICU extended grapheme
/// clusters), and its conversions to and from the UTF-16 offsets of UIKit,
/// AppKit and the web. Each expected offset is counted by hand from the
/// text's scalars: a scalar above U+FFFF is two UTF-16 units, and UAX #29
/// keeps a skin tone, a ZWJ sequence, a flag pair, a combining mark and
/// CR LF inside one character.
@Suite struct CaretUnitTests {
  struct Conversion: Sendable, CustomTestStringConvertible {
    let text: String
    /// UTF-16 offset of each character boundary (start of each character,
    /// then the end).
    let utf16Boundaries: [Int]
    var testDescription: String { text.debugDescription }
  }

  static let conversions: [Conversion] = [
    Conversion(text: "", utf16Boundaries: [0]),
    Conversion(text: "555", utf16Boundaries: [0, 1, 2, 3]),
    // 👍 U+1F44D and 🏽 U+1F3FD: two units each, one character.
    Conversion(text: "👍🏽5", utf16Boundaries: [0, 4, 5]),
    // 👨 ZWJ 👩 ZWJ 👧 ZWJ 👦: 4 × 2 + 3 units, one character.
    Conversion(text: "👨‍👩‍👧‍👦1", utf16Boundaries: [0, 11, 12]),
    // Two flags, two regional indicators (two units each) apiece.
    Conversion(text: "🇺🇸🇬🇧", utf16Boundaries: [0, 4, 8]),
    // e + U+0301 COMBINING ACUTE ACCENT.
    Conversion(text: "e\u{301}1", utf16Boundaries: [0, 2, 3]),
    // CR LF is one character.
    Conversion(text: "1\r\n2", utf16Boundaries: [0, 1, 3, 4]),
    // Arabic-Indic and Devanagari digits: one unit each.
    Conversion(text: "١٢३", utf16Boundaries: [0, 1, 2, 3]),
    // MATHEMATICAL DOUBLE-STRUCK DIGIT ONE and TWO (Nd, above U+FFFF).
    Conversion(text: "\u{1D7D9}\u{1D7DA}", utf16Boundaries: [0, 2, 4]),
    // Hangul jamo L V T: one syllable.
    Conversion(text: "\u{1100}\u{1161}\u{11A8}7", utf16Boundaries: [0, 3, 4]),
  ]

  @Test(arguments: conversions)
  func caretStringConvertsEveryBoundary(_ example: Conversion) {
    for (character, utf16) in example.utf16Boundaries.enumerated() {
      #expect(CaretText(example.text, caret: character).utf16Caret == utf16)
      #expect(CaretText(example.text, utf16Caret: utf16).caret == character)
    }
  }

  @Test(arguments: conversions)
  func offsetsInsideACharacterRoundToItsStart(_ example: Conversion) {
    let boundaries = example.utf16Boundaries
    for index in boundaries.indices.dropLast() {
      for inside in (boundaries[index] + 1)..<boundaries[index + 1] {
        #expect(CaretText(example.text, utf16Caret: inside).caret == index)
        // A range bound inside a character widens the range over it.
        let edit = TextEdit(example.text, replacingUTF16: inside..<inside, with: "")
        #expect(edit.range == index..<(index + 1))
      }
    }
  }

  @Test(arguments: conversions)
  func offsetsOutsideTheTextAreClamped(_ example: Conversion) {
    let count = example.utf16Boundaries.count - 1
    let units = example.utf16Boundaries[count]
    #expect(CaretText(example.text, utf16Caret: -3).caret == 0)
    #expect(CaretText(example.text, utf16Caret: units + 5).caret == count)
    #expect(CaretText(example.text, caret: count + 5).utf16Caret == units)
    #expect(CaretText(example.text, caret: -1).utf16Caret == 0)
  }

  @Test func textEditRangesConvertBothWays() {
    #expect(TextEdit("🇺🇸1", replacingUTF16: 4..<5, with: "").range == 1..<2)
    #expect(TextEdit("🇺🇸1", replacing: 1..<2, with: "").utf16Range == 4..<5)
    #expect(TextEdit("👨‍👩‍👧‍👦x", replacingUTF16: 3..<4, with: "").range == 0..<1)
    #expect(TextEdit("1\r\n2", replacingUTF16: 1..<3, with: "").range == 1..<2)
    #expect(TextEdit("1\r\n2", replacingUTF16: 2..<2, with: "x").range == 1..<2)
    #expect(TextEdit("e\u{301}1", replacing: 0..<1, with: "").utf16Range == 0..<2)
  }

  @Test func masksCountCharactersAndGiveUTF16() throws {
    // A flag literal: 5 characters, 8 UTF-16 units.
    let flagged = try BracketMask("🇺🇸 [000]").apply(CaretText("555"))
    #expect(flagged.text == "🇺🇸 555")
    #expect(flagged.caret == 5)
    #expect(flagged.utf16Caret == 8)
    // A keystroke reported in UTF-16 after a flag the mask skips.
    let phone = try BracketMask("[00] [00]")
    let typed = phone.apply(TextEdit("🇺🇸 12", replacingUTF16: 7..<7, with: "3"))
    #expect(typed.text == "12 3")
    #expect(typed.caret == 4)
    #expect(typed.utf16Caret == 4)
    // Other-script digits are one character each, before and after folding.
    let arabic = phone.apply(TextEdit("١٢ ٣", replacingUTF16: 4..<4, with: "٤"))
    #expect(arabic.text == "12 34")
    #expect(arabic.caret == 5)
    // A letter with a combining mark is one character and one letter slot.
    let letters = try BracketMask("[AA]-[00]").apply(CaretText("e\u{301}x12"))
    #expect(letters.text == "e\u{301}x-12")
    #expect(letters.caret == 5)
    #expect(letters.utf16Caret == 6)
    // Shorthand: the caret is the end, in characters.
    let shorthand = ShorthandMask("A-#").apply("e\u{301}5")
    #expect(shorthand.text == "e\u{301}-5")
    #expect(shorthand.caret == 3)
    #expect(shorthand.utf16Caret == 4)
  }

  @Test func editKeysSpellTheirRanges() {
    #expect(TextEdit.insert("5", into: "+1 (55", at: 6) == TextEdit("+1 (55", replacing: 6..<6, with: "5"))
    #expect(TextEdit.deleteBackward(in: "(650) 253", at: 5).range == 4..<5)
    #expect(TextEdit.deleteBackward(in: "(650) 253", at: 0).range == 0..<0)
    #expect(TextEdit.deleteBackward(in: "👍🏽5", at: 1).range == 0..<1)
    #expect(TextEdit.deleteForward(in: "(650) 253", at: 4).range == 4..<5)
    #expect(TextEdit.deleteForward(in: "(650) 253", at: 4).direction == .forward)
    #expect(TextEdit.deleteForward(in: "12", at: 2).range == 2..<2)
    #expect(TextEdit.deleteBackward(in: "12", at: 9).range == 1..<2)
  }
}

/// ``TextMask``: the library's rule for the notation, a `[` means bracket.
@Suite struct MaskRuleTests {
  @Test func aBracketMeansBracketNotation() throws {
    guard case .bracket = try TextMask("+1 ([000]) [000]-[0000]").notation else {
      Issue.record("a format with [ is bracket notation")
      return
    }
    guard case .shorthand = try TextMask("##/##").notation else {
      Issue.record("a format without [ is shorthand")
      return
    }
    // Bracket symbols outside brackets are shorthand literals.
    #expect(try TextMask("000").apply("5").text == "")
    #expect(TextMask.isBracketNotation("\\["))
    #expect(!TextMask.isBracketNotation("{00}"))
  }

  @Test func compileErrorsAreBracketOnly() {
    #expect {
      _ = try TextMask("[00")
    } throws: { error in
      (error as? MaskError)?.code == .unclosedBracket
    }
    #expect(!TextMask.isValid("[000AA]"))
    #expect(TextMask.isValid("AA-##"))
    #expect(TextMask.isValid("]"))
  }

  /// The contract's worked examples (text / value / complete / caret),
  /// through the one entry point.
  @Test(
    arguments: [
      ("+7 ([000]) [000] [00] [00]", "", nil, true, "+7 (", "", false, 4),
      ("+7 ([000]) [000] [00] [00]", "", nil, false, "", "", false, 0),
      (
        "+7 ([000]) [000] [00] [00]", "+7 (962) 123-45-67", nil, true, "+7 (962) 123 45 67", "9621234567",
        true, 18
      ),
      (
        "{+7} ([000]) [000] [00] [00]", "9621234567", nil, true, "+7 (962) 123 45 67", "+79621234567", true,
        18
      ),
      ("[00]{.}[00]{.}[9900]", "0102", nil, true, "01.02.", "01.02.", false, 6),
      ("+1 ([000]) [000]-[0000]", "5551234567", 3, true, "+1 (555) 123-4567", "5551234567", true, 9),
      ("##/##", "١٢٢٥", nil, true, "12/25", "1225", true, 5),
      ("(###) ###-####", "555", nil, true, "(555", "555", false, 4),
    ] as [(String, String, Int?, Bool, String, String, Bool, Int)])
  func contractExamples(
    _ format: String, _ text: String, _ caret: Int?, _ autocomplete: Bool, _ expectedText: String,
    _ value: String, _ complete: Bool, _ expectedCaret: Int
  ) throws {
    let result = try TextMask(format).apply(
      CaretText(text, caret: caret, gravity: .forward(autocomplete: autocomplete)))
    #expect(result.text == expectedText)
    #expect(result.value == value)
    #expect(result.isComplete == complete)
    #expect(result.caret == expectedCaret)
  }

  @Test func lengthsAndPlaceholdersForward() throws {
    let bracket = try TextMask("[00]-[99]")
    #expect(bracket.acceptableTextLength == 3)
    #expect(bracket.totalTextLength == 5)
    #expect(bracket.acceptableValueLength == 2)
    #expect(bracket.totalValueLength == 4)
    #expect(bracket.placeholder == "00-00")
    let shorthand = try TextMask("##/##")
    #expect(shorthand.placeholder == "00/00")
    #expect(shorthand.totalTextLength == 5)
    #expect(shorthand.format == "##/##")
    #expect(TextMask(ShorthandMask("##")) == (try TextMask("##")))
  }

  @Test func everyMaskIsAnInputMask() throws {
    func shape(_ field: String, with mask: some TextMasking) -> String { mask.apply(field).text }
    #expect(shape("1225", with: ShorthandMask("##/##")) == "12/25")
    #expect(shape("1225", with: try BracketMask("[00]{/}[00]")) == "12/25")
    #expect(shape("1225", with: try TextMask("##/##")) == "12/25")
    #expect(shape("1225", with: try MaskPicker(primary: "[00]/[00]", affine: [])) == "12/25")
  }

  @Test func aPickerMayMixNotations() throws {
    let picker = try MaskPicker(primary: "##-##", affine: ["[00].[00].[00]"], strategy: .wholeString)
    #expect(picker.apply(CaretText("1234")).text == "12-34")
    #expect(picker.apply(CaretText("123456")).text == "12.34.56")
  }

  @Test func errorCodesAreCodableAsTheirNames() throws {
    let encoded = try JSONEncoder().encode([MaskError.Code.unclosedBracket, .invalidMask])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["unclosed_bracket","invalid_mask"]"#)
    #expect(
      try JSONDecoder().decode([MaskError.Code].self, from: encoded) == [.unclosedBracket, .invalidMask])
  }
}
