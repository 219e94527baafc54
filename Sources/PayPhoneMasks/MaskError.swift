/// Why a mask format cannot be compiled.
///
/// Every such failure has the same stable `code`, `invalid_mask` (the CLI's
/// error code); `reason` says which rule the format broke and `offset`
/// where, counted in characters from the start of the format.
///
///     do {
///       _ = try BracketMask("[000AA]")
///     } catch {
///       error.code     // "invalid_mask"
///       error.reason   // .mixedSymbolTypes
///       error.message  // "the block at character 0 mixes digit and letter symbols; …"
///     }
public struct MaskError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The rule a format broke. An open set: new reasons may be added.
  public struct Reason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The reason's stable snake_case name.
    public let rawValue: String

    /// A reason by name; the library uses the constants below.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// One `[]` block holds symbols of different types (digits `0 9`,
    /// letters `A a`, letters-or-digits `_ -`, custom notations).
    public static let mixedSymbolTypes = Reason(rawValue: "mixed_symbol_types")
    /// A bracket opens inside another block: `[[00]]`, `{[0]}`.
    public static let nestedBracket = Reason(rawValue: "nested_bracket")
    /// A `[` or `{` is never closed.
    public static let unclosedBracket = Reason(rawValue: "unclosed_bracket")
    /// A `]` or `}` closes nothing, or closes the other kind of block.
    public static let unmatchedBracket = Reason(rawValue: "unmatched_bracket")
    /// A character inside `[]` is neither a built-in symbol nor a custom
    /// notation.
    public static let unknownSymbol = Reason(rawValue: "unknown_symbol")
    /// An ellipsis with no symbol before it to repeat, a second one, or
    /// anything after it (the ellipsis must end the mask).
    public static let misplacedEllipsis = Reason(rawValue: "misplaced_ellipsis")
    /// A backslash at the very end of the format, with nothing to escape.
    public static let danglingEscape = Reason(rawValue: "dangling_escape")
    /// A custom notation reuses a built-in symbol, a bracket, the
    /// backslash, or another notation's character.
    public static let conflictingNotation = Reason(rawValue: "conflicting_notation")

    public var description: String { rawValue }
  }

  /// The stable error code, `invalid_mask`.
  public var code: String { "invalid_mask" }
  /// Which rule the format broke.
  public let reason: Reason
  /// Where in the format, in characters from its start.
  public let offset: Int
  /// A sentence for people.
  public let message: String

  /// Makes an error; the library throws these, callers rarely need to.
  public init(reason: Reason, offset: Int, message: String) {
    self.reason = reason
    self.offset = offset
    self.message = message
  }

  public var description: String { "\(code): \(message)" }
}
