/// A custom symbol for the `[]` blocks of a bracket mask.
///
/// Notations are passed to each mask that uses them; there is no global
/// registry. The symbol's character must not be a built-in symbol
/// (`0 9 A a _ - …`), a bracket or the backslash. An optional notation may
/// be left out, like `9`; a mandatory one must be filled, like `0`. All
/// custom symbols count as one type, so a block may combine several of them
/// but not mix them with built-in symbols.
///
///     let decimalPoint = MaskNotation(
///       character: ".", characterSet: MaskCharacterSet(charactersIn: "."), isOptional: true)
///     let amount = try BracketMask("[9999][.][99]", customNotations: [decimalPoint])
///     amount.apply(CaretText("12.5")).text  // "12.5"
public struct MaskNotation: Sendable, Hashable {
  /// The symbol as written inside `[]`.
  ///
  ///     MaskNotation(character: "N", characterSet: .letters).character  // "N"
  public let character: Character
  /// What the symbol accepts.
  ///
  ///     MaskNotation(character: "N", characterSet: .letters).characterSet  // .letters
  public let characterSet: MaskCharacterSet
  /// Whether the symbol may be left out.
  ///
  ///     MaskNotation(character: "N", characterSet: .letters).isOptional  // false
  public let isOptional: Bool

  /// A symbol `character` that accepts `characterSet`, mandatory unless
  /// `isOptional`.
  ///
  ///     MaskNotation(character: ".", characterSet: MaskCharacterSet(charactersIn: "."), isOptional: true)
  public init(character: Character, characterSet: MaskCharacterSet, isOptional: Bool = false) {
    self.character = character
    self.characterSet = characterSet
    self.isOptional = isOptional
  }
}
