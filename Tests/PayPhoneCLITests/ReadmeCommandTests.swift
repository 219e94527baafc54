import Foundation
import Testing

/// The shell commands of README.md, as a reader would type them.
///
/// Every command shown with a `$` prompt runs in bash, from a folder that
/// sees the package's `Data` and `Sources`, with the `payphone` built next
/// to these tests first on the PATH; its standard output must be the lines
/// the README shows under it. A shown line `...` stands for any number of
/// lines, and `...` inside a line for any text. The C example's program is
/// compiled with the README's own `cc` command, against the
/// `libPayPhoneC.so` of this build, and run. Every other command (builds,
/// installs, the test and documentation scripts) must be one the list
/// below accounts for, with the place that runs it, so a command added to
/// the README without a test fails here.
@Suite struct ReadmeCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A command with its shown output, or one without (`expected` nil).
  struct Command: CustomTestStringConvertible, Sendable {
    let line: Int
    let text: String
    let expected: [String]?
    var testDescription: String { "README.md:\(line): \(text)" }
  }

  /// The README's code blocks of one language, each as its first line's
  /// number and its lines.
  static func blocks(_ language: String) throws -> [(line: Int, lines: [String])] {
    let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    var blocks: [(line: Int, lines: [String])] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if var block = current {
        if line.hasPrefix("```") {
          blocks.append(block)
          current = nil
        } else {
          block.lines.append(String(line))
          current = block
        }
      } else if line == "```\(language)" {
        current = (index + 2, [])
      }
    }
    return blocks
  }

  /// Every shell command: `$` lines with the output under them, and the
  /// other blocks' commands (a line ending in `\` continues on the next).
  static func commands() throws -> [Command] {
    var commands: [Command] = []
    for block in try blocks("sh") {
      if block.lines.contains(where: { $0.hasPrefix("$ ") }) {
        for (offset, line) in block.lines.enumerated() where line.hasPrefix("$ ") {
          let output = block.lines[(offset + 1)...].prefix { !$0.hasPrefix("$ ") }
          commands.append(
            Command(line: block.line + offset, text: String(line.dropFirst(2)), expected: Array(output)))
        }
        continue
      }
      var pending = ""
      var start = 0
      for (offset, line) in block.lines.enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if pending.isEmpty && (trimmed.isEmpty || trimmed.hasPrefix("#")) { continue }
        if pending.isEmpty { start = block.line + offset }
        if trimmed.hasSuffix("\\") {
          pending += trimmed.dropLast().trimmingCharacters(in: .whitespaces) + " "
        } else {
          pending += trimmed
          commands.append(Command(line: start, text: pending, expected: nil))
          pending = ""
        }
      }
    }
    return commands
  }

  /// The commands without shown output that this test does not run, by
  /// their start, and who runs them. Builds are left to CI, which builds
  /// every product (`.ci/run`), the C library and the tool with the Swift
  /// runtime linked in (`Tests/PayPhoneCTests/run.sh`) and the wheel
  /// (`Tests/PayPhonePythonTests/run.sh`).
  static let runElsewhere: [(start: String, by: String)] = [
    (
      "apt-get update && apt-get install -y libicu-dev pkg-config && swift run -c release payphone phone --csv",
      ".ci/run installs the packages; the phone section's `$` example runs the same payphone command"
    ),
    ("swift test", ".ci/run"),
    ("swift build -c release --product payphone", "Tests/PayPhoneCTests/run.sh (release, runtime linked in)"),
    ("swift build -c release --product PayPhoneC", "Tests/PayPhoneCTests/run.sh"),
    ("export PATH=", "this test: payphone on the PATH"),
    ("payphone --help", "HelpSnapshotTests"),
    (
      "bash Tools/check-self-contained.sh", "Tests/PayPhoneCTests/run.sh and Tests/PayPhonePythonTests/run.sh"
    ),
    ("apt-get install python3-dev", ".ci/run installs the headers the wheel's build needs"),
    ("bash Tools/python/build-wheel.sh dist", "Tests/PayPhonePythonTests/run.sh"),
    ("python3 -m pip install dist/payphone-", "Tests/PayPhonePythonTests/run.sh"),
    ("bash Tools/docs/build.sh", ".ci/run"),
    ("python3 -m http.server", "a web server for the site; nothing to check"),
    ("bash Tools/wasm/build.sh", "Tests/PayPhoneWasmTests/run.sh"),
    ("bash Tools/web/serve.sh", "a web server for the demo page, which Tests/PayPhoneWebTests/run.sh tests"),
  ]

  /// The C example's commands that this test runs, with `lib` set to this
  /// build's products folder instead of the release build's.
  static let runWithThisBuild = ["lib=", "cc app.c"]

  /// The commands with shown output that run on their own (`./app` needs
  /// the C example's program, which `cExample` builds). The README shows
  /// the default build's output: without the ICU trait there are no region
  /// names, so the `regions` examples are compared only with it.
  static let shown =
    (try? commands().filter { command in
      guard command.expected != nil, !command.text.hasPrefix("./") else { return false }
      #if ICU
        return true
      #else
        return !command.text.hasPrefix("payphone regions")
      #endif
    }) ?? []

  @Test("a README command's output is what the README shows", arguments: shown)
  func shownOutput(_ command: Command) throws {
    let run = try Self.runInReaderFolder(command.text)
    let expected = try #require(command.expected)
    #expect(
      Self.matches(run.lines, expected),
      "README.md:\(command.line): \(command.text)\nprinted:\n\(run.lines.joined(separator: "\n"))")
  }

  @Test("every README command without shown output is run here or accounted for")
  func everyOtherCommandIsAccountedFor() throws {
    let others = try Self.commands().filter { $0.expected == nil }
    #expect(!others.isEmpty)
    for command in others {
      let known =
        Self.runWithThisBuild.contains { command.text.hasPrefix($0) }
        || Self.runElsewhere.contains { command.text.hasPrefix($0.start) }
      #expect(known, "README.md:\(command.line): no test runs `\(command.text)`")
    }
  }

  @Test("the README's example commands each appear at least once")
  func theListHasNoStaleEntries() throws {
    let commands = try Self.commands().map(\.text)
    #expect(Self.shown.count >= 25, "the README's examples were not all read")
    for entry in Self.runElsewhere.map(\.start) + Self.runWithThisBuild {
      #expect(commands.contains { $0.hasPrefix(entry) }, "no README command starts with `\(entry)`")
    }
    // The examples that used to fail, as the README now writes them.
    #expect(commands.contains { $0.contains("find") && $0.contains("< Data/samples/notes.csv") })
    #expect(commands.contains { $0.contains("--describe") && $0.contains("--region-column country") })
  }

  /// The C example: the README's program, its `cc` command and `./app`.
  @Test("the C example compiles with the README's command and runs without LD_LIBRARY_PATH")
  func cExample() throws {
    let programs = try Self.blocks("c")
    let program = try #require(programs.first { $0.lines.contains { $0.contains("int main") } })
    let commands = try Self.commands()
    let compile = try #require(commands.first { $0.text.hasPrefix("cc app.c") })
    let runApp = try #require(commands.first { $0.text == "./app" && $0.expected != nil })
    let folder = try Self.readerFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try (program.lines.joined(separator: "\n") + "\n").write(
      to: folder.appendingPathComponent("app.c"), atomically: true, encoding: .utf8)
    let library = try PayPhoneProcess.executable().deletingLastPathComponent().path
    #expect(FileManager.default.fileExists(atPath: library + "/libPayPhoneC.so"))
    let built = try Self.bash("lib=\(Self.quoted(library))\n\(compile.text)", in: folder)
    #expect(built.status == 0, "\(compile.text)\n\(built.lines.joined(separator: "\n"))")
    let run = try Self.bash("env -u LD_LIBRARY_PATH ./app", in: folder)
    #expect(run.status == 0)
    #expect(Self.matches(run.lines, try #require(runApp.expected)), "\(run.lines)")
  }

  @Test("payphone --version is the newest release in the CHANGELOG")
  func versionMatchesTheChangelog() throws {
    let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let heading = try #require(
      changelog.split(separator: "\n").first {
        $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true
      })
    let version = heading.dropFirst(3).prefix { $0 != " " }
    let run = try PayPhoneProcess.run(["--version"])
    #expect(run.outputLines == ["payphone \(version)"])
  }

  // MARK: running

  /// A fresh folder with the package's `Data` and `Sources` linked in, so
  /// that the README's relative paths work and nothing is written into the
  /// package.
  static func readerFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "payphone-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["Data", "Sources"] {
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(name), withDestinationURL: root.appendingPathComponent(name))
    }
    return folder
  }

  static func runInReaderFolder(_ command: String) throws -> (status: Int32, lines: [String]) {
    let folder = try readerFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return try bash(command, in: folder)
  }

  /// Runs `script` in bash with the built `payphone` first on the PATH;
  /// returns its exit status and standard output's lines.
  static func bash(_ script: String, in folder: URL) throws -> (status: Int32, lines: [String]) {
    let binaries = try PayPhoneProcess.executable().deletingLastPathComponent().path
    let output = folder.appendingPathComponent(".stdout")
    #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let text = try String(contentsOf: output, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return (process.terminationStatus, lines)
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  // MARK: matching

  /// Whether `lines` are the `shown` lines, where a shown `...` line is
  /// any number of lines and `...` inside a line any text.
  static func matches(_ lines: [String], _ shown: [String]) -> Bool {
    guard let pattern = shown.first else { return lines.isEmpty }
    if pattern == "..." {
      return (0...lines.count).contains { matches(Array(lines[$0...]), Array(shown.dropFirst())) }
    }
    guard let line = lines.first, matches(line, pattern) else { return false }
    return matches(Array(lines.dropFirst()), Array(shown.dropFirst()))
  }

  static func matches(_ line: String, _ pattern: String) -> Bool {
    let parts = pattern.components(separatedBy: "...")
    guard parts.count > 1 else { return line == pattern }
    guard line.hasPrefix(parts[0]) else { return false }
    var rest = line.dropFirst(parts[0].count)
    for part in parts.dropFirst().dropLast() {
      guard let found = rest.range(of: part) else { return false }
      rest = rest[found.upperBound...]
    }
    let last = parts[parts.count - 1]
    return rest.count >= last.count && rest.hasSuffix(last)
  }

  @Test(
    "the README's ... stands for any lines or any text, and nothing else",
    arguments: [
      (["a", "b", "c"], ["a", "...", "c"], true),
      (["a", "c"], ["a", "...", "c"], true),
      (["a", "b"], ["a", "...", "c"], false),
      (["a", "b"], ["a"], false),
      (["{\"a\":1,\"b\":2,\"c\":3}"], ["{\"a\":1,...,\"c\":3}"], true),
      (["{\"a\":1,\"c\":3}"], ["{\"a\":1,...,\"c\":3}"], false),
      (["x"], ["y"], false),
    ])
  func ellipsisMatching(lines: [String], shown: [String], expected: Bool) {
    #expect(Self.matches(lines, shown) == expected)
  }
}
