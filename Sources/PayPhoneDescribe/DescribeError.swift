public import PayPhoneCore

/// Why a describe request could not be read: the describe area's one error,
/// a stable, open `code` and a sentence for people.
///
///     do {
///       _ = try DescriptionLocale("german")
///     } catch {
///       error.code           // .invalidLocale
///       error.code.rawValue  // "invalid_locale"
///     }
public struct DescribeError: PayPhoneError {
  /// A kind of failure, as a stable snake_case code (open: a new release
  /// may add codes).
  ///
  ///     DescribeError.Code.invalidLocale.rawValue  // "invalid_locale"
  public struct Code: PayPhoneErrorCode, Codable {
    /// The snake_case code.
    public let rawValue: String

    /// The code spelled `rawValue`.
    ///
    ///     DescribeError.Code(rawValue: "invalid_locale") == .invalidLocale  // true
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Not a locale identifier: `de`, `zh_Hant`, `pt-BR`, `zh_Hant_TW`.
    public static let invalidLocale = Code(rawValue: "invalid_locale")
  }

  /// What went wrong.
  public let code: Code
  /// A sentence saying what went wrong.
  public let message: String

  /// An error of kind `code`, explained by `message`.
  ///
  ///     DescribeError(code: .invalidLocale, message: "\"german\" is not a locale").code  // .invalidLocale
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }
}
