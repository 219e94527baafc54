import PayPhoneMasks
import Testing

// Custom notations as InputMask's own tests use them (Sources/PayPhoneMasks/PayPhoneMasks.docc/InputMasks.md,
// "The bracket notation"):
// `.` optional for `[9999][.][99]`, `C` = letters + space for `[C…]`.

@Suite struct MaskNotationTests {
  static let decimalPoint = MaskNotation(
    character: ".", characterSet: MaskCharacterSet(charactersIn: "."), isOptional: true)
  static let nameCharacter = MaskNotation(
    character: "C", characterSet: .letters.union(MaskCharacterSet(charactersIn: " ")))
  static let hexDigit = MaskNotation(
    character: "H",
    characterSet: MaskCharacterSet("0"..."9").union(MaskCharacterSet("a"..."f")).union(
      MaskCharacterSet("A"..."F")))

  @Test(arguments: [
    ("12.34", "12.34", true),
    ("1234.5", "1234.5", true),
    ("123456", "123456", true),
    ("", "", true),
    ("12.3x4", "12.3", true),
  ])
  func optionalDecimalPoint(_ input: String, _ text: String, _ complete: Bool) throws {
    let mask = try BracketMask("[9999][.][99]", customNotations: [Self.decimalPoint])
    let result = mask.apply(CaretText(input))
    #expect(result.text == text)
    #expect(result.value == text)
    #expect(result.isComplete == complete)
  }

  @Test func lettersAndSpaceWithoutEnd() throws {
    let mask = try BracketMask("[C…]", customNotations: [Self.nameCharacter])
    let result = mask.apply(CaretText("John Smith 3rd"))
    #expect(result.text == "John Smith rd")
    #expect(result.isComplete)
    #expect(mask.apply(CaretText("Zoë Łukasz")).text == "Zoë Łukasz")
  }

  @Test func mandatoryHexDigits() throws {
    let mask = try BracketMask("[HH]:[HH]", customNotations: [Self.hexDigit])
    let result = mask.apply(CaretText("1fzA9"))
    #expect(result.text == "1f:A9")
    #expect(result.isComplete)
    #expect(mask.placeholder == "HH:HH")
    #expect(mask.apply(CaretText("g")).text == "")
  }

  @Test func customSymbolsMayShareABlockButNotWithBuiltIns() {
    let lowerHex = MaskNotation(character: "h", characterSet: MaskCharacterSet("a"..."f"), isOptional: true)
    #expect(BracketMask.isValid("[Hh]", customNotations: [Self.hexDigit, lowerHex]))
    #expect(!BracketMask.isValid("[0H]", customNotations: [Self.hexDigit]))
    #expect(!BracketMask.isValid("[HH]"))
  }

  @Test func optionalCustomSymbolsMoveBehindMandatoryOnes() throws {
    let lowerHex = MaskNotation(character: "h", characterSet: MaskCharacterSet("a"..."f"), isOptional: true)
    let mask = try BracketMask("[hH]", customNotations: [Self.hexDigit, lowerHex])
    #expect(mask.placeholder == "Hh")
    #expect(mask.apply(CaretText("7")).isComplete)
  }

  @Test(arguments: ["0", "9", "A", "a", "_", "-", "…", "[", "]", "{", "}", "\\"])
  func notationCannotRedefineTheNotation(_ character: String) {
    let clash = MaskNotation(character: Character(character), characterSet: .letters)
    #expect {
      _ = try BracketMask("[0]", customNotations: [clash])
    } throws: { error in
      (error as? MaskError)?.code == .conflictingNotation
    }
  }

  @Test func twoNotationsCannotShareACharacter() {
    let first = MaskNotation(character: "x", characterSet: .letters)
    let second = MaskNotation(character: "x", characterSet: .decimalDigits)
    #expect(!BracketMask.isValid("[x]", customNotations: [first, second]))
  }

  @Test func characterSetsMatchWholeCharacters() {
    #expect(MaskCharacterSet.decimalDigits.contains("7"))
    #expect(MaskCharacterSet.decimalDigits.contains("٧"))
    #expect(!MaskCharacterSet.decimalDigits.contains("²"))
    #expect(MaskCharacterSet.letters.contains("e\u{301}"))
    #expect(!MaskCharacterSet.letters.contains("1"))
    #expect(MaskCharacterSet.alphanumerics.contains("²"))
    #expect(!MaskCharacterSet.alphanumerics.contains("👍🏽"))
    #expect(MaskCharacterSet(charactersIn: "👍🏽").contains("👍🏽"))
    #expect(!MaskCharacterSet("a"..."f").contains("e\u{301}"))
  }
}
