import Testing

/// The output object the contract (the command-line reference, "text") prescribes.
func textOutput(
  graphemes: Int, utf16: Int, utf8: Int, level: String, remaining: Int, folded: String
) -> JSON {
  [
    "ok": true, "graphemes": .number(Double(graphemes)), "utf16": .number(Double(utf16)),
    "utf8": .number(Double(utf8)), "level": .string(level), "remaining": .number(Double(remaining)),
    "folded": .string(folded),
  ]
}

/// One JSONL input line and the object the contract says it gives. Counts
/// are written by hand (UAX #29 as ICU 72 applies it; UTF-16 units and
/// UTF-8 bytes per scalar), never taken from the tool.
struct JSONLineCase: Sendable, CustomTestStringConvertible {
  let line: String
  let expected: JSON
  var testDescription: String { line }
}

private let jsonLineCases: [JSONLineCase] = [
  // README example: Z o ë ␠ ☎ ␠ ٤ ٥ are 8 clusters; ë, ٤, ٥ are 2 bytes, ☎ 3.
  .init(
    line: #"{"text": "Zoë ☎ ٤٥", "limit": 5}"#,
    expected: textOutput(graphemes: 8, utf16: 8, utf8: 13, level: "over", remaining: -3, folded: "Zoë ☎ 45")),
  .init(
    line: #"{"text": ""}"#,
    expected: textOutput(graphemes: 0, utf16: 0, utf8: 0, level: "normal", remaining: 280, folded: "")),
  // Family (GB11, 4 astral + 3 ZWJ: 11 units, 25 bytes), flag (GB12, 4
  // units, 8 bytes), space, three Arabic-Indic digits (2 bytes each): 6
  // clusters; 6 < 10 * 0.9.
  .init(
    line: #"{"text": "👨‍👩‍👧‍👦🇺🇸 ٠١٢", "limit": 10}"#,
    expected: textOutput(
      graphemes: 6, utf16: 19, utf8: 40, level: "normal", remaining: 4, folded: "👨‍👩‍👧‍👦🇺🇸 012")),
  // 10 * 0.7 is exactly 7.0 in doubles, so 7 of 10 is already a warning.
  .init(
    line: #"{"text": "1234567", "limit": 10, "warningFraction": 0.7}"#,
    expected: textOutput(graphemes: 7, utf16: 7, utf8: 7, level: "warning", remaining: 3, folded: "1234567")),
  .init(
    line: #"{"text": "123456", "limit": 10, "warningFraction": 0.7}"#,
    expected: textOutput(graphemes: 6, utf16: 6, utf8: 6, level: "normal", remaining: 4, folded: "123456")),
  // 100 * 0.07 is 7.000000000000001: 7 stays normal.
  .init(
    line: #"{"text": "1234567", "limit": 100, "warningFraction": 0.07}"#,
    expected: textOutput(graphemes: 7, utf16: 7, utf8: 7, level: "normal", remaining: 93, folded: "1234567")),
  .init(
    line: #"{"text": "ab", "limit": 0}"#,
    expected: textOutput(graphemes: 2, utf16: 2, utf8: 2, level: "over", remaining: -2, folded: "ab")),
  .init(
    line: #"{"text": "", "limit": 0}"#,
    expected: textOutput(graphemes: 0, utf16: 0, utf8: 0, level: "warning", remaining: 0, folded: "")),
  // JSON escapes: a CRLF inside the text is one cluster (GB3).
  .init(
    line: #"{"text": "a\r\nb", "limit": 3}"#,
    expected: textOutput(graphemes: 3, utf16: 4, utf8: 4, level: "warning", remaining: 0, folded: "a\r\nb")),
  // क्षि through \u escapes: one cluster (ICU 72's conjunct rule), 4 units, 12 bytes.
  .init(
    line: #"{"text": "\u0915\u094d\u0937\u093f"}"#,
    expected: textOutput(
      graphemes: 1, utf16: 4, utf8: 12, level: "normal", remaining: 279,
      folded: "\u{915}\u{94D}\u{937}\u{93F}")),
  // A surrogate pair escape is one astral scalar: 👍.
  .init(
    line: #"{"text": "\ud83d\udc4D"}"#,
    expected: textOutput(graphemes: 1, utf16: 2, utf8: 4, level: "normal", remaining: 279, folded: "👍")),
  // Quotes, backslashes and control characters survive the round trip.
  .init(
    line: #"{"text": "a\"b\\c\u0001\t/\/"}"#,
    expected: textOutput(
      graphemes: 9, utf16: 9, utf8: 9, level: "normal", remaining: 271, folded: "a\"b\\c\u{1}\t//")),
  // Digits of other scripts are folded, nothing else is: 19 clusters; the
  // 12 digits, ² and ½ are 2 bytes each.
  .init(
    line: #"{"text": "+٩٧١ ٥٠ ١٢٣ ٤٥٦٧ ²½", "limit": 80}"#,
    expected: textOutput(
      graphemes: 19, utf16: 19, utf8: 33, level: "normal", remaining: 61, folded: "+971 50 123 4567 ²½")),
  // Field order and white space do not matter; unknown fields are ignored.
  .init(
    line: #"  { "limit" : 4 , "extra": [1, {"x": null}], "text" : "abcd" }  "#,
    expected: textOutput(graphemes: 4, utf16: 4, utf8: 4, level: "warning", remaining: 0, folded: "abcd")),
  // An integral number written with a fraction or exponent is an integer.
  .init(
    line: #"{"text": "abc", "limit": 1e1}"#,
    expected: textOutput(graphemes: 3, utf16: 3, utf8: 3, level: "normal", remaining: 7, folded: "abc")),
]

@Suite("payphone text")
struct TextCommandTests {
  @Test("each JSONL object gives the contract's output object", arguments: jsonLineCases)
  func jsonLine(_ testCase: JSONLineCase) throws {
    let run = try PayPhoneProcess.run(["text", "--jsonl"], input: .lines([testCase.line]))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let outputs = try run.jsonLines()
    #expect(outputs == [testCase.expected])
  }

  @Test("the README example, byte for byte: compact, keys in the contract's order")
  func readmeSnapshot() throws {
    let run = try PayPhoneProcess.run(
      ["text", "--jsonl"], input: .text(#"{"text": "Zoë ☎ ٤٥", "limit": 5}"# + "\n"))
    #expect(
      run.stdoutText
        == #"{"ok":true,"graphemes":8,"utf16":8,"utf8":13,"level":"over","remaining":-3,"folded":"Zoë ☎ 45"}"#
        + "\n")
  }

  @Test("control characters in the output are escaped, as RFC 8259 requires")
  func controlCharactersEscaped() throws {
    let run = try PayPhoneProcess.run(
      ["text", "--jsonl"],
      input: .text(#"{"text": "\"\\\r\n\t\u0000\u001f\u007f", "limit": 7}"# + "\n"))
    // One output line: no raw LF, CR or other control byte inside it.
    #expect(run.stdout.last == 0x0A)
    #expect(!run.stdout.dropLast().contains { $0 < 0x20 })
    // " \ CRLF TAB NUL US DEL: 7 clusters (GB3 joins CR LF, GB4/GB5 split
    // the other controls), 8 UTF-16 units and bytes.
    let expected = textOutput(
      graphemes: 7, utf16: 8, utf8: 8, level: "warning", remaining: 0,
      folded: "\"\\\r\n\t\u{0}\u{1F}\u{7F}")
    #expect(try run.jsonLines() == [expected])
  }

  @Test("--limit and --warning-fraction are the defaults for lines without their own")
  func optionsAreDefaults() throws {
    let run = try PayPhoneProcess.run(
      ["text", "--jsonl", "--limit", "4", "--warning-fraction=0.5"],
      input: .lines([
        #"{"text": "a"}"#,  // 1 < 4 * 0.5
        #"{"text": "ab"}"#,  // 2 >= 2.0
        #"{"text": "ab", "limit": 10}"#,  // 2 < 5.0
        #"{"text": "ab", "warningFraction": 0.9}"#,  // 2 < 3.6
        #"{"text": "abcde"}"#,  // 5 > 4
      ]))
    #expect(run.status == 0)
    let levels = try run.jsonLines().map { $0["level"] }
    #expect(levels == ["normal", "warning", "normal", "normal", "over"])
    let remaining = try run.jsonLines().map { $0["remaining"] }
    #expect(remaining == [3, 2, 8, 2, -1])
  }

  @Test("plain arguments: one human line per argument, in order, exit 0")
  func plainArguments() throws {
    let inputs = ["héllo 👋🏽", "٠٧٩١١", "", "--"]
    let run = try PayPhoneProcess.run(["text", "--limit", "10", "--"] + inputs)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let lines = run.outputLines
    try #require(lines.count == inputs.count)
    // The human format is free; it shows the count and the folded text.
    #expect(lines[0].hasPrefix("7 graphemes"))
    #expect(lines[0].contains("héllo 👋🏽"))
    #expect(lines[1].hasPrefix("5 graphemes"))
    #expect(lines[1].contains("07911"))
    #expect(lines[2].hasPrefix("0 graphemes"))
    #expect(lines[3].hasPrefix("2 graphemes"))  // "--" after "--" is an input
  }

  @Test("plain stdin: one line per input line, blank and invalid lines included, CR dropped")
  func plainStandardInput() throws {
    var bytes = Array("abc\r\n\n٣\n".utf8)
    bytes += [0x61, 0xFF, 0x0A]  // invalid UTF-8
    bytes += Array("last line without newline".utf8)
    let run = try PayPhoneProcess.run(["text"], input: .bytes(bytes))
    #expect(run.status == 0)
    let lines = run.outputLines
    try #require(lines.count == 5)
    #expect(lines[0].hasPrefix("3 graphemes"))  // the \r of CRLF is not part of the input
    #expect(lines[1].hasPrefix("0 graphemes"))
    #expect(lines[2].hasPrefix("1 graphemes") && lines[2].hasSuffix(" 3"))
    #expect(lines[3].hasPrefix("error"))
    #expect(lines[4].hasPrefix("25 graphemes"))
  }

  @Test(
    "usage errors exit 2 with a message on stderr and nothing on stdout",
    arguments: [
      ["text", "--bogus"],
      ["text", "--limit"],
      ["text", "--limit", "ten"],
      ["text", "--limit", "1.5"],
      ["text", "--warning-fraction", "nan"],
      ["text", "--warning-fraction", "inf"],
      ["text", "--warning-fraction", "x"],
      ["text", "--jsonl=yes"],
      ["text", "--jsonl", "an argument"],
    ])
  func usageErrors(_ arguments: [String]) throws {
    let run = try PayPhoneProcess.run(arguments, input: .lines([#"{"text": "a"}"#]))
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrText.hasPrefix("payphone text: "))
    #expect(run.stderrText.contains("payphone text --help"))
  }

  @Test("--help and -h print the command's usage with examples on stdout", arguments: ["--help", "-h"])
  func help(_ flag: String) throws {
    let run = try PayPhoneProcess.run(["text", flag])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(run.stdoutText.hasPrefix("Usage: payphone text"))
    for option in ["--limit", "--warning-fraction", "--jsonl", "Examples:"] {
      #expect(run.stdoutText.contains(option))
    }
  }
}
