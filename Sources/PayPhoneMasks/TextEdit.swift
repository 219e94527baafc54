internal import PayPhoneText

/// A change to a text field as the field reports it: the characters in
/// `range` of `text` replaced by `replacement`.
///
/// One edit model serves the masks (``TextMasking/apply(_:autocomplete:autoskip:)``)
/// and the phone editor. Ranges count characters, the library's caret unit
/// (see the article *Carets and text offsets* of PayPhoneMasks); ``init(_:replacingUTF16:with:direction:)`` takes the
/// UTF-16 range UIKit, AppKit and the web report. A range outside the text
/// is clamped into it.
///
/// Typing and pasting (a non-empty replacement) put the caret after the
/// inserted text, with forward gravity; deleting (an empty replacement over
/// a non-empty range) puts it at the start of the range, with backward
/// gravity, and `direction` says whether backspace or forward delete did it.
///
///     let mask = try BracketMask("+7 ([000]) [000] [00] [00]")
///     let typed = mask.apply(TextEdit("+7 (96", replacing: 6..<6, with: "2"))
///     typed.text   // "+7 (962) "
///     typed.caret  // 9
///     let deleted = mask.apply(TextEdit("+7 (962) 1", replacing: 9..<10, with: ""), autoskip: true)
///     deleted.text // "+7 (962"
public struct TextEdit: Sendable, Hashable {
  /// Which key made a deletion.
  ///
  ///     TextEdit.deleteForward(in: "12", at: 0).direction  // .forward
  public enum Direction: Sendable, Hashable {
    /// Backspace, cut, or typing over a selection: what is left of the
    /// range goes.
    case backward
    /// Forward delete: what is right of the caret goes.
    case forward
  }

  /// The text before the edit.
  ///
  ///     TextEdit("12", replacing: 2..<2, with: "3").text  // "12"
  public let text: String
  /// The characters replaced, counted in characters.
  ///
  ///     TextEdit("👍🏽12", replacingUTF16: 4..<5, with: "").range  // 1..<2
  public let range: Range<Int>
  /// What replaces them; empty for a deletion.
  ///
  ///     TextEdit("12", replacing: 2..<2, with: "3").replacement  // "3"
  public let replacement: String
  /// Which key made a deletion; `.backward` unless forward delete.
  ///
  ///     TextEdit.deleteBackward(in: "12", at: 2).direction  // .backward
  public let direction: Direction

  /// An edit of `text`: the characters in `range` replaced by `replacement`.
  ///
  ///     TextEdit("+7 (96", replacing: 6..<6, with: "2")  // typing "2" at the end
  public init(
    _ text: String, replacing range: Range<Int>, with replacement: String, direction: Direction = .backward
  ) {
    self.text = text
    self.range = range
    self.replacement = replacement
    self.direction = direction
  }

  /// An edit of `text` given as a range of UTF-16 code units, as
  /// `UITextField` and `NSTextView` delegates and the DOM report it.
  ///
  /// A bound inside a character widens the range to cover it.
  ///
  ///     TextEdit("🇺🇸1", replacingUTF16: 4..<5, with: "").range  // 1..<2
  public init(
    _ text: String, replacingUTF16 range: Range<Int>, with replacement: String,
    direction: Direction = .backward
  ) {
    let offsets = CharacterOffsets(text)
    let lower = offsets.characterOffset(ofUTF16: range.lowerBound)
    let upper = max(lower, offsets.characterOffset(ofUTF16: range.upperBound, roundingUp: true))
    self.init(text, replacing: lower..<upper, with: replacement, direction: direction)
  }

  /// Typing or pasting `insertion` at `caret` (in characters).
  ///
  ///     TextEdit.insert("5", into: "+1 (55", at: 6).range  // 6..<6
  public static func insert(_ insertion: String, into text: String, at caret: Int) -> TextEdit {
    TextEdit(text, replacing: caret..<caret, with: insertion)
  }

  /// Backspace at `caret` (in characters): the character before it goes.
  ///
  ///     TextEdit.deleteBackward(in: "(650) 253", at: 5).range  // 4..<5
  public static func deleteBackward(in text: String, at caret: Int) -> TextEdit {
    let caret = min(max(caret, 0), Graphemes.count(in: text))
    return TextEdit(text, replacing: max(caret - 1, 0)..<caret, with: "")
  }

  /// Forward delete at `caret` (in characters): the character after it goes.
  ///
  ///     TextEdit.deleteForward(in: "(650) 253", at: 4).range  // 4..<5
  public static func deleteForward(in text: String, at caret: Int) -> TextEdit {
    let count = Graphemes.count(in: text)
    let caret = min(max(caret, 0), count)
    return TextEdit(text, replacing: caret..<min(caret + 1, count), with: "", direction: .forward)
  }

  /// Whether the edit removes characters without inserting any.
  ///
  ///     TextEdit("12", replacing: 1..<2, with: "").isDeletion  // true
  public var isDeletion: Bool { replacement.isEmpty && !range.isEmpty }

  /// The replaced range in UTF-16 code units of `text`.
  ///
  ///     TextEdit("🇺🇸1", replacing: 1..<2, with: "").utf16Range  // 4..<5
  public var utf16Range: Range<Int> {
    let offsets = CharacterOffsets(text)
    let lower = offsets.utf16Offset(ofCharacter: range.lowerBound)
    return lower..<max(lower, offsets.utf16Offset(ofCharacter: range.upperBound))
  }

  /// The range clamped into a text of `count` characters.
  package func clampedRange(count: Int) -> Range<Int> {
    let lower = min(max(range.lowerBound, 0), count)
    return lower..<min(max(range.upperBound, lower), count)
  }

  /// The edited text with its caret and gravity, ready for a mask.
  ///
  ///     TextEdit("12", replacing: 1..<1, with: "x").caretString()
  ///     // CaretText("1x2", caret: 2, gravity: .forward(autocomplete: true))
  public func caretString(autocomplete: Bool = true, autoskip: Bool = false) -> CaretText {
    let boundaries = Graphemes.boundaries(in: text)
    let range = clampedRange(count: boundaries.count - 1)
    let utf8 = Array(text.utf8)
    let edited =
      String(decoding: utf8[..<boundaries[range.lowerBound]], as: UTF8.self) + replacement
      + String(decoding: utf8[boundaries[range.upperBound]...], as: UTF8.self)
    if replacement.isEmpty && !range.isEmpty {
      return CaretText(edited, caret: range.lowerBound, gravity: .backward(autoskip: autoskip))
    }
    return CaretText(
      edited, caret: range.lowerBound + Graphemes.count(in: replacement),
      gravity: .forward(autocomplete: autocomplete))
  }
}
