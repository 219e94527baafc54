/// Why a digit pattern could not be compiled.
///
/// Thrown by ``DigitPattern/init(_:)`` for syntax the compiler does not support
/// (anything beyond digits, `\d`, digit classes, groups, alternation,
/// quantifiers and `$`), for malformed syntax, and for patterns that exceed
/// the compiler's size limits. A pattern is never silently compiled into
/// something that matches differently from `java.util.regex`.
///
///     do {
///       _ = try DigitPattern("\\s+")
///     } catch {
///       error.message  // "unsupported escape \\s at offset 0"
///     }
package struct DigitPatternError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The pattern source that failed to compile.
  package let pattern: String
  /// What is wrong, with the UTF-8 offset in `pattern` where it applies.
  package let message: String

  package var description: String {
    "invalid digit pattern \"\(pattern)\": \(message)"
  }
}
