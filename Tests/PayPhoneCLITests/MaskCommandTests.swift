import Testing

/// The output object the contract (the command-line reference, "mask") prescribes.
func maskOutput(text: String, value: String, complete: Bool, caret: Int) -> JSON {
  [
    "ok": true, "text": .string(text), "value": .string(value), "complete": .bool(complete),
    "caret": .number(Double(caret)),
  ]
}

/// An `invalid_mask` error object; the message is free, so it is not compared.
func isInvalidMask(_ output: JSON) -> Bool {
  output["ok"] == false && output["error"] == "invalid_mask"
    && output["message"]?.stringValue?.isEmpty == false
    && output.keys == ["ok", "error", "message"]
}

/// JSONL inputs and the objects "Worked examples" of
/// Sources/PayPhoneMasks/PayPhoneMasks.docc/InputMasks.md gives for them (InputMask's
/// answers for the bracket notation, the seed's for the shorthand).
private let maskLineCases: [JSONLineCase] = [
  .init(
    line: #"{"mask": "+7 ([000]) [000] [00] [00]", "text": ""}"#,
    expected: maskOutput(text: "+7 (", value: "", complete: false, caret: 4)),
  .init(
    line: #"{"mask": "+7 ([000]) [000] [00] [00]", "text": "", "autocomplete": false}"#,
    expected: maskOutput(text: "", value: "", complete: false, caret: 0)),
  .init(
    line: #"{"mask": "+7 ([000]) [000] [00] [00]", "text": "1", "autocomplete": false}"#,
    expected: maskOutput(text: "+7 (1", value: "1", complete: false, caret: 5)),
  .init(
    line: #"{"mask": "+7 ([000]) [000] [00] [00]", "text": "79621234567"}"#,
    expected: maskOutput(text: "+7 (962) 123 45 67", value: "9621234567", complete: true, caret: 18)),
  .init(
    line: #"{"mask": "+7 ([000]) [000] [00] [00]", "text": "+7 (962) 123-45-67"}"#,
    expected: maskOutput(text: "+7 (962) 123 45 67", value: "9621234567", complete: true, caret: 18)),
  .init(
    line: #"{"mask": "+7 ([000]) [000] [00] [00]", "text": "+7 (962) 123 45 67", "caret": 4}"#,
    expected: maskOutput(text: "+7 (962) 123 45 67", value: "9621234567", complete: true, caret: 4)),
  .init(
    line: #"{"mask": "{+7} ([000]) [000] [00] [00]", "text": "9621234567"}"#,
    expected: maskOutput(text: "+7 (962) 123 45 67", value: "+79621234567", complete: true, caret: 18)),
  .init(
    line: #"{"mask": "+998 [00] [000] [00] [00]", "text": "909933344"}"#,
    expected: maskOutput(text: "+998 09 933 34 4", value: "09933344", complete: false, caret: 16)),
  .init(
    line: #"{"mask": "[00]{.}[00]{.}[9900]", "text": "0102"}"#,
    expected: maskOutput(text: "01.02.", value: "01.02.", complete: false, caret: 6)),
  .init(
    line: #"{"mask": "[00]{.}[00]{.}[9900]", "text": "01.02.20"}"#,
    expected: maskOutput(text: "01.02.20", value: "01.02.20", complete: true, caret: 8)),
  .init(
    line: #"{"mask": "[00]-[00]", "text": "1234"}"#,
    expected: maskOutput(text: "12-34", value: "1234", complete: true, caret: 5)),
  .init(
    line: #"{"mask": "[00]{-}[00]", "text": "1234"}"#,
    expected: maskOutput(text: "12-34", value: "12-34", complete: true, caret: 5)),
  .init(
    line: #"{"mask": "[000999]-[000999]", "text": "123456"}"#,
    expected: maskOutput(text: "123456-", value: "123456", complete: false, caret: 7)),
  .init(
    line: #"{"mask": "[AAA]", "text": "a1b2c3d"}"#,
    expected: maskOutput(text: "abc", value: "abc", complete: true, caret: 3)),
  .init(
    line: #"{"mask": "+1 ([000]) [000]-[0000]", "text": "5551234567", "caret": 3}"#,
    expected: maskOutput(text: "+1 (555) 123-4567", value: "5551234567", complete: true, caret: 9)),
  // Digits of any script are folded first.
  .init(
    line: #"{"mask": "+7 ([000]) [000] [00] [00]", "text": "٧٩٦٢١٢٣٤٥٦٧"}"#,
    expected: maskOutput(text: "+7 (962) 123 45 67", value: "9621234567", complete: true, caret: 18)),
  // Shorthand: literals only before a character, caret at the end.
  .init(
    line: ###"{"mask": "##/##", "text": "12"}"###,
    expected: maskOutput(text: "12", value: "12", complete: false, caret: 2)),
  .init(
    line: ###"{"mask": "##/##", "text": "١٢٢٥", "caret": 0, "autocomplete": false}"###,
    expected: maskOutput(text: "12/25", value: "1225", complete: true, caret: 5)),
  // Without a "[" a mask is shorthand, braces and all: "{+7} " is a literal
  // run whose read-back prefix "{+7" the input lacks.
  .init(
    line: #"{"mask": "{+7} ###", "text": "12"}"#,
    expected: maskOutput(text: "{+7} 12", value: "12", complete: false, caret: 7)),
  .init(
    line: #"{"mask": "+34 ### ### ###", "text": "+34 612 345 678"}"#,
    expected: maskOutput(text: "+34 612 345 678", value: "612345678", complete: true, caret: 15)),
]

@Suite("payphone mask")
struct MaskCommandTests {
  @Test("each JSONL object gives the contract's output object", arguments: maskLineCases)
  func jsonLine(_ testCase: JSONLineCase) throws {
    let run = try PayPhoneProcess.run(["mask", "--jsonl"], input: .lines([testCase.line]))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(try run.jsonLines() == [testCase.expected])
  }

  @Test("the contract's example, byte for byte: compact, keys in the contract's order")
  func contractSnapshot() throws {
    let run = try PayPhoneProcess.run(
      ["mask", "--jsonl"], input: .lines([#"{"mask": "+1 ([000]) [000]-[0000]", "text": "(555) 123-4567"}"#]))
    #expect(
      run.stdoutText
        == #"{"ok":true,"text":"+1 (555) 123-4567","value":"5551234567","complete":true,"caret":17}"# + "\n")
  }

  @Test(
    "unusable masks give invalid_mask and the stream goes on",
    arguments: ["[000AA]", "[00", "{+7} [000", "[[00]000]", "[0x0]", "[00]]", "[…]", "[0…]0"])
  func invalidMask(_ mask: String) throws {
    let run = try PayPhoneProcess.run(
      ["mask", "--jsonl"],
      input: .lines([#"{"mask": "\#(mask)", "text": "1"}"#, #"{"mask": "[0]", "text": "1"}"#]))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 2)
    #expect(isInvalidMask(outputs[0]))
    #expect(outputs[1] == maskOutput(text: "1", value: "1", complete: true, caret: 1))
  }

  @Test("--mask is the default for lines without their own; neither is bad_input_line")
  func maskOptionIsTheDefault() throws {
    let run = try PayPhoneProcess.run(
      ["mask", "--jsonl", "--mask", "[00]-[00]"],
      input: .lines([#"{"text": "1234"}"#, #"{"text": "1234", "mask": "[0]/[0]"}"#]))
    #expect(
      try run.jsonLines() == [
        maskOutput(text: "12-34", value: "1234", complete: true, caret: 5),
        maskOutput(text: "1/2", value: "12", complete: true, caret: 3),
      ])
    let missing = try PayPhoneProcess.run(
      ["mask", "--jsonl"],
      input: .lines([#"{"text": "1234"}"#, #"{"mask": "[0]"}"#, #"{"mask": "[0]", "text": 5}"#]))
    #expect(missing.status == 0)
    #expect(
      try missing.jsonLines().map { $0["error"] } == ["bad_input_line", "bad_input_line", "bad_input_line"])
  }

  @Test("a bad --mask default fails only the lines that use it")
  func badDefaultMask() throws {
    let run = try PayPhoneProcess.run(
      ["mask", "--jsonl", "--mask", "[00"],
      input: .lines([#"{"text": "12"}"#, #"{"text": "12", "mask": "[00]"}"#]))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 2)
    #expect(isInvalidMask(outputs[0]))
    #expect(outputs[1] == maskOutput(text: "12", value: "12", complete: true, caret: 2))
  }

  @Test("plain arguments: one human line per argument, exit 0")
  func plainArguments() throws {
    let run = try PayPhoneProcess.run(["mask", "--mask", "+1 ([000]) [000]-[0000]", "5551234567", "555"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let lines = run.outputLines
    try #require(lines.count == 2)
    #expect(lines[0].contains("+1 (555) 123-4567") && lines[0].contains("5551234567"))
    #expect(lines[1].contains("+1 (555) ") && lines[1].contains("incomplete"))
  }

  @Test(
    "usage errors exit 2 with a message on stderr and nothing on stdout",
    arguments: [
      ["mask", "1234"], ["mask", "--mask"], ["mask", "--mask", "[000AA]", "1"], ["mask", "--bogus"],
    ])
  func usageErrors(_ arguments: [String]) throws {
    let run = try PayPhoneProcess.run(arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrText.hasPrefix("payphone mask: "))
  }

  @Test("--help prints the usage with examples")
  func help() throws {
    let run = try PayPhoneProcess.run(["mask", "--help"])
    #expect(run.status == 0)
    #expect(run.stdoutText.hasPrefix("Usage: payphone mask"))
    #expect(run.stdoutText.contains("Examples:"))
  }
}
