internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// The columns `payphone find --csv --column NAME` appends to every row:
/// `phoneMatches`, the E.164 numbers found in the column's text separated
/// by spaces, and with `--redact`, `redacted`, the text with each match
/// replaced by a placeholder. A text that is not UTF-8, or longer than
/// `find`'s limit, gets empty cells.
struct FindColumns: CSVAppendedColumns {
  /// The column holding the text (matched exactly, else ignoring case and
  /// surrounding spaces).
  let column: String
  /// What is found, and whether it is redacted.
  let options: FindRequests

  func layout(forHeader header: [String]) throws(UsageError) -> (readFields: [Int], names: [String]) {
    // `find` takes no --delimiter, so suggests none.
    let index = try CSVOptions.columnIndex(
      of: column, in: header, option: "--column", suggestingDelimiter: false)
    return ([index], options.redacts ? ["phoneMatches", "redacted"] : ["phoneMatches"])
  }

  func appendCells(from values: CSVRowValues, delimiter: UInt8, into output: inout LineWriter) {
    guard case .bytes(let bytes) = values[0], UTF8Validation.isValid(bytes),
      case let text = String(decoding: bytes, as: UTF8.self),
      case .success(let matches) = options.record(text).answer
    else {
      output.appendCSVCell("", delimiter: delimiter)
      if options.redacts { output.appendCSVCell("", delimiter: delimiter) }
      return
    }
    var numbers: [String] = []
    for case .phone(let phone) in matches { numbers.append(phone.number.formatted(.e164)) }
    output.appendCSVCell(numbers.joined(separator: " "), delimiter: delimiter)
    if options.redacts {
      output.appendCSVCell(TextFinder.redacted(text, matches: matches), delimiter: delimiter)
    }
  }
}
