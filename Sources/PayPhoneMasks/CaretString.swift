internal import PayPhoneText

/// Text with a caret, and which way the caret leans when a mask writes
/// characters of its own around it.
///
/// The caret counts user-perceived characters (ICU grapheme clusters) from
/// the start of the text; a mask clamps it into the text.
///
/// - `.forward(autocomplete:)` is for typing and pasting: literals the mask
///   writes at the caret push it to the right, and with `autocomplete` the
///   literals that follow the last character are written at once when the
///   caret is at the end (`+7 (` for an empty phone field).
/// - `.backward(autoskip:)` is for deleting: the caret stays to the left of
///   literals the mask puts back, and with `autoskip` the literals right
///   before the caret are removed too, so backspace never gets stuck on
///   `) `.
///
///     CaretString("5551234567")                      // caret at the end, typing
///     CaretString("+7 (962", caret: 7, gravity: .backward(autoskip: true))
public struct CaretString: Sendable, Hashable {
  /// Which way the caret leans; see `CaretString`.
  public enum Gravity: Sendable, Hashable {
    /// Typing and pasting; `autocomplete` writes the literals that follow.
    case forward(autocomplete: Bool)
    /// Deleting; `autoskip` removes the literals right before the caret.
    case backward(autoskip: Bool)

    var isForward: Bool {
      if case .forward = self { return true }
      return false
    }

    var autocompletes: Bool {
      if case .forward(let autocomplete) = self { return autocomplete }
      return false
    }

    var autoskips: Bool {
      if case .backward(let autoskip) = self { return autoskip }
      return false
    }
  }

  /// The text.
  public var text: String
  /// The caret, in characters from the start of `text`.
  public var caret: Int
  /// Which way the caret leans.
  public var gravity: Gravity

  /// Text with the caret at `caret`, or at the end when `caret` is nil.
  public init(_ text: String, caret: Int? = nil, gravity: Gravity = .forward(autocomplete: true)) {
    self.text = text
    self.caret = caret ?? Graphemes.count(in: text)
    self.gravity = gravity
  }
}
