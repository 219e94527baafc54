internal import PayPhone

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `payphone phone --csv --column NAME`: streams RFC 4180 CSV from stdin to
/// stdout, every row kept byte for byte, with `e164`, `phoneValid`,
/// `phoneType`, `phoneRegion` and `phoneError` appended.
///
/// Rows pass straight through as they are read (quoted fields, embedded
/// commas, quotes and newlines included); only the phone column's value is
/// kept, up to a bound, so memory stays flat whatever the rows hold — an
/// unbalanced quote that swallows the rest of the file included.
struct CSVPhoneNormalizer {
  static let appendedHeader = Array(",e164,phoneValid,phoneType,phoneRegion,phoneError".utf8)
  /// Longer values cannot be numbers (the parser reads 250 characters).
  static let maximumValueLength = 4096
  static let maximumHeaderLength = 1 << 20

  let column: String
  /// The columns appended to the header, and how a row's cells are made
  /// from the column's value (nil when not valid UTF-8 or too long) and the
  /// row's region: `payphone find --csv` appends its own (nil: the phone
  /// command's).
  var appendedColumns: (header: [UInt8], cells: (String?, Bool, RegionCode?) -> [String])?
  var valueLimit = CSVPhoneNormalizer.maximumValueLength
  var commandName = PhoneCommand.name
  /// A column holding each row's default region (`GB`, `us`), overriding
  /// `region` where it is not empty.
  let regionColumn: String?
  let region: RegionCode?

  private enum QuoteState {
    case unquoted
    case quoted
    /// A quote inside a quoted field: the end of the field, or the first
    /// half of an escaped `""`.
    case quoteInQuoted
  }

  func run() -> Int32 {
    var parser = Parser(normalizer: self)
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
      parser.flush()
    }
    if let status = parser.finish() { return status }
    parser.flush()
    return 0
  }

  private struct Parser {
    let normalizer: CSVPhoneNormalizer
    var output: [UInt8] = []
    var quoteState = QuoteState.unquoted
    var atFieldStart = true
    var fieldIndex = 0
    var field: [UInt8] = []
    var fieldOverflowed = false
    var heldCarriageReturn = false
    var recordHasBytes = false
    /// Header mode: the header row is kept whole until its column is found.
    var header: [UInt8]? = []
    var headerFields: [String] = []
    var columnIndex = -1

    init(normalizer: CSVPhoneNormalizer) {
      self.normalizer = normalizer
      output.reserveCapacity(1 << 17)
    }

    mutating func flush() {
      StandardStreams.writeOutput(output)
      output.removeAll(keepingCapacity: true)
    }

    private mutating func emit(_ byte: UInt8) {
      recordHasBytes = true
      if header != nil {
        header!.append(byte)
      } else {
        output.append(byte)
      }
    }

    private mutating func keep(_ byte: UInt8) {
      guard header != nil || fieldIndex == columnIndex || fieldIndex == regionColumnIndex else { return }
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
      case UInt8(ascii: ","):
        emit(byte)
        endField()
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
      if header != nil && header!.count > CSVPhoneNormalizer.maximumHeaderLength {
        return usageError("the CSV header row is longer than \(CSVPhoneNormalizer.maximumHeaderLength) bytes")
      }
      return nil
    }

    private mutating func endField() {
      if header != nil {
        var name = String(decoding: field, as: UTF8.self)
        if headerFields.isEmpty && name.hasPrefix("\u{FEFF}") { name.removeFirst() }
        headerFields.append(name)
      } else if fieldIndex == columnIndex {
        columnValue = fieldOverflowed ? nil : field
        columnOverflowed = fieldOverflowed
      } else if fieldIndex == regionColumnIndex {
        rowRegion =
          fieldOverflowed || field.isEmpty ? nil : RegionCode(String(decoding: field, as: UTF8.self))
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
        guard let index = headerFields.firstIndex(of: normalizer.column) else {
          return usageError(
            "no column named '\(normalizer.column)' in the CSV header (columns: \(headerFields.joined(separator: ", ")))"
          )
        }
        columnIndex = index
        if let regionColumn = normalizer.regionColumn {
          guard let index = headerFields.firstIndex(of: regionColumn) else {
            return usageError("no column named '\(regionColumn)' in the CSV header")
          }
          regionColumnIndex = index
        }
        output.append(contentsOf: header!)
        output.append(contentsOf: normalizer.appendedColumns?.header ?? CSVPhoneNormalizer.appendedHeader)
        header = nil
      } else {
        endField()
        appendResult()
      }
      output.append(contentsOf: terminator)
      fieldIndex = 0
      field.removeAll(keepingCapacity: true)
      fieldOverflowed = false
      columnValue = nil
      columnOverflowed = false
      rowRegion = nil
      atFieldStart = true
      recordHasBytes = false
      return nil
    }

    /// The phone column's value in the current row, once its field ended.
    var columnValue: [UInt8]?
    var columnOverflowed = false
    var regionColumnIndex = -1
    /// The current row's region column, once its field ended.
    var rowRegion: RegionCode?

    mutating func finish() -> Int32? {
      if heldCarriageReturn {
        heldCarriageReturn = false
        emit(0x0D)
        keep(0x0D)
      }
      guard recordHasBytes || fieldIndex > 0 else {
        if header != nil && header!.isEmpty { return usageError("the CSV input is empty: no header row") }
        return nil
      }
      return endRecord(terminator: [0x0A])
    }

    private mutating func appendResult() {
      if let appended = normalizer.appendedColumns {
        let text = columnValue.flatMap { String(validating: $0, as: UTF8.self) }
        for cell in appended.cells(text, columnOverflowed, rowRegion ?? normalizer.region) {
          output.append(UInt8(ascii: ","))
          output.append(contentsOf: cell.utf8)
        }
        return
      }
      var cells = ["", "false", "", "", ""]
      if let value = columnValue, let text = String(validating: value, as: UTF8.self) {
        do throws(PhoneNumberParseError) {
          let number = try PhoneNumber(text, region: rowRegion ?? normalizer.region)
          cells = [
            number.formatted(.e164), number.isValid ? "true" : "false", number.type.rawValue,
            number.region?.rawValue ?? "", "",
          ]
        } catch {
          cells[4] = error.code.rawValue
        }
      } else if columnOverflowed {
        cells[4] = PhoneNumberParseError.Code.tooLong.rawValue
      } else if columnValue == nil {
        cells[4] = PhoneNumberParseError.Code.notANumber.rawValue
      } else {
        cells[4] = "bad_input_line"
      }
      for cell in cells {
        output.append(UInt8(ascii: ","))
        output.append(contentsOf: cell.utf8)
      }
    }

    private func usageError(_ message: String) -> Int32 {
      usageFailure(UsageError(message), command: normalizer.commandName)
    }
  }
}
