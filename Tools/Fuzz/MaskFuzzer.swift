internal import PayPhone

/// Fuzz target `mask`: random masks on random texts.
///
/// Layout: a byte of flags, a caret byte, two edit-range bytes, then
/// segments split at 0xFF (never in UTF-8): the format, the text, an edit's
/// replacement, and up to three more formats for a picker. Each format is
/// compiled as a bracket mask (with a custom notation when a flag says so)
/// and used as a shorthand mask.
@_cdecl("LLVMFuzzerTestOneInput")
public func maskFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let flags = input.byte()
  let caret = Int(input.byte()) - 8
  let editStart = Int(input.byte()) - 4
  let editLength = Int(input.byte() % 16)
  let format = input.text(upTo: 0xFF)
  let text = input.text(upTo: 0xFF)
  let replacement = input.text(upTo: 0xFF)
  var affine: [String] = []
  while !input.isAtEnd && affine.count < 3 {
    affine.append(input.text(upTo: 0xFF))
  }
  MaskFuzzer(flags: flags).exercise(
    format: format, text: text, caret: caret, edit: editStart..<(editStart + editLength),
    replacement: replacement, affine: affine)
  return 0
}

struct MaskFuzzer {
  let flags: UInt8

  private func flag(_ bit: UInt8) -> Bool { flags & (1 << bit) != 0 }

  func exercise(
    format: String, text: String, caret: Int, edit: Range<Int>, replacement: String, affine: [String]
  ) {
    let shorthand = ShorthandMask(format)
    let shaped = shorthand.apply(text)
    _ = shorthand.isComplete(text)
    // Shaping its own output changes nothing, unless characters merged
    // there (a lone combining mark in a letter slot joins the character
    // before it), which the check leaves out.
    if Graphemes.count(in: shaped.text) == shaped.text.unicodeScalars.count {
      // Text, value and completeness: the affinity counts what the input
      // gave, so it differs between a text and its shaped form.
      let again = shorthand.apply(shaped.text)
      fuzzCheck(
        again.text == shaped.text && again.value == shaped.value && again.isComplete == shaped.isComplete,
        "shorthand: \(shaped.text) shapes differently")
    }

    var notations: [MaskNotation] = []
    if flag(0), let character = replacement.first {
      notations.append(MaskNotation(character: character, characterSet: .decimalDigits, isOptional: flag(1)))
    }
    let mask: BracketMask
    do throws(MaskError) {
      mask = try BracketMask(format, customNotations: notations)
    } catch {
      fuzzCheck(!error.message.isEmpty && error.offset >= 0, "error \(error)")
      fuzzCheck(!BracketMask.isValid(format, customNotations: notations), "isValid disagrees with init")
      return
    }
    fuzzCheck(BracketMask.isValid(format, customNotations: notations), "isValid disagrees with init")
    _ = mask.placeholder
    _ = (mask.acceptableTextLength, mask.totalTextLength, mask.acceptableValueLength, mask.totalValueLength)

    let gravity: CaretText.Gravity =
      flag(2) ? .backward(autoskip: flag(3)) : .forward(autocomplete: flag(3))
    let result = mask.apply(CaretText(text, caret: caret, gravity: gravity))
    check(result)
    // Typing at the end, the mask's own text formats as itself (unless
    // characters merged in it, see above, or the mask has optional parts:
    // in `[9]0` the optional digit takes the literal 0 back, as in
    // InputMask).
    let typed = mask.apply(CaretText(text))
    if mask.acceptableTextLength == mask.totalTextLength
      && Graphemes.count(in: typed.text) == typed.text.unicodeScalars.count
    {
      let again = mask.apply(CaretText(typed.text))
      fuzzCheck(
        again.text == typed.text && again.value == typed.value,
        "bracket: \(typed.text.debugDescription) formats as \(again.text.debugDescription)")
    }
    let edited = mask.apply(
      TextEdit(text, replacing: edit, with: flag(4) ? "" : replacement), autocomplete: flag(5),
      autoskip: flag(6))
    check(edited)

    if let picker = try? MaskPicker(
      primary: format, affine: affine, customNotations: notations,
      strategy: [.wholeString, .prefix, .capacity, .extractedValueCapacity][Int(flags >> 6)])
    {
      check(picker.apply(CaretText(text, caret: caret, gravity: gravity)))
      check(picker.apply(TextEdit(text, replacing: edit, with: replacement)))
    }
  }

  private func check(_ result: MaskResult) {
    let length = Graphemes.count(in: result.text)
    fuzzCheck((0...length).contains(result.caret), "caret \(result.caret) outside \(length) characters")
  }
}
