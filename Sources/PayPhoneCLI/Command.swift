@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// One `payphone` command: its name, help text and options, and how it runs.
protocol Command {
  static var name: String { get }
  /// One line for `payphone --help`.
  static var summary: String { get }
  /// The full `payphone <command> --help` text, with examples.
  static var help: String { get }
  /// Options that take a value (`--region GB`).
  static var valueOptions: Set<String> { get }
  /// Options that are on or off: `--jsonl` alone unless a command says
  /// otherwise.
  static var flagOptions: Set<String> { get }

  /// Checks the options; throws a usage error for bad ones.
  init(_ arguments: ParsedArguments) throws(UsageError)

  /// Runs the command and returns the process exit status.
  func run(_ arguments: ParsedArguments) -> Int32
}

extension Command {
  static var flagOptions: Set<String> { ["--jsonl"] }
}

/// A command that turns each input (an argument, a stdin line or a JSONL
/// object) into exactly one output line. Its inputs are independent, so
/// stdin is answered on `--jobs` threads (default: one per core), in input
/// order.
protocol LineCommand: Command, Sendable {
  /// Handles one JSONL object; writes one whole output line. Throws only
  /// for a line that is unusable as input (`bad_input_line`).
  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine)

  /// Handles one plain input; writes one human-readable line and returns
  /// whether the input was processed without an error.
  func process(plain input: String, into output: inout LineWriter) -> Bool
}

extension LineCommand {
  func run(_ arguments: ParsedArguments) -> Int32 {
    runLines(arguments)
  }

  /// The loop every line command shares: JSONL, arguments, or plain lines.
  /// Stdin is read on `--jobs` threads and answered in input order, one
  /// output line per input line whatever it holds: a blank, broken or too
  /// long line gets an error line of its own, and nothing stops the stream.
  func runLines(_ arguments: ParsedArguments) -> Int32 {
    if arguments.has("--jsonl") {
      guard arguments.inputs.isEmpty else {
        return usageFailure(
          UsageError("--jsonl reads its inputs from stdin; drop the arguments"), command: Self.name)
      }
      return OrderedParallelLines.run(jobs: arguments.jobs) { line, output in
        InputLoop.jsonLine(line, into: &output) { (fields, output) throws(BadInputLine) in
          try process(json: fields, into: &output)
        }
      }
    }
    if !arguments.inputs.isEmpty {
      var output = LineWriter()
      var allSucceeded = true
      for input in arguments.inputs {
        allSucceeded = process(plain: input, into: &output) && allSucceeded
        if output.byteCount > 1 << 16 {
          output.flushToStandardOutput()
        }
      }
      output.flushToStandardOutput()
      return allSucceeded ? 0 : 1
    }
    return OrderedParallelLines.run(jobs: arguments.jobs) { line, output in
      InputLoop.plainLine(line, into: &output) { input, output in _ = process(plain: input, into: &output) }
    }
  }
}

/// Prints a usage error for the running command and gives status 2.
func usageFailure(_ error: UsageError, command: String? = nil) -> Int32 {
  let prefix = command.map { "payphone \($0)" } ?? "payphone"
  let hint = command.map { "payphone \($0) --help" } ?? "payphone --help"
  StandardStreams.writeError("\(prefix): \(error.message)\nRun '\(hint)' for usage.\n")
  return 2
}
