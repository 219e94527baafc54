/// The character classes of the describe tables' compact streams (see the
/// format in any `Data/describe/*.txt` header).
enum CompactNumbers {
  /// `A`...`R`: an entry's head; `A` + shared digits, plus 9 for a run.
  @inline(__always)
  static func head(_ byte: UInt8) -> Int? {
    byte >= 0x41 && byte <= 0x52 ? Int(byte - 0x41) : nil
  }

  /// The value of a continuation character (base 25) of
  /// ``!$%&'()*+,-./:;<=>?@[]^_` ``, nil for any other.
  @inline(__always)
  static func continuation(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x21: 0
    case 0x24...0x2F: Int(byte) - 0x24 + 1
    case 0x3A...0x40: Int(byte) - 0x3A + 13
    case 0x5B: 20
    case 0x5D...0x60: Int(byte) - 0x5D + 21
    default: nil
    }
  }

  /// The value of a final character (base 37) of
  /// `STUVWXYZabcdefghijklmnopqrstuvwxyz{}~`, nil for any other.
  @inline(__always)
  static func final(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x53...0x5A: Int(byte) - 0x53
    case 0x61...0x7A: Int(byte) - 0x61 + 8
    case 0x7B: 34
    case 0x7D: 35
    case 0x7E: 36
    default: nil
    }
  }
}

/// Reads a compact stream: numbers, digits and heads, front to back.
struct CompactReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

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
