import Testing

/// A JSONL input line that the contract says is unusable: it gives
/// `{"ok": false, "error": "bad_input_line", "message": "..."}`.
struct BadLineCase: Sendable, CustomTestStringConvertible {
  let bytes: [UInt8]
  let why: String

  init(_ text: String, _ why: String) {
    bytes = Array(text.utf8)
    self.why = why
  }

  init(bytes: [UInt8], _ why: String) {
    self.bytes = bytes
    self.why = why
  }

  var testDescription: String { why }
}

private let badLines: [BadLineCase] = [
  .init("", "blank line"),
  .init("   \t ", "white space only"),
  .init("{", "unterminated object"),
  .init(#"{"text": "a""#, "object without its closing brace"),
  .init(#"{"text": "a}"#, "unterminated string"),
  .init("not json", "not JSON at all"),
  .init(#"{'text': 'a'}"#, "single quotes"),
  .init(#"{"text": "a",}"#, "trailing comma"),
  .init(#"{text: "a"}"#, "unquoted key"),
  .init(#"{"text": "a"} {"text": "b"}"#, "two objects on one line"),
  .init(#"{"text": "a"} x"#, "text after the object"),
  .init(#"["text", "a"]"#, "an array, not an object"),
  .init(#""text""#, "a string, not an object"),
  .init("42", "a number, not an object"),
  .init("null", "null, not an object"),
  .init("{}", "missing the required text"),
  .init(#"{"limit": 5}"#, "missing the required text, other fields present"),
  .init(#"{"text": null}"#, "text is null"),
  .init(#"{"text": 5}"#, "text is a number"),
  .init(#"{"text": ["a"]}"#, "text is an array"),
  .init(#"{"text": true}"#, "text is a boolean"),
  .init(#"{"text": "a", "limit": "80"}"#, "limit is a string"),
  .init(#"{"text": "a", "limit": 8.5}"#, "limit is not an integer"),
  .init(#"{"text": "a", "limit": true}"#, "limit is a boolean"),
  .init(#"{"text": "a", "limit": 1e999}"#, "limit overflows a double"),
  .init(#"{"text": "a", "limit": 1e300}"#, "limit is past any integer"),
  .init(#"{"text": "a", "limit": 08}"#, "a leading zero"),
  .init(#"{"text": "a", "limit": +8}"#, "a plus sign"),
  .init(#"{"text": "a", "limit": .5}"#, "a bare fraction"),
  .init(#"{"text": "a", "warningFraction": "0.9"}"#, "warningFraction is a string"),
  .init(#"{"text": "a", "warningFraction": NaN}"#, "NaN is not JSON"),
  .init(#"{"text": "\x"}"#, "unknown escape"),
  .init(#"{"text": "\u12"}"#, "short \\u escape"),
  .init(#"{"text": "\ud800"}"#, "unpaired high surrogate"),
  .init(#"{"text": "\udc00"}"#, "unpaired low surrogate"),
  .init(#"{"text": "\ud800\u0041"}"#, "high surrogate followed by a non-surrogate"),
  .init("{\"text\": \"a\tb\"}", "raw tab inside a string"),
  .init(#"{"text": tru}"#, "truncated literal"),
  .init(String(repeating: "[", count: 100_000), "nested far too deeply"),
  .init(String(repeating: "{\"a\":", count: 50_000), "objects nested far too deeply"),
  .init(bytes: Array(#"{"text": ""#.utf8) + [0xFF] + Array(#""}"#.utf8), "invalid UTF-8 inside the string"),
  .init(bytes: Array(#"{"text": ""#.utf8) + [0xC3] + Array(#""}"#.utf8), "truncated UTF-8 sequence"),
  .init(
    bytes: Array(#"{"text": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), "UTF-8 encoded surrogate"),
]

/// Checks that `output` is the contract's error object for a bad line.
func expectBadInputLine(_ output: JSON?, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(output?.keys == ["ok", "error", "message"], sourceLocation: sourceLocation)
  #expect(output?["ok"] == false, sourceLocation: sourceLocation)
  #expect(output?["error"] == "bad_input_line", sourceLocation: sourceLocation)
  #expect(output?["message"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
}

@Suite("JSONL streams: one output line per input line, whatever the line holds")
struct JSONLinesStreamTests {
  @Test("an unusable line gives bad_input_line and the next line is still processed", arguments: badLines)
  func badLine(_ testCase: BadLineCase) throws {
    let input = testCase.bytes + [0x0A] + Array(#"{"text": "ok"}"#.utf8) + [0x0A]
    let run = try PayPhoneProcess.run(["text", "--jsonl"], input: .bytes(input))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 2)
    expectBadInputLine(outputs[0])
    #expect(
      outputs[1] == textOutput(graphemes: 2, utf16: 2, utf8: 2, level: "normal", remaining: 278, folded: "ok")
    )
  }

  @Test("a mixed stream keeps one output per input, in order")
  func mixedStream() throws {
    var lines: [String] = []
    var expected: [JSON?] = []
    for index in 0..<500 {
      switch index % 5 {
      case 0:
        let text = String(repeating: "x", count: index % 37)
        lines.append(#"{"text": "\#(text)", "limit": 20}"#)
        let count = index % 37
        let level = count > 20 ? "over" : count >= 18 ? "warning" : "normal"
        expected.append(
          textOutput(
            graphemes: count, utf16: count, utf8: count, level: level, remaining: 20 - count, folded: text))
      case 1:
        lines.append("")
        expected.append(nil)
      case 2:
        lines.append(#"{"text": \#(index)}"#)
        expected.append(nil)
      case 3:
        lines.append(#"{"text": "٣"}"#)
        expected.append(
          textOutput(graphemes: 1, utf16: 1, utf8: 2, level: "normal", remaining: 279, folded: "3"))
      default:
        lines.append("{")
        expected.append(nil)
      }
    }
    let run = try PayPhoneProcess.run(["text", "--jsonl"], input: .lines(lines))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    try #require(outputs.count == lines.count)
    for (index, (output, expectation)) in zip(outputs, expected).enumerated() {
      if let expectation {
        #expect(output == expectation, "line \(index + 1)")
      } else {
        expectBadInputLine(output)
      }
    }
  }

  @Test("CRLF line ends: the CR is dropped, so the lines read as with LF")
  func crlfInput() throws {
    let input = "{\"text\": \"a\"}\r\n\r\n{\"text\": \"bc\"}\r\n"
    let run = try PayPhoneProcess.run(["text", "--jsonl"], input: .text(input))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 3)
    #expect(
      outputs[0] == textOutput(graphemes: 1, utf16: 1, utf8: 1, level: "normal", remaining: 279, folded: "a"))
    expectBadInputLine(outputs[1])  // "\r\n" alone is a blank line
    #expect(
      outputs[2] == textOutput(graphemes: 2, utf16: 2, utf8: 2, level: "normal", remaining: 278, folded: "bc")
    )
  }

  @Test(
    "the last line counts even without a final newline",
    arguments: ["{\"text\": \"d\"}", "{\"text\": \"d\"}\r", "\n{\"text\": \"d\"}"])
  func unterminatedLastLine(_ last: String) throws {
    let run = try PayPhoneProcess.run(["text", "--jsonl"], input: .text("{\"text\": \"a\"}\n" + last))
    let outputs = try run.jsonLines()
    #expect(outputs.map { $0["folded"] } == (last.hasPrefix("\n") ? ["a", nil, "d"] : ["a", "d"]))
  }

  @Test("no input, no output")
  func emptyInput() throws {
    let run = try PayPhoneProcess.run(["text", "--jsonl"], input: .none)
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.isEmpty)
  }

  // A 10 MB line is processed whole, not dropped or split. Each unit
  // "a٣👍🏽" is 3 clusters (GB999 between a and ٣ and 👍, GB9 keeps 🏽 with
  // 👍), 6 UTF-16 units and 11 bytes.
  @Test("a 10 MB line is processed whole and the stream goes on")
  func tenMegabyteLine() throws {
    let units = 1_000_000
    let text = String(repeating: "a\u{663}\u{1F44D}\u{1F3FD}", count: units)
    let input = "{\"text\": \"\(text)\"}\n{\"text\": \"after\"}\n"
    let run = try PayPhoneProcess.run(["text", "--jsonl"], input: .text(input))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 2)
    let folded = String(repeating: "a3\u{1F44D}\u{1F3FD}", count: units)
    #expect(
      outputs[0]
        == textOutput(
          graphemes: 3 * units, utf16: 6 * units, utf8: 11 * units, level: "over", remaining: 280 - 3 * units,
          folded: folded))
    #expect(outputs[1]["folded"] == "after")
  }

  @Test("a 10 MB plain line is one input")
  func tenMegabytePlainLine() throws {
    let length = 10 << 20
    var input = [UInt8](repeating: UInt8(ascii: "x"), count: length)
    input += Array("\r\nnext\n".utf8)
    let run = try PayPhoneProcess.run(["text"], input: .bytes(input))
    #expect(run.status == 0)
    let lines = run.outputLines
    try #require(lines.count == 2)
    #expect(lines[0].hasPrefix("\(length) graphemes"))
    #expect(lines[1].hasPrefix("4 graphemes"))
  }

  @Test("a line past the reader's 16 MiB limit is one bad_input_line, and the stream goes on")
  func overlongLine() throws {
    var input = Array(#"{"text": ""#.utf8)
    input += [UInt8](repeating: UInt8(ascii: "y"), count: (16 << 20) + 1)
    input += Array("\"}\n{\"text\": \"next\"}\n".utf8)
    let run = try PayPhoneProcess.run(["text", "--jsonl"], input: .bytes(input))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 2)
    expectBadInputLine(outputs[0])
    #expect(outputs[1]["folded"] == "next")
  }

  @Test(
    "a closed output pipe ends the tool quietly with status 0", arguments: [["text", "--jsonl"], ["text"]])
  func closedPipe(_ arguments: [String]) throws {
    // About 6 MB of output, far more than a pipe buffer holds.
    let line = #"{"text": "hello ٣ world"}"#
    let input = StandardInput.lines(Array(repeating: line, count: 100_000))
    let run = try PayPhoneProcess.runClosingOutput(arguments, input: input, after: 100)
    #expect(run.stdout.count == 100)
    #expect(run.status == 0)
    #expect(run.stderrText == "")
  }

  /// A line every line command answers with `"ok": true`.
  static let firstLines: [(command: String, line: String)] = [
    ("phone", #"{"number": "+44 20 7946 0958"}"#),
    ("as-you-type", #"{"region": "US", "keys": "650"}"#),
    ("card", #"{"number": "4111 1111 1111 1111"}"#),
    ("expiry", #"{"expiry": "12/34", "today": "2026-11-29"}"#),
    ("mask", #"{"mask": "[000]", "text": "123"}"#),
    ("text", #"{"text": "a"}"#),
    ("find", #"{"text": "call +44 20 7946 0958"}"#),
    ("match", #"{"a": "+44 20 7946 0958", "b": "020 7946 0958"}"#),
    ("short", #"{"number": "112", "region": "DE"}"#),
  ]

  @Test(
    "a UTF-8 byte order mark before the first JSON line is skipped, on one thread and on two",
    arguments: firstLines.indices, ["1", "2"])
  func byteOrderMarkBeforeTheFirstLine(_ index: Int, jobs: String) throws {
    let (command, line) = Self.firstLines[index]
    let input = [0xEF, 0xBB, 0xBF] + Array((line + "\n" + line + "\n").utf8)
    let run = try PayPhoneProcess.run([command, "--jsonl", "--jobs", jobs], input: .bytes(input))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    #expect(outputs.count == 2)
    #expect(outputs.first?["ok"] == true, "\(command): \(run.stdoutText)")
    // The line after the mark reads as the same line without it.
    #expect(outputs.first == outputs.last)
  }

  @Test("unreadable standard input is an I/O failure: status 1, message on stderr")
  func unreadableInput() throws {
    // A directory opens for reading, but read(2) fails with EISDIR.
    let run = try PayPhoneProcess.run(["text", "--jsonl"], input: .path("/"))
    #expect(run.status == 1)
    #expect(run.stderrText.hasPrefix("payphone"))
  }

  @Test("unwritable standard output is an I/O failure: status 1, message on stderr")
  func unwritableOutput() throws {
    let run = try PayPhoneProcess.run(
      ["text", "--jsonl"], input: .lines([#"{"text": "a"}"#]), stdoutPath: "/dev/full")
    #expect(run.status == 1)
    #expect(run.stderrText.hasPrefix("payphone"))
  }
}
