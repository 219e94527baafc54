internal import PayPhone
internal import PayPhoneDescribe
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// The columns `payphone phone --csv --column NAME` appends to every row:
/// `e164`, `phoneValid`, `phoneType`, `phoneRegion` and `phoneError` — five
/// per `--column`, named `<column>E164`, `<column>Valid`, ... when there are
/// several — and with `--describe` each column's place, carrier and time
/// zones after its five.
struct PhoneColumns: CSVAppendedColumns {
  /// Longer values cannot be numbers (the parser reads 250 characters).
  static let valueLimit = 4096

  /// The phone columns, as given (matched exactly, else ignoring case and
  /// surrounding spaces).
  let columns: [String]
  /// A column holding each row's default region (`GB`, `us`), overriding
  /// `region` where it is not empty.
  let regionColumn: String?
  let region: RegionCode?
  /// With --describe: each phone column's place, carrier and time zones.
  let describer: PhoneNumberDescriber?
  /// The cells appended for one phone column, filled from its record.
  private var cells: RecordCells

  init(columns: [String], regionColumn: String?, region: RegionCode?, describer: PhoneNumberDescriber? = nil)
  {
    self.columns = columns
    self.regionColumn = regionColumn
    self.region = region
    self.describer = describer
    cells = RecordCells(RecordColumn.phone + (describer != nil ? RecordColumn.phoneDescription : []))
  }

  /// Reads the phone columns' values, then the region column's.
  func layout(forHeader header: [String]) throws(UsageError) -> (readFields: [Int], names: [String]) {
    var readFields: [Int] = []
    for column in columns {
      readFields.append(
        try CSVOptions.columnIndex(of: column, in: header, option: "--column", suggestingDelimiter: true))
    }
    if let regionColumn {
      readFields.append(
        try CSVOptions.columnIndex(
          of: regionColumn, in: header, option: "--region-column", suggestingDelimiter: true))
    }
    guard columns.count > 1 else { return (readFields, cells.columns.map(\.singleName)) }
    var names: [String] = []
    for index in readFields.prefix(columns.count) {
      let column = CSVOptions.trimmed(header[index])
      names += cells.columns.map { column + $0.suffix }
    }
    return (readFields, names)
  }

  mutating func appendCells(from values: CSVRowValues, delimiter: UInt8, into output: inout LineWriter) {
    var rowRegion = region
    if regionColumn != nil, case .bytes(let code) = values[columns.count], !code.isEmpty {
      // A value that is no region code (` us`, `GBR`) gives a region
      // without metadata, as any unsupported code does.
      rowRegion = RegionCode(utf8: code) ?? .unknown
    }
    for index in columns.indices {
      fillCells(for: values[index], region: rowRegion)
      cells.forEachCell { output.appendCSVCell(utf8: $0, delimiter: delimiter) }
    }
  }

  /// Fills the cells from one phone column's value: its record's fields,
  /// or the error of a value that is no text to parse.
  private mutating func fillCells(for value: CSVFieldValue, region: RegionCode?) {
    switch value {
    case .missing: cells.fail(code: PhoneNumberError.Code.notANumber.rawValue)
    case .tooLong: cells.fail(code: PhoneNumberError.Code.tooLong.rawValue)
    case .bytes(let bytes):
      guard UTF8Validation.isValid(bytes) else {
        return cells.fail(code: FailureRecord.badInputLine("").code)
      }
      // Parsed from its bytes: the cells do not repeat the input, so no
      // string is made of it.
      let answer = Result { () throws(PhoneNumberError) in try PhoneNumber(utf8: bytes, region: region) }
      var record = PhoneRecord(input: "", answer: answer)
      describer?.describe(&record)
      cells.fill(from: record)
    }
  }
}
