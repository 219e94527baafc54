/// A strict JSON (RFC 8259) parser for one input line of valid UTF-8.
///
/// Nesting is limited so that a hostile line cannot exhaust the stack.
struct JSONParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private static let maximumDepth = 256

  /// Parses `bytes` as one JSON object.
  static func parseObject(_ bytes: UnsafeBufferPointer<UInt8>) throws(BadInputLine) -> JSONFields {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw parser.failure("unexpected text after the JSON value")
    }
    guard case .object(let fields) = value else {
      throw BadInputLine(message: "expected a JSON object, found \(value.typeName)")
    }
    return JSONFields(values: fields)
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private func failure(_ what: String) -> BadInputLine {
    BadInputLine(message: "invalid JSON at byte \(index): \(what)")
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      index += 1
    }
  }

  private mutating func parseValue(depth: Int) throws(BadInputLine) -> JSONValue {
    guard depth < Self.maximumDepth else { throw failure("nested too deeply") }
    guard let byte = current else { throw failure("unexpected end of line") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObjectBody(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
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

  private mutating func parseObjectBody(depth: Int) throws(BadInputLine) -> JSONValue {
    index += 1
    var fields: [String: JSONValue] = [:]
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(fields)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw failure("expected a string key") }
      let key = try parseString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      skipWhitespace()
      fields[key] = try parseValue(depth: depth + 1)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(fields)
      default: throw failure("expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(BadInputLine) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw failure("expected ',' or ']'")
      }
    }
  }

  private mutating func parseNumber() throws(BadInputLine) -> Double {
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
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw failure("number out of range") }
    return value
  }

  @discardableResult
  private mutating func skipDigits() -> Int {
    let start = index
    while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
    return index - start
  }

  private mutating func parseString() throws(BadInputLine) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
      guard byte >= 0x20 else { throw failure("control character in string") }
      index += 1
    }
    guard let stop = current else { throw failure("unterminated string") }
    var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    if stop == UInt8(ascii: "\"") {
      index += 1
      return String(decoding: decoded, as: UTF8.self)
    }
    while true {
      guard let byte = current else { throw failure("unterminated string") }
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: decoded, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try appendEscape(to: &decoded)
      case 0..<0x20:
        throw failure("control character in string")
      default:
        decoded.append(byte)
      }
    }
  }

  private mutating func appendEscape(to decoded: inout [UInt8]) throws(BadInputLine) {
    guard let escape = current else { throw failure("unterminated escape") }
    index += 1
    switch escape {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHexQuad()
      if (0xD800..<0xDC00).contains(scalar) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw failure("unpaired surrogate") }
        index += 2
        let low = try parseHexQuad()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw failure("unpaired surrogate")
      }
      guard let unicodeScalar = Unicode.Scalar(scalar) else { throw failure("bad escape") }
      decoded.append(contentsOf: String(unicodeScalar).utf8)
    default:
      throw failure("unknown escape")
    }
  }

  private mutating func parseHexQuad() throws(BadInputLine) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("bad \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
