/// Why text could not be read as a card number.
///
/// The message never contains the number's digits.
///
///     do {
///       _ = try CardNumber("4111 1111 x")
///     } catch {
///       error.code     // .invalidCharacter
///       error.message  // "character 'x' (U+0078) at position 11 is not a digit, space, hyphen or dot"
///     }
public struct CardNumberError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure; the raw values are the CLI's error codes.
  public enum Code: String, Hashable, Sendable, CaseIterable {
    /// A character that is not a digit (of any script), a space, a hyphen or
    /// a dot.
    case invalidCharacter = "invalid_character"
    /// No digits at all.
    case empty = "empty"
  }

  /// The kind of failure.
  public let code: Code
  /// A sentence for a person; never holds the number's digits.
  public let message: String

  /// An error of kind `code`, explained by `message`.
  ///
  ///     CardNumberError(code: .empty, message: "the card number is empty").code  // .empty
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(message)" }
}
