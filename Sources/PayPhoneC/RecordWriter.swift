/// The keys the C ABI writes, in one list so that a pickle stream can
/// memoise each key once and refer back to it.
enum RecordKey: Int, CaseIterable {
  case input, ok, error, message
  case e164, countryCode, nationalNumber, numberExtension, region, valid, possible, type
  case international, national, rfc3966
  case digits, brand, candidates, luhn, lengthValid, potentiallyValid, formatted, bin, last4
  case cvcName, cvcLength, cvcValid
  case steps
  case matches, kind, start, end, raw, redacted

  /// The key as the CLI contract spells it.
  var name: StaticString {
    switch self {
    case .input: "input"
    case .ok: "ok"
    case .error: "error"
    case .message: "message"
    case .e164: "e164"
    case .countryCode: "countryCode"
    case .nationalNumber: "nationalNumber"
    case .numberExtension: "extension"
    case .region: "region"
    case .valid: "valid"
    case .possible: "possible"
    case .type: "type"
    case .international: "international"
    case .national: "national"
    case .rfc3966: "rfc3966"
    case .digits: "digits"
    case .brand: "brand"
    case .candidates: "candidates"
    case .luhn: "luhn"
    case .lengthValid: "lengthValid"
    case .potentiallyValid: "potentiallyValid"
    case .formatted: "formatted"
    case .bin: "bin"
    case .last4: "last4"
    case .cvcName: "cvcName"
    case .cvcLength: "cvcLength"
    case .cvcValid: "cvcValid"
    case .steps: "steps"
    case .matches: "matches"
    case .kind: "kind"
    case .start: "start"
    case .end: "end"
    case .raw: "raw"
    case .redacted: "redacted"
    }
  }
}

/// How records are written: one JSON object per record (a line each in a
/// batch), or Python's pickle protocol 2 (a dict per record, or a tuple of
/// its values in key order; a list for a batch) for the Python package,
/// which loads it at C speed.
enum RecordFormat: Int32 {
  case json = 0
  case pickle = 1
  case pickleValues = 2

  var isPickle: Bool { self != .json }
}

/// Writes records, JSON objects or pickled dicts with the same keys and
/// values, into a byte buffer.
///
/// Written by hand like the CLI's `LineWriter` (keys in the order given,
/// `null` never omitted, the same escaping), so a record is byte for byte
/// the object `payphone <command> --jsonl` prints for the same input.
struct RecordWriter: ~Copyable {
  let format: RecordFormat
  /// The records so far; `failed` when memory ran out on the way.
  private(set) var bytes = ByteBuffer(capacity: 512)
  private var needsComma = false
  private var batch = false
  private var batchCount = 0
  /// Pickle memo: the slot of each key written so far (-1: not yet).
  private var keySlots = [Int32](repeating: -1, count: RecordKey.allCases.count)
  /// Pickle memo: the slot of repeated values (regions, types, codes).
  private var valueSlots: [String: Int] = [:]
  private var nextSlot = 0

  init(format: RecordFormat) {
    self.format = format
    if format.isPickle { bytes.append(contentsOf: [0x80, 0x02]) }
  }

  /// Starts a list of records (JSON: nothing; pickle: a list).
  mutating func beginBatch(expected count: Int) {
    batch = true
    let expected = count.multipliedReportingOverflow(by: 320)
    if !expected.overflow { bytes.reserve(expected.partialValue) }
    if format.isPickle {
      bytes.append(UInt8(ascii: "]"))
      bytes.append(UInt8(ascii: "("))
    }
  }

  /// Ends the list of records.
  mutating func endBatch() {
    if format.isPickle { bytes.append(UInt8(ascii: "e")) }
  }

  /// Ends the stream: `bytes` is complete.
  mutating func finish() {
    if format.isPickle { bytes.append(UInt8(ascii: ".")) }
  }

  /// The bytes written, for the caller to free (see `ByteBuffer.release`);
  /// nil when memory ran out.
  consuming func releaseBytes() -> (bytes: UnsafeMutablePointer<UInt8>, count: Int)? {
    bytes.release()
  }

  mutating func beginRecord() {
    needsComma = false
    switch format {
    case .json: bytes.append(UInt8(ascii: "{"))
    case .pickle:
      bytes.append(UInt8(ascii: "}"))
      bytes.append(UInt8(ascii: "("))
    case .pickleValues: bytes.append(UInt8(ascii: "("))
    }
  }

  mutating func endRecord() {
    switch format {
    case .json:
      bytes.append(UInt8(ascii: "}"))
      if batch { bytes.append(0x0A) }
    case .pickle, .pickleValues:
      bytes.append(UInt8(ascii: format == .pickle ? "u" : "t"))
      if batch {
        batchCount += 1
        // Appends in chunks, as pickle itself does, to keep the stack short.
        if batchCount % 1000 == 0 {
          bytes.append(UInt8(ascii: "e"))
          bytes.append(UInt8(ascii: "("))
        }
      }
    }
  }

  private mutating func key(_ key: RecordKey) {
    switch format {
    case .json:
      if needsComma { bytes.append(UInt8(ascii: ",")) }
      needsComma = true
      bytes.append(UInt8(ascii: "\""))
      appendUTF8(key.name)
      bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    case .pickle:
      let slot = Int(keySlots[key.rawValue])
      if slot >= 0 {
        memoGet(slot)
      } else {
        pickleString(key.name.utf8Start, count: key.name.utf8CodeUnitCount)
        keySlots[key.rawValue] = Int32(memoPut())
      }
    case .pickleValues: break
    }
  }

  mutating func field(_ name: RecordKey, _ value: Bool) {
    key(name)
    appendBool(value)
  }

  mutating func field(_ name: RecordKey, _ value: Bool?) {
    key(name)
    if let value { appendBool(value) } else { appendNull() }
  }

  mutating func field(_ name: RecordKey, _ value: Int) {
    key(name)
    appendInt(value)
  }

  mutating func field(_ name: RecordKey, _ value: Int?) {
    key(name)
    if let value { appendInt(value) } else { appendNull() }
  }

  mutating func field(_ name: RecordKey, _ value: String) {
    key(name)
    appendString(value)
  }

  mutating func field(_ name: RecordKey, _ value: String?) {
    key(name)
    if let value { appendString(value) } else { appendNull() }
  }

  /// A string from a small set that recurs from record to record (a region,
  /// a type, an error code): pickled once and referred back to after.
  mutating func field(_ name: RecordKey, recurring value: String?) {
    key(name)
    guard let value else { return appendNull() }
    // Only a batch repeats values; a single record is not worth the memo.
    guard format.isPickle, batch else { return appendString(value) }
    if let slot = valueSlots[value] {
      memoGet(slot)
    } else {
      pickleString(value)
      valueSlots[value] = memoPut()
    }
  }

  mutating func field(_ name: RecordKey, _ values: [String]) {
    key(name)
    switch format {
    case .json:
      bytes.append(UInt8(ascii: "["))
      for (position, value) in values.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        appendString(value)
      }
      bytes.append(UInt8(ascii: "]"))
    case .pickle, .pickleValues:
      bytes.append(UInt8(ascii: "]"))
      guard !values.isEmpty else { return }
      bytes.append(UInt8(ascii: "("))
      for value in values { pickleString(value) }
      bytes.append(UInt8(ascii: "e"))
    }
  }

  /// A list of records under `name`, each written by `body`.
  mutating func field<T>(_ name: RecordKey, records: [T], _ body: (inout RecordWriter, T) -> Void) {
    key(name)
    let wasBatch = batch
    batch = false
    switch format {
    case .json:
      bytes.append(UInt8(ascii: "["))
      for (position, record) in records.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        body(&self, record)
      }
      bytes.append(UInt8(ascii: "]"))
      needsComma = true
    case .pickle, .pickleValues:
      bytes.append(UInt8(ascii: "]"))
      if !records.isEmpty {
        bytes.append(UInt8(ascii: "("))
        for record in records { body(&self, record) }
        bytes.append(UInt8(ascii: "e"))
      }
    }
    batch = wasBatch
  }

  /// Appends `text`'s UTF-8 as it is (a bare string answer, not a record).
  mutating func appendRaw(_ text: String) {
    bytes.append(utf8: text)
  }

  // MARK: values

  private mutating func appendNull() {
    switch format {
    case .json: bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    case .pickle, .pickleValues: bytes.append(UInt8(ascii: "N"))
    }
  }

  private mutating func appendBool(_ value: Bool) {
    switch format {
    case .json:
      if value {
        bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
      } else {
        bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
      }
    case .pickle, .pickleValues: bytes.append(value ? 0x88 : 0x89)
    }
  }

  private mutating func appendInt(_ value: Int) {
    switch format {
    case .json:
      if value >= 0 && value < 10 {
        bytes.append(UInt8(ascii: "0") + UInt8(value))
      } else {
        bytes.append(utf8: String(value))
      }
    case .pickle, .pickleValues:
      if value >= 0 && value < 256 {
        bytes.append(UInt8(ascii: "K"))
        bytes.append(UInt8(value))
      } else if value >= 0 && value < 65536 {
        bytes.append(UInt8(ascii: "M"))
        appendLittleEndian(UInt32(value), bytes: 2)
      } else {
        // Every integer the ABI writes (country codes, offsets) fits in 32 bits.
        bytes.append(UInt8(ascii: "J"))
        appendLittleEndian(UInt32(bitPattern: Int32(clamping: value)), bytes: 4)
      }
    }
  }

  private mutating func appendString(_ value: String) {
    switch format {
    case .json: appendJSONString(value)
    case .pickle, .pickleValues: pickleString(value)
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Appends a static string's UTF-8 in one copy.
  private mutating func appendUTF8(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends the UTF-8 of `text` in one copy.
  private mutating func appendUTF8(_ text: String) {
    bytes.append(utf8: text)
  }

  private mutating func appendJSONString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    let plain = value.withUTF8 { utf8 in
      for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        return false
      }
      bytes.append(contentsOf: utf8)
      return true
    }
    if !plain { appendEscaped(value) }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscaped(_ value: String) {
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        bytes.append(contentsOf: [
          UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
          Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)],
        ])
      default: bytes.append(byte)
      }
    }
  }

  // MARK: pickle opcodes

  /// BINUNICODE: the UTF-8 bytes with a 4-byte length (Swift strings are
  /// valid UTF-8, so `pickle.loads` always decodes them).
  private mutating func pickleString(_ value: String) {
    bytes.append(UInt8(ascii: "X"))
    appendLittleEndian(UInt32(truncatingIfNeeded: value.utf8.count), bytes: 4)
    appendUTF8(value)
  }

  /// BINUNICODE of static UTF-8 bytes.
  private mutating func pickleString(_ start: UnsafePointer<UInt8>, count: Int) {
    bytes.append(UInt8(ascii: "X"))
    appendLittleEndian(UInt32(truncatingIfNeeded: count), bytes: 4)
    bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
  }

  /// BINPUT / LONG_BINPUT the value on top of the stack into a new slot.
  private mutating func memoPut() -> Int {
    let slot = nextSlot
    nextSlot += 1
    if slot < 256 {
      bytes.append(UInt8(ascii: "q"))
      bytes.append(UInt8(slot))
    } else {
      bytes.append(UInt8(ascii: "r"))
      appendLittleEndian(UInt32(slot), bytes: 4)
    }
    return slot
  }

  /// BINGET / LONG_BINGET a memoised value.
  private mutating func memoGet(_ slot: Int) {
    if slot < 256 {
      bytes.append(UInt8(ascii: "h"))
      bytes.append(UInt8(slot))
    } else {
      bytes.append(UInt8(ascii: "j"))
      appendLittleEndian(UInt32(slot), bytes: 4)
    }
  }

  private mutating func appendLittleEndian(_ value: UInt32, bytes count: Int) {
    if count == 4 {
      bytes.append(contentsOf: [
        UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
        UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24),
      ])
    } else {
      bytes.append(contentsOf: [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)])
    }
  }
}
