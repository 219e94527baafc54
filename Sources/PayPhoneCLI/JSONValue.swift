/// A parsed JSON value, as read from one input line.
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// Why an input line cannot be processed: always reported as
/// `bad_input_line` with this message.
struct BadInputLine: Error {
  let message: String
}

/// Typed access to the fields of one JSONL input object.
struct JSONFields {
  let values: [String: JSONValue]

  /// A required string field.
  func string(_ key: String) throws(BadInputLine) -> String {
    guard let value = values[key], value != .null else {
      throw BadInputLine(message: "missing required field \"\(key)\"")
    }
    guard case .string(let text) = value else {
      throw BadInputLine(message: "field \"\(key)\" must be a string, not \(value.typeName)")
    }
    return text
  }

  /// An optional string field (absent or null gives nil).
  func optionalString(_ key: String) throws(BadInputLine) -> String? {
    guard let value = values[key], value != .null else { return nil }
    guard case .string(let text) = value else {
      throw BadInputLine(message: "field \"\(key)\" must be a string, not \(value.typeName)")
    }
    return text
  }

  /// An optional integer field.
  func optionalInt(_ key: String) throws(BadInputLine) -> Int? {
    guard let value = values[key], value != .null else { return nil }
    guard case .number(let number) = value, number.rounded() == number,
      let integer = Int(exactly: number)
    else {
      throw BadInputLine(message: "field \"\(key)\" must be an integer, not \(value.typeName)")
    }
    return integer
  }

  /// An optional number field.
  func optionalDouble(_ key: String) throws(BadInputLine) -> Double? {
    guard let value = values[key], value != .null else { return nil }
    guard case .number(let number) = value else {
      throw BadInputLine(message: "field \"\(key)\" must be a number, not \(value.typeName)")
    }
    return number
  }

  /// An optional boolean field.
  func optionalBool(_ key: String) throws(BadInputLine) -> Bool? {
    guard let value = values[key], value != .null else { return nil }
    guard case .bool(let flag) = value else {
      throw BadInputLine(message: "field \"\(key)\" must be true or false, not \(value.typeName)")
    }
    return flag
  }
}
