@_spi(PayPhoneInternal) internal import PayPhoneCore

/// Why an input line cannot be processed: always reported as
/// `bad_input_line` with this message.
package struct BadInputLine: Error {
  package let message: String

  package init(message: String) { self.message = message }
}

/// Typed access to the fields of one JSONL input object, read in place from
/// the line `JSONParser.withObject` checked (valid only inside the body it
/// hands them to). A key given twice means its last value, as in most readers.
package struct JSONFields {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let members: UnsafeBufferPointer<JSONParser.Member>

  init(bytes: UnsafeBufferPointer<UInt8>, members: UnsafeBufferPointer<JSONParser.Member>) {
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
    try withOptionalStringBytes(key) { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } }
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

  /// A string field's text as bytes, borrowed from the line when it holds
  /// no escapes (else decoded): nil when absent or null.
  package func withOptionalStringBytes<Result>(
    _ key: String, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
  ) throws(BadInputLine) -> Result {
    guard let member = member(key) else { return body(nil) }
    guard member.kind == .string else { throw wrongType(key, "a string", member) }
    let inner = UnsafeBufferPointer(
      rebasing: bytes[(member.value.lowerBound + 1)..<(member.value.upperBound - 1)])
    guard member.valueHasEscapes else { return body(inner) }
    var decoded = JSONParser.decodeString(inner)
    return decoded.withUTF8 { body($0) }
  }

  /// The last member named `key`, or nil when there is none or it is null.
  private func member(_ key: String) -> JSONParser.Member? {
    var key = key
    return key.withUTF8 { wanted -> JSONParser.Member? in
      guard let member = members.last(where: { keyMatches($0, wanted) }), member.kind != .null else {
        return nil
      }
      return member
    }
  }

  private func keyMatches(_ member: JSONParser.Member, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeBufferPointer(rebasing: bytes[member.key])
    guard member.keyHasEscapes else { return raw.hasSameBytes(as: wanted) }
    return JSONParser.decodeString(raw).utf8.elementsEqual(wanted)
  }
}
