/// What applying a bracket mask to text and caret gives.
///
///     let mask = try BracketMask("+1 ([000]) [000]-[0000]")
///     let result = mask.apply(CaretString("5551234567"))
///     result.text             // "+1 (555) 123-4567"
///     result.caret            // 17
///     result.value            // "5551234567"
///     result.isComplete       // true
///     result.tailPlaceholder  // ""
public struct MaskResult: Sendable, Hashable {
  /// The formatted text.
  public let text: String
  /// Where the caret belongs in `text`, in characters.
  public let caret: Int
  /// The characters that went into `[]` symbols, plus the `{}` fixed
  /// characters; free literals are left out.
  public let value: String
  /// Whether no mandatory symbol or fixed character is left unfilled.
  public let isComplete: Bool
  /// How well the text fitted: +1 for each input character the mask took,
  /// −1 for each character it wrote itself or skipped. Used to choose among
  /// several masks (`AffinityStrategy.wholeString`).
  public let affinity: Int
  /// The rest of the mask after the text, as placeholder glyphs (`0` a
  /// digit, `a` a letter, `-` a letter or digit, a custom symbol as itself,
  /// literals as they are); empty once the mask is full.
  public let tailPlaceholder: String
}
