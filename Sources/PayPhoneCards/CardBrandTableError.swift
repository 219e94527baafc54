/// Why a custom ``CardBrandTable`` (or one of its ``IINRange``s) was
/// refused.
///
///     do {
///       _ = try IINRange("99", through: "1")
///     } catch {
///       error.code  // .invalidRange
///     }
public struct CardBrandTableError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Code: String, Hashable, Sendable, CaseIterable {
    /// A prefix that is not 1 to 8 digits, range ends of different lengths,
    /// or a range that runs backwards.
    case invalidRange = "invalid_range"
    /// A brand listed twice, or a tie-break order that does not list every
    /// brand exactly once.
    case invalidOrder = "invalid_order"
    /// A brand without prefixes or lengths, a length not longer than the
    /// table's longest prefix, or a non-positive security code or group
    /// size.
    case invalidBrand = "invalid_brand"
    /// More brands than a table holds (64).
    case tooManyBrands = "too_many_brands"
  }

  /// The kind of mistake.
  public let code: Code
  /// A sentence naming the brand or range at fault.
  public let message: String

  /// An error of kind `code`, explained by `message`.
  ///
  ///     CardBrandTableError(code: .invalidRange, message: "line 3: 5000-4000 is empty").code  // .invalidRange
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(message)" }
}
