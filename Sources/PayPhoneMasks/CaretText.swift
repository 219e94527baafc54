internal import PayPhoneText

/// Text with a caret, and which way the caret leans when a mask writes
/// characters of its own around it.
///
/// The caret counts characters (extended grapheme clusters, as ICU
/// segments them) from the start of the text, the library's one caret unit
/// (see the article *Carets and text offsets* of PayPhoneMasks); a mask clamps it into the text.
/// ``init(_:utf16Caret:gravity:)`` and ``utf16Caret`` convert from and to the
/// UTF-16 offsets of UIKit, AppKit and the web.
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
///     CaretText("5551234567")                      // caret at the end, typing
///     CaretText("+7 (962", caret: 7, gravity: .backward(autoskip: true))
public struct CaretText: Sendable, Hashable {
  /// Which way the caret leans; see `CaretText`.
  ///
  ///     CaretText("12", gravity: .backward(autoskip: true)).gravity  // backward
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
  ///
  ///     CaretText("555").text  // "555"
  public var text: String
  /// The caret, in characters from the start of `text`.
  ///
  ///     CaretText("👍🏽5").caret  // 2
  public var caret: Int
  /// Which way the caret leans.
  ///
  ///     CaretText("555").gravity  // .forward(autocomplete: true)
  public var gravity: Gravity

  /// Text with the caret at `caret`, or at the end when `caret` is nil.
  ///
  ///     CaretText("5551234567", caret: 3)
  public init(_ text: String, caret: Int? = nil, gravity: Gravity = .forward(autocomplete: true)) {
    self.text = text
    self.caret = caret ?? Graphemes.count(in: text)
    self.gravity = gravity
  }

  /// Text with the caret at a UTF-16 offset, as `UITextField`,
  /// `NSTextView` and the DOM's `selectionStart` give it.
  ///
  /// An offset inside a character (between the halves of a surrogate
  /// pair, inside a flag or a ZWJ sequence) moves to the start of that
  /// character; one outside the text is clamped into it.
  ///
  ///     CaretText("🇺🇸12", utf16Caret: 5).caret  // 2
  public init(_ text: String, utf16Caret: Int, gravity: Gravity = .forward(autocomplete: true)) {
    self.init(text, caret: CharacterOffsets.characterOffset(ofUTF16: utf16Caret, in: text), gravity: gravity)
  }

  /// The caret as a UTF-16 offset into `text`.
  ///
  ///     CaretText("🇺🇸12", caret: 2).utf16Caret  // 5
  public var utf16Caret: Int {
    CharacterOffsets.utf16Offset(ofCharacter: caret, in: text)
  }
}
