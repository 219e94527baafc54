/// A set of the decimal digits 0–9, one bit per digit.
struct DigitSet: Sendable, Hashable {
  /// Bit `d` is set when digit `d` is in the set.
  var bits: UInt16

  static let all = DigitSet(bits: 0x3FF)

  init(bits: UInt16) {
    self.bits = bits
  }

  init(_ digit: UInt8) {
    bits = 1 << UInt16(digit)
  }

  func contains(_ digit: UInt8) -> Bool {
    bits >> UInt16(digit) & 1 != 0
  }
}

/// The syntax tree of a digit pattern, as produced by ``PatternParser``.
///
/// Non-capturing groups leave no node of their own: `(?:x)` parses to `x`.
indirect enum PatternNode: Sendable, Hashable {
  /// Matches the empty string (an empty alternative or group).
  case empty
  /// Matches one digit of the set.
  case digits(DigitSet)
  /// `$`: matches the empty string at the end of the input only.
  case endOfInput
  /// Each part in turn.
  case concatenation([PatternNode])
  /// The first alternative that leads to a match, in order.
  case alternation([PatternNode])
  /// A capturing group, numbered from 1 by its opening parenthesis.
  case group(index: Int, PatternNode)
  /// `body` repeated `min` to `max` times (`max` nil: unbounded); greedy
  /// repetitions prefer more iterations, lazy ones fewer.
  case repetition(PatternNode, min: Int, max: Int?, greedy: Bool)

  /// Whether the node can match the empty string.
  var isNullable: Bool {
    switch self {
    case .empty, .endOfInput: return true
    case .digits: return false
    case .concatenation(let parts): return parts.allSatisfy { $0.isNullable }
    case .alternation(let choices): return choices.contains { $0.isNullable }
    case .group(_, let body): return body.isNullable
    case .repetition(let body, let min, _, _): return min == 0 || body.isNullable
    }
  }
}

extension PatternNode: CustomStringConvertible {
  /// A canonical, compact rendering used by tests and error messages:
  /// `cat(...)`, `alt(...)`, `g1(...)`, `[0-9]` sets, `rep(x,min,max)`.
  var description: String {
    switch self {
    case .empty: return "ε"
    case .endOfInput: return "$"
    case .digits(let set): return Self.render(set)
    case .concatenation(let parts): return "cat(" + parts.map { $0.description }.joined(separator: ",") + ")"
    case .alternation(let choices):
      return "alt(" + choices.map { $0.description }.joined(separator: ",") + ")"
    case .group(let index, let body): return "g\(index)(\(body))"
    case .repetition(let body, let min, let max, let greedy):
      let upper = max.map(String.init) ?? "inf"
      return "rep(\(body),\(min),\(upper)\(greedy ? "" : ",lazy"))"
    }
  }

  private static func render(_ set: DigitSet) -> String {
    var ranges: [String] = []
    var digit: UInt8 = 0
    while digit < 10 {
      guard set.contains(digit) else {
        digit += 1
        continue
      }
      var last = digit
      while last < 9 && set.contains(last + 1) { last += 1 }
      ranges.append(last == digit ? "\(digit)" : "\(digit)-\(last)")
      digit = last + 1
    }
    return "[" + ranges.joined() + "]"
  }
}
