#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes libFuzzer hands a target, read front to back: a few control
/// bytes that pick options, then text.
///
/// Every read succeeds: past the end, bytes read as zero and texts as empty,
/// so each input, however short, runs the whole target.
struct FuzzInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
  }

  var isAtEnd: Bool { index >= bytes.count }

  /// The next byte, or 0 past the end.
  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// The next byte as a flag (its low bit).
  mutating func flag() -> Bool { byte() & 1 == 1 }

  /// The next byte, mapped into `range`.
  mutating func integer(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(byte()) % (range.count)
  }

  /// The bytes up to the next `separator` (not included; the separator is
  /// consumed) or to the end.
  mutating func bytes(upTo separator: UInt8) -> UnsafeBufferPointer<UInt8> {
    let start = index
    while index < bytes.count && bytes[index] != separator { index += 1 }
    let piece = UnsafeBufferPointer(rebasing: bytes[start..<index])
    if index < bytes.count { index += 1 }
    return piece
  }

  /// Everything not read yet.
  mutating func rest() -> UnsafeBufferPointer<UInt8> {
    let piece = UnsafeBufferPointer(rebasing: bytes[min(index, bytes.count)...])
    index = bytes.count
    return piece
  }

  /// Text up to `separator`, invalid UTF-8 repaired to U+FFFD (as a
  /// `String` always is).
  mutating func text(upTo separator: UInt8) -> String {
    String(decoding: bytes(upTo: separator), as: UTF8.self)
  }

  /// The rest as text, invalid UTF-8 repaired to U+FFFD.
  mutating func restText() -> String {
    String(decoding: rest(), as: UTF8.self)
  }
}

/// Stops the run with a message when a property the target checks fails,
/// so libFuzzer records the input as a crash.
func fuzzCheck(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  guard !condition() else { return }
  fuzzFailure(message(), file: file, line: line)
}

/// Stops the run with a message; see `fuzzCheck`.
func fuzzFailure(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
  let text = "fuzz check failed at \(file):\(line): \(message)\n"
  var bytes = Array(text.utf8)
  _ = write(2, &bytes, bytes.count)
  abort()
}
