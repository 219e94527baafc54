internal import PayPhone
internal import PayPhoneDescribe
internal import PayPhoneStreaming

/// The columns `payphone phone --csv --column NAME` appends to every row:
/// `e164`, `phoneValid`, `phoneType`, `phoneRegion` and `phoneError` — five
/// per `--column`, named `<column>E164`, `<column>Valid`, ... when there are
/// several — and with `--describe` each column's place, carrier and time
/// zones after its five.
struct PhoneColumns: CSVAppendedColumns {
  /// Longer values cannot be numbers (the parser reads 250 characters).
  static let valueLimit = 4096
  /// The appended columns' names with a single `--column`.
  static let singleColumnNames = ["e164", "phoneValid", "phoneType", "phoneRegion", "phoneError"]
  /// The suffixes of the appended columns' names with several.
  static let columnSuffixes = ["E164", "Valid", "Type", "Region", "Error"]
  /// With --describe, after those: `phoneLocation`, ... with one
  /// `--column`, else `<column>Location`, ...
  static let singleColumnDescribeNames = ["phoneLocation", "phoneCarrier", "phoneTimeZones"]
  static let describeSuffixes = ["Location", "Carrier", "TimeZones"]

  /// The phone columns, as given (matched exactly, else ignoring case and
  /// surrounding spaces).
  let columns: [String]
  /// A column holding each row's default region (`GB`, `us`), overriding
  /// `region` where it is not empty.
  let regionColumn: String?
  let region: RegionCode?
  /// With --describe: each phone column's place, carrier and time zones.
  let describer: PhoneNumberDescriber?

  init(columns: [String], regionColumn: String?, region: RegionCode?, describer: PhoneNumberDescriber? = nil)
  {
    self.columns = columns
    self.regionColumn = regionColumn
    self.region = region
    self.describer = describer
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
    guard columns.count > 1 else {
      return (readFields, Self.singleColumnNames + (describer != nil ? Self.singleColumnDescribeNames : []))
    }
    var names: [String] = []
    for index in readFields.prefix(columns.count) {
      let column = CSVOptions.trimmed(header[index])
      names += Self.columnSuffixes.map { column + $0 }
      if describer != nil { names += Self.describeSuffixes.map { column + $0 } }
    }
    return (readFields, names)
  }

  mutating func appendCells(from values: CSVRowValues, delimiter: UInt8, into output: inout LineWriter) {
    var rowRegion = region
    if regionColumn != nil, case .bytes(let code) = values[columns.count], !code.isEmpty {
      rowRegion = self.region(in: code)
    }
    for index in columns.indices {
      appendCells(for: values[index], region: rowRegion, delimiter: delimiter, into: &output)
    }
  }

  /// Writes the cells appended for one phone column's value.
  private func appendCells(
    for value: CSVFieldValue, region: RegionCode?, delimiter: UInt8, into output: inout LineWriter
  ) {
    var error: String
    switch value {
    case .missing: error = PhoneNumberError.Code.notANumber.rawValue
    case .tooLong: error = PhoneNumberError.Code.tooLong.rawValue
    case .bytes(let bytes):
      guard UTF8Validation.isValid(bytes) else {
        error = "bad_input_line"
        break
      }
      // Parsed from its bytes: no string made for it.
      do throws(PhoneNumberError) {
        let number = try PhoneNumber(utf8: bytes, region: region)
        appendPlainCells(
          number.formatted(.e164), number.isValid ? "true" : "false", number.type.rawValue,
          number.region?.rawValue ?? "", "", delimiter: delimiter, into: &output)
        if let describer {
          output.appendCSVCell(describer.location(of: number) ?? "", delimiter: delimiter)
          output.appendCSVCell(describer.carrierName(of: number) ?? "", delimiter: delimiter)
          output.appendCSVCell(describer.timeZones(of: number).joined(separator: " "), delimiter: delimiter)
        }
        return
      } catch let failure {
        error = failure.code.rawValue
      }
    }
    for cell in ["", "false", "", "", error] { output.appendCSVCell(cell, delimiter: delimiter) }
    if describer != nil {
      for _ in 0..<3 { output.appendCSVCell("", delimiter: delimiter) }
    }
  }

  /// Writes five cells after a delimiter each, in one copy when none needs
  /// quoting (the phone cells never do, unless the delimiter is a letter,
  /// a digit, `+` or `_`), else cell by cell as `appendCSVCell` quotes.
  private func appendPlainCells(
    _ first: String, _ second: String, _ third: String, _ fourth: String, _ fifth: String, delimiter: UInt8,
    into output: inout LineWriter
  ) {
    let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Bool in
      var count = 0
      guard Self.put(first, delimiter, buffer, &count), Self.put(second, delimiter, buffer, &count),
        Self.put(third, delimiter, buffer, &count), Self.put(fourth, delimiter, buffer, &count),
        Self.put(fifth, delimiter, buffer, &count)
      else { return false }
      output.appendRaw(UnsafeBufferPointer(rebasing: buffer[0..<count]))
      return true
    }
    guard !written else { return }
    for cell in [first, second, third, fourth, fifth] { output.appendCSVCell(cell, delimiter: delimiter) }
  }

  /// Copies a delimiter and `cell` into `buffer` at `count`; false when it
  /// may need quoting or does not fit. (Checked and copied in one pass over
  /// the cell's UTF-8, which a small string lends without a copy of it.)
  /// The check is cheap and errs on the safe side: any byte at or below
  /// `"` (which covers `"`, line feed and carriage return) or equal to the
  /// delimiter sends the cells to `appendCSVCell`, which quotes exactly
  /// when the contract says; the phone cells hold none of them.
  private static func put(
    _ cell: String, _ delimiter: UInt8, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ count: inout Int
  ) -> Bool {
    let start = count
    let end = cell.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard start + 1 + bytes.count <= buffer.count, let target = buffer.baseAddress else { return nil }
      var next = target + start
      next.initialize(to: delimiter)
      for byte in bytes {
        if byte <= UInt8(ascii: "\"") || byte == delimiter { return nil }
        next += 1
        next.initialize(to: byte)
      }
      return next - target + 1
    }
    guard let end, let end else { return false }
    count = end
    return true
  }

  /// The region a row's region column names (`GB`, `gb`): its value,
  /// read in place; a value that is no region code (` us`, `GBR`) gives
  /// `RegionCode.unknown`, a region without metadata, as any unsupported
  /// code does.
  private func region(in value: UnsafeBufferPointer<UInt8>) -> RegionCode {
    RegionCode(utf8: value) ?? .unknown
  }
}
