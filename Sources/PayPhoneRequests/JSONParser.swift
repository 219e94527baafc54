@_spi(PayPhoneInternal) internal import PayPhoneCore

/// A strict JSON (RFC 8259) reader for one input line, read in place.
///
/// `withObject` checks the whole line in one pass (structure, strings,
/// numbers, nesting depth) and hands on `JSONFields`, which borrows the
/// line: it notes where each top-level member's key and value sit, and only
/// the values a command asks for become Swift values. Nothing is allocated
/// per member. Nesting is limited so
/// that a hostile line cannot exhaust the stack.
package struct JSONParser {
  /// What a value is, as far as the fields' accessors need to know.
  enum Kind: Equatable {
    case null, trueLiteral, falseLiteral, number, string, array, object

    var typeName: String {
      switch self {
      case .null: "null"
      case .trueLiteral, .falseLiteral: "a boolean"
      case .number: "a number"
      case .string: "a string"
      case .array: "an array"
      case .object: "an object"
      }
    }
  }

  /// One member of the top-level object: where its key and value sit.
  struct Member {
    /// The key's bytes between its quotes, escapes not yet decoded.
    let key: Range<Int>
    let keyHasEscapes: Bool
    /// The value's bytes (a string's include its quotes).
    let value: Range<Int>
    let kind: Kind
    /// For a string: whether it holds escapes (else its bytes are the text).
    let valueHasEscapes: Bool
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var lastStringHadEscapes = false
  private static let maximumDepth = 256

  /// Checks `bytes` as one JSON object and calls `body` with its fields,
  /// which read `bytes` in place and keep their members on the stack (no
  /// allocation for up to `stackMembers` members): the line loop's path.
  /// (Not generic: across modules a generic body would cost a metadata
  /// look-up per line.)
  package static func withObject(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (JSONFields) throws(BadInputLine) -> Void
  ) throws(BadInputLine) {
    var failure: BadInputLine?
    withUnsafeTemporaryAllocation(of: Member.self, capacity: stackMembers) { stack in
      do throws(BadInputLine) {
        try withObject(bytes, stack: stack, body)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  private static let stackMembers = 16

  private static func withObject(
    _ bytes: UnsafeBufferPointer<UInt8>, stack: UnsafeMutableBufferPointer<Member>,
    _ body: (JSONFields) throws(BadInputLine) -> Void
  ) throws(BadInputLine) {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    guard parser.current == UInt8(ascii: "{") else {
      let kind = try parser.skipValue(depth: 0)
      parser.skipWhitespace()
      guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
      throw BadInputLine(message: "expected a JSON object, found \(kind.typeName)")
    }
    // Members are trivial values: the stack buffer's slots are written
    // without being initialised first. More than it holds spill to an array.
    var count = 0
    var spilled: [Member] = []
    try parser.forEachMember(depth: 0) { (member: Member) throws(BadInputLine) in
      if count < stack.count {
        stack[count] = member
        count += 1
      } else {
        if spilled.isEmpty { spilled.append(contentsOf: stack) }
        spilled.append(member)
      }
    }
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw parser.failure("unexpected text after the JSON value")
    }
    guard spilled.isEmpty else {
      return try spilled.withUnsafeBufferPointer { (members) throws(BadInputLine) in
        try body(JSONFields(bytes: bytes, members: members))
      }
    }
    return try body(JSONFields(bytes: bytes, members: UnsafeBufferPointer(rebasing: stack[0..<count])))
  }

  private func failure(_ what: String) -> BadInputLine {
    BadInputLine(message: "invalid JSON at byte \(index): \(what)")
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
      index += 1
    }
  }

  /// Walks the object at `index` (its `{`), checking it, member by member.
  private mutating func forEachMember(
    depth: Int, _ body: (Member) throws(BadInputLine) -> Void
  ) throws(BadInputLine) {
    try forEachItem(closedBy: UInt8(ascii: "}")) { (parser) throws(BadInputLine) in
      guard parser.current == UInt8(ascii: "\"") else { throw parser.failure("expected a string key") }
      let keyStart = parser.index + 1
      try parser.skipString()
      let key = keyStart..<(parser.index - 1)
      let keyHasEscapes = parser.lastStringHadEscapes
      parser.skipWhitespace()
      guard parser.current == UInt8(ascii: ":") else { throw parser.failure("expected ':'") }
      parser.index += 1
      parser.skipWhitespace()
      let valueStart = parser.index
      let kind = try parser.skipValue(depth: depth + 1)
      try body(
        Member(
          key: key, keyHasEscapes: keyHasEscapes, value: valueStart..<parser.index, kind: kind,
          valueHasEscapes: kind == .string && parser.lastStringHadEscapes))
    }
  }

  /// Walks the object or array at `index` (its `{` or `[`): `item` steps
  /// over each item, this over the whitespace and commas between them and
  /// the `close` that ends them.
  private mutating func forEachItem(
    closedBy close: UInt8, _ item: (inout JSONParser) throws(BadInputLine) -> Void
  ) throws(BadInputLine) {
    index += 1
    skipWhitespace()
    if current == close {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      try item(&self)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case close:
        index += 1
        return
      default: throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))'")
      }
    }
  }

  /// Checks and steps over one value, returning its kind.
  private mutating func skipValue(depth: Int) throws(BadInputLine) -> Kind {
    guard depth < Self.maximumDepth else { throw failure("nested too deeply") }
    guard let byte = current else { throw failure("unexpected end of line") }
    switch byte {
    case UInt8(ascii: "{"):
      try forEachMember(depth: depth) { _ throws(BadInputLine) in }
      return .object
    case UInt8(ascii: "["):
      try forEachItem(closedBy: UInt8(ascii: "]")) { (parser) throws(BadInputLine) in
        _ = try parser.skipValue(depth: depth + 1)
      }
      return .array
    case UInt8(ascii: "\""):
      try skipString()
      return .string
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .trueLiteral
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .falseLiteral
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try skipNumber()
      return .number
    default: throw failure("unexpected character")
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(BadInputLine) {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw failure("unexpected end of line") }
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
    for offset in 0..<count where bytes[index + offset] != expected[offset] {
      throw failure("unknown literal")
    }
    index += count
  }

  private mutating func skipNumber() throws(BadInputLine) {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, first >= 0x30 && first <= 0x39 else { throw failure("bad number") }
    if first == UInt8(ascii: "0") {
      index += 1
    } else {
      skipDigits()
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard skipDigits() > 0 else { throw failure("bad number") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() > 0 else { throw failure("bad number") }
    }
    guard Self.number(in: UnsafeBufferPointer(rebasing: bytes[start..<index])).isFinite else {
      throw failure("number out of range")
    }
  }

  @discardableResult
  private mutating func skipDigits() -> Int {
    let start = index
    while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
    return index - start
  }

  /// Steps over a string at `index` (its opening quote), checking its
  /// escapes; notes whether it had any.
  private mutating func skipString() throws(BadInputLine) {
    index += 1
    lastStringHadEscapes = false
    skipPlainStringBytes()
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return
      case UInt8(ascii: "\\"):
        lastStringHadEscapes = true
        try skipEscape()
      case 0..<0x20:
        index -= 1
        throw failure("control character in string")
      default:
        continue
      }
    }
    throw failure("unterminated string")
  }

  /// Steps eight bytes at a time over string bytes that are neither a
  /// quote, a backslash nor a control character, to the first that is one
  /// (or to the last eight bytes of the line).
  private mutating func skipPlainStringBytes() {
    guard let base = bytes.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    while index + 8 <= bytes.count {
      let special = ASCIIWords.jsonSpecialBytes(ASCIIWords.load(raw, at: index))
      guard special == 0 else {
        index += ASCIIWords.firstFlaggedByte(special)
        return
      }
      index += 8
    }
  }

  private mutating func skipEscape() throws(BadInputLine) {
    guard let escape = current else { throw failure("unterminated escape") }
    index += 1
    switch escape {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return
    case UInt8(ascii: "u"):
      let unit = try parseHexQuad()
      if (0xD800..<0xDC00).contains(unit) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        else { throw failure("unpaired surrogate") }
        index += 2
        let low = try parseHexQuad()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
      } else if (0xDC00..<0xE000).contains(unit) {
        throw failure("unpaired surrogate")
      }
    default:
      throw failure("unknown escape")
    }
  }

  private mutating func parseHexQuad() throws(BadInputLine) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Self.hexValue(bytes[index]) else { throw failure("bad \\u escape") }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The value of a number token that `skipNumber` accepted.
  static func number(in token: UnsafeBufferPointer<UInt8>) -> Double {
    // Up to 15 plain digits are exact in a Double: no string needed.
    if token.count <= 15, !token.isEmpty {
      var value: Int64 = 0
      var isPlain = true
      for (position, byte) in token.enumerated() {
        if byte >= 0x30 && byte <= 0x39 {
          value = value * 10 + Int64(byte - 0x30)
        } else if !(position == 0 && byte == UInt8(ascii: "-")) {
          isPlain = false
          break
        }
      }
      if isPlain { return token[0] == UInt8(ascii: "-") ? -Double(value) : Double(value) }
    }
    return Double(String(decoding: token, as: UTF8.self)) ?? .infinity
  }

  /// The text of a string's bytes between its quotes, escapes decoded (the
  /// line was checked, so every escape is well formed).
  static func decodeString(_ raw: UnsafeBufferPointer<UInt8>) -> String {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(raw.count)
    var index = 0
    func hexQuad(at start: Int) -> UInt32 {
      var value: UInt32 = 0
      for offset in 0..<4 { value = value << 4 | UInt32(hexValue(raw[start + offset]) ?? 0) }
      return value
    }
    while index < raw.count {
      let byte = raw[index]
      index += 1
      guard byte == UInt8(ascii: "\\") else {
        decoded.append(byte)
        continue
      }
      let escape = raw[index]
      index += 1
      switch escape {
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hexQuad(at: index)
        index += 4
        if (0xD800..<0xDC00).contains(scalar) {
          let low = hexQuad(at: index + 2)
          index += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        decoded.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
      default: decoded.append(escape)
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }
}
