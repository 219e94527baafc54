import Foundation
import Testing

/// What one run of the built `payphone` binary produced.
struct PayPhoneRun: Sendable {
  let arguments: [String]
  let status: Int32
  let stdout: [UInt8]
  let stderr: [UInt8]

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  /// Standard output as lines, without their `\n`. Every line the tool
  /// writes ends with `\n`; a missing final newline is recorded as an issue
  /// and the unterminated tail is still returned.
  var outputLines: [String] {
    guard !stdout.isEmpty else { return [] }
    var lines = stdout.split(separator: 0x0A, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true {
      lines.removeLast()
    } else {
      Issue.record("payphone \(arguments.joined(separator: " ")): output does not end with a newline")
    }
    return lines.map { String(decoding: $0, as: UTF8.self) }
  }

  /// Standard output decoded as JSON Lines: one value per line.
  func jsonLines(sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSON] {
    try outputLines.map { line in
      do {
        return try JSON(parsing: line)
      } catch {
        Issue.record("not a JSON line: \(line.prefix(200))", sourceLocation: sourceLocation)
        throw error
      }
    }
  }
}

/// Where the standard input of a run comes from.
enum StandardInput: Sendable {
  /// Nothing: `/dev/null`.
  case none
  /// These bytes, through a temporary file (no pipe to deadlock on).
  case bytes([UInt8])
  /// An existing file or other path opened for reading.
  case path(String)

  static func text(_ text: String) -> StandardInput { .bytes(Array(text.utf8)) }

  /// Each element as one line ending in `\n`.
  static func lines(_ lines: [String]) -> StandardInput {
    .bytes(Array(lines.map { $0 + "\n" }.joined().utf8))
  }
}

struct PayPhoneProcessError: Error, CustomStringConvertible {
  let description: String
}

/// Runs the `payphone` executable that SwiftPM built next to the tests.
///
/// Standard input comes from a file and standard output and error go to
/// files, so a run of any size cannot deadlock on a full pipe.
enum PayPhoneProcess {
  /// The built `payphone`: `PAYPHONE_EXECUTABLE` when set, else the file of
  /// that name in the build products directory that holds the test bundle
  /// (whatever the configuration or triple).
  static func executable() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["PAYPHONE_EXECUTABLE"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    directories.append(Bundle.main.bundleURL)
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    let selfExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    directories.append(selfExecutable.deletingLastPathComponent())
    for directory in directories {
      // macOS nests the test executable in PayPhonePackageTests.xctest/Contents/MacOS.
      var candidate = directory
      for _ in 0..<4 {
        let binary = candidate.appendingPathComponent("payphone")
        if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        candidate = candidate.deletingLastPathComponent()
      }
    }
    throw PayPhoneProcessError(
      description: "no built payphone found near \(directories.map(\.path)); set PAYPHONE_EXECUTABLE")
  }

  /// Runs `payphone ARGUMENTS` to completion.
  ///
  /// - Parameters:
  ///   - stdoutPath: a path to write standard output to instead of
  ///     capturing it (`/dev/full` to make writes fail).
  ///   - timeout: the run is killed and the call throws past this.
  static func run(
    _ arguments: [String], input: StandardInput = .none, stdoutPath: String? = nil,
    timeout: Duration = .seconds(300)
  ) throws -> PayPhoneRun {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let stdoutURL = directory.appendingPathComponent("stdout")
    let stderrURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)

    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    let stdinHandle = try inputHandle(input, in: directory)
    defer { try? stdinHandle.close() }
    process.standardInput = stdinHandle
    let stdoutHandle =
      if let stdoutPath {
        try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
      } else {
        try FileHandle(forWritingTo: stdoutURL)
      }
    defer { try? stdoutHandle.close() }
    let stderrHandle = try FileHandle(forWritingTo: stderrURL)
    defer { try? stderrHandle.close() }
    process.standardOutput = stdoutHandle
    process.standardError = stderrHandle

    try process.run()
    try waitForExit(process, arguments: arguments, timeout: timeout)
    return PayPhoneRun(
      arguments: arguments, status: process.terminationStatus,
      stdout: stdoutPath == nil ? Array(try Data(contentsOf: stdoutURL)) : [],
      stderr: Array(try Data(contentsOf: stderrURL)))
  }

  /// Runs `payphone ARGUMENTS` with standard output on a pipe, reads
  /// `byteCount` bytes of output, then closes the pipe while the tool still
  /// has more to write (as `payphone … | head -c N` does).
  ///
  /// - Returns: the run (its `stdout` holds the bytes read before closing).
  static func runClosingOutput(
    _ arguments: [String], input: StandardInput, after byteCount: Int, timeout: Duration = .seconds(300)
  ) throws -> PayPhoneRun {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let stderrURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)

    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    let stdinHandle = try inputHandle(input, in: directory)
    defer { try? stdinHandle.close() }
    let stderrHandle = try FileHandle(forWritingTo: stderrURL)
    defer { try? stderrHandle.close() }
    let pipe = Pipe()
    process.standardInput = stdinHandle
    process.standardOutput = pipe
    process.standardError = stderrHandle

    try process.run()
    // The parent must not keep a write end open, or the reader never sees
    // the end of the stream; closing it twice is harmless.
    try? pipe.fileHandleForWriting.close()
    var received: [UInt8] = []
    while received.count < byteCount {
      let chunk = try pipe.fileHandleForReading.read(upToCount: byteCount - received.count) ?? Data()
      if chunk.isEmpty { break }
      received.append(contentsOf: chunk)
    }
    try pipe.fileHandleForReading.close()
    try waitForExit(process, arguments: arguments, timeout: timeout)
    return PayPhoneRun(
      arguments: arguments, status: process.terminationStatus, stdout: received,
      stderr: Array(try Data(contentsOf: stderrURL)))
  }

  private static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("payphone-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  private static func inputHandle(_ input: StandardInput, in directory: URL) throws -> FileHandle {
    switch input {
    case .none:
      return try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
    case .bytes(let bytes):
      let url = directory.appendingPathComponent("stdin")
      try Data(bytes).write(to: url)
      return try FileHandle(forReadingFrom: url)
    case .path(let path):
      return try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    }
  }

  private static func waitForExit(_ process: Process, arguments: [String], timeout: Duration) throws {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      if ContinuousClock.now > deadline {
        process.terminate()
        process.waitUntilExit()
        throw PayPhoneProcessError(
          description: "payphone \(arguments.joined(separator: " ")) did not finish within \(timeout)")
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
    process.waitUntilExit()
  }
}
