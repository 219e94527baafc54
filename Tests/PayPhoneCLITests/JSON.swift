import Foundation

/// A JSON value as the tests read the tool's output: decoded by Foundation's
/// `JSONDecoder` (not by the tool's own parser), comparable with `==`, and
/// written as literals in expectations.
///
///     let expected: JSON = ["ok": true, "graphemes": 8, "folded": "45"]
enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  /// Parses one JSON text.
  init(parsing text: String) throws {
    self = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
  }

  subscript(key: String) -> JSON? {
    guard case .object(let fields) = self else { return nil }
    return fields[key]
  }

  var keys: Set<String> {
    guard case .object(let fields) = self else { return [] }
    return Set(fields.keys)
  }

  var stringValue: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }
}

extension JSON: Decodable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let elements = try? container.decode([JSON].self) {
      self = .array(elements)
    } else {
      self = .object(try container.decode([String: JSON].self))
    }
  }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  init(nilLiteral: ()) { self = .null }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(integerLiteral value: Int) { self = .number(Double(value)) }
  init(floatLiteral value: Double) { self = .number(value) }
  init(stringLiteral value: String) { self = .string(value) }
  init(arrayLiteral elements: JSON...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, JSON)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

extension JSON: CustomStringConvertible {
  var description: String {
    switch self {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .number(let number):
      number.rounded() == number && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
    case .string(let text): text.debugDescription
    case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
    case .object(let fields):
      "{"
        + fields.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }
        .joined(separator: ", ") + "}"
    }
  }
}
