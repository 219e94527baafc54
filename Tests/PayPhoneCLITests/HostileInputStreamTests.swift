import Foundation
import Testing

/// What the internet sends, through every command: megabyte and 100 MB
/// lines, NUL bytes, invalid UTF-8, unbalanced CSV quotes, a closed pipe.
/// Each gives one clear answer and the stream goes on.
///
/// Expected answers are libphonenumber's (checked against phonenumbers
/// 9.0.43: more than 250 characters is `too_long`, a NUL inside the digits
/// ends the number, a NUL after it is ignored) and the CLI contract's.
/// Quadratic work on a megabyte would run for hours; the time limit turns
/// that into a failure.
@Suite(.timeLimit(.minutes(2))) struct HostileInputStreamTests {
  static let megabyte = 1 << 20

  struct LongLineCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let line: String
    let expected: [String: JSON]
    let next: String
    let nextExpected: [String: JSON]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let longLines: [LongLineCase] = [
    LongLineCase(
      arguments: ["phone", "--jsonl"],
      line: #"{"number": "\#(String(repeating: "7", count: megabyte))", "region": "GB"}"#,
      expected: ["ok": false, "error": "too_long"],
      next: #"{"number": "+41 44 668 18 00"}"#, nextExpected: ["e164": "+41446681800"]),
    LongLineCase(
      arguments: ["phone", "--jsonl"],
      line: #"{"number": "+\#(String(repeating: "٧", count: megabyte))"}"#,
      expected: ["ok": false, "error": "too_long"],
      next: #"{"number": "+41 44 668 18 00"}"#, nextExpected: ["e164": "+41446681800"]),
    LongLineCase(
      arguments: ["card", "--jsonl"],
      line: #"{"number": "4\#(String(repeating: "0", count: megabyte))"}"#,
      expected: [
        "ok": true, "last4": "0000", "lengthValid": false, "valid": false, "potentiallyValid": false,
      ],
      next: #"{"number": "4111 1111 1111 1111"}"#, nextExpected: ["brand": "visa", "valid": true]),
    LongLineCase(
      arguments: ["card", "--jsonl"],
      line: #"{"number": "\#(String(repeating: "4242 ", count: megabyte / 5))x"}"#,
      expected: ["ok": false, "error": "invalid_character"],
      next: #"{"number": "4111 1111 1111 1111"}"#, nextExpected: ["brand": "visa", "valid": true]),
    LongLineCase(
      arguments: ["expiry", "--jsonl", "--today", "2026-11-29"],
      line: #"{"expiry": "12/\#(String(repeating: "3", count: megabyte))"}"#,
      expected: ["ok": false, "error": "invalid_format"],
      next: #"{"expiry": "12/34"}"#, nextExpected: ["month": 12, "year": 2034]),
    LongLineCase(
      arguments: ["mask", "--jsonl"],
      line:
        #"{"mask": "+1 ([000]) [000]-[0000]", "text": "5551234567\#(String(repeating: "9", count: megabyte))"}"#,
      expected: ["ok": true, "text": "+1 (555) 123-4567", "value": "5551234567", "complete": true],
      next: ###"{"mask": "##/##", "text": "1225"}"###, nextExpected: ["text": "12/25"]),
    LongLineCase(
      arguments: ["mask", "--jsonl"],
      line: #"{"mask": "[\#(String(repeating: "0", count: megabyte))]", "text": "12"}"#,
      expected: ["ok": true, "text": "12", "value": "12", "complete": false],
      next: ###"{"mask": "##/##", "text": "1225"}"###, nextExpected: ["text": "12/25"]),
    LongLineCase(
      arguments: ["mask", "--jsonl"],
      line: ###"{"mask": "##/##", "text": "\###(String(repeating: "١", count: megabyte))"}"###,
      expected: ["ok": true, "text": "11/11", "value": "1111", "complete": true],
      next: #"{"mask": "[00]", "text": "1"}"#, nextExpected: ["text": "1"]),
    LongLineCase(
      arguments: ["text", "--jsonl"],
      line: #"{"text": "\#(String(repeating: "e\u{301}", count: megabyte / 3))"}"#,
      expected: ["ok": true, "graphemes": .number(Double(megabyte / 3))],
      next: #"{"text": "ok"}"#, nextExpected: ["graphemes": 2]),
  ]

  @Test("a megabyte line gets one clear answer and the next line is processed", arguments: longLines)
  func megabyteLine(_ testCase: LongLineCase) throws {
    let run = try PayPhoneProcess.run(testCase.arguments, input: .lines([testCase.line, testCase.next]))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 2)
    for (key, value) in testCase.expected {
      #expect(outputs[0][key] == value, "\(key)")
    }
    for (key, value) in testCase.nextExpected {
      #expect(outputs[1][key] == value, "\(key)")
    }
  }

  /// Every key's step repeats the text so far, so the steps of n keys are
  /// n²/2 characters: a megabyte of keys took hours and gigabytes. More
  /// than 250 keys (libphonenumber reads no more of a number) is refused
  /// (found while fuzzing the as-you-type formatter).
  @Test("as-you-type: more than 250 keys is a bad line; 250 are formatted")
  func asYouTypeKeysAreBounded() throws {
    let lines = [
      #"{"region": "US", "keys": "\#(String(repeating: "6", count: Self.megabyte))"}"#,
      #"{"region": "US", "keys": "\#(String(repeating: "٦", count: 251))"}"#,
      #"{"region": "US", "keys": "\#(String(repeating: "6", count: 250))"}"#,
      #"{"region": "US", "keys": "6502532222"}"#,
    ]
    let run = try PayPhoneProcess.run(["as-you-type", "--jsonl"], input: .lines(lines))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 4)
    expectBadInputLine(outputs[0])
    expectBadInputLine(outputs[1])
    guard case .array(let steps)? = outputs[2]["steps"], case .array(let usSteps)? = outputs[3]["steps"]
    else {
      Issue.record("no steps: \(outputs[2...])")
      return
    }
    #expect(steps.count == 250)
    #expect(steps.last == .string(String(repeating: "6", count: 250)))
    #expect(usSteps.last == "(650) 253-2222")

    let plain = try PayPhoneProcess.run(
      ["as-you-type", "--region", "US"], input: .lines([String(repeating: "6", count: Self.megabyte), "650"]))
    let expectedPlain = ["error: more than 250 keys", "6  →  65  →  650"]
    // Compared first: were the keys echoed, the failure would print a megabyte.
    let plainAgrees = plain.outputLines == expectedPlain
    #expect(plainAgrees, "\(plain.outputLines.map { $0.prefix(200) })")
  }

  @Test("a 100 MB line is one bad_input_line naming its size, and the stream goes on")
  func hundredMegabyteLine() throws {
    let size = 100 * Self.megabyte
    var input = Array(#"{"number": ""#.utf8)
    input += [UInt8](repeating: UInt8(ascii: "9"), count: size - input.count - 2)
    input += Array("\"}\n{\"number\": \"+41 44 668 18 00\"}\n".utf8)
    let run = try PayPhoneProcess.run(["phone", "--jsonl"], input: .bytes(input))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 2)
    expectBadInputLine(outputs[0])
    #expect(outputs[0]["message"]?.stringValue?.contains("\(size) bytes") == true)
    #expect(outputs[1]["e164"] == "+41446681800")

    let plain = try PayPhoneProcess.run(["card"], input: .bytes(Array(input[12...])))
    #expect(plain.outputLines.count == 2)
    #expect(plain.outputLines.first == "error: line of \(size - 12) bytes is too long")
    #expect(plain.outputLines.last?.hasPrefix("error: invalid_character") == true)
  }

  struct NULCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let line: String
    let expected: [String: JSON]
    var testDescription: String { line.debugDescription }
  }

  static let nulCases: [NULCase] = [
    NULCase(
      arguments: ["phone", "--jsonl"], line: #"{"number": "+44 20 7946 0958\u0000"}"#,
      expected: ["e164": "+442079460958"]),
    NULCase(
      arguments: ["phone", "--jsonl"], line: #"{"number": "\u0000+44 20 7946 0958"}"#,
      expected: ["e164": "+442079460958"]),
    NULCase(
      arguments: ["phone", "--jsonl"], line: #"{"number": "020 7946\u00000958", "region": "GB"}"#,
      expected: ["error": "not_a_number"]),
    NULCase(
      arguments: ["card", "--jsonl"], line: #"{"number": "4111\u00001111"}"#,
      expected: [
        "error": "invalid_character",
        "message": "character U+0000 at position 5 is not a digit, space, hyphen or dot",
      ]),
    NULCase(
      arguments: ["expiry", "--jsonl", "--today", "2026-11-29"], line: #"{"expiry": "12\u0000/34"}"#,
      expected: ["error": "invalid_format"]),
    NULCase(
      arguments: ["mask", "--jsonl"], line: #"{"mask": "[00]\u0000[00]", "text": "1234"}"#,
      expected: ["text": "12\u{0}34", "value": "1234", "complete": true]),
    NULCase(
      arguments: ["text", "--jsonl"], line: #"{"text": "a\u0000b"}"#,
      expected: ["graphemes": 3, "utf8": 3, "folded": "a\u{0}b"]),
  ]

  @Test("NUL characters are characters like any other", arguments: nulCases)
  func nulCharacter(_ testCase: NULCase) throws {
    let run = try PayPhoneProcess.run(testCase.arguments, input: .lines([testCase.line]))
    let outputs = try run.jsonLines()
    try #require(outputs.count == 1)
    for (key, value) in testCase.expected {
      #expect(outputs[0][key] == value, "\(key)")
    }
  }

  @Test("a raw NUL byte: inside a JSON string it is a bad line, in a plain line a character")
  func rawNULByte() throws {
    let json = try PayPhoneProcess.run(
      ["phone", "--jsonl"],
      input: .bytes(Array(#"{"number": "+44 20 7946 0958"#.utf8) + [0, 0x22, 0x7D, 0x0A]))
    let outputs = try json.jsonLines()
    try #require(outputs.count == 1)
    expectBadInputLine(outputs[0])
    let plain = try PayPhoneProcess.run(
      ["phone"], input: .bytes(Array("+44 20 7946 0958".utf8) + [0, 0x0A] + Array("\0\0\n".utf8)))
    #expect(plain.outputLines.count == 2)
    #expect(plain.outputLines.first?.hasPrefix("+442079460958\t") == true)
    #expect(plain.outputLines.last?.hasPrefix("error: not_a_number") == true)
  }

  static let commands: [[String]] = [
    ["phone", "--region", "GB"], ["card"], ["expiry", "--today", "2026-11-29"], ["mask", "--mask", "##/##"],
    ["text"],
  ]

  @Test("invalid UTF-8 in a plain line is an error line, and the stream goes on", arguments: commands)
  func invalidUTF8PlainLine(_ arguments: [String]) throws {
    let input: [UInt8] =
      Array("12".utf8) + [0xFF, 0xC3, 0x0A] + [0xED, 0xA0, 0x80, 0x0A] + Array("1225\n".utf8)
    let run = try PayPhoneProcess.run(arguments, input: .bytes(input))
    #expect(run.status == 0)
    let lines = run.outputLines
    try #require(lines.count == 3)
    #expect(lines[0] == "error: line is not valid UTF-8")
    #expect(lines[1] == "error: line is not valid UTF-8")
    #expect(!lines[2].hasPrefix("error: line"))
  }

  @Test("invalid UTF-8 in a JSONL line is a bad line, and the stream goes on", arguments: commands)
  func invalidUTF8JSONLine(_ arguments: [String]) throws {
    let field = ["phone": "number", "card": "number", "expiry": "expiry", "mask": "text", "text": "text"][
      arguments[0]]!
    let input =
      Array("{\"\(field)\": \"1".utf8) + [0xC0, 0xAF] + Array("\"}\n{\"\(field)\": \"1225\"}\n".utf8)
    let run = try PayPhoneProcess.run(arguments + ["--jsonl"], input: .bytes(input))
    let outputs = try run.jsonLines()
    try #require(outputs.count == 2)
    expectBadInputLine(outputs[0])
    #expect(outputs[1]["ok"] != nil && outputs[1]["error"] != "bad_input_line")
  }

  @Test("CSV: a phone field with an unbalanced quote swallows the rest, bounded, and the row is kept")
  func csvUnbalancedQuoteInThePhoneColumn() throws {
    var rest = ""
    for index in 0..<40_000 { rest += "row \(index),+41 44 668 18 00\n" }
    let input = "name,phone\nfirst,+41 44 668 18 00\nsecond,\"+44 20 7946 0958\n" + rest
    let run = try PayPhoneProcess.run(["phone", "--csv", "--column", "phone"], input: .text(input))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(
      run.stdoutText
        == "name,phone,e164,phoneValid,phoneType,phoneRegion,phoneError\n"
        + "first,+41 44 668 18 00,+41446681800,true,fixed_line,CH,\n"
        + "second,\"+44 20 7946 0958\n" + rest + ",,false,,,too_long\n")
  }

  @Test("CSV: invalid UTF-8 and NUL bytes pass through byte for byte")
  func csvBytesPassThrough() throws {
    let input: [UInt8] =
      Array("note,phone\n".utf8) + [0xFF, 0x00, 0x2C] + Array("+41 44 668 18 00\n".utf8)
      + Array("x,+41 44".utf8) + [0xFE] + Array(" 668 18 00\n".utf8)
    let run = try PayPhoneProcess.run(["phone", "--csv", "--column", "phone"], input: .bytes(input))
    #expect(run.status == 0)
    let expected: [UInt8] =
      Array("note,phone,e164,phoneValid,phoneType,phoneRegion,phoneError\n".utf8) + [0xFF, 0x00, 0x2C]
      + Array("+41 44 668 18 00,+41446681800,true,fixed_line,CH,\n".utf8)
      + Array("x,+41 44".utf8) + [0xFE] + Array(" 668 18 00,,false,,,bad_input_line\n".utf8)
    #expect(run.stdout == expected)
  }

  static let pipedRuns: [(arguments: [String], line: String)] = [
    (["phone", "--jsonl"], #"{"number": "+44 20 7946 0958"}"#),
    (["phone", "--region", "CH"], "044 668 18 00"),
    (["phone", "--csv", "--column", "phone"], "+41 44 668 18 00"),
    (["card", "--jsonl"], #"{"number": "4111 1111 1111 1111"}"#),
    (["expiry", "--today", "2026-11-29"], "12/34"),
    (["mask", "--jsonl"], #"{"mask": "+1 ([000]) [000]-[0000]", "text": "5551234567"}"#),
    (["text", "--jsonl"], #"{"text": "hello"}"#),
  ]

  @Test("a closed output pipe ends every command quietly with status 0", arguments: 0..<pipedRuns.count)
  func closedPipe(_ index: Int) throws {
    let (arguments, line) = Self.pipedRuns[index]
    let header = arguments.contains("--csv") ? ["phone"] : []
    let input = StandardInput.lines(header + Array(repeating: line, count: 60_000))
    let run = try PayPhoneProcess.runClosingOutput(arguments, input: input, after: 100)
    #expect(run.stdout.count == 100)
    #expect(run.status == 0)
    #expect(run.stderrText == "")
  }
}
