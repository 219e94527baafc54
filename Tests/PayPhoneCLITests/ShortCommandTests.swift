import Foundation
import PayPhoneTestSupport
import Testing

/// `payphone short` end to end (the command-line reference, "short"): every number of
/// the oracle fixture through one `--jsonl` process, and the plain and
/// usage forms. Expected values are libphonenumber 9.0.43's
/// (Tests/Fixtures/short.jsonl).
@Suite struct ShortCommandTests {
  struct OracleCase: Codable {
    let kind: String
    let region: String
    let number: String?
    let parsed: String?
    let possible: Bool?
    let valid: Bool?
    let cost: String?
    let carrierSpecific: Bool?
    let smsService: Bool?
    let emergency: Bool?
    let connectsToEmergency: Bool?
  }

  struct InputLine: Encodable {
    let number: String
    let region: String
  }

  @Test func jsonlAnswersAsTheOracleForEveryNumber() throws {
    let cases = try OracleFixture.cases(OracleCase.self, from: "short").filter { $0.kind == "number" }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let input = try cases.map { oracleCase in
      String(
        decoding: try encoder.encode(InputLine(number: oracleCase.number ?? "", region: oracleCase.region)),
        as: UTF8.self)
    }
    let run = try PayPhoneProcess.run(["short", "--jsonl"], input: .lines(input))
    #expect(run.status == 0)
    let lines = try run.jsonLines()
    #expect(lines.count == cases.count)
    var failures: [String] = []
    for (oracleCase, line) in zip(cases, lines) {
      let expected: JSON
      if let error = oracleCase.parsed {
        expected = ["ok": false, "error": .string(error), "message": line["message"] ?? .null]
      } else {
        expected = [
          "ok": true, "possible": .bool(oracleCase.possible ?? false),
          "valid": .bool(oracleCase.valid ?? false),
          "cost": .string(oracleCase.cost ?? ""), "emergency": .bool(oracleCase.emergency ?? false),
          "connectsToEmergency": .bool(oracleCase.connectsToEmergency ?? false),
          "carrierSpecific": .bool(oracleCase.carrierSpecific ?? false),
          "smsService": .bool(oracleCase.smsService ?? false),
        ]
      }
      if line != expected || (oracleCase.parsed != nil && line["message"]?.stringValue?.isEmpty != false) {
        failures.append(
          "\(oracleCase.number?.debugDescription ?? "") in \(oracleCase.region): expected \(expected), got \(line)"
        )
      }
    }
    for failure in failures { print("payphone short mismatch: \(failure)") }
    print("payphone short: \(cases.count - failures.count) of \(cases.count) lines agree with libphonenumber")
    #expect(failures.isEmpty, "\(failures.count) lines disagree; first: \(failures.first ?? "")")
  }

  @Test func theContractsExampleLine() throws {
    let run = try PayPhoneProcess.run(
      ["short", "--jsonl"], input: .lines([#"{"number": "112", "region": "DE"}"#]))
    #expect(run.status == 0)
    #expect(
      run.stdoutText
        == #"{"ok":true,"possible":true,"valid":true,"cost":"toll_free","emergency":true,"#
        + #""connectsToEmergency":true,"carrierSpecific":false,"smsService":false}"# + "\n")
  }

  @Test func linesMayCarryTheirOwnRegionAndBadLinesKeepTheStreamGoing() throws {
    let run = try PayPhoneProcess.run(
      ["short", "--jsonl", "--region", "US"],
      input: .lines([
        #"{"number": "9116"}"#,
        #"{"number": "1900", "region": "br"}"#,
        #"{"region": "DE"}"#,
        #"{"number": "hello", "region": "DE"}"#,
      ]))
    #expect(run.status == 0)
    let lines = try run.jsonLines()
    #expect(lines.count == 4)
    #expect(lines[0]["emergency"] == false)
    #expect(lines[0]["connectsToEmergency"] == true)
    #expect(lines[1]["connectsToEmergency"] == false)
    #expect(lines[2]["error"] == "bad_input_line")
    #expect(lines[3]["error"] == "not_a_number")
  }

  @Test func plainArgumentsDescribeEachNumber() throws {
    let run = try PayPhoneProcess.run(["short", "--region", "DE", "112", "116116", "hello"])
    #expect(run.status == 1)
    #expect(
      run.outputLines == [
        "112\tvalid, toll_free, emergency in DE", "116116\tvalid, toll_free in DE",
        "error: not_a_number: The text does not seem to be a phone number.",
      ])
  }

  @Test func aRegionIsRequired() throws {
    let run = try PayPhoneProcess.run(["short", "112"])
    #expect(run.status == 2)
    #expect(run.stderrText.contains("--region"))
    let jsonl = try PayPhoneProcess.run(["short", "--jsonl"], input: .lines([#"{"number": "112"}"#]))
    #expect(try jsonl.jsonLines().first?["error"] == "bad_input_line")
  }

  /// A megabyte-long number is too long to parse, and the next line is answered.
  @Test func aMegabyteLongNumberIsTooLong() throws {
    let run = try PayPhoneProcess.run(
      ["short", "--jsonl", "--region", "DE"],
      input: .lines([#"{"number": "\#(String(repeating: "١", count: 1 << 20))"}"#, #"{"number": "112"}"#]))
    let lines = try run.jsonLines()
    #expect(lines.count == 2)
    #expect(lines.first?["error"] == "too_long")
    #expect(lines.last?["emergency"] == true)
  }
}
