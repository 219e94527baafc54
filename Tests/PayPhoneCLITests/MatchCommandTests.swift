import Foundation
import PayPhoneTestSupport
import Testing

/// `payphone match` end to end (the command-line reference, "match"): the whole oracle
/// fixture through one `--jsonl` process, and the plain and usage forms.
/// Expected values are libphonenumber 9.0.43's (Tests/Fixtures/match.jsonl).
@Suite struct MatchCommandTests {
  struct OracleCase: Codable {
    let a: String
    let b: String
    let region: String?
    let strings: String
    let numbers: String?
  }

  struct InputLine: Encodable {
    let a: String
    let b: String
    let region: String?
  }

  @Test func jsonlAnswersAsTheOracleForEveryPair() throws {
    let cases = try OracleFixture.cases(OracleCase.self, from: "match")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let input = try cases.map { oracleCase in
      String(
        decoding: try encoder.encode(InputLine(a: oracleCase.a, b: oracleCase.b, region: oracleCase.region)),
        as: UTF8.self)
    }
    let run = try PayPhoneProcess.run(["match", "--jsonl"], input: .lines(input))
    #expect(run.status == 0)
    let lines = try run.jsonLines()
    #expect(lines.count == cases.count)
    var failures: [String] = []
    for (oracleCase, line) in zip(cases, lines) {
      // With a region, both parsed there and compared; without, as texts.
      let expected = oracleCase.region == nil ? oracleCase.strings : oracleCase.numbers ?? ""
      if line != ["ok": true, "match": .string(expected)] {
        failures.append(
          "\(oracleCase.a.debugDescription) vs \(oracleCase.b.debugDescription) in \(oracleCase.region ?? "-"): "
            + "expected \(expected), got \(line)")
      }
    }
    for failure in failures { print("payphone match mismatch: \(failure)") }
    print("payphone match: \(cases.count - failures.count) of \(cases.count) lines agree with libphonenumber")
    #expect(failures.isEmpty, "\(failures.count) lines disagree; first: \(failures.first ?? "")")
  }

  @Test func twoArgumentsPrintTheMatchType() throws {
    let run = try PayPhoneProcess.run(["match", "+44 20 7946 0958", "020 7946 0958"])
    #expect(run.status == 0)
    #expect(run.stdoutText == "nsn_match\n")
    let inRegion = try PayPhoneProcess.run(["match", "--region", "us", "650 253 0000", "+1 650-253-0000"])
    #expect(inRegion.stdoutText == "exact_match\n")
    let notANumber = try PayPhoneProcess.run(["match", "--region", "US", "650 253 0000", "hello"])
    #expect(notANumber.stdoutText == "not_a_number\n")
  }

  @Test func jsonlRegionOverridesTheOptionAndBadLinesKeepTheStreamGoing() throws {
    let run = try PayPhoneProcess.run(
      ["match", "--jsonl", "--region", "US"],
      input: .lines([
        #"{"a": "020 7946 0958", "b": "+44 20 7946 0958", "region": "gb"}"#,
        #"{"a": "020 7946 0958", "b": "+44 20 7946 0958"}"#,
        #"{"a": "+1 345 657 1234"}"#,
        "",
        #"{"a": "+1 345 657 1234", "b": "657 1234", "region": null}"#,
      ]))
    #expect(run.status == 0)
    let lines = try run.jsonLines()
    #expect(lines.count == 5)
    #expect(lines[0] == ["ok": true, "match": "exact_match"])
    // Read in the US, 020 7946 0958 parses (as a US number) and differs.
    #expect(lines[1] == ["ok": true, "match": "no_match"])
    #expect(lines[2]["error"] == "bad_input_line")
    #expect(lines[3]["error"] == "bad_input_line")
    #expect(lines[4] == ["ok": true, "match": "short_nsn_match"])
  }

  @Test func stdinLinesHoldTabSeparatedPairs() throws {
    let run = try PayPhoneProcess.run(
      ["match"], input: .lines(["+1 345 657 1234\t657 1234", "+39 02 1234 5678\t+39 2 1234 5678", "one"]))
    #expect(run.status == 0)
    #expect(
      run.outputLines == [
        "short_nsn_match", "short_nsn_match", "error: expected two numbers separated by a tab",
      ])
  }

  @Test(arguments: [
    ["match", "+44 20 7946 0958"], ["match", "1", "2", "3"], ["match", "--bogus", "1", "2"],
  ])
  func wrongArgumentsAreUsageErrors(_ arguments: [String]) throws {
    let run = try PayPhoneProcess.run(arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrText.contains("payphone match"))
  }

  /// A megabyte-long number is no phone number (libphonenumber reads at
  /// most 250 characters), and the next line is answered.
  @Test func aMegabyteLongNumberIsNotANumber() throws {
    let megabyte = String(repeating: "1", count: 1 << 20)
    let run = try PayPhoneProcess.run(
      ["match", "--jsonl"],
      input: .lines([
        #"{"a": "\#(megabyte)", "b": "+44 20 7946 0958"}"#,
        #"{"a": "+44 20 7946 0958", "b": "\#(megabyte)", "region": "GB"}"#,
        #"{"a": "+44 20 7946 0958", "b": "020 7946 0958"}"#,
      ]))
    #expect(
      try run.jsonLines() == [
        ["ok": true, "match": "not_a_number"], ["ok": true, "match": "not_a_number"],
        ["ok": true, "match": "nsn_match"],
      ])
  }
}
