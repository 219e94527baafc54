public import Foundation

/// The oracle's stored answers: `Tests/Fixtures/<name>.jsonl`, one JSON
/// object per line, written by `Tools/oracle/<name>.py` from PyPI
/// `phonenumbers==9.0.43` (see `Tools/oracle/README.md`). The tests read
/// them, so `swift test` needs no network; CI regenerates them with the live
/// oracle and fails when they differ.
public enum OracleFixture {
  /// The folder that holds the fixtures.
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// A fixture that is missing or does not decode.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// The lines of fixture `name`, blank lines left out.
  public static func lines(_ name: String) throws -> [Substring] {
    let url = directory.appendingPathComponent("\(name).jsonl")
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw Failure(description: "missing fixture \(url.path): run bash Tools/oracle/regenerate.sh")
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
  }

  /// Every line of fixture `name`, decoded as `T`.
  public static func cases<T: Decodable>(_ type: T.Type, from name: String) throws -> [T] {
    let decoder = JSONDecoder()
    return try lines(name).enumerated().map { index, line in
      do {
        return try decoder.decode(T.self, from: Data(line.utf8))
      } catch {
        throw Failure(description: "\(name).jsonl line \(index + 1): \(error)")
      }
    }
  }
}
