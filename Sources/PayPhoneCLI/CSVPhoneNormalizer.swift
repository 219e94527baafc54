internal import PayPhone
internal import PayPhoneDescribe

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `payphone phone --csv --column NAME`: streams RFC 4180 CSV from stdin to
/// stdout, every row kept byte for byte, with `e164`, `phoneValid`,
/// `phoneType`, `phoneRegion` and `phoneError` appended — five columns per
/// `--column`, named `<column>E164`, `<column>Valid`, ... when there are
/// several.
///
/// Rows pass straight through as they are read (quoted fields, embedded
/// delimiters, quotes and newlines included); only the named columns'
/// values are kept, up to a bound, so memory stays flat whatever the rows
/// hold — an unbalanced quote that swallows the rest of the file included.
/// A row shorter than the header is padded with empty fields, so every
/// appended column sits under its name; a longer row keeps its extra fields
/// after the appended columns; both are counted on stderr at the end.
struct CSVPhoneNormalizer: Sendable {
  /// Longer values cannot be numbers (the parser reads 250 characters).
  static let maximumValueLength = 4096
  static let maximumHeaderLength = 1 << 20
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
  /// The field separator (one ASCII byte).
  let delimiter: UInt8
  /// With --describe: each phone column's place, carrier and time zones
  /// are appended after its five.
  var describer: PhoneNumberDescriber?
  /// Columns another command appends instead of the phone ones (`payphone
  /// find --csv`): their names, and a row's cells from the column's value
  /// (nil when not valid UTF-8 or too long), whether it was too long, and
  /// the row's region.
  var appendedColumns: (names: [String], cells: @Sendable (String?, Bool, RegionCode?) -> [String])?
  /// Values at least this long are not kept (too long to be a number).
  var valueLimit = CSVPhoneNormalizer.maximumValueLength
  /// The command named in messages.
  var commandName = PhoneCommand.name

  init(
    columns: [String], regionColumn: String?, region: RegionCode?, delimiter: UInt8 = UInt8(ascii: ","),
    describer: PhoneNumberDescriber? = nil
  ) {
    self.columns = columns
    self.regionColumn = regionColumn
    self.region = region
    self.delimiter = delimiter
    self.describer = describer
  }

  /// The `--delimiter` value as a byte: one ASCII character other than a
  /// quote or a line break, or `tab`.
  static func delimiter(_ text: String?) throws(UsageError) -> UInt8 {
    guard let text else { return UInt8(ascii: ",") }
    if text == "tab" || text == "\t" { return 0x09 }
    let bytes = Array(text.utf8)
    guard bytes.count == 1, bytes[0] < 0x80, bytes[0] != UInt8(ascii: "\""), bytes[0] != 0x0A,
      bytes[0] != 0x0D
    else {
      throw UsageError(
        "--delimiter needs one ASCII character other than a quote or a line break, or 'tab', not '\(text)'")
    }
    return bytes[0]
  }

  /// The header field `name` designates: the one equal to it, else the one
  /// equal to it ignoring case and surrounding spaces.
  static func columnIndex(of name: String, in headers: [String], option: String) throws(UsageError) -> Int {
    if let exact = headers.firstIndex(of: name) { return exact }
    let key = loose(name)
    let near = headers.indices.filter { loose(headers[$0]) == key }
    if near.count == 1 { return near[0] }
    let list = headers.joined(separator: ", ")
    if near.count > 1 {
      let names = near.map { "'\(headers[$0])'" }.joined(separator: ", ")
      throw UsageError("\(option) '\(name)' is ambiguous: it matches \(names) ignoring case and spaces")
    }
    throw UsageError("no column named '\(name)' (\(option)) in the CSV header (columns: \(list))")
  }

  private static func loose(_ name: String) -> String {
    trimmed(name).lowercased()
  }

  private enum QuoteState {
    case unquoted
    case quoted
    /// A quote inside a quoted field: the end of the field, or the first
    /// half of an escaped `""`.
    case quoteInQuoted
  }

  /// Streams stdin to stdout. The rows' appended cells (the phone work)
  /// are worked out on `jobs` threads, a read block at a time, and written
  /// in input order: byte for byte what one thread writes.
  func run(jobs: Int = 1) -> Int32 {
    var parser = Parser(normalizer: self)
    let pipeline = jobs > 1 ? OrderedPipeline(jobs: jobs) : nil
    func deliver(_ batch: Batch) {
      if let pipeline {
        pipeline.submit { [self] in resolve(batch) }
      } else {
        var output = resolve(batch)
        output.flushToStandardOutput()
      }
    }
    defer { pipeline?.finish() }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        StandardStreams.writeError(
          "payphone \(commandName): cannot read standard input: \(String(cString: strerror(errno)))\n")
        return 1
      }
      if count == 0 { break }
      for byte in chunk[0..<count] {
        if let status = parser.consume(byte) { return status }
      }
      deliver(parser.takeBatch())
    }
    if let status = parser.finish() { return status }
    deliver(parser.takeBatch())
    pipeline?.finish()
    if parser.shortRows > 0 || parser.longRows > 0 {
      StandardStreams.writeError(
        "payphone \(commandName): \(parser.shortRows) \(parser.shortRows == 1 ? "row" : "rows") with fewer fields than "
          + "the header (padded with empty fields), \(parser.longRows) \(parser.longRows == 1 ? "row" : "rows") "
          + "with more (extra fields kept after the appended columns)\n")
    }
    return 0
  }

  /// What one read block gave: the rows' bytes as they are written, and
  /// where each row's appended cells go, with the values they come from.
  struct Batch: Sendable {
    var bytes: [UInt8] = []
    var slots: [Slot] = []
    /// The phone columns' values of every slot, end to end (one buffer, so
    /// a row costs no allocation of its own).
    var valueBytes: [UInt8] = []
    /// Per slot, one per phone column: where its value sits in
    /// `valueBytes` (nil when too long or missing) and whether it was too long.
    var values: [(range: Range<Int>?, overflowed: Bool)] = []
  }

  /// A row's appended cells, still to be worked out: they go at `offset`
  /// of the batch's bytes.
  struct Slot: Sendable {
    let offset: Int
    /// Where the slot's values start in the batch's `values`.
    let firstValue: Int
    let region: RegionCode?
  }

  /// The batch's bytes with every slot's cells in place.
  func resolve(_ batch: Batch) -> LineWriter {
    var output = LineWriter()
    let columnCount = columns.count
    batch.bytes.withUnsafeBufferPointer { bytes in
      var written = 0
      for slot in batch.slots {
        output.appendRaw(UnsafeBufferPointer(rebasing: bytes[written..<slot.offset]))
        written = slot.offset
        for column in batch.values[slot.firstValue..<(slot.firstValue + columnCount)] {
          let value = column.range.map { Array(batch.valueBytes[$0]) }
          for cell in cells(value: value, overflowed: column.overflowed, region: slot.region) {
            output.appendCSVCell(cell, delimiter: delimiter)
          }
        }
      }
      output.appendRaw(UnsafeBufferPointer(rebasing: bytes[written...]))
    }
    return output
  }

  /// The cells appended for one phone column's value.
  private func cells(value: [UInt8]?, overflowed: Bool, region rowRegion: RegionCode?) -> [String] {
    if let appended = appendedColumns {
      let text = value.flatMap { String(validating: $0, as: UTF8.self) }
      return appended.cells(text, overflowed, rowRegion ?? region)
    }
    var cells = ["", "false", "", "", ""]
    var described = describer == nil ? [] : ["", "", ""]
    if let value, let text = String(validating: value, as: UTF8.self) {
      do throws(PhoneNumberParseError) {
        let number = try PhoneNumber(text, region: rowRegion ?? region)
        cells = [
          number.formatted(.e164), number.isValid ? "true" : "false", number.type.rawValue,
          number.region?.rawValue ?? "", "",
        ]
        if let describer {
          described = [
            describer.location(of: number) ?? "", describer.carrierName(of: number) ?? "",
            describer.timeZones(of: number).joined(separator: " "),
          ]
        }
      } catch {
        cells[4] = error.code.rawValue
      }
    } else if overflowed {
      cells[4] = PhoneNumberParseError.Code.tooLong.rawValue
    } else if value == nil {
      cells[4] = PhoneNumberParseError.Code.notANumber.rawValue
    } else {
      cells[4] = "bad_input_line"
    }
    return cells + described
  }

  private struct Parser {
    let normalizer: CSVPhoneNormalizer
    let delimiter: UInt8
    var output: [UInt8] = []
    var quoteState = QuoteState.unquoted
    var atFieldStart = true
    var fieldIndex = 0
    var field: [UInt8] = []
    var fieldOverflowed = false
    var heldCarriageReturn = false
    var recordHasBytes = false
    /// Header mode: the header row is kept whole until its columns are found.
    var header: [UInt8]? = []
    var headerFields: [String] = []
    /// The header's width, once read.
    var width = 0
    /// The phone columns' field indices, in the order of the options.
    var columnIndices: [Int] = []
    var regionColumnIndex = -1
    /// Per header field: whether its value is kept.
    var isKept: [Bool] = []
    /// Per header field: the current row's value (kept fields only; nil
    /// when too long or not reached).
    var rowValues: [[UInt8]?] = []
    var rowOverflowed: [Bool] = []
    /// Whether the current row has passed the header's width (the appended
    /// columns are written already).
    var rowIsLong = false
    var shortRows = 0
    var longRows = 0

    init(normalizer: CSVPhoneNormalizer) {
      self.normalizer = normalizer
      delimiter = normalizer.delimiter
      output.reserveCapacity(1 << 17)
    }

    var batch = Batch()

    /// The bytes and slots gathered since the last call.
    mutating func takeBatch() -> Batch {
      batch.bytes = output
      defer {
        output.removeAll(keepingCapacity: true)
        batch = Batch()
      }
      return batch
    }

    private mutating func emit(_ byte: UInt8) {
      recordHasBytes = true
      if header != nil {
        header?.append(byte)
      } else {
        output.append(byte)
      }
    }

    private mutating func keep(_ byte: UInt8) {
      guard header != nil || (fieldIndex < width && isKept[fieldIndex]) else { return }
      if field.count < normalizer.valueLimit {
        field.append(byte)
      } else {
        fieldOverflowed = true
      }
    }

    mutating func consume(_ byte: UInt8) -> Int32? {
      if heldCarriageReturn {
        heldCarriageReturn = false
        if byte == 0x0A { return endRecord(terminator: [0x0D, 0x0A]) }
        emit(0x0D)
        keep(0x0D)
      }
      switch quoteState {
      case .quoted:
        emit(byte)
        if byte == UInt8(ascii: "\"") { quoteState = .quoteInQuoted } else { keep(byte) }
        return nil
      case .quoteInQuoted:
        if byte == UInt8(ascii: "\"") {
          emit(byte)
          keep(byte)
          quoteState = .quoted
          return nil
        }
        quoteState = .unquoted
      case .unquoted:
        break
      }
      switch byte {
      case delimiter:
        if header == nil && fieldIndex == width - 1 {
          // The row goes past the header: the appended columns come here,
          // the extra fields after them.
          endField()
          appendResults()
          rowIsLong = true
          emit(byte)
        } else {
          emit(byte)
          endField()
        }
      case 0x0A:
        return endRecord(terminator: [0x0A])
      case 0x0D:
        heldCarriageReturn = true
      case UInt8(ascii: "\"") where atFieldStart:
        emit(byte)
        quoteState = .quoted
        atFieldStart = false
      default:
        emit(byte)
        keep(byte)
        atFieldStart = false
      }
      if let header, header.count > CSVPhoneNormalizer.maximumHeaderLength {
        return usageError("the CSV header row is longer than \(CSVPhoneNormalizer.maximumHeaderLength) bytes")
      }
      return nil
    }

    private mutating func endField() {
      if header != nil {
        var name = String(decoding: field, as: UTF8.self)
        if headerFields.isEmpty && name.hasPrefix("\u{FEFF}") { name.removeFirst() }
        headerFields.append(name)
      } else if fieldIndex < width && isKept[fieldIndex] {
        rowValues[fieldIndex] = fieldOverflowed ? nil : field
        rowOverflowed[fieldIndex] = fieldOverflowed
      }
      fieldOverflowed = false
      fieldIndex += 1
      field.removeAll(keepingCapacity: true)
      atFieldStart = true
    }

    private mutating func endRecord(terminator: [UInt8]) -> Int32? {
      if quoteState == .quoteInQuoted { quoteState = .unquoted }
      if header != nil {
        endField()
        do throws(UsageError) {
          try resolveColumns()
        } catch {
          return usageFailure(error, command: normalizer.commandName)
        }
        output.append(contentsOf: header ?? [])
        appendHeader()
        header = nil
      } else {
        endField()
        if rowIsLong {
          longRows += 1
        } else {
          if fieldIndex < width {
            shortRows += 1
            for _ in fieldIndex..<width { output.append(delimiter) }
          }
          appendResults()
        }
      }
      output.append(contentsOf: terminator)
      fieldIndex = 0
      field.removeAll(keepingCapacity: true)
      fieldOverflowed = false
      for index in columnIndices {
        rowValues[index] = nil
        rowOverflowed[index] = false
      }
      if regionColumnIndex >= 0 {
        rowValues[regionColumnIndex] = nil
        rowOverflowed[regionColumnIndex] = false
      }
      rowIsLong = false
      atFieldStart = true
      recordHasBytes = false
      return nil
    }

    private mutating func resolveColumns() throws(UsageError) {
      width = headerFields.count
      isKept = Array(repeating: false, count: width)
      rowValues = Array(repeating: nil, count: width)
      rowOverflowed = Array(repeating: false, count: width)
      for column in normalizer.columns {
        let index = try CSVPhoneNormalizer.columnIndex(of: column, in: headerFields, option: "--column")
        columnIndices.append(index)
        isKept[index] = true
      }
      if let regionColumn = normalizer.regionColumn {
        regionColumnIndex = try CSVPhoneNormalizer.columnIndex(
          of: regionColumn, in: headerFields, option: "--region-column")
        isKept[regionColumnIndex] = true
      }
    }

    private mutating func appendHeader() {
      var names: [String] = []
      if let appended = normalizer.appendedColumns {
        names = appended.names
      } else if columnIndices.count == 1 {
        names = CSVPhoneNormalizer.singleColumnNames
        if normalizer.describer != nil { names += CSVPhoneNormalizer.singleColumnDescribeNames }
      } else {
        for index in columnIndices {
          let column = CSVPhoneNormalizer.trimmed(headerFields[index])
          names += CSVPhoneNormalizer.columnSuffixes.map { column + $0 }
          if normalizer.describer != nil { names += CSVPhoneNormalizer.describeSuffixes.map { column + $0 } }
        }
      }
      for name in names { appendCell(name) }
    }

    /// One header cell after a delimiter, quoted as `appendCSVCell` quotes.
    private mutating func appendCell(_ text: String) {
      var cell = LineWriter()
      cell.appendCSVCell(text, delimiter: delimiter)
      output.append(contentsOf: cell.bytes)
    }

    mutating func finish() -> Int32? {
      if heldCarriageReturn {
        heldCarriageReturn = false
        emit(0x0D)
        keep(0x0D)
      }
      guard recordHasBytes || fieldIndex > 0 else {
        if header?.isEmpty == true { return usageError("the CSV input is empty: no header row") }
        return nil
      }
      return endRecord(terminator: [0x0A])
    }

    /// Marks where the row's appended cells go; they are worked out later,
    /// maybe on another thread (`resolve`).
    private mutating func appendResults() {
      var rowRegion: RegionCode?
      if regionColumnIndex >= 0, let value = rowValues[regionColumnIndex], !value.isEmpty {
        rowRegion = RegionCode(String(decoding: value, as: UTF8.self))
      }
      batch.slots.append(Slot(offset: output.count, firstValue: batch.values.count, region: rowRegion))
      for index in columnIndices {
        guard let value = rowValues[index] else {
          batch.values.append((range: nil, overflowed: rowOverflowed[index]))
          continue
        }
        let start = batch.valueBytes.count
        batch.valueBytes.append(contentsOf: value)
        batch.values.append((start..<batch.valueBytes.count, rowOverflowed[index]))
      }
    }

    private func usageError(_ message: String) -> Int32 {
      usageFailure(UsageError(message), command: normalizer.commandName)
    }
  }

  /// `name` without surrounding white space.
  static func trimmed(_ name: String) -> String {
    var scalars = Substring(name).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
