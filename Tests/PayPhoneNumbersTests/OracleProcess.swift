import Foundation

/// Runs the oracle scripts next to these tests (Python, PyPI
/// `phonenumbers==9.0.43`) and returns what they print.
enum OracleProcess {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Oracle")

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The python that has the oracle installed (installing it if needed).
  static func python() throws -> String {
    let path = try run(
      "/bin/bash", [directory.appendingPathComponent("../../../Tools/oracle/python.sh").path])
    return path.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs an oracle script with `arguments` and returns its standard output.
  static func runScript(_ name: String, _ arguments: [String]) throws -> String {
    try run(try python(), [directory.appendingPathComponent(name).path] + arguments)
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    let outputFile = output.fileHandleForReading
    try process.run()
    let data = outputFile.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
