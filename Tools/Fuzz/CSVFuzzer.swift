internal import PayPhone
internal import PayPhoneStreaming

/// Fuzz target `csv`: `payphone phone --csv` (the streaming library's
/// `CSVColumnAppender` with the CLI's `PhoneColumns`), compiled together
/// with the CLI's sources (all but its `@main`).
///
/// The first byte picks the delimiter (`,` `;` tab `|`), which header field
/// is `--column` (and whether a second one and a `--region-column` are
/// given), and the read block size (1 to 64 KiB); the rest is the standard
/// input. Checks: a usage error only for a header the options cannot use;
/// otherwise one output record per input record, each input record's fields
/// kept in place (a short row padded with empty fields) with five cells per
/// `--column` after the header's width, and the same bytes whatever the
/// block size, and when records are scanned by the reader rather than cut
/// into chunks.
@_cdecl("LLVMFuzzerTestOneInput")
public func csvFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let selector = input.byte()
  let stream = Array(input.rest())
  guard stream.count < 1 << 16 else { return 0 }
  CSVFuzzer.run(selector: selector, stream: stream)
  return 0
}

enum CSVFuzzer {
  static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]
  static let blockSizes = [1 << 16, 1, 2, 3, 7, 64, 4096]

  static func run(selector: UInt8, stream: [UInt8]) {
    let delimiter = delimiters[Int(selector & 3)]
    let records = CSVRecords.parse(stream, delimiter: delimiter)
    var header = records.first ?? []
    if let first = header.first, first.hasPrefix("\u{FEFF}") { header[0] = String(first.dropFirst()) }
    let pick = Int(selector >> 2 & 7)
    var columns = [header.isEmpty ? "phone" : header[pick % header.count]]
    if selector & 0x20 != 0, header.count > 1 { columns.append(header[(pick + 1) % header.count]) }
    let regionColumn = selector & 0x40 != 0 && !header.isEmpty ? header[(pick + 2) % header.count] : nil
    let columnsAppended = PhoneColumns(
      columns: columns, regionColumn: regionColumn, region: selector & 0x80 != 0 ? RegionCode("GB") : nil)
    var appender = CSVColumnAppender(
      delimiter: delimiter, columns: columnsAppended, valueLimit: PhoneColumns.valueLimit)

    let (output, outcome) = appender.appended(stream, blockSize: 1 << 16)
    let smallBlock = blockSizes[Int(selector) % blockSizes.count]
    let (again, outcomeAgain) = appender.appended(stream, blockSize: smallBlock)
    fuzzCheck(outcome == outcomeAgain && output == again, "blocks of \(smallBlock) bytes gave another answer")
    // A small record limit sends records longer than it down the reader's
    // path: scanned block by block on the reading thread, not as chunks.
    appender.chunkedRecordLimit = 16
    let (longRecords, outcomeLongRecords) = appender.appended(stream, blockSize: smallBlock)
    fuzzCheck(
      outcome == outcomeLongRecords && output == longRecords,
      "records over 16 bytes scanned by the reader (blocks of \(smallBlock) bytes) gave another answer")

    var usable = !header.isEmpty
    for name in columns + (regionColumn.map { [$0] } ?? []) {
      do throws(UsageError) {
        _ = try CSVOptions.columnIndex(
          of: name, in: header, option: "--column", suggestingDelimiter: true)
      } catch {
        usable = false
      }
    }
    guard case .done = outcome else {
      // A header over 1 MiB cannot come from a 64 KiB input.
      fuzzCheck(!usable, "a usage error for a header the options can use: \(header)")
      fuzzCheck(output.isEmpty, "output before a usage error")
      return
    }
    fuzzCheck(usable, "no usage error for a header the options cannot use: \(header)")
    fuzzCheck(output.isEmpty || output.last == 0x0A, "output does not end with a line break")
    let written = CSVRecords.parse(output, delimiter: delimiter)
    let width = header.count
    let appended = 5 * columns.count
    // An unbalanced quote runs to the end of the input, and the last
    // record's appended cells land inside it (its bytes are kept as they
    // are): the records before it are checked, and their count.
    // Likewise a CR that ends the input is data of the last field, and the
    // line break written after that record makes it a CRLF.
    let endsInsideQuotes = CSVRecords.endInsideQuotes(stream, delimiter: delimiter)
    let checked = endsInsideQuotes || stream.last == 0x0D ? records.count - 1 : records.count
    fuzzCheck(
      endsInsideQuotes ? written.count >= checked : written.count == records.count,
      "\(records.count) input records gave \(written.count)")
    for (index, (record, row)) in zip(records, written).enumerated().prefix(checked) {
      guard index > 0 else {
        fuzzCheck(row.count == width + appended, "header of \(row.count) fields")
        continue
      }
      let kept = Array(row.prefix(width)) + row.dropFirst(width + appended)
      let padded = record + Array(repeating: "", count: max(0, width - record.count))
      fuzzCheck(kept == padded, "row \(index): fields \(padded) came out as \(kept)")
      fuzzCheck(row.count == max(width, record.count) + appended, "row \(index) has \(row.count) fields")
      let error = row[width + 4]
      fuzzCheck(
        row[width + 1] == "true" || row[width + 1] == "false", "row \(index): phoneValid \(row[width + 1])")
      fuzzCheck(
        error.isEmpty == !row[width].isEmpty, "row \(index): e164 '\(row[width])' with error '\(error)'")
    }
  }
}
