internal import PayPhoneCore

/// Collects output lines in a byte buffer: JSON objects written by hand (no
/// `JSONEncoder`, no intermediate dictionaries, keys in the order given) and
/// plain human-readable lines.
///
///     writer.beginObject()
///     writer.field("ok", true)
///     writer.field("graphemes", 12)
///     writer.endObject()   // {"ok":true,"graphemes":12}
///
/// Each write reserves room once and copies whole runs (a key with its
/// quotes and colon, a string with nothing to escape), so a field costs a
/// bounds check and a copy, not a call per byte. A copy of a writer shares
/// nothing with the original once either writes (copy on write).
package struct LineWriter: Sendable {
  private var storage = Storage(capacity: 1 << 16)
  private var needsComma = false

  package init() {}

  /// The bytes written so far.
  package var bytes: [UInt8] { Array(storage.written) }

  /// How many bytes are waiting.
  package var byteCount: Int { storage.count }

  package mutating func removeAll() {
    makeUnique()
    storage.count = 0
    needsComma = false
  }

  /// Writes what is waiting to standard output and empties the buffer.
  package mutating func flushToStandardOutput() {
    StandardStreams.writeOutput(storage.written)
    removeAll()
  }

  package mutating func beginObject() {
    makeUnique()
    storage.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes the object and ends the line.
  package mutating func endObject() {
    makeUnique()
    storage.append(UInt8(ascii: "}"))
    storage.append(0x0A)
    needsComma = false
  }

  /// `,"name":` (the comma only after the first field).
  private mutating func key(_ name: StaticString) {
    makeUnique()
    storage.appendKey(name, comma: needsComma)
    needsComma = true
  }

  package mutating func field(_ name: StaticString, _ value: Bool) {
    keyAndLiteral(name, value ? "true" : "false")
  }

  /// `,"name":literal` in one reservation.
  private mutating func keyAndLiteral(_ name: StaticString, _ literal: StaticString) {
    makeUnique()
    storage.appendKey(name, comma: needsComma, reserving: literal.utf8CodeUnitCount)
    storage.appendUnchecked(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    needsComma = true
  }

  package mutating func field(_ name: StaticString, _ value: Bool?) {
    key(name)
    if let value { appendBool(value) } else { appendNull() }
  }

  package mutating func field(_ name: StaticString, _ value: Int) {
    key(name)
    appendInt(value)
  }

  package mutating func field(_ name: StaticString, _ value: Int?) {
    key(name)
    if let value { appendInt(value) } else { appendNull() }
  }

  package mutating func field(_ name: StaticString, _ value: String) {
    makeUnique()
    // A native string lends its UTF-8 as it is (a small one from a copy on
    // the stack): no retain, no copy to a buffer.
    let done: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in keyAndString(name, utf8) }
    if done == nil {
      var value = value
      value.withUTF8 { utf8 in keyAndString(name, utf8) }
    }
  }

  package mutating func field(_ name: StaticString, _ value: String?) {
    guard let value else { return keyAndLiteral(name, "null") }
    field(name, value)
  }

  /// A string field whose text is `utf8` (borrowed input bytes, say).
  package mutating func field(_ name: StaticString, utf8: UnsafeBufferPointer<UInt8>) {
    makeUnique()
    keyAndString(name, utf8)
  }

  /// `,"name":"text"`: key and string in one reservation and one pass
  /// that copies the text a word at a time while checking it needs no
  /// escape; else the key, then the text escaped.
  private mutating func keyAndString(_ name: StaticString, _ utf8: UnsafeBufferPointer<UInt8>) {
    if !storage.appendKeyAndPlainString(name, comma: needsComma, utf8) {
      storage.appendKey(name, comma: needsComma)
      appendEscaped(utf8)
    }
    needsComma = true
  }

  package mutating func field(_ name: StaticString, _ values: [String]) {
    key(name)
    storage.append(UInt8(ascii: "["))
    for (position, value) in values.enumerated() {
      if position > 0 { storage.append(UInt8(ascii: ",")) }
      appendString(value)
    }
    storage.append(UInt8(ascii: "]"))
  }

  /// Starts an array field: `"name":[`. Elements follow, then `endArray()`.
  package mutating func beginArray(_ name: StaticString) {
    key(name)
    storage.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Starts an object that is an element of the open array.
  package mutating func beginElementObject() {
    makeUnique()
    if needsComma { storage.append(UInt8(ascii: ",")) }
    storage.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes an element object (no newline: the line goes on).
  package mutating func endElementObject() {
    makeUnique()
    storage.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Closes the open array.
  package mutating func endArray() {
    makeUnique()
    storage.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Appends bytes as they are (a CSV row passed through).
  package mutating func appendRaw(_ bytes: UnsafeBufferPointer<UInt8>) {
    makeUnique()
    storage.append(bytes)
  }

  /// A delimiter, then `text` as one CSV field (RFC 4180): quoted, its
  /// quotes doubled, when it holds the delimiter, a quote or a line break.
  package mutating func appendCSVCell(_ text: String, delimiter: UInt8) {
    makeUnique()
    storage.append(delimiter)
    var text = text
    text.withUTF8 { bytes in
      guard bytes.contains(where: { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D })
      else {
        storage.append(bytes)
        return
      }
      storage.append(UInt8(ascii: "\""))
      for byte in bytes {
        if byte == UInt8(ascii: "\"") { storage.append(byte) }
        storage.append(byte)
      }
      storage.append(UInt8(ascii: "\""))
    }
  }

  /// Appends `text` and a newline.
  package mutating func plainLine(_ text: String) {
    makeUnique()
    var text = text
    text.withUTF8 { storage.append($0) }
    storage.append(0x0A)
  }

  /// `{"ok":false,"error":CODE,"message":MESSAGE}` as a whole line.
  package mutating func failure(code: String, message: String) {
    beginObject()
    field("ok", false)
    field("error", code)
    field("message", message)
    endObject()
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = storage.copy()
    }
  }

  private mutating func appendNull() {
    storage.append(literal: "null")
  }

  private mutating func appendBool(_ value: Bool) {
    storage.append(literal: value ? "true" : "false")
  }

  private mutating func appendInt(_ value: Int) {
    storage.reserve(20)
    if value < 0 { storage.appendUnchecked(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    var digitCount = 1
    var power: UInt = 10
    while digitCount < 20 && magnitude >= power {
      digitCount += 1
      power = power.multipliedReportingOverflow(by: 10).partialValue
    }
    storage.appendDecimalUnchecked(magnitude, digitCount: digitCount)
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Writes `value` as a JSON string: runs that need no escape are copied
  /// whole, so a typical field costs one copy.
  private mutating func appendString(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in appendEscaped(utf8) }
  }

  private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    let plain = Self.plainPrefixLength(utf8)
    if plain == utf8.count {
      storage.appendQuoted(utf8)
      return
    }
    storage.append(UInt8(ascii: "\""))
    var runStart = 0
    for position in plain..<utf8.count {
      let byte = utf8[position]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      if runStart < position {
        storage.append(UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
      }
      appendEscape(of: byte)
      runStart = position + 1
    }
    if runStart < utf8.count {
      storage.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    storage.append(UInt8(ascii: "\""))
  }

  /// How many leading bytes need no escape: eight at a time while no byte
  /// of the word is a control character, a quote or a backslash.
  private static func plainPrefixLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= utf8.count, ASCIIWords.jsonSpecialBytes(ASCIIWords.load(raw, at: index)) == 0 {
      index += 8
    }
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
      index += 1
    }
    return index
  }

  private mutating func appendEscape(of byte: UInt8) {
    storage.reserve(6)
    storage.appendUnchecked(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): storage.appendUnchecked(byte)
    case 0x0A: storage.appendUnchecked(UInt8(ascii: "n"))
    case 0x0D: storage.appendUnchecked(UInt8(ascii: "r"))
    case 0x09: storage.appendUnchecked(UInt8(ascii: "t"))
    default:
      storage.appendUnchecked(UInt8(ascii: "u"))
      storage.appendUnchecked(UInt8(ascii: "0"))
      storage.appendUnchecked(UInt8(ascii: "0"))
      storage.appendUnchecked(Self.hexDigits[Int(byte >> 4)])
      storage.appendUnchecked(Self.hexDigits[Int(byte & 0xF)])
    }
  }
}

extension LineWriter {
  /// The writer's bytes: one allocation that grows by doubling. The
  /// `Unchecked` appends rely on a `reserve` just before them. Sendable as
  /// an array's buffer is: a writer changes it only while it holds the one
  /// reference (`makeUnique`).
  fileprivate final class Storage: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int) {
      self.capacity = capacity
      base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
      base.deallocate()
    }

    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func copy() -> Storage {
      let copy = Storage(capacity: capacity)
      copy.base.update(from: base, count: count)
      copy.count = count
      return copy
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
      if count + extra > capacity { grow(toFit: count + extra) }
    }

    private func grow(toFit needed: Int) {
      var newCapacity = capacity * 2
      while newCapacity < needed { newCapacity *= 2 }
      let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
      newBase.update(from: base, count: count)
      base.deallocate()
      base = newBase
      capacity = newCapacity
    }

    @inline(__always)
    func appendUnchecked(_ byte: UInt8) {
      base[count] = byte
      count += 1
    }

    @inline(__always)
    func appendUnchecked(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let source = bytes.baseAddress else { return }
      (base + count).update(from: source, count: bytes.count)
      count += bytes.count
    }

    /// Writes the `digitCount` decimal digits of `value`, most significant first.
    @inline(__always)
    func appendDecimalUnchecked(_ value: UInt, digitCount: Int) {
      var value = value
      var position = count + digitCount - 1
      while position >= count {
        base[position] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
        position -= 1
      }
      count += digitCount
    }

    func append(_ byte: UInt8) {
      reserve(1)
      appendUnchecked(byte)
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
      reserve(bytes.count)
      appendUnchecked(bytes)
    }

    /// `,"name":`, or `"name":` without the comma; room for `extra` more
    /// bytes reserved with it.
    func appendKey(_ name: StaticString, comma: Bool, reserving extra: Int = 0) {
      reserve(name.utf8CodeUnitCount + 4 + extra)
      count = writeKey(name, comma: comma, at: base + count) - base
    }

    /// Writes `,"name":` (the comma when asked) at `cursor`, in room
    /// reserved already; returns the position after it.
    @inline(__always)
    private func writeKey(_ name: StaticString, comma: Bool, at cursor: UnsafeMutablePointer<UInt8>)
      -> UnsafeMutablePointer<UInt8>
    {
      var cursor = cursor
      if comma {
        cursor.pointee = UInt8(ascii: ",")
        cursor += 1
      }
      cursor.pointee = UInt8(ascii: "\"")
      cursor += 1
      let length = name.utf8CodeUnitCount
      cursor.update(from: name.utf8Start, count: length)
      cursor += length
      cursor[0] = UInt8(ascii: "\"")
      cursor[1] = UInt8(ascii: ":")
      return cursor + 2
    }

    /// `,"name":"text"` (the comma when asked) when no byte of `text`
    /// needs an escape: the text is copied eight bytes at a time (the last
    /// word overlapping the one before) and checked as it goes. False, with
    /// nothing written, when some byte needs an escape.
    @inline(__always)
    func appendKeyAndPlainString(_ name: StaticString, comma: Bool, _ text: UnsafeBufferPointer<UInt8>)
      -> Bool
    {
      let length = name.utf8CodeUnitCount
      // Room for the key, the quotes and a whole last word.
      reserve(length + 4 + text.count + 2 + 8)
      let start = count
      var cursor = writeKey(name, comma: comma, at: base + count)
      cursor.pointee = UInt8(ascii: "\"")
      cursor += 1
      guard let source = text.baseAddress else {
        cursor.pointee = UInt8(ascii: "\"")
        count = cursor + 1 - base
        return true
      }
      let raw = UnsafeRawPointer(source)
      let target = UnsafeMutableRawPointer(cursor)
      let textCount = text.count
      if textCount >= 8 {
        var offset = 0
        while true {
          let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          guard ASCIIWords.jsonSpecialBytes(word) == 0 else {
            count = start
            return false
          }
          target.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
          if offset + 8 == textCount { break }
          offset = min(offset + 8, textCount - 8)
        }
      } else {
        for offset in 0..<textCount {
          let byte = source[offset]
          guard byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") else {
            count = start
            return false
          }
          cursor[offset] = byte
        }
      }
      cursor[textCount] = UInt8(ascii: "\"")
      count = cursor + textCount + 1 - base
      return true
    }

    /// `bytes` between quotes, as they are.
    func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
      reserve(bytes.count + 2)
      let cursor = base + count
      cursor.pointee = UInt8(ascii: "\"")
      if let source = bytes.baseAddress { (cursor + 1).update(from: source, count: bytes.count) }
      cursor[bytes.count + 1] = UInt8(ascii: "\"")
      count += bytes.count + 2
    }

    func append(literal: StaticString) {
      append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
  }
}
