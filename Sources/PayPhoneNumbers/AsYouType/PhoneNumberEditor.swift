public import PayPhoneMasks
internal import PayPhoneText

/// Keeps a phone field formatted while the person edits it anywhere —
/// typing in the middle, deleting, pasting, replacing a selection — with
/// the caret where they are working.
///
/// Every edit re-types the field's digits (and a leading `+`) into an
/// `AsYouTypeFormatter` for the region, so the text is always what
/// libphonenumber would show for those keys, and the caret follows the
/// last key before it. The separators the formatter writes are not keys:
///
/// - deleting a separator deletes the digit before it (backspace) or after
///   it (forward delete), instead of the separator coming straight back;
/// - pasting a written number (`+1 (650) 253-2222`, `٠٦٥٠…`) keeps its
///   digits and reformats them; other characters (letters, punctuation, a
///   `+` after the first digit) are dropped;
/// - digits of any script are shown as ASCII digits.
///
/// Carets and ranges count characters, the library's one caret unit (see
/// the Carets article of PayPhoneMasks); `State/utf16Caret` and
/// `TextEdit(_:replacingUTF16:with:direction:)` convert to and from the
/// UTF-16 offsets of UIKit, AppKit and the web. Out-of-range values are
/// clamped. Edits are the masks' `TextEdit`: one edit model for every field.
///
///     let editor = PhoneNumberEditor(region: .us)
///     var field = editor.format("6502532222")      // "(650) 253-2222", caret 14
///     field = editor.apply(.deleteBackward(in: field.text, at: 5))
///     field.text   // "(652) 532-222": the ")" took the 0 with it
///     field.caret  // 3
public struct PhoneNumberEditor: Sendable, Hashable {
  /// The field after an edit.
  ///
  ///     PhoneNumberEditor(region: .us).format("650253").text  // "650-253"
  public struct State: Sendable, Hashable {
    /// The formatted text to show.
    ///
    ///     PhoneNumberEditor(region: .us).format("6502532222").text  // "(650) 253-2222"
    public let text: String
    /// Where the caret goes, in characters.
    ///
    ///     PhoneNumberEditor(region: .us).format("6502532222").caret  // 14
    public let caret: Int
    /// The keys typed: ASCII digits, with `+` first for an international
    /// number (`+16502532222`).
    ///
    ///     PhoneNumberEditor(region: .us).format("(650) 253-2222").value  // "6502532222"
    public let value: String
    /// The number, once the keys make a valid one for the region (or with
    /// their own `+` and country code); nil before.
    ///
    ///     PhoneNumberEditor(region: .us).format("650253").number  // nil
    public let number: PhoneNumber?

    /// Whether the keys make a valid phone number.
    ///
    ///     PhoneNumberEditor(region: .us).format("6502532222").isComplete  // true
    public var isComplete: Bool { number != nil }

    /// The caret as a UTF-16 offset into `text`, for `UITextField`,
    /// `NSTextView` and the DOM.
    ///
    ///     PhoneNumberEditor(region: .us).format("6502532222").utf16Caret  // 14
    public var utf16Caret: Int {
      CharacterOffsets.utf16Offset(ofCharacter: caret, in: text)
    }
  }

  /// The region numbers are typed in.
  ///
  ///     PhoneNumberEditor(region: .gb).region  // .gb
  public let region: RegionCode

  /// An editor for numbers typed in `region`.
  ///
  ///     PhoneNumberEditor(region: .us).apply(.insert("6502532222", into: "", at: 0)).text
  ///     // "(650) 253-2222"
  public init(region: RegionCode) {
    self.region = region
  }

  /// Applies `edit` to the field: `TextEdit.insert`, `deleteBackward`,
  /// `deleteForward`, or any range replaced (a selection pasted over or
  /// cut).
  ///
  /// Deleting only separators takes the neighbouring key with them: the one
  /// before for backspace and cut, the one after for forward delete (the
  /// edit's `direction`).
  ///
  ///     let editor = PhoneNumberEditor(region: .gb)
  ///     let field = editor.apply(.insert("+44 20 7946 0958", into: "", at: 0))
  ///     field.text  // "+44 20 7946 0958"
  ///
  /// - Complexity: O(n) in the length of the text.
  public func apply(_ edit: TextEdit) -> State {
    let offsets = CharacterOffsets(edit.text)
    let characters = edit.clampedRange(count: offsets.count)
    let scalars = Array(edit.text.unicodeScalars)
    var range =
      offsets.scalarOffset(
        ofCharacter: characters.lowerBound)..<offsets.scalarOffset(
        ofCharacter: characters.upperBound)
    let insertion = edit.replacement
    if insertion.isEmpty && !range.isEmpty && !scalars[range].contains(where: Self.isKey) {
      // Only separators: take the neighbouring key with them.
      if edit.direction == .forward {
        if let key = scalars[range.upperBound...].firstIndex(where: Self.isKey) {
          range = range.lowerBound..<(key + 1)
        }
      } else if let key = scalars[..<range.lowerBound].lastIndex(where: Self.isKey) {
        range = key..<range.upperBound
      }
    }
    var edited = String.UnicodeScalarView()
    edited.append(contentsOf: scalars[..<range.lowerBound])
    edited.append(contentsOf: insertion.unicodeScalars)
    edited.append(contentsOf: scalars[range.upperBound...])
    return format(String(edited), scalarCaret: range.lowerBound + insertion.unicodeScalars.count)
  }

  /// Formats whole text (a pasted or stored number), with the caret after
  /// the key before `caret` (in characters; at the end by default).
  ///
  ///     PhoneNumberEditor(region: .us).format("+1 650 253 2222").text  // "+1 650-253-2222"
  public func format(_ text: String, caret: Int? = nil) -> State {
    format(text, scalarCaret: caret.map { CharacterOffsets(text).scalarOffset(ofCharacter: $0) } ?? Int.max)
  }

  /// Formats `text` with the caret after its first `caret` scalars.
  private func format(_ text: String, scalarCaret caret: Int) -> State {
    var formatter = AsYouTypeFormatter(region: region)
    var keys = String.UnicodeScalarView()
    var keysBeforeCaret = 0
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      let key: Unicode.Scalar
      if let digit = PhoneCharacters.digitValue(scalar) {
        key = Unicode.Scalar(0x30 + digit)
      } else if PhoneCharacters.isPlus(scalar) && keys.isEmpty {
        key = "+"
      } else {
        continue
      }
      keys.append(key)
      if offset < caret { keysBeforeCaret += 1 }
    }
    let keyCount = keys.count
    for (index, key) in keys.enumerated() {
      formatter.input(key, rememberingPosition: index == keysBeforeCaret - 1)
    }
    let shown = formatter.text
    let position: Int
    if keysBeforeCaret == keyCount {
      // Typing at the end: stay at the end, after any separator written.
      position = Graphemes.count(in: shown)
    } else {
      position = keysBeforeCaret == 0 ? 0 : formatter.rememberedPosition
    }
    let value = String(keys)
    let number = (try? PhoneNumber(value, region: region)).flatMap { $0.isValid ? $0 : nil }
    return State(text: shown, caret: position, value: value, number: number)
  }

  private static func isKey(_ scalar: Unicode.Scalar) -> Bool {
    PhoneCharacters.digitValue(scalar) != nil || PhoneCharacters.isPlus(scalar)
  }
}
