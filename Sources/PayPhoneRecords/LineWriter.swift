/// Collects output lines in a byte buffer: records as JSON objects (keys in
/// the order the record walks them, `null` never omitted, no `JSONEncoder`
/// and no intermediate dictionaries), plain human-readable lines and CSV
/// cells.
///
///     var writer = LineWriter()
///     TextRecord(text: "hello", limit: TextLimit()).write(to: &writer)
///     // {"ok":true,"graphemes":5,...}\n
///
/// Each write reserves room once and copies whole runs (a key with its
/// quotes and colon, a string with nothing to escape). A copy of a writer
/// shares nothing with the original once either writes (copy on write).
/// When the system refuses memory the writer drops what follows and says
/// so (``failed``) instead of ending the process.
package struct LineWriter: Sendable {
  private var output = OutputBytes(capacity: 1 << 16)
  private var needsComma = false
  /// How deep in lists of records the writer is: a record inside a list is
  /// an element (no line break after it).
  private var listDepth = 0

  package init() {}

  /// The bytes written so far.
  package var bytes: [UInt8] { Array(output.written) }

  /// How many bytes are waiting.
  package var byteCount: Int { output.count }

  /// Whether memory ran out: some bytes were dropped.
  package var failed: Bool { output.failed }

  /// Forgets what was written after the first `kept` bytes.
  package mutating func removeAll(keepingFirst kept: Int = 0) {
    makeUnique()
    output.removeAll(keepingFirst: kept)
    needsComma = false
  }

  /// Lends the bytes written so far.
  package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(output.written)
  }

  /// Hands the bytes over to a C caller, NUL-terminated, in the memory they
  /// were written to (freed with `free`); nil when memory ran out. The
  /// writer is empty after.
  package mutating func releaseBytes() -> (bytes: UnsafeMutablePointer<UInt8>, count: Int)? {
    makeUnique()
    return output.release()
  }

  /// Appends bytes as they are (a CSV row passed through).
  package mutating func appendRaw(_ bytes: UnsafeBufferPointer<UInt8>) {
    makeUnique()
    output.append(bytes)
  }

  /// Appends the UTF-8 of `text` as it is.
  package mutating func appendRaw(_ text: String) {
    makeUnique()
    output.append(utf8: text)
  }

  /// A delimiter, then `text` as one CSV field (RFC 4180): quoted, its
  /// quotes doubled, when it holds the delimiter, a quote or a line break.
  package mutating func appendCSVCell(_ text: String, delimiter: UInt8) {
    var text = text
    text.withUTF8 { appendCSVCell(utf8: $0, delimiter: delimiter) }
  }

  /// A delimiter, then the UTF-8 `bytes` as one CSV field.
  package mutating func appendCSVCell(utf8 bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
    makeUnique()
    func needsQuotes(_ byte: UInt8) -> Bool {
      byte == delimiter || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    }
    guard bytes.contains(where: needsQuotes) else {
      guard output.reserve(bytes.count + 1) else { return }
      output.appendUnchecked(delimiter)
      return output.appendUnchecked(bytes)
    }
    output.append(delimiter)
    output.append(UInt8(ascii: "\""))
    for byte in bytes {
      if byte == UInt8(ascii: "\"") { output.append(byte) }
      output.append(byte)
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `text` and a newline.
  package mutating func plainLine(_ text: String) {
    appendRaw(text)
    output.append(0x0A)
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&output) {
      output = output.copy()
    }
  }
}

// MARK: JSON

// Public to the package beyond the records: the WebAssembly module writes
// its own answers' objects (a mask's state, a match's UTF-16 offsets) with
// this one JSON writer.
extension LineWriter {
  /// `{`: a record's object starts (after a comma inside a list).
  package mutating func beginObject() {
    makeUnique()
    if listDepth > 0 && needsComma { output.append(UInt8(ascii: ",")) }
    output.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// `}`: the object ends, and with it the line unless it is an element of
  /// a list.
  package mutating func endObject() {
    makeUnique()
    output.append(UInt8(ascii: "}"))
    if listDepth == 0 {
      output.append(0x0A)
      needsComma = false
    } else {
      needsComma = true
    }
  }

  /// `"name":[`: a list of objects follows, then ``endArray()``.
  package mutating func beginArray(_ name: StaticString) {
    key(name)
    output.append(UInt8(ascii: "["))
    needsComma = false
    listDepth += 1
  }

  package mutating func endArray() {
    makeUnique()
    output.append(UInt8(ascii: "]"))
    needsComma = true
    listDepth -= 1
  }

  package mutating func field(_ name: StaticString, _ value: Bool?) {
    key(name)
    guard let value else { return output.append(literal: "null") }
    output.append(literal: value ? "true" : "false")
  }

  package mutating func field(_ name: StaticString, _ value: Int?) {
    key(name)
    guard let value else { return output.append(literal: "null") }
    appendInt(value)
  }

  package mutating func field(_ name: StaticString, _ value: String?) {
    guard let value else {
      key(name)
      return output.append(literal: "null")
    }
    // A native string lends its UTF-8 as it is; any other is copied first.
    let done: Void? = value.utf8.withContiguousStorageIfAvailable { field(name, utf8: $0) }
    guard done == nil else { return }
    var copy = value
    copy.withUTF8 { field(name, utf8: $0) }
  }

  /// A string field whose text is `utf8` (valid UTF-8, lent for the call).
  package mutating func field(_ name: StaticString, utf8: UnsafeBufferPointer<UInt8>) {
    key(name)
    appendString(utf8)
  }

  package mutating func field(_ name: StaticString, _ values: [String]) {
    key(name)
    output.append(UInt8(ascii: "["))
    for (position, value) in values.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      var value = value
      value.withUTF8 { appendString($0) }
    }
    output.append(UInt8(ascii: "]"))
  }

  /// `,"name":` (the comma only after the first field).
  private mutating func key(_ name: StaticString) {
    makeUnique()
    let length = name.utf8CodeUnitCount
    guard output.reserve(length + 4) else { return }
    if needsComma { output.appendUnchecked(UInt8(ascii: ",")) }
    output.appendUnchecked(UInt8(ascii: "\""))
    output.appendUnchecked(UnsafeBufferPointer(start: name.utf8Start, count: length))
    output.appendUnchecked(UInt8(ascii: "\""))
    output.appendUnchecked(UInt8(ascii: ":"))
    needsComma = true
  }

  private mutating func appendInt(_ value: Int) {
    guard output.reserve(20) else { return }
    if value < 0 { output.appendUnchecked(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var position = buffer.count
      repeat {
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      output.appendUnchecked(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[position...]))
    }
  }

  private static let hexDigits: StaticString = "0123456789abcdef"

  /// `utf8` as a JSON string: copied as it is up to the first byte that
  /// needs an escape (nearly always the whole text, in one pass), then in
  /// runs between escapes.
  private mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>) {
    guard output.reserve(utf8.count + 2) else { return }
    output.appendUnchecked(UInt8(ascii: "\""))
    let plain = output.appendUncheckedUntilJSONEscape(utf8)
    var runStart = plain
    for position in plain..<utf8.count where Self.needsEscape(utf8[position]) {
      if runStart < position {
        output.append(UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
      }
      appendEscape(of: utf8[position])
      runStart = position + 1
    }
    if runStart < utf8.count {
      output.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// A control character, a quote or a backslash: escaped in a JSON string.
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private mutating func appendEscape(of byte: UInt8) {
    guard output.reserve(6) else { return }
    output.appendUnchecked(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.appendUnchecked(byte)
    case 0x0A: output.appendUnchecked(UInt8(ascii: "n"))
    case 0x0D: output.appendUnchecked(UInt8(ascii: "r"))
    case 0x09: output.appendUnchecked(UInt8(ascii: "t"))
    default:
      output.appendUnchecked(UInt8(ascii: "u"))
      output.appendUnchecked(UInt8(ascii: "0"))
      output.appendUnchecked(UInt8(ascii: "0"))
      output.appendUnchecked(Self.hexDigits.utf8Start[Int(byte >> 4)])
      output.appendUnchecked(Self.hexDigits.utf8Start[Int(byte & 0xF)])
    }
  }
}

// Each record written as a JSON line. One function per record, so that
// each walk is compiled for this writer here, where both are known.
extension LineWriter {
  package mutating func append(_ record: PhoneRecord) { record.write(to: &self) }
  package mutating func append(_ record: AsYouTypeRecord) { record.write(to: &self) }
  package mutating func append(_ record: RegionRecord) { record.write(to: &self) }
  package mutating func append(_ record: CardRecord) { record.write(to: &self) }
  package mutating func append(_ record: ExpiryRecord) { record.write(to: &self) }
  package mutating func append(_ record: MaskRecord) { record.write(to: &self) }
  package mutating func append(_ record: TextRecord) { record.write(to: &self) }
  package mutating func append(_ record: FindRecord) { record.write(to: &self) }
  package mutating func append(_ record: MatchRecord) { record.write(to: &self) }
  package mutating func append(_ record: ShortRecord) { record.write(to: &self) }
  package mutating func append(_ record: FailureRecord) { record.write(to: &self) }
}
