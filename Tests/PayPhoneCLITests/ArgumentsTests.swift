import PayPhoneStreaming
import Testing

@testable import PayPhoneCLI

/// `ParsedArguments`: options, flags, `--`, `=`, repeated options, and the
/// usage error each mistake gives (naming the option).
@Suite struct ArgumentsTests {
  static let valueOptions: Set<String> = ["--region", "--column", "--jobs"]
  static let flagOptions: Set<String> = ["--jsonl", "--csv", "--help"]

  static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try ParsedArguments(arguments[...], valueOptions: valueOptions, flagOptions: flagOptions)
  }

  struct Parsed: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let values: [String: String]
    let flags: Set<String>
    let inputs: [String]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let accepted: [Parsed] = [
    Parsed(arguments: [], values: [:], flags: [], inputs: []),
    Parsed(arguments: ["--region", "GB", "020"], values: ["--region": "GB"], flags: [], inputs: ["020"]),
    Parsed(arguments: ["--region=gb", "020"], values: ["--region": "gb"], flags: [], inputs: ["020"]),
    Parsed(arguments: ["--region=", "x"], values: ["--region": ""], flags: [], inputs: ["x"]),
    Parsed(arguments: ["--region", "--jsonl"], values: ["--region": "--jsonl"], flags: [], inputs: []),
    Parsed(arguments: ["--jsonl", "--csv"], values: [:], flags: ["--jsonl", "--csv"], inputs: []),
    Parsed(arguments: ["-h"], values: [:], flags: ["--help"], inputs: []),
    Parsed(arguments: ["-", "-5", "+44"], values: [:], flags: [], inputs: ["-", "-5", "+44"]),
    Parsed(arguments: ["--", "--jsonl", "--x"], values: [:], flags: [], inputs: ["--jsonl", "--x"]),
    Parsed(arguments: ["a", "--jsonl", "b"], values: [:], flags: ["--jsonl"], inputs: ["a", "b"]),
    Parsed(arguments: ["--region=a=b"], values: ["--region": "a=b"], flags: [], inputs: []),
  ]

  @Test(arguments: accepted)
  func parses(_ test: Parsed) throws {
    let parsed = try Self.parse(test.arguments)
    #expect(parsed.values.compactMapValues(\.last) == test.values)
    #expect(parsed.flags == test.flags)
    #expect(parsed.inputs == test.inputs)
  }

  @Test func aRepeatedOptionKeepsEveryValueInOrderAndTheLastAsItsValue() throws {
    let parsed = try Self.parse(["--column", "phone", "--column=mobile", "--column", "fax"])
    #expect(parsed.values("--column") == ["phone", "mobile", "fax"])
    #expect(parsed.value("--column") == "fax")
    #expect(parsed.values("--region").isEmpty)
    #expect(parsed.value("--region") == nil)
  }

  @Test(arguments: [
    (["--bogus"], "unknown option --bogus"), (["--bogus=1"], "unknown option --bogus"),
    (["--region"], "--region needs a value"), (["x", "--column"], "--column needs a value"),
    (["--jsonl=1"], "--jsonl takes no value"), (["--csv="], "--csv takes no value"),
  ])
  func aMistakeIsAUsageErrorNamingTheOption(arguments: [String], message: String) {
    #expect(throws: UsageError.self) { try Self.parse(arguments) }
    do {
      _ = try Self.parse(arguments)
    } catch {
      #expect(error.message == message)
    }
  }

  @Test(arguments: ["0", "257", "-1", "two", "", "1.5", " 2"])
  func jobsOutsideOneTo256IsAUsageErrorQuotingIt(_ text: String) throws {
    let parsed = try Self.parse(["--jobs", text])
    do {
      try parsed.checkJobs()
      Issue.record("--jobs \(text) accepted")
    } catch {
      #expect(error.message == "--jobs needs a whole number from 1 to 256, not '\(text)'")
    }
  }

  @Test(arguments: [("1", 1), ("2", 2), ("256", 256)])
  func jobsInRangeIsTaken(text: String, jobs: Int) throws {
    let parsed = try Self.parse(["--jobs", text])
    try parsed.checkJobs()
    #expect(parsed.jobs == jobs)
  }

  @Test func withoutJobsOneJobPerCoreAtLeastOne() throws {
    let parsed = try Self.parse([])
    try parsed.checkJobs()
    #expect((1...ParsedArguments.maximumJobs).contains(parsed.jobs))
  }

  static let commands = [
    "phone", "as-you-type", "regions", "card", "expiry", "mask", "text", "find", "match", "short",
  ]

  @Test(arguments: [
    ("phnoe", "phone"), ("phon", "phone"), ("phonee", "phone"), ("mach", "match"), ("txt", "text"),
    ("regoins", "regions"), ("as-you-tipe", "as-you-type"), ("crad", "card"),
  ])
  func aSlipOfTheKeyboardSuggestsTheCommand(_ typed: String, _ meant: String) {
    #expect(Suggestion.closest(to: typed, among: Self.commands) == meant)
  }

  @Test(arguments: ["bogus", "cards-and-more", "x", "", "telephone"])
  func aWordFarFromEveryCommandSuggestsNothing(_ typed: String) {
    #expect(Suggestion.closest(to: typed, among: Self.commands) == nil)
  }

  @Test func anUnknownOptionNamesTheNearestOne() {
    let error = #expect(throws: UsageError.self) { try Self.parse(["--jsnol"]) }
    #expect(error?.message == "unknown option --jsnol: did you mean --jsonl?")
    let far = #expect(throws: UsageError.self) { try Self.parse(["--bogus"]) }
    #expect(far?.message == "unknown option --bogus")
  }
}
