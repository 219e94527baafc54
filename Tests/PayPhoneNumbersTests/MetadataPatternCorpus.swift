import Foundation

/// Every regular expression of libphonenumber's metadata, and its example
/// numbers: the corpus the equivalence test runs.
///
/// For now read from the `phonenumbers` package (the oracle the project pins)
/// by `dump_metadata_patterns.py`, next to this file; once the library has
/// its own metadata tables, only these two functions change.
enum MetadataPatternCorpus {
  static let expectedVersion = "9.0.43"

  struct CorpusError: Error, CustomStringConvertible {
    let description: String
  }

  /// Every distinct pattern of the metadata.
  static func allPatterns() throws -> [String] {
    try dump.get().patterns
  }

  /// Every distinct example number of the metadata, as digit strings.
  static func exampleNumbers() throws -> [String] {
    try dump.get().examples
  }

  private struct Dump: Decodable {
    let version: String
    let patterns: [String]
    let examples: [String]
  }

  private static let dump: Result<Dump, any Error> = Result {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("dump_metadata_patterns.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CorpusError(
        description: "\(script.lastPathComponent) failed (status \(process.terminationStatus)); "
          + "install the oracle: python3 -m pip install phonenumbers==\(expectedVersion)")
    }
    let dump = try JSONDecoder().decode(Dump.self, from: data)
    guard dump.version == expectedVersion else {
      throw CorpusError(description: "phonenumbers \(dump.version) installed, \(expectedVersion) expected")
    }
    return dump
  }
}
