/// One step of a compiled bracket mask: a free literal, a fixed character,
/// a value symbol, or the end.
///
/// States form a chain in an array; each leads to the next, except the
/// ellipsis, which leads to itself.
struct MaskState: Sendable, Hashable {
  enum Kind: UInt8, Sendable, Hashable {
    /// A literal outside brackets: written, never part of the value.
    case free
    /// A character inside `{}`: written and part of the value.
    case fixed
    /// A mandatory symbol (`0`, `A`, `_`, mandatory custom).
    case value
    /// An optional symbol (`9`, `a`, `-`, optional custom).
    case optionalValue
    /// `…`: the previous symbol's type, any number of times.
    case ellipsis
    /// The end of the mask: takes nothing.
    case end
  }

  /// What a value symbol accepts.
  enum Symbol: Sendable, Hashable {
    case digit
    case letter
    case alphanumeric
    /// The custom notation at this index of the mask's notations.
    case custom(Int)
  }

  let kind: Kind
  /// Free and fixed states: their character's UTF-8 bytes in the mask's
  /// literal storage.
  let literal: Range<Int>
  /// Value states: what they accept.
  let symbol: Symbol

  static func literal(_ kind: Kind, _ bytes: Range<Int>) -> MaskState {
    MaskState(kind: kind, literal: bytes, symbol: .digit)
  }

  static func symbol(_ kind: Kind, _ symbol: Symbol) -> MaskState {
    MaskState(kind: kind, literal: 0..<0, symbol: symbol)
  }

  static let end = MaskState(kind: .end, literal: 0..<0, symbol: .digit)
}
