/// Why a describe request could not be read: the stable `code` and a
/// sentence for people.
///
///     do {
///       _ = try DescriptionLocale("german")
///     } catch {
///       error.code  // .invalidLocale
///     }
public struct DescribeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of failure, as stable snake_case codes.
  public enum Code: String, Sendable, Hashable, Codable {
    /// Not a locale identifier: `de`, `zh_Hant`, `pt-BR`, `zh_Hant_TW`.
    case invalidLocale = "invalid_locale"
  }

  /// What went wrong.
  public let code: Code
  /// A sentence saying what went wrong.
  public let message: String

  /// An error of `code` with `message`.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(message)" }
}
