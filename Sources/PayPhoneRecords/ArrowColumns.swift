internal import CPayPhoneSystem
package import PayPhone

/// One Arrow buffer being written from the front: a block from the C
/// allocator that grows by doubling. When growing fails, what is appended
/// after is dropped and ``failed`` says so. Its stored properties are
/// touched in this file only, so every access is checked statically.
final class ArrowBuffer {
  private(set) var base: UnsafeMutableRawPointer?
  private(set) var count = 0
  private var capacity = 0
  private(set) var failed = false

  /// Room for `capacity` bytes.
  init(capacity: Int) {
    _ = grow(toHold: capacity)
  }

  deinit { payphone_deallocate(base) }

  /// Makes room for `extra` more bytes: false, with `failed` set, when the
  /// system refuses.
  @inline(__always)
  func reserve(_ extra: Int) -> Bool {
    count + extra <= capacity || grow(toHold: count + extra)
  }

  @inline(never)
  private func grow(toHold needed: Int) -> Bool {
    guard !failed else { return false }
    var wanted = max(capacity, 64)
    while wanted < needed {
      let doubled = wanted.multipliedReportingOverflow(by: 2)
      wanted = doubled.overflow ? needed : doubled.partialValue
    }
    guard let grown = payphone_reallocate(base, wanted) else {
      failed = true
      return false
    }
    (base, capacity) = (grown, wanted)
    return true
  }

  /// Appends a value's bytes (an offset, an integer, a bitmap's byte).
  @inline(__always)
  func append<Value: FixedWidthInteger>(_ value: Value) {
    guard reserve(MemoryLayout<Value>.size) else { return }
    base.unsafelyUnwrapped.storeBytes(of: value.littleEndian, toByteOffset: count, as: Value.self)
    count += MemoryLayout<Value>.size
  }

  /// Appends bytes; the short runs a record's strings are copied in
  /// overlapping words, with no call.
  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    let length = bytes.count
    guard length > 0, reserve(length), let source = bytes.baseAddress else { return }
    let from = UnsafeRawPointer(source)
    let to = base.unsafelyUnwrapped + count
    func copy<Word: FixedWidthInteger>(_: Word.Type, _ offset: Int) {
      to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: Word.self), toByteOffset: offset, as: Word.self)
    }
    switch length {
    case 8...16:
      copy(UInt64.self, 0)
      copy(UInt64.self, length - 8)
    case 17...32:
      copy(UInt64.self, 0)
      copy(UInt64.self, 8)
      copy(UInt64.self, min(16, length - 8))
      copy(UInt64.self, length - 8)
    case 4..<8:
      copy(UInt32.self, 0)
      copy(UInt32.self, length - 4)
    case 1..<4:
      for offset in 0..<length { copy(UInt8.self, offset) }
    default: to.copyMemory(from: from, byteCount: length)
    }
    count += length
  }

  /// Hands the block over (freed with `payphone_deallocate`), nil when
  /// memory ran out; the buffer is empty after.
  func release() -> UnsafeMutableRawPointer? {
    defer { (base, count, capacity) = (nil, 0, 0) }
    guard !failed else {
      payphone_deallocate(base)
      return nil
    }
    return base
  }
}

/// Bits appended one at a time, least significant first, as Arrow lays out
/// a validity bitmap or a boolean column's values.
final class ArrowBits {
  let bytes: ArrowBuffer
  private var current: UInt8 = 0
  private var count = 0

  /// Room for `capacity` bits.
  init(capacity: Int) {
    bytes = ArrowBuffer(capacity: capacity / 8 + 1)
  }

  @inline(__always)
  func append(_ bit: Bool) {
    current |= (bit ? 1 : 0) << UInt8(count & 7)
    count += 1
    if count & 7 == 0 { flush() }
  }

  @inline(__always)
  private func flush() {
    bytes.append(current)
    current = 0
  }

  /// Writes the last, partial byte: call once, when every bit is in.
  func finish() {
    if count & 7 != 0 { flush() }
  }
}

/// The distinct strings of a dictionary-encoded column, in the order first
/// seen, each found again by its length and first and last eight bytes
/// (the whole of a string of up to 16 bytes).
final class ArrowDictionary {
  private typealias Key = (length: Int, head: UInt64, tail: UInt64)
  let values = ArrowColumn(RecordField(.text, .string), rows: 16)
  /// The values' keys, in a buffer of their own: a lookup touches no
  /// reference count and spans no exclusive access.
  private var keys = UnsafeMutableBufferPointer<Key>.allocate(capacity: 16)
  private var count = 0

  deinit { keys.deallocate() }

  /// The index of `text` in the dictionary, added if new.
  @inline(__always)
  func index(of text: UnsafeBufferPointer<UInt8>) -> Int {
    let key = (length: text.count, head: word(text, 0), tail: word(text, max(text.count - 8, 0)))
    let keys = self.keys
    for index in 0..<count where keys[index] == key {
      if key.length <= 16 || text.elementsEqual(values.string(index)) { return index }
    }
    return add(key, text)
  }

  private func add(_ key: Key, _ text: UnsafeBufferPointer<UInt8>) -> Int {
    if count == keys.count {
      let grown = UnsafeMutableBufferPointer<Key>.allocate(capacity: count * 2)
      _ = grown.initialize(from: keys)
      keys.deallocate()
      keys = grown
    }
    keys[count] = key
    values.append(utf8: text)
    count += 1
    return count - 1
  }

  /// Up to eight bytes of `text` from `start`, zero-filled.
  @inline(__always)
  private func word(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt64 {
    guard let base = text.baseAddress else { return 0 }
    if text.count - start >= 8 { return UnsafeRawPointer(base).loadUnaligned(fromByteOffset: start, as: UInt64.self) }
    var word: UInt64 = 0
    for offset in start..<text.count { word |= UInt64(base[offset]) << UInt64(8 * (offset - start)) }
    return word
  }
}

/// One column of a record's Arrow struct array, filled row by row: a
/// field's values (strings, dictionary-encoded strings, integers, booleans,
/// a list of strings or of records) with their validity.
final class ArrowColumn {
  let field: RecordField
  private(set) var length = 0
  private(set) var nullCount = 0
  let validity: ArrowBits
  /// Strings: the characters; integers and dictionary indexes: `Int32`s.
  let data: ArrowBuffer
  /// Booleans: the values.
  let bits: ArrowBits
  /// Strings and lists: where each row starts (`Int32`), one more than rows.
  let offsets: ArrowBuffer
  /// A list of strings: the strings, one column.
  let strings: ArrowColumn?
  /// A list of records: the records.
  let records: ArrowStruct?
  /// Dictionary-encoded strings (the type, the error): the distinct ones.
  let dictionary: ArrowDictionary?
  /// Whether this column's strings or lists outgrew 32-bit offsets.
  private var offsetsOverflowed = false

  /// The fields written as dictionary-encoded strings: few distinct values.
  static let dictionaryKeys: Set<RecordKey> = [.type, .error]

  /// A column with room for about `rows` rows.
  init(_ field: RecordField, rows: Int, elementFields: [RecordField] = []) {
    self.field = field
    let encoded = field.kind == .string && Self.dictionaryKeys.contains(field.key)
    dictionary = encoded ? ArrowDictionary() : nil
    validity = ArrowBits(capacity: rows)
    bits = ArrowBits(capacity: field.kind == .boolean ? rows : 0)
    let hasOffsets = !encoded && field.kind != .integer && field.kind != .boolean
    offsets = ArrowBuffer(capacity: hasOffsets ? (rows + 1) * 4 : 0)
    data = ArrowBuffer(capacity: field.kind == .integer || encoded ? rows * 4 : field.kind == .string ? rows * 16 : 0)
    strings = field.kind == .strings ? ArrowColumn(RecordField(.text, .string), rows: rows) : nil
    records = field.kind == .records ? ArrowStruct(elementFields, rows: rows) : nil
    if hasOffsets { offsets.append(Int32(0)) }
  }

  var failed: Bool {
    data.failed || offsets.failed || validity.bytes.failed || bits.bytes.failed || tooLarge
      || strings?.failed == true || records?.failed == true || dictionary?.values.failed == true
  }

  /// Whether a string or list here or below outgrew 32-bit offsets.
  var tooLarge: Bool {
    offsetsOverflowed || strings?.tooLarge == true || records?.columns.contains { $0.tooLarge } == true
  }

  @inline(__always)
  private func appendOffset(_ offset: Int) {
    if offset > Int32.max { offsetsOverflowed = true }
    offsets.append(Int32(truncatingIfNeeded: offset))
  }

  /// String `index`'s bytes, as written.
  func string(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    let bounds = UnsafeRawPointer(offsets.base.unsafelyUnwrapped)
    let start = Int(bounds.load(fromByteOffset: index * 4, as: Int32.self))
    let end = Int(bounds.load(fromByteOffset: index * 4 + 4, as: Int32.self))
    return UnsafeBufferPointer(start: data.base.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self) + start, count: end - start)
  }

  @inline(__always)
  private func appendValid() {
    validity.append(true)
    length += 1
  }

  func appendNull() {
    validity.append(false)
    nullCount += 1
    length += 1
    switch field.kind {
    case .string: dictionary == nil ? appendOffset(data.count) : data.append(Int32(0))
    case .integer: data.append(Int32(0))
    case .boolean: bits.append(false)
    case .strings: appendOffset(strings?.length ?? 0)
    case .records: appendOffset(records?.length ?? 0)
    }
  }

  @inline(__always)
  func append(utf8: UnsafeBufferPointer<UInt8>) {
    if let dictionary {
      data.append(Int32(truncatingIfNeeded: dictionary.index(of: utf8)))
    } else {
      data.append(utf8)
      appendOffset(data.count)
    }
    appendValid()
  }

  func append(_ text: String) {
    var text = text
    text.withUTF8 { append(utf8: $0) }
  }

  func append(_ value: Int) {
    data.append(Int32(truncatingIfNeeded: value))
    appendValid()
  }

  func append(_ value: Bool) {
    bits.append(value)
    appendValid()
  }

  func append(_ values: [String]) {
    guard let strings else { return }
    for value in values { strings.append(value) }
    appendOffset(strings.length)
    appendValid()
  }

  /// A list of records ends: its row holds the records written since it began.
  func endList() {
    appendOffset(records?.length ?? 0)
    appendValid()
  }

  /// The last partial bytes of the bitmaps: call once, when every row is in.
  func finish() {
    validity.finish()
    bits.finish()
    strings?.finish()
    records?.finish()
    dictionary?.values.finish()
  }
}

/// A struct array being filled: a column per field, a row per record.
final class ArrowStruct {
  let columns: [ArrowColumn]
  /// The columns, unretained (`columns` keeps them), so that walking them
  /// costs no reference counting.
  private let unretained: [Unmanaged<ArrowColumn>]
  /// The column of each key (by its raw value), nil for none.
  private let columnOfKey: [Unmanaged<ArrowColumn>?]
  private(set) var length = 0
  private(set) var nullCount = 0
  let validity: ArrowBits

  /// A struct with room for about `rows` rows.
  init(_ fields: [RecordField], rows: Int, elementFields: [RecordField] = []) {
    validity = ArrowBits(capacity: rows)
    columns = fields.map { ArrowColumn($0, rows: rows, elementFields: elementFields) }
    unretained = columns.map { Unmanaged.passUnretained($0) }
    var columnOfKey = [Unmanaged<ArrowColumn>?](repeating: nil, count: RecordKey.allCases.count)
    for column in unretained { columnOfKey[column.takeUnretainedValue().field.key.rawValue] = column }
    self.columnOfKey = columnOfKey
  }

  var failed: Bool { validity.bytes.failed || columns.contains { $0.failed } }

  /// `body` with the column of `key` in the row being written; not called
  /// when the struct has no such column, or the row already has the field.
  @inline(__always)
  func withColumn(_ key: RecordKey, _ body: (ArrowColumn) -> Void) {
    guard let column = columnOfKey[key.rawValue] else { return }
    column._withUnsafeGuaranteedRef { column in
      if column.length == length { body(column) }
    }
  }

  /// A row ends: the fields the record did not write are null in it.
  func endRow() {
    for column in unretained {
      column._withUnsafeGuaranteedRef { column in
        if column.length == length { column.appendNull() }
      }
    }
    validity.append(true)
    length += 1
  }

  /// A null row: null in every column.
  func appendNull() {
    for column in unretained { column._withUnsafeGuaranteedRef { $0.appendNull() } }
    validity.append(false)
    nullCount += 1
    length += 1
  }

  func finish() {
    validity.finish()
    for column in columns { column.finish() }
  }
}

/// Records written as the rows of an Arrow struct array: a column per
/// field of the record's ``RecordSchema`` (its answer's fields, then the
/// failure's it lacks), in that order, with the kinds and nulls the schema
/// declares; a field a record does not write is null in its row. Export
/// the array with ``export(schema:array:)``.
package struct ArrowRecordWriter: RecordWriting {
  let root: ArrowStruct
  /// The struct being written, and the lists being written into it.
  private var level: ArrowStruct
  private var lists: [(column: ArrowColumn, parent: ArrowStruct)] = []

  /// Columns for `schema`'s records, with the on-request fields in
  /// `requested`, and room for about `rows` rows.
  init(_ schema: RecordSchema, requested: Set<RecordKey> = [], rows: Int) {
    var fields = schema.fields.filter { !$0.isOnRequest || requested.contains($0.key) }
    for field in schema.failureFields where !fields.contains(where: { $0.key == field.key }) {
      fields.append(field)
    }
    // Each kind of element's fields, the kinds in name order, each key once.
    var elementFields: [RecordField] = []
    for kind in schema.elementFields.keys.sorted() {
      for field in schema.elementFields[kind] ?? []
      where !elementFields.contains(where: { $0.key == field.key }) {
        elementFields.append(field)
      }
    }
    root = ArrowStruct(fields, rows: rows, elementFields: elementFields)
    level = root
  }

  /// How many rows are written.
  package var count: Int { root.length }

  /// A null row (for a null input).
  package mutating func appendNull() { root.appendNull() }

  /// Writes `key`'s field of the row about to be written from its UTF-8
  /// bytes: the record's own value for it is then not asked for.
  mutating func prefill(_ key: RecordKey, utf8: UnsafeBufferPointer<UInt8>) {
    level.withColumn(key) { $0.append(utf8: utf8) }
  }

  package mutating func beginRecord() {}
  package mutating func endRecord() { level.endRow() }

  package mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) {
    level.withColumn(key) { column in
      guard let value = value() else { return column.appendNull() }
      column.append(value)
    }
  }

  package mutating func field(_ key: RecordKey, _ value: Int?) {
    level.withColumn(key) { column in
      guard let value else { return column.appendNull() }
      column.append(value)
    }
  }

  package mutating func field(_ key: RecordKey, _ value: Bool?) {
    level.withColumn(key) { column in
      guard let value else { return column.appendNull() }
      column.append(value)
    }
  }

  package mutating func field(_ key: RecordKey, _ values: [String]) {
    level.withColumn(key) { $0.append(values) }
  }

  package mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat) {
    level.withColumn(key) { column in number.withFormatted(format) { column.append(utf8: $0) } }
  }

  package mutating func beginList(_ key: RecordKey) {
    var list: ArrowColumn?
    level.withColumn(key) { list = $0 }
    guard let column = list, let records = column.records else {
      // A list the columns do not hold: its records go nowhere.
      lists.append((ArrowColumn(RecordField(key, .records), rows: 0), level))
      level = ArrowStruct([], rows: 0)
      return
    }
    lists.append((column, level))
    level = records
  }

  package mutating func endList() {
    guard let (column, parent) = lists.popLast() else { return }
    if column.records === level { column.endList() }
    level = parent
  }
}
