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
    let result = phone.apply(CaretText("79621234567"))
    #expect(result.text == "+7 (962) 123 45 67")
    #expect(result.value == "9621234567")
    #expect(result.isComplete)
    #expect(phone.placeholder == "+7 (000) 000 00 00")
    #expect(!BracketMask.isValid("[000AA]"))

    let us = try BracketMask("+1 ([000]) [000]-[0000]")
    let typed = us.apply(CaretText("5551234567"))
    #expect(typed.text == "+1 (555) 123-4567")
    #expect(typed.caret == 17)
    #expect(typed.value == "5551234567")
    #expect(typed.isComplete)
    #expect(typed.tailPlaceholder == "")
    let pasted = us.apply(CaretText("5551234567", caret: 3))
    #expect(pasted.text == "+1 (555) 123-4567")
    #expect(pasted.caret == 9)

    let name = try BracketMask(
      "[N…]",
      customNotations: [
        MaskNotation(character: "N", characterSet: .letters.union(MaskCharacterSet(charactersIn: " ")))
      ])
    #expect(name.apply(CaretText("Ada Lovelace 1815")).text == "Ada Lovelace ")
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
    #expect(amount.apply(CaretText("12.5")).text == "12.5")
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
        == CaretText("1x2", caret: 2, gravity: .forward(autocomplete: true)))
    #expect(try BracketMask("[00]/[00]").apply(TextEdit("12/3", replacing: 4..<4, with: "4")).text == "12/34")
  }

  @Test func readmeLibraryExamples() throws {
    let phone = try BracketMask("+1 ([000]) [000]-[0000]")
    #expect(phone.apply(TextEdit("+1 (55", replacing: 6..<6, with: "5")).text == "+1 (555) ")
    #expect(
      phone.apply(TextEdit("+1 (555) 1", replacing: 9..<10, with: ""), autoskip: true).text == "+1 (555")
    let taxID = try MaskPicker(
      primary: "[000].[000].[000]-[00]", affine: ["[00].[000].[000]/[0000]-[00]"])
    #expect(taxID.apply(CaretText("12345678000195")).text == "12.345.678/0001-95")
    #expect(taxID.apply(CaretText("12345678901")).text == "123.456.789-01")
  }

  @Test func inputMaskAndMaskExamples() throws {
    func shape(_ field: String, with mask: some TextMasking) -> String {
      mask.apply(field).text
    }
    #expect(shape("1225", with: ShorthandMask("##/##")) == "12/25")
    #expect(shape("1225", with: try BracketMask("[00]{/}[00]")) == "12/25")
    #expect(ShorthandMask("##/##").apply(CaretText("1225")).text == "12/25")
    #expect(try TextMask("+1 ([000]) [000]-[0000]").apply("5551234567").text == "+1 (555) 123-4567")
    #expect(ShorthandMask("##/##").isComplete("1225"))
    #expect(!ShorthandMask("##/##").isComplete("12/2"))

    let phone = try TextMask("+1 ([000]) [000]-[0000]")
    let expiry = try TextMask("##/##")
    #expect(phone.apply("5551234567").text == "+1 (555) 123-4567")
    #expect(expiry.apply("1225").text == "12/25")
    #expect(try TextMask("[00]").notation == .bracket(try BracketMask("[00]")))
    #expect(TextMask(try BracketMask("[00]-[00]")).format == "[00]-[00]")
    #expect(TextMask(ShorthandMask("##/##")).notation == .shorthand(ShorthandMask("##/##")))
    #expect(TextMask.isBracketNotation("+1 ([000]) [000]-[0000]"))
    #expect(!TextMask.isBracketNotation("##/##"))
    #expect(!TextMask.isValid("[000AA]"))
    #expect(TextMask.isValid("AA##"))
    #expect(try TextMask("##/##").format == "##/##")
    #expect(try TextMask("##/##").placeholder == "00/00")
    #expect(try TextMask("[00]-[99]").acceptableTextLength == 3)
    #expect(try TextMask("[00]-[99]").totalTextLength == 5)
    #expect(try TextMask("[00]-[99]").acceptableValueLength == 2)
    #expect(try TextMask("[00]-[99]").totalValueLength == 4)
    #expect(try TextMask("[00]-[00]").apply(CaretText("1234", caret: 2)).caret == 3)
    _ = try TextMask("[0000] [0000] [0000] [0000]")
  }

  @Test func resultAndCaretExamples() throws {
    let expiry = ShorthandMask("##/##")
    #expect(expiry.apply("1225").text == "12/25")
    #expect(expiry.apply("1225").caret == 5)
    #expect(expiry.apply("1225").value == "1225")
    #expect(!expiry.apply("12/2").isComplete)
    #expect(try BracketMask("[00]-[00]").apply(CaretText("1234")).affinity == 3)
    #expect(expiry.apply("1").tailPlaceholder == "0/00")
    let made = MaskResult(
      text: "12", caret: 2, value: "12", isComplete: false, affinity: 2, tailPlaceholder: "/00")
    #expect(made.text == "12" && made.caret == 2 && made.tailPlaceholder == "/00")
    let flagged = try BracketMask("🇺🇸 [000]").apply(CaretText("555"))
    #expect(flagged.caret == 5)
    #expect(flagged.utf16Caret == 8)

    #expect(CaretText("12", gravity: .backward(autoskip: true)).gravity == .backward(autoskip: true))
    #expect(CaretText("555").text == "555")
    #expect(CaretText("👍🏽5").caret == 2)
    #expect(CaretText("555").gravity == .forward(autocomplete: true))
    #expect(CaretText("5551234567", caret: 3).caret == 3)
    #expect(CaretText("🇺🇸12", utf16Caret: 5).caret == 2)
    #expect(CaretText("🇺🇸12", caret: 2).utf16Caret == 5)
  }

  @Test func textEditExamples() {
    #expect(TextEdit.deleteForward(in: "12", at: 0).direction == .forward)
    #expect(TextEdit("🇺🇸1", replacingUTF16: 4..<5, with: "").range == 1..<2)
    #expect(TextEdit.insert("5", into: "+1 (55", at: 6).range == 6..<6)
    #expect(TextEdit.deleteBackward(in: "(650) 253", at: 5).range == 4..<5)
    #expect(TextEdit.deleteForward(in: "(650) 253", at: 4).range == 4..<5)
    #expect(TextEdit("12", replacing: 1..<2, with: "").isDeletion)
    #expect(TextEdit("🇺🇸1", replacing: 1..<2, with: "").utf16Range == 4..<5)
  }

  @Test func maskErrorExamples() {
    #expect(MaskError.Code.unclosedBracket.rawValue == "unclosed_bracket")
    #expect(MaskError.Code.nestedBracket.rawValue == "nested_bracket")
    #expect(MaskError.Code(rawValue: "nested_bracket") == .nestedBracket)
    #expect(MaskError.Code.invalidMask.rawValue == "invalid_mask")
    #expect("\(MaskError.Code.danglingEscape)" == "dangling_escape")
    #expect((try? BracketMask("[00")) == nil)
    let error = MaskError(code: .danglingEscape, message: "nothing to escape", offset: 3)
    #expect(error.message == "nothing to escape")
    #expect(error.offset == 3)
    #expect(MaskError(code: .unclosedBracket, message: "never closed").offset == 0)
    #expect(
      "\(MaskError(code: .unclosedBracket, message: "never closed"))" == "unclosed_bracket: never closed")
  }

  @Test func pickerExamples() throws {
    let picker = MaskPicker(
      primary: try TextMask("[000].[000].[000]-[00]"),
      affine: [try TextMask("[00].[000].[000]/[0000]-[00]")],
      strategy: .wholeString)
    #expect(picker.apply(CaretText("12345678901")).text == "123.456.789-01")
    #expect(picker.apply(CaretText("12345678000195")).text == "12.345.678/0001-95")
    let choice = try MaskPicker(primary: "[00]", affine: ["[0000]"]).choose(for: CaretText("1234"))
    #expect(choice.mask.format == "[0000]")
    #expect(choice.affinity == 4)
    let single = try MaskPicker(primary: "[00]", affine: []).choose(for: CaretText("1"))
    #expect(single.mask.format == "[00]")
    #expect(single.result.text == "1")
    #expect(single.affinity == 1)
    #expect(try MaskPicker(primary: "[00]", affine: ["[0000]"]).primary.format == "[00]")
    #expect(try MaskPicker(primary: "[00]", affine: ["[0000]"]).affine.count == 1)
    #expect(try MaskPicker(primary: "[00]", affine: []).strategy == .wholeString)
    #expect(try MaskPicker(primary: "[00]", affine: ["[0000]"]).apply(CaretText("1234")).text == "1234")
  }

  @Test func shorthandMaskDetailExamples() {
    #expect(ShorthandMask("##/##").format == "##/##")
    #expect(ShorthandMask("(###) ###-####").placeholder == "(000) 000-0000")
    #expect(ShorthandMask("##/##").acceptableTextLength == 5)
    #expect(ShorthandMask("##/##").totalTextLength == 5)
    #expect(ShorthandMask("##/##").acceptableValueLength == 4)
    #expect(ShorthandMask("##/##").totalValueLength == 4)
    #expect(ShorthandMask("##/##").apply(CaretText("1225", caret: 1)).caret == 5)
  }

  @Test func caretsArticleExamples() throws {
    let phone = try BracketMask("[00] [00]")
    let edit = TextEdit("🇺🇸 12", replacingUTF16: 7..<7, with: "3")
    let result = phone.apply(edit)
    #expect(result.text == "12 3")
    #expect(result.caret == 4)
    #expect(result.utf16Caret == 4)
    #expect(TextEdit("👨‍👩‍👧‍👦x", replacingUTF16: 3..<4, with: "").range == 0..<1)
  }

  @Test func declarationDetailExamples() throws {
    #expect(MaskCharacterSet.decimalDigits.contains("٣"))
    #expect(MaskCharacterSet.letters.contains("ж"))
    #expect(MaskCharacterSet.alphanumerics.contains("Ⅻ"))
    #expect(MaskCharacterSet.letters.union(MaskCharacterSet(charactersIn: " ")).contains(" "))
    #expect(MaskCharacterSet("a"..."f").contains("c"))
    #expect(try BracketMask("[00]-[00]").format == "[00]-[00]")
    #expect(try BracketMask("[00]").customNotations == [])
    #expect(try BracketMask("[00]-[99]").acceptableTextLength == 3)
    #expect(try BracketMask("[00]-[99]").totalTextLength == 5)
    #expect(try BracketMask("{+7}[00]").acceptableValueLength == 4)
    #expect(try BracketMask("[0…]").totalValueLength == nil)
    #expect(try BracketMask("[00]") == BracketMask("[00]"))
    #expect(Set([try BracketMask("[00]"), try BracketMask("[00]")]).count == 1)
    let name = MaskNotation(character: "N", characterSet: .letters)
    #expect(name.character == "N")
    #expect(name.characterSet == .letters)
    #expect(!name.isOptional)
    #expect(TextEdit("12", replacing: 2..<2, with: "3").text == "12")
    #expect(TextEdit("👍🏽12", replacingUTF16: 4..<5, with: "").range == 1..<2)
    #expect(TextEdit("12", replacing: 2..<2, with: "3").replacement == "3")
    #expect(TextEdit.deleteBackward(in: "12", at: 2).direction == .backward)
    _ = try MaskPicker(primary: "[0000]", affine: ["[0…]"], strategy: .capacity)
    let codes: [(String, [MaskNotation], MaskError.Code)] = [
      ("[000AA]", [], .mixedSymbolTypes), ("[[00]000]", [], .nestedBracket), ("[00", [], .unclosedBracket),
      ("[00}", [], .unmatchedBracket), ("[0x0]", [], .unknownSymbol), ("[…]", [], .misplacedEllipsis),
      ("[00]\\", [], .danglingEscape),
      ("[0]", [MaskNotation(character: "0", characterSet: .letters)], .conflictingNotation),
    ]
    for (format, notations, code) in codes {
      #expect {
        _ = try BracketMask(format, customNotations: notations)
      } throws: { error in
        (error as? MaskError)?.code == code
      }
    }
  }
}
