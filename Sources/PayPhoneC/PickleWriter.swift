@_spi(PayPhoneInternal) internal import PayPhoneCore
internal import PayPhoneRecords

/// Writes records in Python's pickle protocol 2, for the Python package,
/// which loads them at C speed: a dict per record (or with `valuesOnly`, a
/// tuple of its values in key order), a list for a batch. Keys, and the
/// values that recur from record to record (regions, types, codes, brands),
/// are written once and then referred back to (pickle's memo).
struct PickleWriter: RecordWriting {
  let valuesOnly: Bool
  private(set) var output = OutputBytes(capacity: 512)
  private var batch = false
  private var batchCount = 0
  /// The memo slot of each key written so far.
  private var keySlots: [RecordKey: Int] = [:]
  /// The memo slot of each recurring value written so far.
  private var valueSlots: [String: Int] = [:]
  private var nextSlot = 0

  /// The keys whose values recur from record to record.
  private static let recurringKeys: Set<RecordKey> = [.region, .type, .error, .brand, .cvcName, .kind]

  /// A writer of one record, or of a `batch` of them (a list).
  init(valuesOnly: Bool, batch: Bool) {
    self.valuesOnly = valuesOnly
    self.batch = batch
    output.append(0x80)  // PROTO 2
    output.append(0x02)
    guard batch else { return }
    output.append(UInt8(ascii: "]"))  // EMPTY_LIST
    output.append(UInt8(ascii: "("))  // MARK
  }

  /// The stream ends: the batch's last records appended (APPENDS), then STOP.
  mutating func finish() {
    if batch { output.append(UInt8(ascii: "e")) }
    output.append(UInt8(ascii: "."))
  }

  mutating func beginRecord() {
    if !valuesOnly { output.append(UInt8(ascii: "}")) }  // EMPTY_DICT
    output.append(UInt8(ascii: "("))  // MARK
  }

  mutating func endRecord() {
    output.append(UInt8(ascii: valuesOnly ? "t" : "u"))  // TUPLE, or SETITEMS
    guard batch else { return }
    batchCount += 1
    // Appends in chunks, as pickle itself does, to keep the stack short.
    if batchCount % 1000 == 0 {
      output.append(UInt8(ascii: "e"))
      output.append(UInt8(ascii: "("))
    }
  }

  mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) {
    self.key(key)
    guard let value = value() else { return output.append(UInt8(ascii: "N")) }
    // Only a batch repeats values; a single record is not worth the memo.
    guard batch, Self.recurringKeys.contains(key) else { return string(value) }
    if let slot = valueSlots[value] { return memoGet(slot) }
    string(value)
    valueSlots[value] = memoPut()
  }

  mutating func field(_ key: RecordKey, _ value: Int?) {
    self.key(key)
    guard let value else { return output.append(UInt8(ascii: "N")) }
    if value >= 0 && value < 256 {
      output.append(UInt8(ascii: "K"))  // BININT1
      output.append(UInt8(value))
    } else if value >= 0 && value < 65536 {
      output.append(UInt8(ascii: "M"))  // BININT2
      littleEndian(UInt32(value), byteCount: 2)
    } else {
      // Every integer a record holds (country codes, offsets) fits in 32 bits.
      output.append(UInt8(ascii: "J"))  // BININT
      littleEndian(UInt32(bitPattern: Int32(clamping: value)), byteCount: 4)
    }
  }

  mutating func field(_ key: RecordKey, _ value: Bool?) {
    self.key(key)
    guard let value else { return output.append(UInt8(ascii: "N")) }
    output.append(value ? 0x88 : 0x89)  // NEWTRUE, NEWFALSE
  }

  mutating func field(_ key: RecordKey, _ values: [String]) {
    self.key(key)
    output.append(UInt8(ascii: "]"))
    guard !values.isEmpty else { return }
    output.append(UInt8(ascii: "("))
    for value in values { string(value) }
    output.append(UInt8(ascii: "e"))
  }

  private var listBatch: [Bool] = []

  mutating func beginList(_ key: RecordKey) {
    self.key(key)
    output.append(UInt8(ascii: "]"))
    output.append(UInt8(ascii: "("))
    // A list inside a record is no batch: its records are not counted.
    listBatch.append(batch)
    batch = false
  }

  mutating func endList() {
    output.append(UInt8(ascii: "e"))
    batch = listBatch.removeLast()
  }

  /// A key, memoised: written once, then referred back to.
  private mutating func key(_ key: RecordKey) {
    guard !valuesOnly else { return }
    if let slot = keySlots[key] { return memoGet(slot) }
    string(key.name)
    keySlots[key] = memoPut()
  }

  /// BINUNICODE: the UTF-8 bytes with a 4-byte length (Swift strings are
  /// valid UTF-8, so `pickle.loads` always decodes them).
  private mutating func string(_ value: String) {
    output.append(UInt8(ascii: "X"))
    littleEndian(UInt32(truncatingIfNeeded: value.utf8.count), byteCount: 4)
    output.append(utf8: value)
  }

  /// BINPUT / LONG_BINPUT the value on top of the stack into a new slot.
  private mutating func memoPut() -> Int {
    let slot = nextSlot
    nextSlot += 1
    if slot < 256 {
      output.append(UInt8(ascii: "q"))
      output.append(UInt8(slot))
    } else {
      output.append(UInt8(ascii: "r"))
      littleEndian(UInt32(slot), byteCount: 4)
    }
    return slot
  }

  /// BINGET / LONG_BINGET a memoised value.
  private mutating func memoGet(_ slot: Int) {
    if slot < 256 {
      output.append(UInt8(ascii: "h"))
      output.append(UInt8(slot))
    } else {
      output.append(UInt8(ascii: "j"))
      littleEndian(UInt32(slot), byteCount: 4)
    }
  }

  private mutating func littleEndian(_ value: UInt32, byteCount: Int) {
    for index in 0..<byteCount { output.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
  }
}
