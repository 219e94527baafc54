package import PayPhone

/// Bits appended one at a time, least significant first, as Arrow lays out
/// a validity bitmap or a boolean column's values.
struct ArrowBits {
  let bytes = OutputBytes(capacity: 64)
  private var current: UInt8 = 0
  private(set) var count = 0

  @inline(__always)
  mutating func append(_ bit: Bool) {
    if bit { current |= 1 << UInt8(count & 7) }
    count += 1
    if count & 7 == 0 {
      bytes.append(current)
      current = 0
    }
  }

  /// Writes the last, partial byte: call once, when every bit is in.
  mutating func finish() {
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
  var validity = ArrowBits()
  /// Strings: the characters; integers: the `Int32` values.
  let data = OutputBytes(capacity: 256)
  /// Booleans: the values.
  var bits = ArrowBits()
  /// Strings and lists: where each row starts (`Int32`), one more than rows.
  let offsets = OutputBytes(capacity: 256)
  /// A list of strings: the strings, one column.
  let strings: ArrowColumn?
  /// A list of records: the records.
  let records: ArrowStruct?
  /// Whether this column's strings or lists outgrew 32-bit offsets.
  private var offsetsOverflowed = false

  init(_ field: RecordField, elementFields: [RecordField] = []) {
    self.field = field
    strings = field.kind == .strings ? ArrowColumn(RecordField(.text, .string)) : nil
    records = field.kind == .records ? ArrowStruct(elementFields) : nil
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

  private func appendOffset(_ offset: Int) {
    guard let value = Int32(exactly: offset) else {
      offsetsOverflowed = true
      return
    }
    withUnsafeBytes(of: value.littleEndian) { offsets.append($0.bindMemory(to: UInt8.self)) }
  }

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
    let value = Int32(truncatingIfNeeded: value).littleEndian
    withUnsafeBytes(of: value) { data.append($0.bindMemory(to: UInt8.self)) }
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
  private let columnOfKey: [Int]
  private(set) var length = 0
  private(set) var nullCount = 0
  var validity = ArrowBits()

  init(_ fields: [RecordField], elementFields: [RecordField] = []) {
    columns = fields.map { ArrowColumn($0, elementFields: elementFields) }
    var columnOfKey = [Int](repeating: -1, count: RecordKey.allCases.count)
    for (index, field) in fields.enumerated() { columnOfKey[field.key.rawValue] = index }
    self.columnOfKey = columnOfKey
  }

  var failed: Bool { validity.bytes.failed || columns.contains { $0.failed } }

  /// The column of `key` in the row being written; nil when the struct has
  /// no such column, or the row already has the field.
  @inline(__always)
  func column(_ key: RecordKey) -> ArrowColumn? {
    let index = columnOfKey[key.rawValue]
    guard index >= 0 else { return nil }
    let column = columns[index]
    return column.length == length ? column : nil
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

  /// Columns for `schema`'s records, with the on-request fields in `requested`.
  init(_ schema: RecordSchema, requested: Set<RecordKey> = []) {
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
    root = ArrowStruct(fields, elementFields: elementFields)
    level = root
  }

  /// How many rows are written.
  package var count: Int { root.length }

  /// A null row (for a null input).
  package mutating func appendNull() { root.appendNull() }

  package mutating func beginRecord() {}
  package mutating func endRecord() { level.endRow() }

  package mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) {
    guard let column = level.column(key) else { return }
    guard let value = value() else { return column.appendNull() }
    column.append(value)
  }

  package mutating func field(_ key: RecordKey, _ value: Int?) {
    guard let column = level.column(key) else { return }
    guard let value else { return column.appendNull() }
    column.append(value)
  }

  package mutating func field(_ key: RecordKey, _ value: Bool?) {
    guard let column = level.column(key) else { return }
    guard let value else { return column.appendNull() }
    column.append(value)
  }

  package mutating func field(_ key: RecordKey, _ values: [String]) {
    level.column(key)?.append(values)
  }

  package mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat) {
    guard let column = level.column(key) else { return }
    number.withFormatted(format) { column.append(utf8: $0) }
  }

  package mutating func beginList(_ key: RecordKey) {
    guard let column = level.column(key), let records = column.records else {
      // A list the columns do not hold: its records go nowhere.
      lists.append((ArrowColumn(RecordField(key, .records)), level))
      level = ArrowStruct([])
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
