import Testing

/// `payphone as-you-type` end to end (Sources/PayPhone/PayPhone.docc/CommandLineReference.md,
/// "as-you-type");
/// the steps are libphonenumber 9.0.43's AsYouTypeFormatter output.
@Suite struct AsYouTypeCommandTests {
  static let cases: [(region: String, keys: String, steps: [String])] = [
    (
      "US", "6502532222",
      [
        "6", "65", "650", "650-2", "650-25", "650-253", "650-2532", "(650) 253-22", "(650) 253-222",
        "(650) 253-2222",
      ]
    ),
    (
      "GB", "+447400123456",
      [
        "+", "+4", "+44 ", "+44 7", "+44 74", "+44 740", "+44 7400", "+44 7400 1", "+44 7400 12",
        "+44 7400 123",
        "+44 7400 1234", "+44 7400 12345", "+44 7400 123456",
      ]
    ),
    (
      "DE", "030123456",
      ["0", "03", "030", "030 1", "030 12", "030 123", "030 1234", "030 12345", "030 123456"]
    ),
  ]

  @Test func jsonlGivesOneStepPerKey() throws {
    let lines = Self.cases.map { #"{"region": "\#($0.region)", "keys": "\#($0.keys)"}"# }
    let run = try PayPhoneProcess.run(["as-you-type", "--jsonl"], input: .lines(lines + ["{}"]))
    let output = try run.jsonLines()
    #expect(output.count == Self.cases.count + 1)
    for (line, expected) in zip(output, Self.cases) {
      #expect(line == ["ok": true, "steps": .array(expected.steps.map { .string($0) })])
    }
    #expect(output.last?["error"] == "bad_input_line")
    #expect(run.status == 0)
  }

  @Test func plainModePrintsTheStepsAndNeedsARegion() throws {
    let run = try PayPhoneProcess.run(["as-you-type", "--region", "DE", "030123456"])
    #expect(run.status == 0)
    #expect(run.stdoutText.contains("030 123456"))
    let missing = try PayPhoneProcess.run(["as-you-type", "030123456"])
    #expect(missing.status == 2)
    #expect(!missing.stderrText.isEmpty)
  }

  @Test func regionsCarryTheMasks() throws {
    let run = try PayPhoneProcess.run(["regions", "--jsonl"])
    let us = try #require(try run.jsonLines().first { $0["region"] == "US" })
    #expect(us["nationalMask"] == "(###) ###-####")
    #expect(us["internationalMask"] == "+1 ###-###-####")
  }
}

/// `payphone card` and `payphone expiry` end to end, with the contract's
/// own examples.
@Suite struct CardCommandTests {
  @Test func contractExampleForAmex() throws {
    let run = try PayPhoneProcess.run(
      ["card", "--jsonl"], input: .lines([#"{"number": "3782 822463 10005"}"#]))
    let output = try #require(try run.jsonLines().first)
    #expect(
      output == [
        "input": "3782 822463 10005", "ok": true, "digits": "378282246310005", "brand": "american-express",
        "candidates": ["american-express"], "luhn": true, "lengthValid": true, "valid": true,
        "potentiallyValid": true, "formatted": "3782 822463 10005", "bin": "378282", "last4": "0005",
        "cvcName": "CID", "cvcLength": 4, "cvcValid": nil,
      ])
    #expect(
      run.stdoutText.firstIndex(of: "\n") == run.stdoutText.index(before: run.stdoutText.endIndex))
    let keys = [
      "input", "ok", "digits", "brand", "candidates", "luhn", "lengthValid", "valid", "potentiallyValid",
      "formatted", "bin", "last4", "cvcName", "cvcLength", "cvcValid",
    ]
    let positions = keys.map { run.stdoutText.range(of: "\"\($0)\":")?.lowerBound }
    #expect(!positions.contains(nil))
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "the contract's key order")
  }

  /// the command-line reference `cvcValid`: the brand's code length exactly, digits of
  /// any script, 3 or 4 without a brand; null without a `cvc`; never echoed.
  @Test func securityCodeIsCheckedAndNeverEchoed() throws {
    let lines = [
      #"{"number": "3782 822463 10005", "cvc": "8137"}"#,
      #"{"number": "3782 822463 10005", "cvc": "813"}"#,
      #"{"number": "4111 1111 1111 1111", "cvc": "813"}"#,
      #"{"number": "4111 1111 1111 1111", "cvc": "٨١٣"}"#,
      #"{"number": "4111 1111 1111 1111", "cvc": "8137"}"#,
      #"{"number": "4111 1111 1111 1111", "cvc": "81x"}"#,
      #"{"number": "4111 1111 1111 1111", "cvc": ""}"#,
      #"{"number": "4111 1111 1111 1111", "cvc": null}"#,
      #"{"number": "65", "cvc": "8137"}"#,
      #"{"number": "65", "cvc": "813"}"#,
      #"{"number": "65", "cvc": "81"}"#,
      #"{"number": "9792 0000 0000 0001", "cvc": "813"}"#,
      #"{"number": "4111 1111 1111 1111", "cvc": 813}"#,
      #"{"number": "4111 x", "cvc": "8137"}"#,
    ]
    let run = try PayPhoneProcess.run(["card", "--jsonl"], input: .lines(lines))
    let output = try run.jsonLines()
    #expect(output.count == lines.count)
    let expected: [JSON] = [true, false, true, true, false, false, false, .null, true, true, false, true]
    for (index, value) in expected.enumerated() {
      #expect(output[index]["cvcValid"] == value, "line \(index + 1)")
      #expect(output[index]["ok"] == true, "line \(index + 1)")
    }
    #expect(output[12]["error"] == "bad_input_line")
    #expect(output[13]["error"] == "invalid_character")
    #expect(!run.stdoutText.contains("813") && !run.stdoutText.contains("٨١٣"))
    #expect(!run.stderrText.contains("813"))
  }

  @Test func troyAndNaranjaAreDetected() throws {
    let run = try PayPhoneProcess.run(
      ["card", "--jsonl"],
      input: .lines([
        #"{"number": "9"}"#, #"{"number": "6509 2300 0000 0000"}"#, #"{"number": "5895 6200 0000 0000"}"#,
      ]))
    let output = try run.jsonLines()
    #expect(output[0]["candidates"] == ["troy"])
    #expect(output[0]["brand"] == "troy")
    #expect(output[1]["brand"] == "troy")
    #expect(output[1]["cvcName"] == "CVV")
    #expect(output[1]["bin"] == "65092300")
    #expect(output[2]["brand"] == "naranja")
    #expect(output[2]["cvcLength"] == 3)
  }

  @Test func typingPrefixesListCandidates() throws {
    let run = try PayPhoneProcess.run(
      ["card", "--jsonl"], input: .lines([#"{"number": "65"}"#, #"{"number": "4"}"#, #"{"number": "7"}"#]))
    let output = try run.jsonLines()
    #expect(output[0]["candidates"] == ["discover", "elo", "troy"])
    #expect(output[0]["brand"] == .null)
    #expect(output[1]["candidates"] == ["visa", "maestro", "elo", "naranja"])
    #expect(output[2]["candidates"] == .array([]))
  }

  @Test func errorsNeverEchoTheDigitsOnStderr() throws {
    let run = try PayPhoneProcess.run(
      ["card", "--jsonl"], input: .lines([#"{"number": "4111-1111-1111-111x"}"#, #"{"number": ""}"#]))
    let output = try run.jsonLines()
    #expect(output[0]["error"] == "invalid_character")
    #expect(output[1]["error"] == "empty")
    #expect(output[0]["message"]?.stringValue?.contains("411111111111111") == false)
    #expect(!run.stderrText.contains("4111"))
  }

  @Test func expiryContractExample() throws {
    let run = try PayPhoneProcess.run(
      ["expiry", "--jsonl"],
      input: .lines([
        #"{"expiry": "12/34", "today": "2026-11-29"}"#, #"{"expiry": "13/30", "today": "2026-11-29"}"#,
        #"{"expiry": "11/26", "today": "2026-12-01"}"#,
      ]))
    let output = try run.jsonLines()
    #expect(
      output[0] == [
        "ok": true, "month": 12, "year": 2034, "formatted": "12/34", "expired": false, "valid": true,
      ])
    #expect(output[1]["error"] == "invalid_month")
    #expect(output[2]["expired"] == true)
    #expect(output[2]["valid"] == false)
  }
}
