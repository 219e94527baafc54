internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneCore
@_spi(PayPhoneInternal) internal import PayPhoneRecords

// Typed answers without JSON: a record written as 32-bit words and UTF-8
// bytes into module memory, which payphone.mjs turns into an object
// (`phoneRecord`) with no text to parse. `parse` and `normalize`, the calls
// made per number, answer so; `run` keeps the JSON contract.
//
// The layout, from the address an export returns (little-endian words):
//   word 0: the number of fields, n
//   word 1: the strings' byte count when every byte is ASCII, else -1
//   word 2: the address of the strings' bytes, each string's after the one before
//   words 3 + 2i and 4 + 2i: field i, in the record's order: its key and
//     kind (`RecordKey.rawValue << 3 | kind`), and its value:
//     kind 0 null (value 0), 1 a Bool (0 or 1), 2 an Int, 3 a string (its byte count),
//     4 the request's own text (`input`: the caller holds it, so its bytes are not copied).

/// A record's fields in the layout above, in one block reused by every
/// call (the next call writes over it).
struct RecordAnswer: RecordWriting {
  /// The most fields a record has here (the phone record has 15).
  private static let maxFields = 32
  private static let bytesOffset = 4 * (3 + 2 * maxFields)

  private(set) var base: UnsafeMutableRawPointer
  private var capacity = 4096
  private var fieldCount = 0
  private var byteCount = 0

  init() {
    base = .allocate(byteCount: capacity, alignment: 8)
  }

  /// Empties the block for the next record.
  mutating func start() {
    fieldCount = 0
    byteCount = 0
    store(0, at: 0)
  }

  private func store(_ word: Int32, at index: Int) {
    base.storeBytes(of: word, toByteOffset: 4 * index, as: Int32.self)
  }

  private mutating func add(_ key: RecordKey, kind: Int32, _ value: Int32) {
    precondition(fieldCount < Self.maxFields, "a record with more fields than the answer holds")
    store(Int32(key.rawValue) << 3 | kind, at: 3 + 2 * fieldCount)
    store(value, at: 4 + 2 * fieldCount)
    fieldCount += 1
  }

  private mutating func add(_ key: RecordKey, utf8: UnsafeBufferPointer<UInt8>) {
    let end = Self.bytesOffset + byteCount + utf8.count
    if end > capacity {
      let grown = UnsafeMutableRawPointer.allocate(byteCount: 2 * end, alignment: 8)
      grown.copyMemory(from: base, byteCount: Self.bytesOffset + byteCount)
      base.deallocate()
      base = grown
      capacity = 2 * end
    }
    if let bytes = utf8.baseAddress {
      (base + Self.bytesOffset + byteCount).copyMemory(from: bytes, byteCount: utf8.count)
    }
    byteCount += utf8.count
    add(key, kind: 3, Int32(utf8.count))
  }

  mutating func beginRecord() {}

  mutating func endRecord() {
    store(Int32(fieldCount), at: 0)
    let bytes = UnsafeRawBufferPointer(start: base + Self.bytesOffset, count: byteCount)
    store(ASCIIWords.isASCII(bytes.assumingMemoryBound(to: UInt8.self)) ? Int32(byteCount) : -1, at: 1)
    store(Int32(Int(bitPattern: base + Self.bytesOffset)), at: 2)
  }

  mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) {
    if key == .input { return add(key, kind: 4, 0) }
    guard var text = value() else { return add(key, kind: 0, 0) }
    text.withUTF8 { add(key, utf8: $0) }
  }

  mutating func field(_ key: RecordKey, _ value: Int?) {
    guard let value else { return add(key, kind: 0, 0) }
    add(key, kind: 2, Int32(truncatingIfNeeded: value))
  }

  mutating func field(_ key: RecordKey, _ value: Bool?) {
    guard let value else { return add(key, kind: 0, 0) }
    add(key, kind: 1, value ? 1 : 0)
  }

  mutating func field(_ key: RecordKey, region: RegionCode?) {
    guard let region else { return add(key, kind: 0, 0) }
    region.withUTF8 { add(key, utf8: $0) }
  }

  mutating func field(_ key: RecordKey, type: PhoneNumberType) {
    var name = type.rawValue
    name.withUTF8 { add(key, utf8: $0) }
  }

  mutating func field(_ key: RecordKey, nationalNumberOf number: PhoneNumber) {
    number.withNationalNumber { add(key, utf8: $0) }
  }

  mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat) {
    number.withFormatted(format) { add(key, utf8: $0) }
  }

  mutating func formatFields(of number: PhoneNumber) {
    number.withFormats { international, national, rfc3966 in
      add(.international, utf8: international)
      add(.national, utf8: national)
      add(.rfc3966, utf8: rfc3966)
    }
  }

  // The records answered here (phone numbers) have no lists.
  mutating func field(_ key: RecordKey, _ values: [String]) {
    preconditionFailure("a list field in a record answered without JSON")
  }

  mutating func beginList(_ key: RecordKey) {
    preconditionFailure("a list field in a record answered without JSON")
  }

  mutating func endList() {}
}

/// The last typed answer, and the block the next one writes into.
nonisolated(unsafe) var recordAnswer = RecordAnswer()

/// The spellings of the record keys, by raw value, as JSON (`{"keys": [...]}`):
/// what payphone.mjs names the fields of a typed answer with.
@_cdecl("pp_record_keys")
func recordKeys() -> Int32 {
  respond { output in
    output.beginObject()
    output.field(
      "keys", RecordKey.allCases.map { $0.spelling.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } })
    output.endObject()
    return true
  }
}
