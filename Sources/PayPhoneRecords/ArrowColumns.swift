package import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneCore

/// Bits appended one at a time, least significant first, as Arrow lays out
/// a validity bitmap or a boolean column's values.
final class ArrowBits {
  let bytes: OutputBytes
  private var current: UInt8 = 0
  private var count = 0

  /// Room for `capacity` bits.
  init(capacity: Int) {
    bytes = OutputBytes(capacity: capacity / 8 + 1)
  }

  @inline(__always)
  func append(_ bit: Bool) {
    current |= (bit ? 1 : 0) << UInt8(count & 7)
    count += 1
    if count & 7 == 0 { flush() }
  }

  @inline(__always)
  private func flush() {
    if bytes.reserve(1) { bytes.appendUnchecked(current) }
    current = 0
  }

  /// Writes the last, partial byte: call once, when every bit is in.
  func finish() {
    if count & 7 != 0 { flush() }
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
  let data: OutputBytes
  /// Booleans: the values.
  let bits: ArrowBits
  /// Strings and lists: where each row starts (`Int32`), one more than rows.
  let offsets: OutputBytes
  /// A list of strings: the strings, one column.
  let strings: ArrowColumn?
  /// A list of records: the records.
  let records: ArrowStruct?
  /// Dictionary-encoded strings (the type, the error): the distinct ones,
  /// in the order first written.
  let dictionary: ArrowColumn?
  /// Whether this column's strings or lists outgrew 32-bit offsets.
  private var offsetsOverflowed = false
  /// A dictionary-encoded column: each number type's index in the
  /// dictionary, by the type's place in `allCases` (-1 until written), so
  /// a type is found without comparing its text.
  private let typeIndices: UnsafeMutableBufferPointer<Int32>

  /// The fields written as dictionary-encoded strings: few distinct values.
  static let dictionaryKeys: Set<RecordKey> = [.type, .error]

  /// A column with room for about `rows` rows.
  init(_ field: RecordField, rows: Int, elementFields: [RecordField] = []) {
    self.field = field
    let encoded = field.kind == .string && Self.dictionaryKeys.contains(field.key)
    dictionary = encoded ? ArrowColumn(RecordField(.text, .string), rows: 16) : nil
    validity = ArrowBits(capacity: rows)
    bits = ArrowBits(capacity: field.kind == .boolean ? rows : 0)
    let hasOffsets = !encoded && field.kind != .integer && field.kind != .boolean
    offsets = OutputBytes(capacity: hasOffsets ? (rows + 1) * 4 : 0)
    data = OutputBytes(
      capacity: field.kind == .integer || encoded ? rows * 4 : field.kind == .string ? rows * 16 : 0)
    strings = field.kind == .strings ? ArrowColumn(RecordField(.text, .string), rows: rows) : nil
    records = field.kind == .records ? ArrowStruct(elementFields, rows: rows) : nil
    typeIndices = .allocate(capacity: encoded ? Self.types.count : 0)
    typeIndices.initialize(repeating: -1)
    if hasOffsets { appendOffset(0) }
  }

  deinit { typeIndices.deallocate() }

  private static let types = PhoneNumberType.allCases

  var failed: Bool {
    data.failed || offsets.failed || validity.bytes.failed || bits.bytes.failed || tooLarge
      || strings?.failed == true || records?.failed == true || dictionary?.failed == true
  }

  /// Whether a string or list here or below outgrew 32-bit offsets.
  var tooLarge: Bool {
    offsetsOverflowed || strings?.tooLarge == true || records?.columns.contains { $0.tooLarge } == true
  }

  @inline(__always)
  private func appendOffset(_ offset: Int) {
    if offset > Int32.max { offsetsOverflowed = true }
    Self.append(Int32(truncatingIfNeeded: offset), to: offsets)
  }

  /// Four bytes, little-endian.
  @inline(__always)
  private static func append(_ value: Int32, to bytes: OutputBytes) {
    guard bytes.reserve(4) else { return }
    withUnsafeBytes(of: value.littleEndian) { bytes.appendUnchecked($0.bindMemory(to: UInt8.self)) }
  }

  /// The index of `text` among this column's strings, appended if new: a
  /// dictionary's lookup, over its few values.
  func index(of text: UnsafeBufferPointer<UInt8>) -> Int {
    // The offsets written (fewer than the rows once memory ran out).
    if let bounds = UnsafeRawPointer(offsets.written.baseAddress) {
      for index in 0..<min(length, offsets.count / 4 - 1) {
        let start = Int(bounds.load(fromByteOffset: index * 4, as: Int32.self))
        let end = Int(bounds.load(fromByteOffset: index * 4 + 4, as: Int32.self))
        if text.hasSameBytes(as: UnsafeBufferPointer(rebasing: data.written[start..<end])) { return index }
      }
    }
    append(utf8: text)
    return length - 1
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
    case .string: dictionary == nil ? appendOffset(data.count) : Self.append(0, to: data)
    case .integer: Self.append(0, to: data)
    case .boolean: bits.append(false)
    case .strings: appendOffset(strings?.length ?? 0)
    case .records: appendOffset(records?.length ?? 0)
    }
  }

  @inline(__always)
  func append(utf8: UnsafeBufferPointer<UInt8>) {
    if let dictionary {
      Self.append(Int32(truncatingIfNeeded: dictionary.index(of: utf8)), to: data)
    } else {
      data.append(utf8)
      appendOffset(data.count)
    }
    appendValid()
  }

  func append(_ text: String) {
    // A native string lends its UTF-8 as it is, without a copy of the string.
    guard text.utf8.withContiguousStorageIfAvailable({ append(utf8: $0) }) == nil else { return }
    var text = text
    text.withUTF8 { append(utf8: $0) }
  }

  func append(_ type: PhoneNumberType) {
    guard let dictionary, let place = Self.types.firstIndex(of: type) else { return append(type.rawValue) }
    if typeIndices[place] < 0 {
      var text = type.rawValue
      typeIndices[place] = Int32(truncatingIfNeeded: text.withUTF8 { dictionary.index(of: $0) })
    }
    Self.append(typeIndices[place], to: data)
    appendValid()
  }

  func append(_ value: Int) {
    Self.append(Int32(truncatingIfNeeded: value), to: data)
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
    dictionary?.finish()
  }

  /// The column to export, named `name`.
  func node(name: StaticString) -> ArrowNode {
    func node(_ format: StaticString, _ buffers: [OutputBytes?], children: [ArrowNode] = []) -> ArrowNode {
      ArrowNode(
        format: format, name: name, length: length, nullCount: nullCount,
        buffers: [nullCount > 0 ? validity.bytes : nil] + buffers, children: children)
    }
    switch field.kind {
    case .string:
      guard let dictionary else { return node("u", [offsets, data]) }
      var indexes = node("i", [data])
      indexes.dictionary = [dictionary.node(name: "")]
      return indexes
    case .integer: return node("i", [data])
    case .boolean: return node("b", [bits.bytes])
    case .strings: return node("+l", [offsets], children: strings.map { [$0.node(name: "item")] } ?? [])
    case .records: return node("+l", [offsets], children: records.map { [$0.node(name: "item")] } ?? [])
    }
  }
}

/// A struct array being filled: a column per field, a row per record.
final class ArrowStruct {
  let columns: [ArrowColumn]
  /// The columns, unretained (`columns` keeps them), so that walking them
  /// costs no reference counting.
  private let unretained: [Unmanaged<ArrowColumn>]
  /// The column of each key (by its raw value) and its bit in `written`.
  private let columnOfKey: [(column: Unmanaged<ArrowColumn>, bit: UInt64)?]
  /// The columns the row being written has, a bit each.
  private var written: UInt64 = 0
  private(set) var length = 0
  private(set) var nullCount = 0
  let validity: ArrowBits

  /// A struct with room for about `rows` rows.
  init(_ fields: [RecordField], rows: Int, elementFields: [RecordField] = []) {
    validity = ArrowBits(capacity: rows)
    columns = fields.map { ArrowColumn($0, rows: rows, elementFields: elementFields) }
    precondition(fields.count <= 64, "a struct of more columns than a row's bits")
    unretained = columns.map { Unmanaged.passUnretained($0) }
    var columnOfKey = [(column: Unmanaged<ArrowColumn>, bit: UInt64)?](
      repeating: nil, count: RecordKey.allCases.count)
    for (index, column) in columns.enumerated() {
      columnOfKey[column.field.key.rawValue] = (unretained[index], 1 << index)
    }
    self.columnOfKey = columnOfKey
  }

  var failed: Bool { validity.bytes.failed || columns.contains { $0.failed } }

  /// `body` with the column of `key` in the row being written; not called
  /// when the struct has no such column, or the row already has the field.
  @inline(__always)
  func withColumn(_ key: RecordKey, _ body: (ArrowColumn) -> Void) {
    guard let (column, bit) = columnOfKey[key.rawValue], written & bit == 0 else { return }
    written |= bit
    column._withUnsafeGuaranteedRef(body)
  }

  /// A row ends: the fields the record did not write are null in it.
  func endRow() {
    var missing = ~written & (UInt64.max >> (64 - unretained.count))
    while missing != 0 {
      unretained[missing.trailingZeroBitCount]._withUnsafeGuaranteedRef { $0.appendNull() }
      missing &= missing - 1
    }
    written = 0
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

  /// The struct to export, named `name`: a child per column.
  func node(name: StaticString) -> ArrowNode {
    ArrowNode(
      format: "+s", name: name, length: length, nullCount: nullCount,
      buffers: [nullCount > 0 ? validity.bytes : nil],
      children: columns.map { $0.node(name: $0.field.key.spelling) })
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

  package mutating func field(_ key: RecordKey, region: RegionCode?) {
    level.withColumn(key) { column in
      guard let region else { return column.appendNull() }
      region.withUTF8 { column.append(utf8: $0) }
    }
  }

  package mutating func field(_ key: RecordKey, type: PhoneNumberType) {
    level.withColumn(key) { $0.append(type) }
  }

  package mutating func field(_ key: RecordKey, nationalNumberOf number: PhoneNumber) {
    level.withColumn(key) { column in number.withNationalNumber { column.append(utf8: $0) } }
  }

  package mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat) {
    level.withColumn(key) { column in number.withFormatted(format) { column.append(utf8: $0) } }
  }

  package mutating func formatFields(of number: PhoneNumber) {
    // Read once: the closure would otherwise take the struct from `self` per use.
    let level = level
    number.withFormats { international, national, rfc3966 in
      level.withColumn(.international) { $0.append(utf8: international) }
      level.withColumn(.national) { $0.append(utf8: national) }
      level.withColumn(.rfc3966) { $0.append(utf8: rfc3966) }
    }
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
