#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an input line cannot be processed: always reported as
/// `bad_input_line` with this message.
package struct BadInputLine: Error {
  package let message: String

  package init(message: String) { self.message = message }
}

/// Typed access to the fields of one JSONL input object, read in place from
/// the line `JSONParser.parseObject` checked (valid only while that line's
/// bytes are). A key given twice means its last value, as in most readers.
package struct JSONFields {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let members: [JSONParser.Member]

  init(bytes: UnsafeBufferPointer<UInt8>, members: [JSONParser.Member]) {
    self.bytes = bytes
    self.members = members
  }

  /// A required string field.
  package func string(_ key: String) throws(BadInputLine) -> String {
    guard let text = try optionalString(key) else {
      throw BadInputLine(message: "missing required field \"\(key)\"")
    }
    return text
  }

  /// An optional string field (absent or null gives nil).
  package func optionalString(_ key: String) throws(BadInputLine) -> String? {
    guard let member = member(key) else { return nil }
    guard member.kind == .string else { throw wrongType(key, "a string", member) }
    let inner = UnsafeBufferPointer(
      rebasing: bytes[(member.value.lowerBound + 1)..<(member.value.upperBound - 1)])
    return JSONParser.decodeString(inner, hasEscapes: member.valueHasEscapes)
  }

  /// An optional integer field.
  package func optionalInt(_ key: String) throws(BadInputLine) -> Int? {
    guard let member = member(key) else { return nil }
    guard member.kind == .number else { throw wrongType(key, "an integer", member) }
    let number = JSONParser.number(in: UnsafeBufferPointer(rebasing: bytes[member.value]))
    guard number.rounded() == number, let integer = Int(exactly: number) else {
      throw BadInputLine(message: "field \"\(key)\" must be an integer, not a number")
    }
    return integer
  }

  /// An optional number field.
  package func optionalDouble(_ key: String) throws(BadInputLine) -> Double? {
    guard let member = member(key) else { return nil }
    guard member.kind == .number else { throw wrongType(key, "a number", member) }
    return JSONParser.number(in: UnsafeBufferPointer(rebasing: bytes[member.value]))
  }

  /// An optional boolean field.
  package func optionalBool(_ key: String) throws(BadInputLine) -> Bool? {
    guard let member = member(key) else { return nil }
    switch member.kind {
    case .trueLiteral: return true
    case .falseLiteral: return false
    default: throw wrongType(key, "true or false", member)
    }
  }

  private func wrongType(_ key: String, _ expected: String, _ member: JSONParser.Member) -> BadInputLine {
    BadInputLine(message: "field \"\(key)\" must be \(expected), not \(member.kind.typeName)")
  }

  /// The last member named `key`, or nil when there is none or it is null.
  private func member(_ key: String) -> JSONParser.Member? {
    guard let found = members.last(where: { keyMatches($0, key) }), found.kind != .null else { return nil }
    return found
  }

  private func keyMatches(_ member: JSONParser.Member, _ wanted: String) -> Bool {
    let raw = UnsafeBufferPointer(rebasing: bytes[member.key])
    guard member.keyHasEscapes else {
      var wanted = wanted
      return wanted.withUTF8 { wanted in
        guard wanted.count == raw.count else { return false }
        guard let left = raw.baseAddress, let right = wanted.baseAddress else { return true }
        return memcmp(left, right, raw.count) == 0
      }
    }
    return JSONParser.decodeString(raw, hasEscapes: true) == wanted
  }
}
