/// Why text could not be read as a card expiry date.
///
///     do {
///       _ = try CardExpiry("13/30", today: today)
///     } catch {
///       error.code  // .invalidMonth
///     }
public struct CardExpiryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure; the raw values are the CLI's error codes.
  public enum Code: String, Hashable, Sendable, CaseIterable {
    /// The text has the shape of an expiry date but its month is not 1 to 12.
    case invalidMonth = "invalid_month"
    /// The text is not one of the accepted spellings.
    case invalidFormat = "invalid_format"
  }

  /// The kind of failure.
  public let code: Code
  /// A sentence for a person.
  public let message: String

  /// An error of kind `code`, explained by `message`.
  ///
  ///     CardExpiryError(code: .invalidMonth, message: "month 13 is not between 1 and 12").code  // .invalidMonth
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(message)" }
}
