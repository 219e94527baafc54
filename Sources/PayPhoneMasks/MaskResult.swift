/// What applying a mask to text and caret gives: the one result of every
/// ``TextMasking``, bracket or shorthand.
///
/// `caret` counts characters (see the article *Carets and text offsets* of PayPhoneMasks); ``utf16Caret`` gives it
/// in UTF-16 code units for a text field.
///
///     let mask = try BracketMask("+1 ([000]) [000]-[0000]")
///     let result = mask.apply(CaretText("5551234567"))
///     result.text             // "+1 (555) 123-4567"
///     result.caret            // 17
///     result.value            // "5551234567"
///     result.isComplete       // true
///     result.tailPlaceholder  // ""
public struct MaskResult: Sendable, Hashable {
  /// The formatted text.
  ///
  ///     ShorthandMask("##/##").apply("1225").text  // "12/25"
  public let text: String
  /// Where the caret belongs in `text`, in characters.
  ///
  ///     ShorthandMask("##/##").apply("1225").caret  // 5
  public let caret: Int
  /// The characters that went into the symbols (`[]`, `#`, `A`), plus the
  /// `{}` fixed characters; free literals are left out.
  ///
  ///     ShorthandMask("##/##").apply("1225").value  // "1225"
  public let value: String
  /// Whether no mandatory symbol or fixed character is left unfilled.
  ///
  ///     ShorthandMask("##/##").apply("12/2").isComplete  // false
  public let isComplete: Bool
  /// How well the text fitted: +1 for each input character the mask took,
  /// −1 for each character it wrote itself or skipped. Used to choose among
  /// several masks (`AffinityStrategy.wholeString`).
  ///
  ///     try BracketMask("[00]-[00]").apply(CaretText("1234")).affinity  // 3
  public let affinity: Int
  /// The rest of the mask after the text, as placeholder glyphs (`0` a
  /// digit, `a` a letter, `-` a letter or digit, a custom symbol as itself,
  /// literals as they are); empty once the mask is full.
  ///
  ///     ShorthandMask("##/##").apply("1").tailPlaceholder  // "0/00"
  public let tailPlaceholder: String

  /// A result; masks make these, an ``TextMasking`` of your own may too.
  ///
  ///     MaskResult(text: "12", caret: 2, value: "12", isComplete: false, affinity: 2, tailPlaceholder: "/00")
  public init(
    text: String, caret: Int, value: String, isComplete: Bool, affinity: Int, tailPlaceholder: String
  ) {
    self.text = text
    self.caret = caret
    self.value = value
    self.isComplete = isComplete
    self.affinity = affinity
    self.tailPlaceholder = tailPlaceholder
  }

  /// The caret as a UTF-16 offset into `text`, for `UITextField`,
  /// `NSTextView` and the DOM.
  ///
  ///     try BracketMask("🇺🇸 [000]").apply(CaretText("555")).utf16Caret  // 8 (caret 5)
  public var utf16Caret: Int {
    CharacterOffsets.utf16Offset(ofCharacter: caret, in: text)
  }
}
