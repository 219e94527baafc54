internal import CPayPhoneSystem
internal import PayPhoneCore
internal import PayPhoneStreaming

/// The `payphone` entry point: picks the command and hands it the rest.
@main
enum PayPhoneTool {
  static let version = "\(PayPhoneVersion.current)"

  /// Every command, in the order `payphone --help` lists them.
  static var commands: [any Command.Type] {
    [
      PhoneCommand.self, AsYouTypeCommand.self, RegionsCommand.self, CardCommand.self, ExpiryCommand.self,
      MaskCommand.self, TextCommand.self, FindCommand.self, MatchCommand.self, ShortCommand.self,
    ]
  }

  static func main() {
    StandardStreams.ignoreBrokenPipeSignal()
    // Every command streams answers in buffers of a hundred kilobytes or
    // so, freed on another thread (--jobs) or as the next is made: with
    // glibc's defaults each would be unmapped and faulted in again.
    payphone_keep_freed_memory_mapped()
    let arguments = CommandLine.arguments.dropFirst()
    guard let first = arguments.first else {
      StandardStreams.writeError("payphone: missing command: give one of the commands below\n\n" + overview)
      StandardStreams.exitProcess(2)
    }
    switch first {
    case "--help", "-h", "help":
      StandardStreams.writeOutput(Array(overview.utf8))
      StandardStreams.exitProcess(0)
    case "--version":
      StandardStreams.writeOutput(Array("payphone \(version)\n".utf8))
      StandardStreams.exitProcess(0)
    default:
      break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      StandardStreams.exitProcess(
        usageFailure(UsageError("unknown command '\(first)'" + suggestion(for: first))))
    }
    StandardStreams.exitProcess(run(command, arguments.dropFirst()))
  }

  private static func run(_ command: any Command.Type, _ rest: ArraySlice<String>) -> Int32 {
    do throws(UsageError) {
      // Every line command answers stdin on --jobs threads.
      let shared: Set<String> = command is any LineCommand.Type ? ["--jobs"] : []
      let parsed = try ParsedArguments(
        rest, valueOptions: command.valueOptions.union(shared),
        flagOptions: command.flagOptions.union(["--help"]))
      if parsed.has("--help") {
        StandardStreams.writeOutput(Array(command.help.utf8))
        return 0
      }
      try parsed.checkJobs()
      let instance = try command.init(parsed)
      if command is any LineCommand.Type && parsed.inputs.isEmpty && StandardStreams.inputIsTerminal {
        StandardStreams.writeError(terminalInputHint(command.name, parsed))
      }
      return instance.run(parsed)
    } catch {
      return usageFailure(error, command: command.name)
    }
  }

  /// Said on stderr when a command is about to read a terminal, so that a
  /// tool waiting for input does not look like a tool that hangs.
  private static func terminalInputHint(_ name: String, _ parsed: ParsedArguments) -> String {
    let what =
      parsed.has("--jsonl")
      ? "one JSON object per line"
      : parsed.has("--csv") ? "CSV rows, the header row first" : "one input per line"
    return """
      payphone \(name): reading standard input from the terminal: type \(what), then press Ctrl-D;
      or give the inputs as arguments, or pipe them in ('payphone \(name) ... < FILE').
      Run 'payphone \(name) --help' for usage.

      """
  }

  /// What an unknown first argument most likely meant, as the end of the
  /// error message: a command's name, or `--version` for the spellings
  /// other tools use for it.
  private static func suggestion(for word: String) -> String {
    if ["-V", "-v", "-version", "version"].contains(word) { return ": did you mean '--version'?" }
    let names = commands.map { command in command.name } + ["--help", "--version"]
    guard let name = Suggestion.closest(to: word, among: names) else { return "" }
    return ": did you mean '\(name)'?"
  }

  static var overview: String {
    let width = commands.map { command in command.name.count }.max() ?? 0
    let list = commands.map { command in
      "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary
    }.joined(separator: "\n")
    return """
      payphone \(version) — clean, canonical checkout data: phone numbers, cards, masks, text.

      Usage: payphone <command> [options] [INPUT ...]

      Commands:
      \(list)

      Every command reads its inputs from the arguments, or from stdin one per line;
      --jsonl reads and writes one JSON object per line (see each command's --help);
      --jobs N answers stdin on N threads, in input order (default: one per core).

      Run 'payphone <command> --help' for a command's options and examples.

      """
  }
}
