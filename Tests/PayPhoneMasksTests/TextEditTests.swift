import PayPhoneMasks
import Testing

// Edits as a text field reports them (Sources/PayPhoneMasks/PayPhoneMasks.docc/InputMasks.md,
// "Edits in a text field"): typing and paste
// with forward gravity and autocomplete, deletion with backward gravity.
// Expected texts and carets are worked out by hand from the rules of "Applying a mask".

@Suite struct TextEditTests {
  static let phone = "+7 ([000]) [000] [00] [00]"

  struct Step: Equatable, CustomStringConvertible {
    let text: String
    let caret: Int
    init(_ text: String, _ caret: Int) {
      self.text = text
      self.caret = caret
    }
    var description: String { "\"\(text)\"@\(caret)" }
  }

  @Test func typingAPhoneNumberKeyByKey() throws {
    let mask = try BracketMask(Self.phone)
    var text = ""
    var caret = 0
    var steps: [Step] = []
    for key in "9621234567" {
      let result = mask.apply(TextEdit(text, replacing: caret..<caret, with: String(key)))
      text = result.text
      caret = result.caret
      steps.append(Step(text, caret))
    }
    #expect(
      steps == [
        Step("+7 (9", 5), Step("+7 (96", 6), Step("+7 (962) ", 9), Step("+7 (962) 1", 10),
        Step("+7 (962) 12", 11), Step("+7 (962) 123 ", 13), Step("+7 (962) 123 4", 14),
        Step("+7 (962) 123 45 ", 16), Step("+7 (962) 123 45 6", 17), Step("+7 (962) 123 45 67", 18),
      ])
    #expect(mask.apply(CaretText(text)).isComplete)
  }

  @Test func backspaceWithAutoskipDeletesLiteralsWithTheDigitBeforeThem() throws {
    let mask = try BracketMask(Self.phone)
    #expect(
      backspaceToEmpty(mask, from: "+7 (962) 123 45 67", autoskip: true) == [
        Step("+7 (962) 123 45 6", 17), Step("+7 (962) 123 45", 15), Step("+7 (962) 123 4", 14),
        Step("+7 (962) 123", 12), Step("+7 (962) 12", 11), Step("+7 (962) 1", 10), Step("+7 (962", 7),
        Step("+7 (96", 6), Step("+7 (9", 5), Step("", 0),
      ])
  }

  @Test func backspaceWithoutAutoskipDeletesOneCharacterAtATime() throws {
    let mask = try BracketMask(Self.phone)
    #expect(
      backspaceToEmpty(mask, from: "+7 (962) 1", autoskip: false) == [
        Step("+7 (962) ", 9), Step("+7 (962)", 8), Step("+7 (962", 7), Step("+7 (96", 6), Step("+7 (9", 5),
        Step("+7 (", 4), Step("+7 ", 3), Step("+7", 2), Step("+", 1), Step("", 0),
      ])
  }

  @Test func deletingALiteralInTheMiddleMovesTheCaretBeforeIt() throws {
    let mask = try BracketMask(Self.phone)
    let result = mask.apply(TextEdit("+7 (962) 123 45 67", replacing: 7..<8, with: ""))
    #expect(result.text == "+7 (962) 123 45 67")
    #expect(result.caret == 7)
  }

  @Test func deletingRightAfterLiteralsWithAutoskipJumpsOverThem() throws {
    let mask = try BracketMask(Self.phone)
    let result = mask.apply(TextEdit("+7 (962) 123 45 67", replacing: 9..<10, with: ""), autoskip: true)
    #expect(result.text == "+7 (962) 234 56 7")
    #expect(result.caret == 7)
  }

  @Test func deletingADigitInTheMiddleShiftsTheRestLeft() throws {
    let mask = try BracketMask(Self.phone)
    let result = mask.apply(TextEdit("+7 (962) 123 45 67", replacing: 5..<6, with: ""))
    #expect(result.text == "+7 (921) 234 56 7")
    #expect(result.value == "921234567")
    #expect(result.caret == 5)
    #expect(!result.isComplete)
  }

  @Test func deletingAcrossLiteralsKeepsTheCaretAtTheStartOfTheRange() throws {
    let mask = try BracketMask(Self.phone)
    let result = mask.apply(TextEdit("+7 (962) 123 45 67", replacing: 6..<10, with: ""))
    #expect(result.text == "+7 (962) 345 67")
    #expect(result.caret == 6)
  }

  @Test func insertingInTheMiddlePushesTheLastDigitOut() throws {
    let mask = try BracketMask(Self.phone)
    let result = mask.apply(TextEdit("+7 (962) 123 45 67", replacing: 5..<5, with: "0"))
    #expect(result.text == "+7 (906) 212 34 56")
    #expect(result.caret == 6)
  }

  @Test func pastingLongerThanTheMaskDropsTheRest() throws {
    let mask = try BracketMask(Self.phone)
    let atEnd = mask.apply(TextEdit("+7 (962) ", replacing: 9..<9, with: "1234567890"))
    #expect(atEnd.text == "+7 (962) 123 45 67")
    #expect(atEnd.caret == 18)
    let overAll = mask.apply(TextEdit("+7 (962) 1", replacing: 0..<10, with: "+7 (999) 888-77-66-55-44"))
    #expect(overAll.text == "+7 (999) 888 77 66")
    #expect(overAll.caret == 18)
  }

  @Test func pastingFormattedTextIntoTheMiddle() throws {
    let mask = try BracketMask("+1 ([000]) [000]-[0000]")
    let result = mask.apply(TextEdit("+1 (", replacing: 4..<4, with: "(555) 123-4567"))
    #expect(result.text == "+1 (555) 123-4567")
    #expect(result.caret == 17)
  }

  @Test func rangesOutsideTheTextAreClamped() throws {
    let mask = try BracketMask("[00]-[00]")
    #expect(mask.apply(TextEdit("12-3", replacing: 10..<20, with: "4")).text == "12-34")
    #expect(mask.apply(TextEdit("12-3", replacing: -5..<1, with: "")).text == "23")
  }

  @Test func editCaretStringUsesForwardGravityForInsertAndBackwardForDelete() {
    let insert = TextEdit("1234", replacing: 2..<2, with: "ab").caretString()
    #expect(insert == CaretText("12ab34", caret: 4, gravity: .forward(autocomplete: true)))
    let paste = TextEdit("1234", replacing: 1..<3, with: "x").caretString(autocomplete: false)
    #expect(paste == CaretText("1x4", caret: 2, gravity: .forward(autocomplete: false)))
    let delete = TextEdit("1234", replacing: 1..<3, with: "").caretString(autoskip: true)
    #expect(delete == CaretText("14", caret: 1, gravity: .backward(autoskip: true)))
    #expect(TextEdit("👍🏽x", replacing: 1..<2, with: "").caretString().text == "👍🏽")
  }

  private func backspaceToEmpty(_ mask: BracketMask, from start: String, autoskip: Bool) -> [Step] {
    var text = start
    var caret = start.count
    var steps: [Step] = []
    while caret > 0 && steps.count < 40 {
      let result = mask.apply(TextEdit(text, replacing: (caret - 1)..<caret, with: ""), autoskip: autoskip)
      text = result.text
      caret = result.caret
      steps.append(Step(text, caret))
    }
    return steps
  }
}
