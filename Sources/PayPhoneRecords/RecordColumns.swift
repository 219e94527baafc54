package import PayPhone

/// A CSV column that a command appends for one field of its record:
/// `phone --csv` appends `e164`, `phoneValid`, ... for one `--column`, and
/// `<column>E164`, `<column>Valid`, ... for several.
package struct RecordColumn: Sendable {
  package let key: RecordKey
  /// The column's name when one column is normalised.
  package let singleName: String
  /// What follows a column's name when several are.
  package let suffix: String
  /// The cell when the record has no such field (a failure's `valid` is
  /// `false`; any other is empty).
  package let missing: String

  init(_ key: RecordKey, _ singleName: String, suffix: String, missing: String = "") {
    self.key = key
    self.singleName = singleName
    self.suffix = suffix
    self.missing = missing
  }

  /// `phone --csv`'s columns, in order.
  package static let phone = [
    RecordColumn(.e164, "e164", suffix: "E164"),
    RecordColumn(.valid, "phoneValid", suffix: "Valid", missing: "false"),
    RecordColumn(.type, "phoneType", suffix: "Type"),
    RecordColumn(.region, "phoneRegion", suffix: "Region"),
    RecordColumn(.error, "phoneError", suffix: "Error"),
  ]

  /// With `--describe`, after each phone column's five.
  package static let phoneDescription = [
    RecordColumn(.location, "phoneLocation", suffix: "Location"),
    RecordColumn(.carrier, "phoneCarrier", suffix: "Carrier"),
    RecordColumn(.timeZones, "phoneTimeZones", suffix: "TimeZones"),
  ]
}

/// The cells of some columns, filled by walking a record: each column's
/// field as CSV text (`true`/`false`, decimal, a list joined by spaces,
/// empty for null), or its `missing` cell when the record has no such
/// field. Fields of no column are not even formatted, and a cell's bytes
/// are written as the record hands them over (a region's code, a number's
/// format), with no string made of them.
package struct RecordCells: RecordWriting {
  package let columns: [RecordColumn]
  /// The columns' `missing` cells, then the cells' bytes in the order
  /// they were written.
  private var bytes = LineWriter()
  /// Where each column's cell is in `bytes`, and its `missing` cell.
  private var cells: [Range<Int>]
  private let missingCells: [Range<Int>]
  /// The column of each key (by its raw value), -1 for none.
  private let columnOfKey: [Int]

  package init(_ columns: [RecordColumn]) {
    self.columns = columns
    var bytes = LineWriter()
    cells = columns.map { column in
      let start = bytes.byteCount
      bytes.appendRaw(column.missing)
      return start..<bytes.byteCount
    }
    self.bytes = bytes
    missingCells = cells
    var columnOfKey = [Int](repeating: -1, count: RecordKey.allCases.count)
    for (index, column) in columns.enumerated() { columnOfKey[column.key.rawValue] = index }
    self.columnOfKey = columnOfKey
  }

  /// The cells of `record`. (Compiled here, where both the record and
  /// this writer are known.)
  package mutating func fill(from record: PhoneRecord) {
    reset()
    record.write(to: &self)
  }

  /// Back to every column's `missing` cell.
  package mutating func reset() {
    bytes.removeAll(keepingFirst: missingCells.last?.upperBound ?? 0)
    // Element by element: assigning the array would share its storage,
    // which the first cell written would then copy.
    for index in cells.indices { cells[index] = missingCells[index] }
  }

  /// Each column's `missing` cell, but `code` in the `error` column.
  package mutating func fail(code: String) {
    reset()
    field(.error, code)
  }

  /// Each cell's bytes, in the columns' order.
  package func forEachCell(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    bytes.withBytes { bytes in
      for cell in cells { body(UnsafeBufferPointer(rebasing: bytes[cell])) }
    }
  }

  private mutating func setCell(_ index: Int, _ text: String) {
    var text = text
    text.withUTF8 { setCell(index, utf8: $0) }
  }

  private mutating func setCell(_ index: Int, utf8: UnsafeBufferPointer<UInt8>) {
    let start = bytes.byteCount
    bytes.appendRaw(utf8)
    cells[index] = start..<bytes.byteCount
  }

  package mutating func beginRecord() {}
  package mutating func endRecord() {}

  package mutating func field(_ key: RecordKey, _ value: @autoclosure () -> String?) {
    guard let index = column(key) else { return }
    setCell(index, value() ?? "")
  }

  package mutating func field(_ key: RecordKey, _ value: Int?) {
    guard let index = column(key) else { return }
    setCell(index, value.map { String($0) } ?? "")
  }

  package mutating func field(_ key: RecordKey, _ value: Bool?) {
    guard let index = column(key) else { return }
    setCell(index, value.map { $0 ? "true" : "false" } ?? "")
  }

  package mutating func field(_ key: RecordKey, _ values: [String]) {
    guard let index = column(key) else { return }
    setCell(index, values.joined(separator: " "))
  }

  package mutating func field(_ key: RecordKey, region: RegionCode?) {
    guard let index = column(key) else { return }
    guard let region else { return setCell(index, "") }
    region.withUTF8 { setCell(index, utf8: $0) }
  }

  package mutating func field(_ key: RecordKey, _ number: PhoneNumber, formatted format: PhoneNumberFormat) {
    guard let index = column(key) else { return }
    number.withFormatted(format) { setCell(index, utf8: $0) }
  }

  package mutating func beginList(_ key: RecordKey) {}
  package mutating func endList() {}

  private func column(_ key: RecordKey) -> Int? {
    let index = columnOfKey[key.rawValue]
    return index < 0 ? nil : index
  }
}
