import Testing

/// Argument parsing as the tool runs it: every usage error exits 2, writes
/// nothing on stdout, and names on stderr what is wrong (the contract's
/// General rules), with the way to the command's help.
@Suite struct UsageErrorTableTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    /// What stderr must name.
    let names: [String]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(arguments: ["phone", "--bogus"], names: ["unknown option --bogus"]),
    Case(arguments: ["phone", "--region"], names: ["--region needs a value"]),
    Case(arguments: ["phone", "--jsonl=yes"], names: ["--jsonl takes no value"]),
    Case(arguments: ["phone", "--jobs", "0"], names: ["--jobs", "'0'"]),
    Case(arguments: ["phone", "--jobs", "257"], names: ["--jobs", "'257'"]),
    Case(arguments: ["phone", "--jobs=two"], names: ["--jobs", "'two'"]),
    Case(arguments: ["phone", "--jsonl", "+44 20 7946 0958"], names: ["--jsonl", "drop the arguments"]),
    Case(arguments: ["phone", "--csv"], names: ["--column"]),
    Case(
      arguments: ["phone", "--csv", "--column", "phone", "--delimiter", ";;"], names: ["--delimiter", "';;'"]),
    Case(arguments: ["phone", "--csv", "--column", "phone", "--delimiter", "\""], names: ["--delimiter"]),
    Case(arguments: ["phone", "--region", "XX", "1"], names: ["'XX'"]),
    Case(arguments: ["bogus"], names: ["bogus"]),
    Case(arguments: ["phnoe", "+44 20 7946 0958"], names: ["'phnoe'", "did you mean 'phone'?"]),
    Case(arguments: ["regoins"], names: ["'regoins'", "did you mean 'regions'?"]),
    Case(arguments: ["-V"], names: ["'-V'", "did you mean '--version'?"]),
    Case(arguments: ["--verison"], names: ["'--verison'", "did you mean '--version'?"]),
    Case(arguments: ["phone", "--regoin", "GB", "1"], names: ["--regoin", "did you mean --region?"]),
    Case(arguments: ["card", "--bogus", "4111"], names: ["unknown option --bogus"]),
    Case(arguments: ["mask", "--jsonl", "--jobs", "-1"], names: ["--jobs", "'-1'"]),
    Case(arguments: ["find", "--leniency"], names: ["--leniency needs a value"]),
    Case(arguments: ["text", "--limit", "x", "a"], names: ["--limit"]),
    Case(arguments: ["expiry", "--today", "tomorrow", "12/30"], names: ["--today", "'tomorrow'"]),
  ]

  @Test(arguments: cases)
  func aUsageErrorExitsTwoNamingWhatIsWrong(_ test: Case) throws {
    let run = try PayPhoneProcess.run(test.arguments, input: .text("phone\n1\n"))
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    for name in test.names {
      #expect(run.stderrText.contains(name), "stderr: \(run.stderrText)")
    }
    #expect(run.stderrText.contains("--help"))
  }
}
