internal import PayPhoneText

/// A change to masked text as a text field reports it: the characters in
/// `range` replaced by `replacement`.
///
/// Typing and pasting (a non-empty replacement) put the caret after the
/// inserted text and use forward gravity, so literals the mask writes there
/// push the caret on and, at the end, `autocomplete` writes the literals
/// that follow. Deleting (an empty replacement over a non-empty range) puts
/// the caret at the start of the range and uses backward gravity, where
/// `autoskip` also removes the literals right before the caret. A range
/// outside the text is clamped into it.
///
///     let mask = try BracketMask("+7 ([000]) [000] [00] [00]")
///     let typed = mask.apply(MaskEdit("+7 (96", replacing: 6..<6, with: "2"))
///     typed.text   // "+7 (962) "
///     typed.caret  // 9
///     let deleted = mask.apply(MaskEdit("+7 (962) 1", replacing: 9..<10, with: ""), autoskip: true)
///     deleted.text // "+7 (962"
public struct MaskEdit: Sendable, Hashable {
  /// The text before the edit.
  public let text: String
  /// The characters replaced, counted in characters.
  public let range: Range<Int>
  /// What replaces them; empty for a deletion.
  public let replacement: String

  /// An edit of `text`: the characters in `range` replaced by `replacement`.
  ///
  ///     MaskEdit("+7 (96", replacing: 6..<6, with: "2")  // typing "2" at the end
  public init(_ text: String, replacing range: Range<Int>, with replacement: String) {
    self.text = text
    self.range = range
    self.replacement = replacement
  }

  /// Whether the edit removes characters without inserting any.
  public var isDeletion: Bool { replacement.isEmpty && !range.isEmpty }

  /// The edited text with its caret and gravity, ready for a mask.
  ///
  ///     MaskEdit("12", replacing: 1..<1, with: "x").caretString()
  ///     // CaretString("1x2", caret: 2, gravity: .forward(autocomplete: true))
  public func caretString(autocomplete: Bool = true, autoskip: Bool = false) -> CaretString {
    let boundaries = Graphemes.boundaries(in: text)
    let count = boundaries.count - 1
    let lower = min(max(range.lowerBound, 0), count)
    let upper = min(max(range.upperBound, lower), count)
    let utf8 = Array(text.utf8)
    let edited =
      String(decoding: utf8[..<boundaries[lower]], as: UTF8.self) + replacement
      + String(decoding: utf8[boundaries[upper]...], as: UTF8.self)
    if replacement.isEmpty && lower < upper {
      return CaretString(edited, caret: lower, gravity: .backward(autoskip: autoskip))
    }
    return CaretString(
      edited, caret: lower + Graphemes.count(in: replacement), gravity: .forward(autocomplete: autocomplete))
  }
}

extension BracketMask {
  /// Applies the mask to the text an edit leaves, with the caret and
  /// gravity a text field would use (see `MaskEdit`).
  ///
  ///     let mask = try BracketMask("[00]/[00]")
  ///     mask.apply(MaskEdit("12/3", replacing: 4..<4, with: "4")).text  // "12/34"
  public func apply(_ edit: MaskEdit, autocomplete: Bool = true, autoskip: Bool = false) -> MaskResult {
    apply(edit.caretString(autocomplete: autocomplete, autoskip: autoskip))
  }
}
