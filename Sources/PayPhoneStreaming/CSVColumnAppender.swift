internal import PayPhoneCore
@_spi(PayPhoneInternal) package import PayPhoneRecords

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Columns that a `CSVColumnAppender` appends to every row: the fields
/// their cells are made from, their names, and a row's cells.
///
///     struct ValueLengths: CSVAppendedColumns {
///       func layout(forHeader header: [String]) throws(UsageError) -> (readFields: [Int], names: [String]) {
///         guard let index = header.firstIndex(of: "phone") else { throw UsageError("no column named 'phone'") }
///         return ([index], ["phoneLength"])
///       }
///       mutating func appendCells(from values: CSVRowValues, delimiter: UInt8, into output: inout LineWriter) {
///         guard case .bytes(let value) = values[0] else { return output.appendCSVCell("", delimiter: delimiter) }
///         output.appendCSVCell(String(value.count), delimiter: delimiter)
///       }
///     }
package protocol CSVAppendedColumns: Sendable {
  /// From the header's field names (a byte order mark before the first
  /// left out): the indices of the fields a row's cells are made from, in
  /// the order `appendCells` gets their values, and the appended columns'
  /// names. Throws when the header cannot serve the columns.
  func layout(forHeader header: [String]) throws(UsageError) -> (readFields: [Int], names: [String])

  /// Writes one row's cells, each after a delimiter (as
  /// `LineWriter.appendCSVCell` writes one), from the values of the
  /// layout's `readFields`. A copy of the columns answers each chunk of
  /// rows, so it may remember what it has worked out.
  mutating func appendCells(from values: CSVRowValues, delimiter: UInt8, into output: inout LineWriter)
}

/// The value of one field a row's appended cells are made from.
package enum CSVFieldValue {
  /// The row ends before this field.
  case missing
  /// The value is longer than the appender's `valueLimit`.
  case tooLong
  /// The value: without its enclosing quotes, a doubled quote as one.
  case bytes(UnsafeBufferPointer<UInt8>)
}

/// A row's values of the layout's `readFields`, in their order.
package struct CSVRowValues {
  let values: UnsafeBufferPointer<CSVCopiedRows.Value>
  let valueBytes: UnsafeBufferPointer<UInt8>

  package var count: Int { values.count }

  package subscript(index: Int) -> CSVFieldValue {
    switch values[index] {
    case .missing: .missing
    case .tooLong: .tooLong
    case .stored(let range): .bytes(UnsafeBufferPointer(rebasing: valueBytes[range]))
    }
  }
}

/// Streams RFC 4180 CSV through, every record kept byte for byte, with the
/// names of `columns` appended to the header and their cells to every other
/// row.
///
/// Only the values of the fields the cells are made from are kept, each up
/// to `valueLimit` bytes, so memory stays flat whatever the rows hold (an
/// unbalanced quote that swallows the rest of the input included). A row
/// shorter than the header is padded with empty fields, so every appended
/// column sits under its name; a longer row keeps its extra fields after
/// the appended columns; the outcome counts both.
///
/// One path serves one job and many. The header is scanned as it is read;
/// after it, the input is cut at record ends (`CSVRecordBoundaries`) into
/// chunks of whole records, and each chunk is scanned and its cells
/// written as one piece of work: at once on the reading thread with one
/// job, on an `OrderedPipeline`'s workers with more, which write the pieces
/// in input order. A record longer than `chunkedRecordLimit` is not
/// gathered: the reader scans it block by block.
///
///     let appender = CSVColumnAppender(delimiter: UInt8(ascii: ","), columns: ValueLengths(), valueLimit: 4096)
///     appender.appended(Array("id,phone\n1,+44\n".utf8), blockSize: 1 << 16).output
///     // "id,phone,phoneLength\n1,+44,3\n"
package struct CSVColumnAppender<Columns: CSVAppendedColumns>: Sendable {
  package let delimiter: UInt8
  package let columns: Columns
  /// Values longer than this are not kept: the cells get `.tooLong`.
  package let valueLimit: Int
  /// A record longer than this is scanned by the reader, not gathered
  /// into a chunk.
  package var chunkedRecordLimit = 1 << 20

  /// How a stream ended.
  package enum Outcome: Equatable, Sendable {
    /// Every record was written; `shortRows` were padded, `longRows` had
    /// fields past the header's width.
    case done(shortRows: Int, longRows: Int)
    /// The header cannot serve the columns, or there is none; nothing was
    /// written.
    case usageError(UsageError)
    /// Reading failed (`errorNumber` is the `errno`).
    case readFailed(errorNumber: Int32)
  }

  package init(delimiter: UInt8, columns: Columns, valueLimit: Int) {
    self.delimiter = delimiter
    self.columns = columns
    self.valueLimit = valueLimit
  }

  /// Streams standard input to standard output, the chunks answered on
  /// `jobs` threads (the reading thread itself with one).
  package func streamStandardInput(jobs: Int) -> Outcome {
    let readBlock = { (block: UnsafeMutableBufferPointer<UInt8>) -> Int? in
      while true {
        let count = read(0, block.baseAddress, block.count)
        if count >= 0 { return count }
        if errno != EINTR { return nil }
      }
    }
    let pipeline = OrderedPipeline(jobs: jobs)
    // Also after a failed read: what was submitted is written.
    defer { pipeline.finish() }
    return stream(readBlock: readBlock, submit: pipeline.submit, finish: pipeline.finish)
  }

  /// What `streamStandardInput` writes with one job for `input`, read in
  /// blocks of `blockSize` bytes, and how it ended (for tests and the fuzz
  /// target).
  package func appended(_ input: [UInt8], blockSize: Int) -> (output: [UInt8], outcome: Outcome) {
    var output = LineWriter()
    var offset = 0
    let outcome = input.withUnsafeBufferPointer { input in
      stream(blockSize: blockSize) { block in
        let count = min(block.count, input.count - offset)
        if count > 0, let source = input.baseAddress, let target = block.baseAddress {
          target.update(from: source + offset, count: count)
        }
        offset += count
        return count
      } submit: { work in
        work(&output)
      } finish: {
      }
    }
    return (output.bytes, outcome)
  }

  /// Reads the input with `readBlock` (which fills the block and returns
  /// the byte count, 0 at the end, nil on a read error) and hands each
  /// piece of work to `submit`, in input order; `finish` returns once all
  /// of it is done.
  func stream(
    blockSize: Int = 1 << 16, readBlock: (UnsafeMutableBufferPointer<UInt8>) -> Int?,
    submit work: (@escaping @Sendable (inout LineWriter) -> Void) -> Void, finish: () -> Void
  ) -> Outcome {
    var boundaries = CSVRecordBoundaries(delimiter: delimiter)
    // The header's copier and scanner, then those of a too-long record.
    var copier = CSVRowCopier(delimiter: delimiter, valueLimit: valueLimit)
    var scanner = CSVScanner(delimiter: delimiter)
    var inHeader = true
    var inLongRecord = false
    // Past the header: the copier every chunk starts from.
    var template = copier
    var carry: [UInt8] = []
    // Rows padded and rows with extra fields, added to by every chunk.
    let counts = Locked((short: 0, long: 0))
    let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: blockSize)
    defer { block.deallocate() }
    func submit(_ chunk: [UInt8], isLast: Bool) {
      work { [self, template] output in
        var copier = template
        copier.reserveCapacity(chunk.count)
        var scanner = CSVScanner(delimiter: delimiter)
        chunk.withUnsafeBufferPointer { _ = scanner.scan($0, into: &copier) }
        if isLast { _ = scanner.finish(into: &copier) }
        counts.withLock { $0 = ($0.short + copier.shortRows, $0.long + copier.longRows) }
        write(copier.takeRows(), into: &output)
      }
    }
    func submit(_ rows: CSVCopiedRows) {
      work { [self] output in write(rows, into: &output) }
    }
    /// Starts the rows once the header has ended: its copier becomes the
    /// template.
    func beginRows() -> UsageError? {
      do throws(UsageError) {
        let layout = try columns.layout(forHeader: copier.headerNames)
        copier.beginRows(readFields: layout.readFields, appendedNames: layout.names)
      } catch {
        return error
      }
      inHeader = false
      let header = copier.takeRows()
      template = copier
      submit(header)
      return nil
    }
    /// Ends the record scanned here: the header's end starts the rows, a
    /// too-long record is handed on.
    func endScannedRecord() -> UsageError? {
      if inHeader { return beginRows() }
      inLongRecord = false
      counts.withLock { $0 = ($0.short + copier.shortRows, $0.long + copier.longRows) }
      submit(copier.takeRows())
      return nil
    }
    while true {
      guard let count = readBlock(block) else { return .readFailed(errorNumber: errno) }
      if count == 0 { break }
      var rest = UnsafeBufferPointer(rebasing: block[0..<count])
      if inHeader || inLongRecord {
        let end = boundaries.firstRecordEnd(in: rest)
        _ = scanner.scan(UnsafeBufferPointer(rebasing: rest[0..<(end ?? rest.count)]), into: &copier)
        if let failure = copier.failure { return .usageError(failure) }
        guard let end else { continue }
        if let failure = endScannedRecord() { return .usageError(failure) }
        rest = UnsafeBufferPointer(rebasing: rest[end...])
      }
      guard !rest.isEmpty else { continue }
      if let end = boundaries.lastRecordEnd(in: rest) {
        var chunk = carry
        chunk.append(contentsOf: UnsafeBufferPointer(rebasing: rest[0..<end]))
        submit(chunk, isLast: false)
        carry = Array(UnsafeBufferPointer(rebasing: rest[end...]))
      } else {
        carry.append(contentsOf: rest)
        if carry.count > chunkedRecordLimit {
          // No record end in sight: scan it here from now on.
          inLongRecord = true
          copier = template
          scanner = CSVScanner(delimiter: delimiter)
          carry.withUnsafeBufferPointer { _ = scanner.scan($0, into: &copier) }
          carry = []
        }
      }
    }
    if inHeader || inLongRecord {
      _ = scanner.finish(into: &copier)
      if let failure = copier.failure { return .usageError(failure) }
      if inHeader && !copier.sawRecord {
        return .usageError(UsageError("the CSV input is empty: no header row"))
      }
      if let failure = endScannedRecord() { return .usageError(failure) }
    } else if !carry.isEmpty {
      submit(carry, isLast: true)
    }
    finish()
    let total = counts.withLock { $0 }
    return .done(shortRows: total.short, longRows: total.long)
  }

  /// Writes `rows` into `output`, with every row's cells in place, made
  /// by a copy of `columns`.
  func write(_ rows: CSVCopiedRows, into output: inout LineWriter) {
    var columns = columns
    let perRow = rows.valuesPerRow
    rows.bytes.withUnsafeBufferPointer { bytes in
      rows.values.withUnsafeBufferPointer { values in
        rows.valueBytes.withUnsafeBufferPointer { valueBytes in
          var written = 0
          for (row, offset) in rows.cellOffsets.enumerated() {
            output.appendRaw(UnsafeBufferPointer(rebasing: bytes[written..<offset]))
            written = offset
            let first = row * perRow
            let rowValues = CSVRowValues(
              values: UnsafeBufferPointer(rebasing: values[first..<(first + perRow)]), valueBytes: valueBytes)
            columns.appendCells(from: rowValues, delimiter: delimiter, into: &output)
          }
          output.appendRaw(UnsafeBufferPointer(rebasing: bytes[written...]))
        }
      }
    }
  }
}
