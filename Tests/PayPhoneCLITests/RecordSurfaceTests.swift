import Foundation
@_spi(PayPhoneInternal) import PayPhoneRecords
import Testing

/// What `payphone <command> --jsonl` writes, line by line, against the one
/// declaration of its record (`RecordSchema`): the keys in order, each value
/// of the declared kind, null only where declared. (The C ABI's and the
/// Python package's tests compare their records with these lines.)
@Suite struct RecordSurfaceTests {
  /// A JSON value read keeping each object's keys in order.
  indirect enum Ordered {
    case null, bool, number
    case string(String)
    case array([Ordered])
    case object([(String, Ordered)])
  }

  /// Reads one JSON text (the tool's compact output), keys in order.
  struct OrderedReader {
    let bytes: [UInt8]
    var index = 0

    static func read(_ line: String) throws -> Ordered {
      var reader = OrderedReader(bytes: Array(line.utf8))
      let value = try reader.value()
      guard reader.index == reader.bytes.count else { throw ReadError(line: line) }
      return value
    }

    struct ReadError: Error { let line: String }

    mutating func value() throws -> Ordered {
      guard index < bytes.count else { throw ReadError(line: "") }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var fields: [(String, Ordered)] = []
        while bytes[index] != UInt8(ascii: "}") {
          if bytes[index] == UInt8(ascii: ",") { index += 1 }
          guard case .string(let key) = try value(), bytes[index] == UInt8(ascii: ":") else {
            throw ReadError(line: "")
          }
          index += 1
          fields.append((key, try value()))
        }
        index += 1
        return .object(fields)
      case UInt8(ascii: "["):
        index += 1
        var items: [Ordered] = []
        while bytes[index] != UInt8(ascii: "]") {
          if bytes[index] == UInt8(ascii: ",") { index += 1 }
          items.append(try value())
        }
        index += 1
        return .array(items)
      case UInt8(ascii: "\""):
        let start = index
        index += 1
        while bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
        index += 1
        let text = try JSONDecoder().decode(String.self, from: Data(bytes[start..<index]))
        return .string(text)
      default:
        let start = index
        while index < bytes.count, !",}]".utf8.contains(bytes[index]) { index += 1 }
        switch String(decoding: bytes[start..<index], as: UTF8.self) {
        case "null": return .null
        case "true", "false": return .bool
        default: return .number
        }
      }
    }
  }

  /// Checks one output object against `declared` (with the on-request
  /// fields when `requested`); the elements of a list of records against
  /// the schema's element fields for their `kind`.
  static func check(
    _ value: Ordered, against schema: RecordSchema, requested: Bool, _ label: String
  ) {
    guard case .object(let fields) = value else {
      Issue.record("\(label): not an object")
      return
    }
    // Only a failure has an error code.
    let isFailure = fields.contains { $0.0 == "error" }
    let declared =
      isFailure
      ? (fields.first?.0 == "input" ? schema.failureFields : RecordSchema.lineFailureFields)
      : schema.fields.filter { requested || !$0.isOnRequest }
    check(fields, declared, schema, label)
  }

  static func check(
    _ fields: [(String, Ordered)], _ declared: [RecordField], _ schema: RecordSchema, _ label: String
  ) {
    #expect(fields.map(\.0) == declared.map(\.key.name), "\(label): keys in order")
    for ((key, value), field) in zip(fields, declared) {
      switch (value, field.kind) {
      case (.null, _): #expect(field.isNullable, "\(label): \(key) is null, declared not nullable")
      case (.string, .string), (.number, .integer), (.bool, .boolean): break
      case (.array(let items), .strings):
        for item in items {
          guard case .string = item else {
            Issue.record("\(label): \(key) holds a non-string")
            return
          }
        }
      case (.array(let items), .records):
        for item in items {
          guard case .object(let element) = item, case .string(let kind)? = element.first?.1,
            let elementFields = schema.elementFields[kind]
          else {
            Issue.record("\(label): \(key) holds an element of no declared kind")
            return
          }
          check(element, elementFields, schema, "\(label) \(kind)")
        }
      default: Issue.record("\(label): \(key) is \(value), declared \(field.kind)")
      }
    }
  }

  /// Each command's requests: answers, failures and lines that are no request.
  static let requests: [(arguments: [String], schema: RecordSchema, requested: Bool, lines: [String])] = [
    (
      ["phone", "--jsonl"], .phone, false,
      [
        #"{"number": "020 7946 0958 ext. 123", "region": "GB"}"#, #"{"number": "+800 1234 5678"}"#,
        #"{"number": "tel:+1-650-253-0000"}"#, #"{"number": "hello"}"#, #"{"number": 5}"#, "not json",
      ]
    ),
    (
      ["phone", "--jsonl", "--describe"], .phone, true,
      [
        #"{"number": "+49 30 901820"}"#, #"{"number": "+1 650 253 0000", "locale": "de"}"#,
        #"{"number": "x"}"#,
      ]
    ),
    (["as-you-type", "--jsonl"], .asYouType, false, [#"{"region": "US", "keys": "6502532222"}"#, "{}"]),
    (
      ["card", "--jsonl"], .card, false,
      [#"{"number": "3782 822463 10005", "cvc": "1234"}"#, #"{"number": "4"}"#, #"{"number": "41x"}"#]
    ),
    (
      ["expiry", "--jsonl", "--today", "2026-12-04"], .expiry, false,
      [#"{"expiry": "12/34"}"#, #"{"expiry": "13/34"}"#]
    ),
    (
      ["mask", "--jsonl"], .mask, false,
      [
        #"{"mask": "+1 ([000]) [000]-[0000]", "text": "6502530000", "caret": 3}"#,
        #"{"mask": "[000AA]", "text": "1"}"#,
      ]
    ),
    (["text", "--jsonl"], .text, false, [#"{"text": "héllo ٣ 👍🏽", "limit": 5}"#]),
    (
      ["find", "--jsonl"], .find, false,
      [
        #"{"text": "Call 020 7946 0958 or 4111 1111 1111 1111", "region": "GB", "cards": true}"#,
        #"{"text": ""}"#,
      ]
    ),
    (
      ["find", "--jsonl", "--redact", "--cards"], .find, true,
      [#"{"text": "4111 1111 1111 1111 or +44 20 7946 0958"}"#]
    ),
    (["match", "--jsonl"], .match, false, [#"{"a": "+44 20 7946 0958", "b": "020 7946 0958"}"#]),
    (
      ["short", "--jsonl"], .short, false,
      [#"{"number": "112", "region": "DE"}"#, #"{"number": "", "region": "DE"}"#]
    ),
  ]

  @Test(arguments: requests.indices)
  func everyJSONLineIsItsDeclaredRecord(_ index: Int) throws {
    let request = Self.requests[index]
    let run = try PayPhoneProcess.run(request.arguments, input: .lines(request.lines))
    #expect(run.status == 0)
    let lines = run.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == request.lines.count)
    for (line, input) in zip(lines, request.lines) {
      Self.check(
        try OrderedReader.read(String(line)), against: request.schema, requested: request.requested, input)
    }
  }

  @Test func everyRegionsLineIsItsDeclaredRecord() throws {
    let run = try PayPhoneProcess.run(["regions", "--jsonl"])
    let lines = run.stdoutText.split(separator: "\n")
    #expect(lines.count > 240)
    for line in lines {
      Self.check(try OrderedReader.read(String(line)), against: .regions, requested: false, "regions")
    }
  }

  @Test func theCSVColumnsAreTheDeclaredOnes() throws {
    let csv = "name,phone\nAda,020 7946 0958\n"
    let run = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone", "--region", "GB", "--describe"], input: .text(csv))
    let header = run.stdoutText.split(separator: "\n").first.map(String.init) ?? ""
    let declared = (RecordColumn.phone + RecordColumn.phoneDescription).map(\.singleName)
    #expect(header == (["name", "phone"] + declared).joined(separator: ","))
  }
}
