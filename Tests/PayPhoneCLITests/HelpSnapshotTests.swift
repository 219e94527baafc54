import Foundation
import PayPhoneTestSupport
import Testing

/// `payphone --help` and every `payphone <command> --help` against the
/// stored snapshots in `Tests/Fixtures/help/`. A change to a help text is
/// reviewed as a change to its snapshot: re-record them all with
///
///     PAYPHONE_RECORD_SNAPSHOTS=1 swift test --filter HelpSnapshotTests
@Suite struct HelpSnapshotTests {
  static let commands = [
    "phone", "as-you-type", "regions", "card", "expiry", "mask", "text", "find", "match", "short",
  ]
  static let directory = OracleFixture.directory.appendingPathComponent("help")
  static let isRecording = ProcessInfo.processInfo.environment["PAYPHONE_RECORD_SNAPSHOTS"] == "1"

  static func check(_ arguments: [String], snapshot name: String) throws {
    let run = try PayPhoneProcess.run(arguments)
    #expect(run.status == 0, "\(arguments)")
    #expect(run.stderr.isEmpty, "\(arguments)")
    let file = directory.appendingPathComponent("\(name).txt")
    if isRecording {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(run.stdout).write(to: file)
      return
    }
    let stored = try #require(
      FileManager.default.contents(atPath: file.path),
      "no snapshot \(file.lastPathComponent): record it with PAYPHONE_RECORD_SNAPSHOTS=1")
    if Array(stored) != run.stdout {
      Issue.record(
        """
        payphone \(arguments.joined(separator: " ")) differs from \(file.lastPathComponent) \
        (re-record with PAYPHONE_RECORD_SNAPSHOTS=1 if the change is meant):
        \(run.stdoutText)
        """)
    }
  }

  @Test func theOverview() throws {
    try Self.check(["--help"], snapshot: "payphone")
  }

  @Test(arguments: commands)
  func aCommandsHelp(_ command: String) throws {
    try Self.check([command, "--help"], snapshot: command)
  }

  @Test(arguments: commands)
  func dashHIsHelpToo(_ command: String) throws {
    let long = try PayPhoneProcess.run([command, "--help"])
    let short = try PayPhoneProcess.run([command, "-h"])
    #expect(short.status == 0)
    #expect(short.stdout == long.stdout)
  }

  /// Every command that reads inputs line by line takes `--jobs`; `regions`
  /// reads none.
  @Test(arguments: commands.filter { $0 != "regions" })
  func aLineCommandsHelpListsJobs(_ command: String) throws {
    let help = try PayPhoneProcess.run([command, "--help"])
    #expect(help.stdoutText.contains("\n  --jobs N "))
    let run = try PayPhoneProcess.run([command, "--jobs", "1", "--jsonl"], input: .none)
    #expect(run.status == 0, "\(run.stderrText)")
  }

  @Test func regionsNeitherListsNorTakesJobs() throws {
    let help = try PayPhoneProcess.run(["regions", "--help"])
    #expect(!help.stdoutText.contains("--jobs"))
    let run = try PayPhoneProcess.run(["regions", "--jobs", "1"])
    #expect(run.status == 2)
  }

  @Test func everyCommandHasASnapshot() throws {
    let stored = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter {
      $0.hasSuffix(".txt")
    }
    #expect(Set(stored) == Set((Self.commands + ["payphone"]).map { "\($0).txt" }))
  }
}
