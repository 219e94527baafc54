/// Parses the regular-expression syntax of libphonenumber's metadata into a
/// ``PatternNode`` tree.
///
/// Accepted: the digits `0`–`9`, `\d`, classes of digits and digit ranges
/// (`[0-35-9]`), capturing `( )` and non-capturing `(?: )` groups, `|`, the
/// quantifiers `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (each optionally lazy with
/// a trailing `?`), and `$` (end of input). Everything else throws: other
/// escapes, negated or nested classes, non-digit literals, lookaround, flags,
/// possessive or stacked quantifiers, and repeating (with an upper bound above
/// one) a sub-pattern that can match the empty string, where regex engines
/// disagree about empty iterations.
struct PatternParser {
  /// The largest `n` or `m` accepted in `{n,m}`.
  static let maxRepetition = 1000
  /// The deepest group nesting accepted; bounds the parser's recursion.
  static let maxNesting = 64

  private let source: String
  private let bytes: [UInt8]
  private var position = 0
  private var groupCount = 0
  private var depth = 0

  private init(source: String) {
    self.source = source
    self.bytes = Array(source.utf8)
  }

  /// Parses `source`, returning its tree and its number of capturing groups.
  static func parse(_ source: String) throws(DigitPatternError) -> (node: PatternNode, groupCount: Int) {
    var parser = PatternParser(source: source)
    let node = try parser.parseAlternation()
    if parser.position < parser.bytes.count {
      // parseAlternation stops only at the end or at a `)` it did not open.
      throw parser.error("unmatched ) at offset \(parser.position)")
    }
    return (node, parser.groupCount)
  }

  private func error(_ message: String) -> DigitPatternError {
    DigitPatternError(pattern: source, message: message)
  }

  private var current: UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  private mutating func parseAlternation() throws(DigitPatternError) -> PatternNode {
    var choices = [try parseConcatenation()]
    while current == UInt8(ascii: "|") {
      position += 1
      choices.append(try parseConcatenation())
    }
    return choices.count == 1 ? choices[0] : .alternation(choices)
  }

  private mutating func parseConcatenation() throws(DigitPatternError) -> PatternNode {
    var parts: [PatternNode] = []
    while let byte = current, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
      let atom = try parseAtom()
      parts.append(try parseQuantifier(of: atom))
    }
    switch parts.count {
    case 0: return .empty
    case 1: return parts[0]
    default: return .concatenation(parts)
    }
  }

  private mutating func parseAtom() throws(DigitPatternError) -> PatternNode {
    let start = position
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .digits(DigitSet(byte - UInt8(ascii: "0")))
    case UInt8(ascii: "\\"):
      guard let escaped = current else { throw error("pattern ends with a lone \\ at offset \(start)") }
      guard escaped == UInt8(ascii: "d") else {
        throw error("unsupported escape \\\(Self.describe(escaped)) at offset \(start)")
      }
      position += 1
      return .digits(.all)
    case UInt8(ascii: "["):
      return try parseClass(openedAt: start)
    case UInt8(ascii: "("):
      return try parseGroup(openedAt: start)
    case UInt8(ascii: "$"):
      return .endOfInput
    case UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"):
      throw error("quantifier \(Self.describe(byte)) at offset \(start) has nothing to repeat")
    default:
      throw error("unsupported character \(Self.describe(byte)) at offset \(start)")
    }
  }

  private mutating func parseGroup(openedAt start: Int) throws(DigitPatternError) -> PatternNode {
    guard depth < Self.maxNesting else {
      throw error("groups nested deeper than \(Self.maxNesting) at offset \(start)")
    }
    var captureIndex: Int?
    if current == UInt8(ascii: "?") {
      guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ":") else {
        throw error("unsupported group construct at offset \(start)")
      }
      position += 2
    } else {
      groupCount += 1
      captureIndex = groupCount
    }
    depth += 1
    let body = try parseAlternation()
    depth -= 1
    guard current == UInt8(ascii: ")") else { throw error("missing ) for the group at offset \(start)") }
    position += 1
    guard let captureIndex else { return body }
    return .group(index: captureIndex, body)
  }

  private mutating func parseClass(openedAt start: Int) throws(DigitPatternError) -> PatternNode {
    var set = DigitSet(bits: 0)
    if current == UInt8(ascii: "^") { throw error("negated class at offset \(start) is not supported") }
    while true {
      guard let byte = current else { throw error("missing ] for the class at offset \(start)") }
      let offset = position
      position += 1
      if byte == UInt8(ascii: "]") {
        guard set.bits != 0 else { throw error("empty class at offset \(start)") }
        return .digits(set)
      }
      guard let low = Self.digitValue(byte) else {
        throw error("unsupported character \(Self.describe(byte)) in the class at offset \(offset)")
      }
      var high = low
      if current == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "]") {
        let upperByte = bytes[position + 1]
        guard let upper = Self.digitValue(upperByte) else {
          throw error(
            "unsupported character \(Self.describe(upperByte)) in the class at offset \(position + 1)")
        }
        guard upper >= low else { throw error("range \(low)-\(upper) out of order at offset \(offset)") }
        high = upper
        position += 2
      }
      for digit in low...high { set.bits |= DigitSet(digit).bits }
    }
  }

  private mutating func parseQuantifier(of atom: PatternNode) throws(DigitPatternError) -> PatternNode {
    guard let byte = current else { return atom }
    let start = position
    let bounds: (min: Int, max: Int?)
    switch byte {
    case UInt8(ascii: "?"): bounds = (0, 1)
    case UInt8(ascii: "*"): bounds = (0, nil)
    case UInt8(ascii: "+"): bounds = (1, nil)
    case UInt8(ascii: "{"): bounds = try parseBraces()
    default: return atom
    }
    if byte != UInt8(ascii: "{") { position += 1 }
    var greedy = true
    if current == UInt8(ascii: "?") {
      greedy = false
      position += 1
    }
    if let next = current,
      next == UInt8(ascii: "?") || next == UInt8(ascii: "*") || next == UInt8(ascii: "+")
        || next == UInt8(ascii: "{")
    {
      throw error("quantifier \(Self.describe(next)) at offset \(position) follows another quantifier")
    }
    if case .endOfInput = atom { throw error("quantifier at offset \(start) repeats $") }
    if bounds.max.map({ $0 > 1 }) ?? true, atom.isNullable {
      throw error(
        "quantifier at offset \(start) repeats a sub-pattern that can match the empty string")
    }
    return .repetition(atom, min: bounds.min, max: bounds.max, greedy: greedy)
  }

  /// Parses `{n}`, `{n,}` or `{n,m}` starting at the `{`.
  private mutating func parseBraces() throws(DigitPatternError) -> (min: Int, max: Int?) {
    let start = position
    position += 1
    guard let lower = parseNumber() else {
      throw error("malformed repetition at offset \(start)")
    }
    var upper: Int? = lower
    if current == UInt8(ascii: ",") {
      position += 1
      upper = current == UInt8(ascii: "}") ? nil : parseNumber()
      if upper == nil && current != UInt8(ascii: "}") {
        throw error("malformed repetition at offset \(start)")
      }
    }
    guard current == UInt8(ascii: "}") else { throw error("malformed repetition at offset \(start)") }
    position += 1
    if lower > Self.maxRepetition || (upper ?? 0) > Self.maxRepetition {
      throw error("repetition bound at offset \(start) is above \(Self.maxRepetition)")
    }
    if let upper, upper < lower {
      throw error("repetition at offset \(start) has its maximum below its minimum")
    }
    return (lower, upper)
  }

  /// Reads a decimal number; values beyond the limit are clamped just above
  /// it so the caller reports them without overflowing.
  private mutating func parseNumber() -> Int? {
    var value: Int?
    while let byte = current, let digit = Self.digitValue(byte) {
      value = min((value ?? 0) * 10 + Int(digit), Self.maxRepetition + 1)
      position += 1
    }
    return value
  }

  private static func digitValue(_ byte: UInt8) -> UInt8? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte - UInt8(ascii: "0") : nil
  }

  private static func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "byte 0x" + String(byte, radix: 16)
  }
}
