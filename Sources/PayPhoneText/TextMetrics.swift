/// The three lengths of a text: what a person sees, what UTF-16 APIs count,
/// and what it costs in bytes.
///
///     let metrics = TextMetrics("héllo 👋🏽")
///     metrics.graphemes  // 7
///     metrics.utf16      // 10
///     metrics.utf8       // 15
public struct TextMetrics: Sendable, Hashable {
  /// User-perceived characters (ICU extended grapheme clusters).
  public let graphemes: Int
  /// UTF-16 code units.
  public let utf16: Int
  /// UTF-8 bytes.
  public let utf8: Int

  /// Measures `text` as given (digits are not folded first).
  public init(_ text: String) {
    graphemes = Graphemes.count(in: text)
    utf16 = text.utf16.count
    utf8 = text.utf8.count
  }
}
