package import PayPhone

/// Bits appended one at a time, least significant first, as Arrow lays out
/// a validity bitmap or a boolean column's values. (A class whose state
/// only its own methods touch, so that no access to it spans a call.)
final class ArrowBits {
  let bytes: OutputBytes
  private var current: UInt8 = 0
  private(set) var count = 0

  /// Room for `capacity` bits.
  init(capacity: Int) {
    bytes = OutputBytes(capacity: capacity / 8 + 1)
  }

  @inline(__always)
  func append(_ bit: Bool) {
    if bit { current |= 1 << UInt8(count & 7) }
    count += 1
    if count & 7 == 0 {
      let full = current
      current = 0
      bytes.append(full)
    }
  }

  /// Writes the last, partial byte: call once, when every bit is in.
  func finish() {
    if count & 7 != 0 { bytes.append(current) }
    current = 0
  }
}

/// One column of a record's Arrow struct array, filled row by row: a
/// field's values (strings, integers, booleans, a list of strings or of
/// records) with their validity.
final class ArrowColumn {
  let field: RecordField
  private(set) var length = 0
  private(set) var nullCount = 0
  let validity: ArrowBits
  /// Strings: the characters; integers: the `Int32` values.
  let data: OutputBytes
  /// Booleans: the values.
  let bits: ArrowBits
  /// Strings and lists: where each row starts (`Int32`), one more than rows.
  let offsets: OutputBytes
  /// A list of strings: the strings, one column.
  let strings: ArrowColumn?
  /// A list of records: the records.
  let records: ArrowStruct?
  /// Whether this column's strings or lists outgrew 32-bit offsets.
  private var offsetsOverflowed = false

  /// A column with room for about `rows` rows.
  init(_ field: RecordField, rows: Int, elementFields: [RecordField] = []) {
    self.field = field
    validity = ArrowBits(capacity: rows)
    bits = ArrowBits(capacity: field.kind == .boolean ? rows : 0)
    let hasOffsets = field.kind != .integer && field.kind != .boolean
    offsets = OutputBytes(capacity: hasOffsets ? (rows + 1) * 4 : 0)
    data = OutputBytes(capacity: field.kind == .integer ? rows * 4 : field.kind == .string ? rows * 8 : 0)
    strings = field.kind == .strings ? ArrowColumn(RecordField(.text, .string), rows: rows) : nil
    records = field.kind == .records ? ArrowStruct(elementFields, rows: rows) : nil
    if field.kind != .integer && field.kind != .boolean { appendOffset(0) }
  }

  var failed: Bool {
    data.failed || offsets.failed || validity.bytes.failed || bits.bytes.failed || tooLarge
      || strings?.failed == true || records?.failed == true
  }

  /// Whether a string or list here or below outgrew 32-bit offsets.
  var tooLarge: Bool {
    offsetsOverflowed || strings?.tooLarge == true || records?.columns.contains { $0.tooLarge } == true
  }

  @inline(__always)
  private func appendOffset(_ offset: Int) {
    guard let value = Int32(exactly: offset) else {
      offsetsOverflowed = true
      return
    }
    append(value, to: offsets)
  }

  /// Four bytes, little-endian.
  @inline(__always)
  private func append(_ value: Int32, to bytes: OutputBytes) {
    guard bytes.reserve(4) else { return }
    withUnsafeBytes(of: value.littleEndian) { bytes.appendUnchecked($0.bindMemory(to: UInt8.self)) }
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
    case .string: appendOffset(data.count)
    case .integer: appendInteger(0)
    case .boolean: bits.append(false)
    case .strings: appendOffset(strings?.length ?? 0)
    case .records: appendOffset(records?.length ?? 0)
    }
  }

  @inline(__always)
  func append(utf8: UnsafeBufferPointer<UInt8>) {
    data.append(utf8)
    appendOffset(data.count)
    appendValid()
  }

  func append(_ text: String) {
    var text = text
    text.withUTF8 { append(utf8: $0) }
  }

  private func appendInteger(_ value: Int) {
    append(Int32(truncatingIfNeeded: value), to: data)
  }

  func append(_ value: Int) {
    appendInteger(value)
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
  }
}

/// A struct array being filled: a column per field, a row per record.
final class ArrowStruct {
  let columns: [ArrowColumn]
  /// The column of each key (by its raw value), -1 for none.
  private let columnOfKey: [Unmanaged<ArrowColumn>?]
  private(set) var length = 0
  private(set) var nullCount = 0
  let validity: ArrowBits

  /// A struct with room for about `rows` rows.
  init(_ fields: [RecordField], rows: Int, elementFields: [RecordField] = []) {
    validity = ArrowBits(capacity: rows)
    columns = fields.map { ArrowColumn($0, rows: rows, elementFields: elementFields) }
    // Unretained: `columns` keeps them, and a field's write then costs no
    // reference counting.
    var columnOfKey = [Unmanaged<ArrowColumn>?](repeating: nil, count: RecordKey.allCases.count)
    for column in columns { columnOfKey[column.field.key.rawValue] = Unmanaged.passUnretained(column) }
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
    for column in columns where column.length == length { column.appendNull() }
    validity.append(true)
    length += 1
  }

  /// A null row: null in every column.
  func appendNull() {
    for column in columns { column.appendNull() }
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
