import PayPhoneMasks
import PayPhoneTestSupport
import Testing

// Fuzz-style properties over seeded random inputs (SplitMix64, fixed seeds:
// a failure names its input and replays the same way).

@Suite struct BracketMaskPropertyTests {
  /// Masks whose free literals no optional symbol before them could take
  /// (where one could, a second pass reads the literal as data: `[aa]b[0]`).
  static let masks = [
    "+7 ([000]) [000] [00] [00]", "+998 [00] [000] [00] [00]", "+1 ([000]) [000]-[0000]",
    "[0000] [0000] [0000] [0000] [999]", "[0000] [000000] [00000]", "[00]{.}[00]{.}[9900]",
    "[000999]-[000999]", "{+7} ([000]) [000]-[00]-[00]", "[AAA]-[000]", "[___] [---]", "[0…]",
    "[A][-…]", "\\[[00]\\]", "[00]:[00]", "[9990] AC", "[00]{.}", "",
  ]

  /// Masks where every literal is distinct from what the symbols accept and
  /// no symbol is optional, so the value alone rebuilds the text.
  static let valueMasks = [
    "[0000] [0000] [0000] [0000]", "[00]{.}[00]{.}[0000]", "{+7} ([000]) [000]-[00]-[00]",
    "+(([000])) [000]-[0000]", "[AAA]-[000]", "[0…]", "\\[[00]\\]", "[00]:[00]", "[___]/[___]",
  ]

  static func randomGravity(_ generator: inout SeededGenerator) -> CaretText.Gravity {
    let flag = Bool.random(using: &generator)
    return Bool.random(using: &generator) ? .forward(autocomplete: flag) : .backward(autoskip: flag)
  }

  @Test(arguments: masks)
  func applyingToItsOwnOutputChangesNothing(_ format: String) throws {
    let mask = try BracketMask(format)
    var generator = SeededGenerator(seed: 0xA11C_E000 &+ UInt64(format.unicodeScalars.count))
    for _ in 0..<3000 {
      let input = generator.string(from: fuzzAlphabet, maximumLength: 30)
      let caret = Int.random(in: -2...(input.count + 2), using: &generator)
      let first = mask.apply(CaretText(input, caret: caret, gravity: Self.randomGravity(&generator)))
      let second = mask.apply(CaretText(first.text, gravity: .forward(autocomplete: false)))
      #expect(second.text == first.text, "input \(input.debugDescription) caret \(caret)")
      #expect(second.value == first.value, "input \(input.debugDescription) caret \(caret)")
      #expect(second.isComplete == first.isComplete, "input \(input.debugDescription) caret \(caret)")
      #expect(second.caret == first.text.count)
    }
  }

  @Test(arguments: valueMasks)
  func theValueReappliedGivesTheSameText(_ format: String) throws {
    let mask = try BracketMask(format)
    var generator = SeededGenerator(seed: 0xBA1E_0000 &+ UInt64(format.unicodeScalars.count))
    for _ in 0..<3000 {
      let input = generator.string(from: fuzzAlphabet, maximumLength: 30)
      let first = mask.apply(CaretText(input))
      let again = mask.apply(CaretText(first.value))
      #expect(again.text == first.text, "input \(input.debugDescription)")
      #expect(again.value == first.value, "input \(input.debugDescription)")
    }
  }

  @Test func optionalSymbolsTakeGreedilySoTheValueAloneMayRegroup() throws {
    // Not a failure of the property above but InputMask's rule: optional
    // digits take what they can, so the bare value fills the first block.
    let mask = try BracketMask("[000999]-[000999]")
    let first = mask.apply(CaretText("1234-5678"))
    #expect(first.text == "1234-5678")
    #expect(mask.apply(CaretText(first.value)).text == "123456-78")
  }

  @Test(arguments: masks)
  func randomEditsKeepTheCaretInsideTheText(_ format: String) throws {
    let mask = try BracketMask(format)
    var generator = SeededGenerator(seed: 0xED17_0000 &+ UInt64(format.unicodeScalars.count))
    var text = ""
    for _ in 0..<3000 {
      let count = text.count
      let lower = Int.random(in: -1...(count + 1), using: &generator)
      let upper = Int.random(in: lower...(count + 2), using: &generator)
      let replacement =
        Bool.random(using: &generator) ? "" : generator.string(from: fuzzAlphabet, maximumLength: 25)
      let edit = TextEdit(text, replacing: lower..<upper, with: replacement)
      let result = mask.apply(
        edit, autocomplete: Bool.random(using: &generator), autoskip: Bool.random(using: &generator))
      #expect(result.caret >= 0 && result.caret <= result.text.count, "\(edit)")
      #expect(
        mask.apply(CaretText(result.text, gravity: .forward(autocomplete: false))).text == result.text)
      text = result.text
    }
  }

  @Test(arguments: masks.filter { !$0.isEmpty })
  func backspaceFromTheEndAlwaysShortensTheText(_ format: String) throws {
    let mask = try BracketMask(format)
    var generator = SeededGenerator(seed: 0xBAC5_0000 &+ UInt64(format.unicodeScalars.count))
    for _ in 0..<300 {
      let autoskip = Bool.random(using: &generator)
      var text = mask.apply(CaretText(generator.string(from: fuzzAlphabet, maximumLength: 30))).text
      while !text.isEmpty {
        let count = text.count
        let result = mask.apply(TextEdit(text, replacing: (count - 1)..<count, with: ""), autoskip: autoskip)
        #expect(result.text.count < count, "\(text.debugDescription) autoskip \(autoskip)")
        #expect(result.caret == result.text.count)
        guard result.text.count < count else { break }
        text = result.text
      }
    }
  }

  @Test func randomFormatsCompileOrFailCleanlyAndNeverCrash() {
    let formatAlphabet = [
      "[", "]", "{", "}", "\\", "0", "9", "A", "a", "_", "-", "…", "+", " ", "(", ")", "x", "7", "٣",
    ]
    var generator = SeededGenerator(seed: 0xF0_4A7)
    var compiled = 0
    for _ in 0..<5000 {
      let format = generator.string(from: formatAlphabet, maximumLength: 16)
      let mask: BracketMask
      do {
        mask = try BracketMask(format)
      } catch {
        let codes: Set<MaskError.Code> = [
          .mixedSymbolTypes, .nestedBracket, .unclosedBracket, .unmatchedBracket, .unknownSymbol,
          .misplacedEllipsis, .danglingEscape,
        ]
        #expect(codes.contains(error.code))
        #expect(error.description == "\(error.code.rawValue): \(error.message)")
        #expect(!BracketMask.isValid(format))
        continue
      }
      compiled += 1
      for _ in 0..<5 {
        let input = generator.string(from: fuzzAlphabet, maximumLength: 20)
        let result = mask.apply(
          CaretText(
            input, caret: Int.random(in: 0...input.count, using: &generator),
            gravity: Self.randomGravity(&generator)))
        #expect(
          result.caret >= 0 && result.caret <= result.text.count, "\(format) ← \(input.debugDescription)")
      }
    }
    #expect(compiled > 500)
  }
}
