/// A soft length limit for a text field, counted in graphemes.
///
/// The text is never cut: cutting breaks input-method composition and paste.
/// Instead the evaluation says how close the text is to the limit.
///
///     let limit = TextLimit(limit: 10, warningFraction: 0.7)
///     limit.evaluate(graphemes: 6).level   // .normal
///     limit.evaluate(graphemes: 7).level   // .warning (10 * 0.7 is exactly 7.0)
///     limit.evaluate(graphemes: 11)        // .over, remaining -1
///     TextLimit(limit: 100, warningFraction: 0.07).evaluate(graphemes: 7).level
///                                          // .normal (100 * 0.07 is 7.000000000000001)
public struct TextLimit: Sendable, Hashable {
  /// Where the text stands against the limit.
  public enum Level: String, Sendable, Hashable, CaseIterable {
    /// Comfortably under the limit.
    case normal
    /// At or past `warningFraction` of the limit, not past the limit.
    case warning
    /// Past the limit.
    case over
  }

  /// The outcome of measuring one text against the limit.
  public struct Evaluation: Sendable, Hashable {
    /// The grapheme count that was evaluated.
    public let graphemes: Int
    /// The level for that count.
    public let level: Level
    /// `limit - graphemes`; negative past the limit.
    public let remaining: Int
  }

  /// The largest allowed number of graphemes. Default 280.
  public let limit: Int
  /// The fraction of `limit` from which the level is `warning`. Default 0.9.
  public let warningFraction: Double

  /// Creates a limit; `warningFraction` is used as given (no clamping), so a
  /// fraction above 1 means the warning level is never reached.
  public init(limit: Int = 280, warningFraction: Double = 0.9) {
    self.limit = limit
    self.warningFraction = warningFraction
  }

  /// Evaluates a grapheme count.
  ///
  /// `over` when `graphemes > limit`; else `warning` when
  /// `Double(graphemes) >= Double(limit) * warningFraction` (compared in
  /// doubles, exactly so); else `normal`.
  public func evaluate(graphemes: Int) -> Evaluation {
    let level: Level
    if graphemes > limit {
      level = .over
    } else if Double(graphemes) >= Double(limit) * warningFraction {
      level = .warning
    } else {
      level = .normal
    }
    let (remaining, overflow) = limit.subtractingReportingOverflow(graphemes)
    return Evaluation(
      graphemes: graphemes, level: level,
      remaining: overflow ? (graphemes > 0 ? Int.min : Int.max) : remaining)
  }

  /// Evaluates `text` by its grapheme count.
  public func evaluate(_ text: String) -> Evaluation {
    evaluate(graphemes: Graphemes.count(in: text))
  }
}
