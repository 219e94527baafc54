internal import PayPhoneText

/// Anything that shapes a text field's text: takes text and caret, gives a
/// ``MaskResult`` (text, caret, value, completeness).
///
/// ``BracketMask``, ``ShorthandMask``, ``TextMask`` (either of them, chosen by
/// the format), ``MaskPicker`` and the cards module's expiry formatter are
/// input masks, so one text-field binding drives them all. Carets count
/// characters (see the article *Carets and text offsets* of PayPhoneMasks). The names (`TextMasking`, ``TextMask``,
/// ``CaretText``) differ from the InputMask library's module and its `Mask`
/// and `CaretString`, so an app can import both.
///
///     func shape(_ field: String, with mask: some TextMasking) -> String {
///       mask.apply(field).text
///     }
///     shape("1225", with: ShorthandMask("##/##"))               // "12/25"
///     shape("1225", with: try BracketMask("[00]{/}[00]"))      // "12/25"
public protocol TextMasking: Sendable {
  /// Applies the mask to text and caret.
  ///
  ///     ShorthandMask("##/##").apply(CaretText("1225")).text  // "12/25"
  func apply(_ input: CaretText) -> MaskResult
}

extension TextMasking {
  /// Applies the mask to whole text, with the caret at its end and forward
  /// gravity with autocomplete (typing or pasting at the end).
  ///
  ///     try TextMask("+1 ([000]) [000]-[0000]").apply("5551234567").text  // "+1 (555) 123-4567"
  public func apply(_ text: String) -> MaskResult {
    apply(CaretText(text))
  }

  /// Applies the mask to the text an edit leaves, with the caret and
  /// gravity a text field would use (see ``TextEdit``).
  ///
  ///     let mask = try BracketMask("[00]/[00]")
  ///     mask.apply(TextEdit("12/3", replacing: 4..<4, with: "4")).text  // "12/34"
  public func apply(_ edit: TextEdit, autocomplete: Bool = true, autoskip: Bool = false) -> MaskResult {
    apply(edit.caretString(autocomplete: autocomplete, autoskip: autoskip))
  }

  /// Whether whole `text`, once masked, fills every mandatory part.
  ///
  ///     ShorthandMask("##/##").isComplete("1225")  // true
  ///     ShorthandMask("##/##").isComplete("12/2")  // false
  public func isComplete(_ text: String) -> Bool {
    apply(text).isComplete
  }
}

/// A mask in either notation, chosen by the library's one rule: a format
/// with a `[` is in bracket notation (``BracketMask``), any other in the
/// `#`/`A` shorthand (``ShorthandMask``).
///
/// The command line's `mask` command compiles its `--mask` with this rule.
///
///     let phone = try TextMask("+1 ([000]) [000]-[0000]")  // bracket
///     let expiry = try TextMask("##/##")                   // shorthand
///     phone.apply("5551234567").text  // "+1 (555) 123-4567"
///     expiry.apply("1225").text       // "12/25"
public struct TextMask: TextMasking, Hashable {
  /// Which notation a mask is in, with the compiled mask.
  ///
  ///     if case .shorthand = try TextMask("##/##").notation { /* # and A */ }
  public enum Notation: Sendable, Hashable {
    /// InputMask's bracket notation.
    case bracket(BracketMask)
    /// The `#` (digit) / `A` (letter) shorthand.
    case shorthand(ShorthandMask)
  }

  /// The compiled mask.
  ///
  ///     try TextMask("[00]").notation  // .bracket(...)
  public let notation: Notation

  /// Compiles `format`: bracket notation when it holds a `[`, else
  /// shorthand (which ignores `customNotations`).
  ///
  ///     let card = try TextMask("[0000] [0000] [0000] [0000]")
  ///
  /// - Throws: ``MaskError`` when a bracket format does not compile
  ///   (`[000AA]`, `[00`); a shorthand format always compiles.
  public init(_ format: String, customNotations: [MaskNotation] = []) throws(MaskError) {
    if Self.isBracketNotation(format) {
      notation = .bracket(try BracketMask(format, customNotations: customNotations))
    } else {
      notation = .shorthand(ShorthandMask(format))
    }
  }

  /// A bracket mask already compiled.
  ///
  ///     TextMask(try BracketMask("[00]-[00]"))
  public init(_ mask: BracketMask) {
    notation = .bracket(mask)
  }

  /// A shorthand mask.
  ///
  ///     TextMask(ShorthandMask("##/##"))
  public init(_ mask: ShorthandMask) {
    notation = .shorthand(mask)
  }

  /// Whether `format` is in bracket notation: whether it holds a `[`.
  ///
  ///     TextMask.isBracketNotation("+1 ([000]) [000]-[0000]")  // true
  ///     TextMask.isBracketNotation("##/##")                   // false
  public static func isBracketNotation(_ format: String) -> Bool {
    format.utf8.contains(UInt8(ascii: "["))
  }

  /// Whether `format` compiles (every shorthand format does).
  ///
  ///     TextMask.isValid("[000AA]")  // false
  ///     TextMask.isValid("AA##")     // true
  public static func isValid(_ format: String, customNotations: [MaskNotation] = []) -> Bool {
    !isBracketNotation(format) || BracketMask.isValid(format, customNotations: customNotations)
  }

  /// The format the mask was made from.
  ///
  ///     try TextMask("##/##").format  // "##/##"
  public var format: String { either({ $0.format }, { $0.format }) }

  /// The whole mask as placeholder glyphs (`0` a digit, `a` a letter,
  /// `-` a letter or digit, literals as they are).
  ///
  ///     try TextMask("##/##").placeholder  // "00/00"
  public var placeholder: String { either({ $0.placeholder }, { $0.placeholder }) }

  /// The characters of the text with every mandatory symbol filled.
  ///
  ///     try TextMask("[00]-[99]").acceptableTextLength  // 3
  public var acceptableTextLength: Int { either({ $0.acceptableTextLength }, { $0.acceptableTextLength }) }

  /// The most characters the text can hold; nil when it can grow without
  /// end (an ellipsis, an empty shorthand format).
  ///
  ///     try TextMask("[00]-[99]").totalTextLength  // 5
  public var totalTextLength: Int? { either({ $0.totalTextLength }, { $0.totalTextLength }) }

  /// The characters of the value with every mandatory symbol filled.
  ///
  ///     try TextMask("[00]-[99]").acceptableValueLength  // 2
  public var acceptableValueLength: Int { either({ $0.acceptableValueLength }, { $0.acceptableValueLength }) }

  /// The most characters the value can hold; nil when unbounded.
  ///
  ///     try TextMask("[00]-[99]").totalValueLength  // 4
  public var totalValueLength: Int? { either({ $0.totalValueLength }, { $0.totalValueLength }) }

  /// Applies the mask to text and caret. A shorthand mask re-formats the
  /// whole text and puts the caret at its end, whatever the gravity.
  ///
  ///     try TextMask("[00]-[00]").apply(CaretText("1234", caret: 2)).caret  // 3
  public func apply(_ input: CaretText) -> MaskResult {
    either({ $0.apply(input) }, { $0.apply(input) })
  }

  /// What `bracket` or `shorthand` says of the compiled mask, by notation.
  private func either<Value>(_ bracket: (BracketMask) -> Value, _ shorthand: (ShorthandMask) -> Value)
    -> Value
  {
    switch notation {
    case .bracket(let mask): bracket(mask)
    case .shorthand(let mask): shorthand(mask)
    }
  }

  /// Applies the mask to prepared input (the mask picker's path).
  func apply(_ text: MaskInput, caret: Int, gravity: CaretText.Gravity) -> MaskResult {
    either({ $0.program.run(text, caret: caret, gravity: gravity) }, { $0.apply(text) })
  }
}
