@_spi(PayPhoneInternal) internal import PayPhoneRecords

/// Records copied through for a `CSVColumnAppender`, with where each row's
/// appended cells go and the values they are made from.
struct CSVCopiedRows: Sendable {
  /// One read field's value in a row: where it sits in `valueBytes`.
  enum Value: Sendable {
    case missing
    case tooLong
    case stored(Range<Int>)
  }

  /// The records' bytes as they are written, less the appended cells.
  var bytes: [UInt8] = []
  /// Per row, where in `bytes` its appended cells go.
  var cellOffsets: [Int] = []
  /// Per row, `valuesPerRow` values: those of the read fields, in order.
  var values: [Value] = []
  var valuesPerRow = 0
  /// The stored values, end to end (one buffer, so a row costs no
  /// allocation of its own).
  var valueBytes: [UInt8] = []
}

/// The scanner's visitor for `CSVColumnAppender`: copies the records
/// through, keeps the values of the fields the appended cells are made from
/// (up to a bound), and marks where each row's cells go.
///
/// It starts in header mode, keeping the header record whole; scanned
/// alone, the header ends, then `beginRows` writes it with the appended
/// columns' names and the rows follow.
struct CSVRowCopier: CSVVisitor, Sendable {
  static let maximumHeaderLength = 1 << 20

  let delimiter: UInt8
  /// Values longer than this are not kept.
  let valueLimit: Int
  /// What has been copied since the last `takeRows`.
  private(set) var rows = CSVCopiedRows()
  /// Header mode: the header record's bytes until its columns are known.
  private var header: [UInt8]? = []
  /// The header's field names, the first without a byte order mark.
  private(set) var headerNames: [String] = []
  /// How the header record ended.
  private var headerTerminator = CSVScanner.Terminator.endOfInput
  /// Header mode: the current header field's value so far.
  private var field: [UInt8] = []
  /// Set when the input cannot go on.
  private(set) var failure: UsageError?
  private(set) var sawRecord = false
  private var fieldIndex = 0
  /// The header's width.
  private var width = 0
  /// The fields whose values are kept, in the order the cells get them.
  private var readFields: [Int] = []
  /// Per header field: whether its value is kept.
  private var isRead: [Bool] = []
  /// Per header field, its value in the current row (`missing` when not
  /// reached).
  private var rowValues: [CSVCopiedRows.Value] = []
  /// Where the current field's value starts in `rows.valueBytes`, and
  /// whether it has outgrown `valueLimit`.
  private var fieldStart = 0
  private var fieldIsTooLong = false
  /// Whether the current row has passed the header's width (its cells are
  /// marked already).
  private var rowIsLong = false
  private(set) var shortRows = 0
  private(set) var longRows = 0

  init(delimiter: UInt8, valueLimit: Int) {
    self.delimiter = delimiter
    self.valueLimit = valueLimit
  }

  /// Makes room for copying `count` bytes of records.
  mutating func reserveCapacity(_ count: Int) {
    rows.bytes.reserveCapacity(count)
  }

  /// The rows copied since the last call.
  mutating func takeRows() -> CSVCopiedRows {
    defer {
      rows = CSVCopiedRows(valuesPerRow: rows.valuesPerRow)
      fieldStart = 0
    }
    return rows
  }

  /// Ends header mode: writes the header record with `appendedNames` after
  /// its fields; the rows' cells get the values of `readFields`.
  mutating func beginRows(readFields: [Int], appendedNames: [String]) {
    width = headerNames.count
    self.readFields = readFields
    isRead = Array(repeating: false, count: width)
    for index in readFields { isRead[index] = true }
    rowValues = Array(repeating: .missing, count: width)
    rows.valuesPerRow = readFields.count
    rows.bytes.append(contentsOf: header ?? [])
    header = nil
    for name in appendedNames {
      // Quoted as `appendCSVCell` quotes.
      var cell = LineWriter()
      cell.appendCSVCell(name, delimiter: delimiter)
      rows.bytes.append(contentsOf: cell.bytes)
    }
    appendTerminator(headerTerminator)
  }

  mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard header != nil else {
      rows.bytes.append(contentsOf: bytes)
      return
    }
    guard failure == nil else { return }
    header?.append(contentsOf: bytes)
    // The appender stops after this block.
    if (header?.count ?? 0) > Self.maximumHeaderLength { headerTooLong() }
  }

  mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) {
    if header != nil {
      // A header name is kept up to the same bound as a value.
      let room = valueLimit - field.count
      field.append(contentsOf: bytes.prefix(max(room, 0)))
      return
    }
    guard fieldIndex < width && isRead[fieldIndex] else { return }
    guard !fieldIsTooLong else { return }
    if bytes.count <= valueLimit - (rows.valueBytes.count - fieldStart) {
      rows.valueBytes.append(contentsOf: bytes)
    } else {
      // Not kept: the bytes kept so far go.
      rows.valueBytes.removeLast(rows.valueBytes.count - fieldStart)
      fieldIsTooLong = true
    }
  }

  mutating func endField() {
    if header != nil {
      guard failure == nil else { return }
      header?.append(delimiter)
      if (header?.count ?? 0) > Self.maximumHeaderLength { return headerTooLong() }
      endHeaderField()
      return
    }
    if fieldIndex == width - 1 {
      // The row goes past the header: the appended cells come here, the
      // extra fields after them.
      endRowField()
      markCells()
      rowIsLong = true
      rows.bytes.append(delimiter)
    } else {
      rows.bytes.append(delimiter)
      endRowField()
    }
  }

  mutating func endRecord(_ terminator: CSVScanner.Terminator) -> Bool {
    guard failure == nil else { return false }
    sawRecord = true
    if header != nil {
      endHeaderField()
      headerTerminator = terminator
      fieldIndex = 0
      return true
    }
    endRowField()
    if rowIsLong {
      longRows += 1
    } else {
      if fieldIndex < width {
        shortRows += 1
        for _ in fieldIndex..<width { rows.bytes.append(delimiter) }
      }
      markCells()
    }
    appendTerminator(terminator)
    fieldIndex = 0
    fieldIsTooLong = false
    fieldStart = rows.valueBytes.count
    for index in readFields { rowValues[index] = .missing }
    rowIsLong = false
    return true
  }

  private mutating func appendTerminator(_ terminator: CSVScanner.Terminator) {
    switch terminator {
    case .carriageReturnLineFeed:
      rows.bytes.append(0x0D)
      rows.bytes.append(0x0A)
    case .lineFeed, .endOfInput: rows.bytes.append(0x0A)
    }
  }

  private mutating func headerTooLong() {
    failure = UsageError("the CSV header row is longer than \(Self.maximumHeaderLength) bytes")
  }

  private mutating func endHeaderField() {
    var name = String(decoding: field, as: UTF8.self)
    if headerNames.isEmpty && name.hasPrefix("\u{FEFF}") { name.removeFirst() }
    headerNames.append(name)
    field.removeAll(keepingCapacity: true)
    fieldIndex += 1
  }

  private mutating func endRowField() {
    if fieldIndex < width && isRead[fieldIndex] {
      rowValues[fieldIndex] = fieldIsTooLong ? .tooLong : .stored(fieldStart..<rows.valueBytes.count)
    }
    fieldIsTooLong = false
    fieldIndex += 1
    fieldStart = rows.valueBytes.count
  }

  /// Marks where the row's cells go, and the values they are made from;
  /// the cells are written later, maybe on another thread.
  private mutating func markCells() {
    rows.cellOffsets.append(rows.bytes.count)
    for index in readFields { rows.values.append(rowValues[index]) }
  }
}
