/// The character classes of the describe tables' compact streams (see the
/// format in any `Data/describe/*.txt` header).
enum CompactNumbers {
  /// `A`...`R`: an entry's head; `A` + shared digits, plus 9 for a run.
  @inline(__always)
  static func head(_ byte: UInt8) -> Int? {
    byte >= 0x41 && byte <= 0x52 ? Int(byte - 0x41) : nil
  }

  /// The value of a continuation character (base 25), nil for any other.
  @inline(__always)
  static func continuation(_ byte: UInt8) -> Int? {
    let value = continuationValues[Int(byte)]
    return value < 0 ? nil : Int(value)
  }

  /// The value of a final character (base 37), nil for any other.
  @inline(__always)
  static func final(_ byte: UInt8) -> Int? {
    let value = finalValues[Int(byte)]
    return value < 0 ? nil : Int(value)
  }

  private static let continuationValues = values(of: "!$%&'()*+,-./:;<=>?@[]^_`")
  private static let finalValues = values(of: "STUVWXYZabcdefghijklmnopqrstuvwxyz{}~")

  private static func values(of alphabet: String) -> [Int8] {
    var table = [Int8](repeating: -1, count: 256)
    for (value, byte) in alphabet.utf8.enumerated() { table[Int(byte)] = Int8(value) }
    return table
  }
}

/// Reads a compact stream: numbers, digits and heads, front to back.
struct CompactReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position: Int

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    position = 0
  }

  var isAtEnd: Bool { position >= bytes.count }

  /// The next number; nil (and nothing read) when the stream holds none.
  @inline(__always)
  mutating func number() -> Int? {
    var rest = 0
    var index = position
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if let digit = CompactNumbers.continuation(byte) {
        rest = rest * 25 + digit
      } else if let final = CompactNumbers.final(byte) {
        position = index
        return rest * 37 + final
      } else {
        return nil
      }
    }
    return nil
  }

  /// The next head character's value, nil when the next byte is none.
  @inline(__always)
  mutating func head() -> Int? {
    guard position < bytes.count, let head = CompactNumbers.head(bytes[position]) else { return nil }
    position += 1
    return head
  }

  /// The next ASCII digit's value, nil (and nothing read) when the next byte is none.
  @inline(__always)
  mutating func digit() -> UInt8? {
    guard position < bytes.count else { return nil }
    let byte = bytes[position]
    guard byte >= 0x30 && byte <= 0x39 else { return nil }
    position += 1
    return byte - 0x30
  }
}
