import PayPhoneMasks
import Testing

// The examples in the doc comments and the README, so they stay true.

@Suite struct DocumentationExampleTests {
  @Test func shorthandMaskExamples() {
    let expiry = ShorthandMask("##/##")
    #expect(expiry.apply("1225").text == "12/25")
    #expect(expiry.apply("12/").text == "12")
    #expect(expiry.isComplete("12/25"))
    #expect(expiry.isComplete("1225"))
    #expect(!expiry.isComplete("12/2"))
    #expect(ShorthandMask("+34 ### ### ###").apply("+34612345678").text == "+34 612 345 678")
    #expect(ShorthandMask("(###) ###-####").apply("555").text == "(555")
  }

  @Test func bracketMaskExamples() throws {
    let phone = try BracketMask("+7 ([000]) [000] [00] [00]")
    let result = phone.apply(CaretString("79621234567"))
    #expect(result.text == "+7 (962) 123 45 67")
    #expect(result.value == "9621234567")
    #expect(result.isComplete)
    #expect(phone.placeholder == "+7 (000) 000 00 00")
    #expect(!BracketMask.isValid("[000AA]"))

    let us = try BracketMask("+1 ([000]) [000]-[0000]")
    let typed = us.apply(CaretString("5551234567"))
    #expect(typed.text == "+1 (555) 123-4567")
    #expect(typed.caret == 17)
    #expect(typed.value == "5551234567")
    #expect(typed.isComplete)
    #expect(typed.tailPlaceholder == "")
    let pasted = us.apply(CaretString("5551234567", caret: 3))
    #expect(pasted.text == "+1 (555) 123-4567")
    #expect(pasted.caret == 9)

    let name = try BracketMask(
      "[N…]",
      customNotations: [
        MaskNotation(character: "N", characterSet: .letters.union(MaskCharacterSet(charactersIn: " ")))
      ])
    #expect(name.apply(CaretString("Ada Lovelace 1815")).text == "Ada Lovelace ")
  }

  @Test func errorExample() {
    #expect {
      _ = try BracketMask("[000AA]")
    } throws: { error in
      guard let error = error as? MaskError else { return false }
      return error.code == .mixedSymbolTypes && error.offset == 0
        && error.message.hasPrefix("the block at character 0 mixes digit and letter symbols; ")
    }
  }

  @Test func notationAndCharacterSetExamples() throws {
    let nameCharacters = MaskCharacterSet.letters.union(MaskCharacterSet(charactersIn: " "))
    #expect(nameCharacters.contains("é"))
    #expect(!nameCharacters.contains("1"))
    let decimalPoint = MaskNotation(
      character: ".", characterSet: MaskCharacterSet(charactersIn: "."), isOptional: true)
    let amount = try BracketMask("[9999][.][99]", customNotations: [decimalPoint])
    #expect(amount.apply(CaretString("12.5")).text == "12.5")
  }

  @Test func editExamples() throws {
    let mask = try BracketMask("+7 ([000]) [000] [00] [00]")
    let typed = mask.apply(TextEdit("+7 (96", replacing: 6..<6, with: "2"))
    #expect(typed.text == "+7 (962) ")
    #expect(typed.caret == 9)
    let deleted = mask.apply(TextEdit("+7 (962) 1", replacing: 9..<10, with: ""), autoskip: true)
    #expect(deleted.text == "+7 (962")
    #expect(
      TextEdit("12", replacing: 1..<1, with: "x").caretString()
        == CaretString("1x2", caret: 2, gravity: .forward(autocomplete: true)))
    #expect(try BracketMask("[00]/[00]").apply(TextEdit("12/3", replacing: 4..<4, with: "4")).text == "12/34")
  }

  @Test func readmeLibraryExamples() throws {
    let phone = try BracketMask("+1 ([000]) [000]-[0000]")
    #expect(phone.apply(TextEdit("+1 (55", replacing: 6..<6, with: "5")).text == "+1 (555) ")
    #expect(
      phone.apply(TextEdit("+1 (555) 1", replacing: 9..<10, with: ""), autoskip: true).text == "+1 (555")
    let taxID = try MaskPicker(
      primary: "[000].[000].[000]-[00]", affine: ["[00].[000].[000]/[0000]-[00]"])
    #expect(taxID.apply(CaretString("12345678000195")).text == "12.345.678/0001-95")
    #expect(taxID.apply(CaretString("12345678901")).text == "123.456.789-01")
  }
}
