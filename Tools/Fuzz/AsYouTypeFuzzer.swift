internal import PayPhone

/// Fuzz target `as-you-type`: random key sequences.
///
/// The first byte picks the region (as `phone-region` does), the second
/// which keys remember their position and where a copy of the formatter is
/// taken; the rest is the keys, one Unicode scalar each. The keys then go,
/// as edits, to a `PhoneNumberEditor`.
@_cdecl("LLVMFuzzerTestOneInput")
public func asYouTypeFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let regions = PhoneFuzzChecks.regions
  let region = regions[input.integer(in: 0...255) % regions.count]
  let choices = input.byte()
  AsYouTypeFuzzer(region: region, choices: choices).exercise(keys: input.restText())
  return 0
}

struct AsYouTypeFuzzer {
  let region: RegionCode
  let choices: UInt8

  func exercise(keys: String) {
    var formatter = AsYouTypeFormatter(region: region)
    let scalars = Array(keys.unicodeScalars)
    let copyAt = Int(choices >> 4) % (scalars.count + 1)
    var copy: AsYouTypeFormatter?
    var shown: [String] = []
    for (index, key) in scalars.enumerated() {
      if index == copyAt { copy = formatter }
      let remember = (index + Int(choices)) % 3 == 0
      let text = formatter.input(key, rememberingPosition: remember)
      fuzzCheck(text == formatter.text, "input returned \(text), text is \(formatter.text)")
      let position = formatter.rememberedPosition
      fuzzCheck(
        (0...text.unicodeScalars.count).contains(position),
        "remembered position \(position) outside \(text.debugDescription)")
      shown.append(text)
    }
    // A copy goes on independently, to the same answers.
    if var copy {
      for key in scalars[copyAt...] { copy.input(key) }
      fuzzCheck(copy.text == formatter.text, "a copy ends at \(copy.text), the original at \(formatter.text)")
    }
    // Starting over gives the same steps.
    formatter.clear()
    fuzzCheck(formatter.text.isEmpty, "clear left \(formatter.text)")
    for (index, key) in scalars.enumerated() {
      let again = formatter.input(key)
      fuzzCheck(again == shown[index], "after clear, step \(index) shows \(again), before \(shown[index])")
    }
    var whole = AsYouTypeFormatter(region: region)
    fuzzCheck(whole.input(keys) == (shown.last ?? ""), "input(String) differs")

    exerciseEditor(keys: keys, scalars: scalars)
  }

  private func exerciseEditor(keys: String, scalars: [Unicode.Scalar]) {
    let editor = PhoneNumberEditor(region: region)
    var state = editor.format(keys)
    check(state)
    // Reformatting the editor's own text changes nothing, when it shows
    // every key. (libphonenumber's formatter can drop keys: in JP,
    // "000237120023071" shows "0000023071 "; ours shows the same.)
    let shownKeys = String(
      String.UnicodeScalarView(state.text.unicodeScalars.filter { ("0"..."9").contains($0) }))
    if shownKeys == state.value.filter({ $0 != "+" }) {
      let again = editor.format(state.text)
      fuzzCheck(
        again.text == state.text && again.value == state.value,
        "\(state.text.debugDescription) reformats as \(again.text.debugDescription)")
    }

    // Edits: each scalar picks one, at a caret from the next.
    var index = 0
    while index + 1 < scalars.count && index < 64 {
      let selector = scalars[index].value
      let caret = Int(scalars[index + 1].value % 32)
      let text = state.text
      let edit: TextEdit
      switch selector % 4 {
      case 0: edit = .insert(String(scalars[index + 1]), into: text, at: caret)
      case 1: edit = .deleteBackward(in: text, at: caret)
      case 2: edit = .deleteForward(in: text, at: caret)
      default:
        edit = TextEdit(text, replacing: caret..<(caret + Int(selector % 5)), with: String(scalars[index]))
      }
      state = editor.apply(edit)
      check(state)
      index += 2
    }
  }

  private func check(_ state: PhoneNumberEditor.State) {
    let length = state.text.unicodeScalars.count
    fuzzCheck((0...length).contains(state.caret), "editor caret \(state.caret) outside \(length) scalars")
    let keys = state.value.unicodeScalars
    fuzzCheck(
      keys.allSatisfy { ("0"..."9").contains($0) }
        || (keys.first == "+" && keys.dropFirst().allSatisfy { ("0"..."9").contains($0) }),
      "editor value \(state.value)")
    if let number = state.number {
      fuzzCheck(number.isValid, "editor number \(number) is not valid")
    }
  }
}
