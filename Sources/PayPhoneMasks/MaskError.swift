public import PayPhoneCore

/// Why a mask format cannot be compiled: the project's one error shape, a
/// stable snake_case `code` and a `message` for people.
///
/// `code` says which rule the format broke and `offset` where, counted in
/// characters from the start of the format. Every code is an unusable
/// mask, which the command line reports as its one code for masks,
/// ``Code/invalidMask`` (`invalid_mask`).
///
///     do {
///       _ = try BracketMask("[000AA]")
///     } catch {
///       error.code     // .mixedSymbolTypes ("mixed_symbol_types")
///       error.offset   // 0
///       error.message  // "the block at character 0 mixes digit and letter symbols; …"
///     }
public struct MaskError: PayPhoneError {
  /// The rule a format broke: an open set of stable snake_case codes; new
  /// ones may be added.
  ///
  ///     MaskError.Code.unclosedBracket.rawValue  // "unclosed_bracket"
  public struct Code: PayPhoneErrorCode {
    /// The code's stable snake_case name.
    ///
    ///     MaskError.Code.nestedBracket.rawValue  // "nested_bracket"
    public let rawValue: String

    /// A code by name; the library uses the constants below.
    ///
    ///     MaskError.Code(rawValue: "nested_bracket") == .nestedBracket  // true
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The command line's code for any unusable mask (the contract's
    /// `invalid_mask`): what every other code is reported as there.
    ///
    ///     MaskError.Code.invalidMask.rawValue  // "invalid_mask"
    public static let invalidMask = Code(rawValue: "invalid_mask")

    /// One `[]` block holds symbols of different types (digits `0 9`,
    /// letters `A a`, letters-or-digits `_ -`, custom notations).
    ///
    ///     try BracketMask("[000AA]")  // throws .mixedSymbolTypes
    public static let mixedSymbolTypes = Code(rawValue: "mixed_symbol_types")
    /// A bracket opens inside another block: `[[00]]`, `{[0]}`.
    ///
    ///     try BracketMask("[[00]000]")  // throws .nestedBracket
    public static let nestedBracket = Code(rawValue: "nested_bracket")
    /// A `[` or `{` is never closed.
    ///
    ///     try BracketMask("[00")  // throws .unclosedBracket
    public static let unclosedBracket = Code(rawValue: "unclosed_bracket")
    /// A `]` or `}` closes nothing, or closes the other kind of block.
    ///
    ///     try BracketMask("[00}")  // throws .unmatchedBracket
    public static let unmatchedBracket = Code(rawValue: "unmatched_bracket")
    /// A character inside `[]` is neither a built-in symbol nor a custom
    /// notation.
    ///
    ///     try BracketMask("[0x0]")  // throws .unknownSymbol
    public static let unknownSymbol = Code(rawValue: "unknown_symbol")
    /// An ellipsis with no symbol before it to repeat, a second one, or
    /// anything after it (the ellipsis must end the mask).
    ///
    ///     try BracketMask("[…]")  // throws .misplacedEllipsis
    public static let misplacedEllipsis = Code(rawValue: "misplaced_ellipsis")
    /// A backslash at the very end of the format, with nothing to escape.
    ///
    ///     try BracketMask("[00]\\")  // throws .danglingEscape
    public static let danglingEscape = Code(rawValue: "dangling_escape")
    /// A custom notation reuses a built-in symbol, a bracket, the
    /// backslash, or another notation's character.
    ///
    ///     try BracketMask("[0]", customNotations: [MaskNotation(character: "0", characterSet: .letters)])  // throws .conflictingNotation
    public static let conflictingNotation = Code(rawValue: "conflicting_notation")
  }

  /// Which rule the format broke.
  ///
  ///     (try? BracketMask("[00")) == nil  // thrown: code .unclosedBracket
  public let code: Code
  /// A sentence for people.
  ///
  ///     MaskError(code: .danglingEscape, message: "nothing to escape", offset: 3).message  // "nothing to escape"
  public let message: String
  /// Where in the format, in characters from its start.
  ///
  ///     MaskError(code: .danglingEscape, message: "nothing to escape", offset: 3).offset  // 3
  public let offset: Int

  /// Makes an error; the library throws these, callers rarely need to.
  ///
  ///     MaskError(code: .unclosedBracket, message: "the [ at character 0 is never closed", offset: 0)
  public init(code: Code, message: String, offset: Int = 0) {
    self.code = code
    self.message = message
    self.offset = offset
  }
}

#if !hasFeature(Embedded)
  extension MaskError.Code: Codable {}
#endif
