import Foundation
import PayPhoneTestSupport
import Testing

@testable import PayPhoneRequests

/// The JSONL reader (`UTF8Validation` then `JSONParser.withObject`, as the
/// input loop runs them) against Foundation's `JSONSerialization` on
/// generated and mutated lines: Foundation's accept or reject, and its value
/// for every top-level member, are the expectation.
///
/// Where the contract deliberately differs from Foundation, the test says so
/// and asserts the contract:
/// - a line that is valid JSON but not an object (`[1]`, `"x"`, `3`) is a
///   `bad_input_line` ("expected a JSON object"): the CLI reads one object a line;
/// - RFC 8259 strictness where Foundation is lenient: a trailing comma
///   (`{"a":1,}`, `[1,]`) and a leading byte order mark are refused;
/// - nesting deeper than 256 is refused (Foundation allows 512), so a
///   hostile line cannot exhaust the stack;
/// - a key given twice means its last value, as `JSONSerialization` has it
///   (`JSONDecoder` keeps the first: see `aKeyGivenTwiceMeansItsLastValue`).
@Suite struct JSONReaderDifferentialTests {
  /// The reader as the contract runs it on one line; the fields borrow
  /// `bytes`, so they are used only inside `body`.
  static func withContractRead<T>(_ bytes: [UInt8], _ body: (Result<JSONFields, BadInputLine>) -> T) -> T {
    bytes.withUnsafeBufferPointer { buffer in
      guard UTF8Validation.isValid(buffer) else {
        return body(.failure(BadInputLine(message: "line is not valid UTF-8")))
      }
      var answer: T?
      do throws(BadInputLine) {
        try JSONParser.withObject(buffer) { fields in answer = body(.success(fields)) }
      } catch {
        return body(.failure(error))
      }
      return answer!
    }
  }

  /// Why the contract refuses `bytes`, or nil when it reads them.
  static func contractError(_ bytes: [UInt8]) -> BadInputLine? {
    withContractRead(bytes) { read in
      if case .failure(let error) = read { return error }
      return nil
    }
  }

  @Test func generatedAndMutatedDocumentsAgreeWithFoundation() throws {
    var generator = SeededGenerator(seed: 0x4A53_4F4E)
    var checked = 0
    var accepted = 0
    var mismatches: [String] = []
    for round in 0..<6000 {
      var document = Array(JSONDocumentGenerator.document(using: &generator).utf8)
      if round % 2 == 1 { document = JSONDocumentGenerator.mutate(document, using: &generator) }
      checked += 1
      if let mismatch = Self.compare(document) {
        mismatches.append(mismatch)
      } else if Self.contractError(document) == nil {
        accepted += 1
      }
    }
    for mismatch in mismatches.prefix(50) { Issue.record(Comment(rawValue: mismatch)) }
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(checked) documents disagree")
    // Both sides of the line are exercised.
    #expect(accepted > checked / 4 && accepted < checked * 9 / 10, "\(accepted) of \(checked) accepted")
  }

  /// Nil when the reader agrees with Foundation on `bytes` (or differs as
  /// the contract says it must), else what differs.
  static func compare(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self).debugDescription
    let foundation = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    return withContractRead(bytes) { ours -> String? in
      switch (foundation, ours) {
      case (nil, .failure):
        return nil
      case (nil, .success):
        return "accepted what Foundation refuses: \(text)"
      case (let value?, .failure(let error)):
        if JSONDocumentGenerator.hasDeliberateDifference(bytes) { return nil }
        if !(value is [String: Any]) {
          // The contract: one object a line.
          return error.message.hasPrefix("expected a JSON object, found")
            ? nil : "a non-object line gave \(error.message): \(text)"
        }
        return "refused what Foundation accepts (\(error.message)): \(text)"
      case (let value?, .success(let fields)):
        guard let object = value as? [String: Any] else { return "accepted a non-object: \(text)" }
        if JSONDocumentGenerator.hasDeliberateDifference(bytes) {
          return "accepted a trailing comma, BOM or deep nesting: \(text)"
        }
        for (key, expected) in object {
          if let difference = compareMember(key, expected, fields) { return "\(difference): \(text)" }
        }
        return nil
      }
    }
  }

  /// Checks one top-level member through the accessors the commands use.
  static func compareMember(_ key: String, _ expected: Any, _ fields: JSONFields) -> String? {
    do throws(BadInputLine) {
      if expected is NSNull {
        return try fields.optionalString(key) == nil ? nil : "\(key): null not read as absent"
      }
      if let string = expected as? String {
        let read = try fields.optionalString(key)
        return read?.unicodeScalars.elementsEqual(string.unicodeScalars) == true
          ? nil : "\(key): read \(String(describing: read)), Foundation \(string.debugDescription)"
      }
      if String(describing: type(of: expected)) == "__NSCFBoolean", let bool = expected as? Bool {
        return try fields.optionalBool(key) == bool ? nil : "\(key): boolean not read as \(bool)"
      }
      if let number = expected as? NSNumber {
        guard let value = try fields.optionalDouble(key) else { return "\(key): number not read" }
        let wanted = number.doubleValue
        let close = value == wanted || abs(value - wanted) <= abs(wanted) * 1e-15
        return close ? nil : "\(key): read \(value), Foundation \(wanted)"
      }
    } catch {
      return "\(key): \(error.message)"
    }
    let kind = expected is [Any] ? "an array" : "an object"
    do throws(BadInputLine) {
      _ = try fields.optionalString(key)
      return "\(key): \(kind) read as a string"
    } catch {
      return error.message.hasSuffix("not \(kind)") ? nil : "\(key): \(error.message)"
    }
  }

  @Test func aKeyGivenTwiceMeansItsLastValue() throws {
    let line = #"{"number":"1","number":"2"}"#
    Self.withContractRead(Array(line.utf8)) { read in
      #expect((try? read.get().string("number")) == "2")
    }
    let serialization = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(serialization?["number"] as? String == "2")
    // JSONDecoder keeps the first: the contract follows JSONSerialization.
    struct Probe: Decodable { let number: String }
    #expect(try JSONDecoder().decode(Probe.self, from: Data(line.utf8)).number == "1")
  }

  @Test func stringsDecodeAsJSONDecoderDecodesThem() throws {
    var generator = SeededGenerator(seed: 7)
    struct Probe: Decodable { let s: String }
    for _ in 0..<2000 {
      let literal = JSONDocumentGenerator.stringLiteral(using: &generator)
      let line = Array("{\"s\":\(literal)}".utf8)
      let decoded = try? JSONDecoder().decode(Probe.self, from: Data(line))
      Self.withContractRead(line) { read in
        switch read {
        case .success(let fields):
          #expect(decoded != nil, "accepted \(literal)")
          #expect((try? fields.string("s")) == decoded?.s, "\(literal)")
        case .failure:
          #expect(decoded == nil, "refused \(literal)")
        }
      }
    }
  }

  @Test(arguments: [
    (#"{"a":1,}"#, "expected a string key"), (#"{"a":[1,]}"#, "unexpected character"),
    ("\u{FEFF}{}", "unexpected character"),
  ])
  func strictWhereFoundationIsLenient(line: String, message: String) throws {
    #expect(
      try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]) is [String: Any])
    guard let error = Self.contractError(Array(line.utf8)) else {
      Issue.record("accepted \(line.debugDescription)")
      return
    }
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test func nestingIsBoundedBelowFoundationsLimit() throws {
    func nested(_ depth: Int) -> [UInt8] {
      Array(
        ("{\"a\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8)
    }
    #expect(Self.contractError(nested(254)) == nil)
    guard let error = Self.contractError(nested(300)) else {
      Issue.record("300 levels accepted")
      return
    }
    #expect(error.message.contains("nested too deeply"))
    #expect(try JSONSerialization.jsonObject(with: Data(nested(300))) is [String: Any])
  }

  @Test(arguments: [("[1]", "an array"), (#""x""#, "a string"), ("3", "a number"), ("null", "null")])
  func aNonObjectLineIsRefusedNamingWhatItIs(line: String, kind: String) throws {
    #expect(throws: Never.self) {
      try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
    }
    guard let error = Self.contractError(Array(line.utf8)) else {
      Issue.record("accepted \(line)")
      return
    }
    #expect(error.message == "expected a JSON object, found \(kind)")
  }
}

/// Random JSON lines as people and programs write them, and their mutations.
enum JSONDocumentGenerator {
  static let scripts = [
    "a", "Z", "0", "9", " ", "-", "+", "é", "ß", "٣", "۵", "३", "০", "๔", "０", "中", "日本", "한", "ж", "א",
    "ع", "😀", "👍🏽", "🇬🇧", "\u{301}", "\u{200D}", "\u{2028}", "\u{2029}", "\u{7F}", "\u{FFFD}", "\u{10FFFF}",
    "\u{1}", "\t",
  ]
  static let escapes = [
    "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0000", "\\u001f", "\\u0041", "\\u00E9",
    "\\u00e9",
    "\\u20AC", "\\uFFFF", "\\ud83d\\ude00", "\\uD83D\\uDE00", "\\uDBFF\\uDFFF", "\\ud800", "\\udc00",
    "\\ud800x",
    "\\ud800\\u0041", "\\udc00\\ud800", "\\x", "\\u12", "\\u12G4", "\\U0041",
  ]
  static let numbers = [
    "0", "-0", "1", "-1", "42", "1.5", "-0.25", "1e5", "1E5", "1e+5", "1e-5", "2.5E-3", "-1.0e+10",
    "123456789012345",
    "1234567890123456789012", "9007199254740993", "1e308", "1e-400", "0.1", "3.141592653589793",
    "1.000000000000000000001", "-0.0", "0e0",
  ]
  static let badNumbers = [
    "007", "01", "1.", ".5", "1e", "1e+", "+1", "-", "1.8e308", "1e400", "-1e400", "0x1",
  ]
  static let whitespace = ["", "", "", " ", "  ", "\t", "\r\n", "\n", " \t "]

  static func pick<T>(_ items: [T], _ generator: inout SeededGenerator) -> T {
    items[Int.random(in: 0..<items.count, using: &generator)]
  }

  static func space(_ generator: inout SeededGenerator) -> String { pick(whitespace, &generator) }

  /// A string literal: text in many scripts and every kind of escape.
  static func stringLiteral(using generator: inout SeededGenerator) -> String {
    var literal = "\""
    for _ in 0..<Int.random(in: 0...8, using: &generator) {
      switch Int.random(in: 0..<40, using: &generator) {
      case 0..<24: literal += pick(scripts.dropLast(2).map { $0 }, &generator)
      case 24..<38: literal += pick(escapes.prefix(18).map { $0 }, &generator)
      default: literal += pick(escapes + scripts.suffix(2), &generator)
      }
    }
    return literal + "\""
  }

  static func value(depth: Int, using generator: inout SeededGenerator) -> String {
    let choice = Int.random(in: 0..<(depth < 5 ? 100 : 70), using: &generator)
    switch choice {
    case 0..<30: return stringLiteral(using: &generator)
    case 30..<50: return pick(numbers, &generator)
    case 50..<52: return pick(badNumbers, &generator)
    case 52..<62: return pick(["true", "false", "null"], &generator)
    case 62..<64: return pick(["tru", "nul", "falsey", "True", "NaN"], &generator)
    case 64..<70: return stringLiteral(using: &generator)
    case 70..<85: return object(depth: depth + 1, using: &generator)
    default:
      let elements = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        space(&generator) + value(depth: depth + 1, using: &generator) + space(&generator)
      }
      return "[" + elements.joined(separator: ",") + "]"
    }
  }

  static func object(depth: Int, using generator: inout SeededGenerator) -> String {
    let keys = ["number", "region", "text", "a", "é", "\\u0061", "number", "k\\n"]
    let members = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
      let key =
        Int.random(in: 0..<4, using: &generator) == 0
        ? stringLiteral(using: &generator) : "\"\(pick(keys, &generator))\""
      return space(&generator) + key + space(&generator) + ":" + space(&generator)
        + value(depth: depth, using: &generator) + space(&generator)
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  /// One line: mostly an object, sometimes another value.
  static func document(using generator: inout SeededGenerator) -> String {
    let body =
      Int.random(in: 0..<8, using: &generator) == 0
      ? value(depth: 0, using: &generator) : object(depth: 0, using: &generator)
    return space(&generator) + body + space(&generator)
  }

  /// Truncation, bit flips, inserted and deleted bytes, invalid UTF-8,
  /// trailing commas, a BOM.
  static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
    var bytes = bytes
    let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
    switch Int.random(in: 0..<8, using: &generator) {
    case 0: bytes.removeSubrange(position...)
    case 1 where !bytes.isEmpty: bytes[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
    case 2: bytes.insert(pick(Array("{}[]\",:\\ 0e-".utf8), &generator), at: position)
    case 3 where !bytes.isEmpty: bytes.remove(at: position)
    case 4:
      let invalid: [[UInt8]] = [
        [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x80], [0xF4, 0x90, 0x80, 0x80],
      ]
      bytes.insert(contentsOf: pick(invalid, &generator), at: position)
    case 5:
      if let close = bytes.lastIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") }) {
        bytes.insert(UInt8(ascii: ","), at: close)
      }
    case 6: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
    default: bytes.insert(contentsOf: Array(pick(escapes, &generator).utf8), at: position)
    }
    return bytes
  }

  /// Whether `bytes` holds what the contract refuses on purpose although
  /// Foundation takes it: a comma before `}` or `]` outside strings, a
  /// leading byte order mark, nesting deeper than 256, or a number beyond
  /// a Double's range (Foundation refuses one only where its value is kept:
  /// not when a later duplicate key replaces it).
  static func hasDeliberateDifference(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return true }
    var inString = false
    var escaped = false
    var lastSignificant: UInt8 = 0
    var depth = 0
    var token: [UInt8] = []
    for byte in bytes + [0x20] {
      if !inString, Array("0123456789+-.eE".utf8).contains(byte) {
        token.append(byte)
      } else if !token.isEmpty {
        if let number = Double(String(decoding: token, as: UTF8.self)), !number.isFinite { return true }
        token = []
      }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        lastSignificant = UInt8(ascii: "\"")
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth > 256 { return true }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if lastSignificant == UInt8(ascii: ",") { return true }
        depth -= 1
      default: break
      }
      if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) { lastSignificant = byte }
    }
    return false
  }
}
