/// Collects output lines in a byte buffer: JSON objects written by hand (no
/// `JSONEncoder`, no intermediate dictionaries, keys in the order given) and
/// plain human-readable lines.
///
///     writer.beginObject()
///     writer.field("ok", true)
///     writer.field("graphemes", 12)
///     writer.endObject()   // {"ok":true,"graphemes":12}
struct LineWriter {
  fileprivate(set) var bytes: [UInt8] = []
  fileprivate var needsComma = false

  init() {
    bytes.reserveCapacity(1 << 16)
  }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  mutating func beginObject() {
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes the object and ends the line.
  mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    bytes.append(0x0A)
    needsComma = false
  }

  fileprivate mutating func key(_ name: StaticString) {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    needsComma = true
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  mutating func field(_ name: StaticString, _ value: Bool) {
    key(name)
    appendBool(value)
  }

  mutating func field(_ name: StaticString, _ value: Bool?) {
    key(name)
    if let value { appendBool(value) } else { appendNull() }
  }

  mutating func field(_ name: StaticString, _ value: Int) {
    key(name)
    appendInt(value)
  }

  mutating func field(_ name: StaticString, _ value: Int?) {
    key(name)
    if let value { appendInt(value) } else { appendNull() }
  }

  mutating func field(_ name: StaticString, _ value: String) {
    key(name)
    appendString(value)
  }

  mutating func field(_ name: StaticString, _ value: String?) {
    key(name)
    if let value { appendString(value) } else { appendNull() }
  }

  mutating func field(_ name: StaticString, _ values: [String]) {
    key(name)
    bytes.append(UInt8(ascii: "["))
    for (position, value) in values.enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      appendString(value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Appends `text` and a newline.
  mutating func plainLine(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    bytes.append(0x0A)
  }

  /// `{"ok":false,"error":CODE,"message":MESSAGE}` as a whole line.
  mutating func failure(code: String, message: String) {
    beginObject()
    field("ok", false)
    field("error", code)
    field("message", message)
    endObject()
  }

  private mutating func appendNull() {
    bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
  }

  private mutating func appendBool(_ value: Bool) {
    if value {
      bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    } else {
      bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    }
  }

  private mutating func appendInt(_ value: Int) {
    if value >= 0 && value < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(value))
    } else {
      bytes.append(contentsOf: String(value).utf8)
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  private mutating func appendString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case 0x0A:
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "n"))
      case 0x0D:
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "r"))
      case 0x09:
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "t"))
      case 0..<0x20:
        bytes.append(contentsOf: [
          UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
          Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)],
        ])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

extension LineWriter {
  /// Starts an array field: `"name":[`. Elements follow, then ``endArray()``.
  mutating func beginArray(_ name: StaticString) {
    key(name)
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Starts an object that is an element of the open array.
  mutating func beginElementObject() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes an element object (no newline: the line goes on).
  mutating func endElementObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Closes the open array.
  mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }
}
