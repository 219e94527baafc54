import Testing

@Suite("payphone: commands, help and usage errors")
struct ToolTests {
  @Test("--help, -h and help print the overview on stdout", arguments: ["--help", "-h", "help"])
  func overview(_ flag: String) throws {
    let run = try PayPhoneProcess.run([flag])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(run.stdoutText.contains("Usage: payphone <command>"))
    #expect(run.stdoutText.contains("\n  text "))
    #expect(run.stdoutText.contains("--help"))
  }

  @Test("no command is a usage error: the overview goes to stderr, status 2")
  func noCommand() throws {
    let run = try PayPhoneProcess.run([])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrText.contains("Usage: payphone <command>"))
  }

  @Test(
    "an unknown command is a usage error naming it",
    arguments: [["frobnicate"], ["--jsonl"], ["TEXT"], ["frobnicate", "text"]])
  func unknownCommand(_ arguments: [String]) throws {
    let run = try PayPhoneProcess.run(arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrText.contains("'\(arguments[0])'"))
    #expect(run.stderrText.contains("payphone --help"))
  }

  @Test("--version prints the tool's name and version")
  func version() throws {
    let run = try PayPhoneProcess.run(["--version"])
    #expect(run.status == 0)
    let line = try #require(run.outputLines.first)
    #expect(line.hasPrefix("payphone "))
    #expect(line.split(separator: " ").count == 2)
  }
}
