internal import PayPhone
internal import PayPhoneDescribe
internal import PayPhoneStreaming

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
  /// With --jobs: records longer than this are scanned by the reader.
  var chunkedRecordLimit = CSVPhoneNormalizer.maximumChunkedRecord
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

  /// Streams stdin to stdout. With one job, one thread scans the CSV and
  /// answers it a read block at a time; with more, the reader only cuts
  /// the input into chunks of whole records (`CSVRecordBoundaries`) and
  /// workers scan and answer them, written in input order: byte for byte
  /// what one thread writes.
  func run(jobs: Int = 1) -> Int32 {
    let readBlock = { (block: UnsafeMutableBufferPointer<UInt8>) -> Int? in
      while true {
        let count = read(0, block.baseAddress, block.count)
        if count >= 0 { return count }
        if errno != EINTR { return nil }
      }
    }
    let outcome: Outcome
    if jobs > 1 {
      let pipeline = OrderedPipeline(jobs: jobs)
      outcome = streamInChunks(readBlock: readBlock, submit: pipeline.submit, drain: pipeline.finish)
      pipeline.finish()
    } else {
      var output = LineWriter()
      outcome = stream(readBlock: readBlock) { batch in
        resolve(batch, into: &output)
        output.flushToStandardOutput()
      }
    }
    switch outcome {
    case .readFailed:
      StandardStreams.writeError(
        "payphone \(commandName): cannot read standard input: \(String(cString: strerror(errno)))\n")
      return 1
    case .usageError(let status):
      return status
    case .done(let shortRows, let longRows):
      if shortRows > 0 || longRows > 0 {
        StandardStreams.writeError(
          "payphone \(commandName): \(shortRows) \(shortRows == 1 ? "row" : "rows") with fewer fields than "
            + "the header (padded with empty fields), \(longRows) \(longRows == 1 ? "row" : "rows") "
            + "with more (extra fields kept after the appended columns)\n")
      }
      return 0
    }
  }

  /// A record longer than this is not gathered into a chunk: the reader
  /// scans it itself, block by block, so memory stays flat.
  static let maximumChunkedRecord = 1 << 20

  /// `stream` with the scanning done in `submit`'s work (on a pipeline's
  /// workers, whose answers it writes in order; `drain` waits for them all). The header is scanned here; after
  /// it the input is cut at record ends into chunks that a worker scans
  /// with a copy of the header's parser. A record that grows past
  /// `maximumChunkedRecord` is scanned here, block by block, and its
  /// batch answered on a worker. The tail of a block waits for the next.
  func streamInChunks(
    blockSize: Int = 1 << 16, readBlock: (UnsafeMutableBufferPointer<UInt8>) -> Int?,
    submit work: (@escaping @Sendable (inout LineWriter) -> Void) -> Void, drain: () -> Void
  ) -> Outcome {
    var boundaries = CSVRecordBoundaries(delimiter: delimiter)
    // The header's parser and scanner, then those of a too-long record.
    var parser = Parser(normalizer: self)
    var scanner = CSVScanner(delimiter: delimiter)
    var inHeader = true
    var inLongRecord = false
    var template = parser
    var carry: [UInt8] = []
    let counts = SharedCounts()
    let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: blockSize)
    defer { block.deallocate() }
    func submit(_ chunk: [UInt8], isLast: Bool) {
      work { [self, template] output in
        var parser = template
        var scanner = CSVScanner(delimiter: delimiter)
        chunk.withUnsafeBufferPointer { _ = scanner.scan($0, into: &parser) }
        if isLast { _ = scanner.finish(into: &parser) }
        counts.add(parser.shortRows, parser.longRows)
        resolve(parser.takeBatch(), into: &output)
      }
    }
    func submit(_ batch: Batch) {
      work { [self] output in resolve(batch, into: &output) }
    }
    while true {
      guard let count = readBlock(block) else { return .readFailed }
      if count == 0 { break }
      var rest = UnsafeBufferPointer(rebasing: block[0..<count])
      if inHeader || inLongRecord {
        let end = boundaries.firstRecordEnd(in: rest)
        guard scanner.scan(UnsafeBufferPointer(rebasing: rest[0..<(end ?? rest.count)]), into: &parser),
          parser.status == nil
        else { return .usageError(parser.status ?? 2) }
        guard let end else { continue }
        submit(parser.takeBatch())
        if inHeader {
          // Past the header (its bytes taken): the parser every chunk starts from.
          inHeader = false
          template = parser
        } else {
          inLongRecord = false
          counts.add(parser.shortRows, parser.longRows)
        }
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
          parser = template
          scanner = CSVScanner(delimiter: delimiter)
          carry.withUnsafeBufferPointer { _ = scanner.scan($0, into: &parser) }
          carry = []
        }
      }
    }
    if inHeader || inLongRecord {
      guard scanner.finish(into: &parser) else { return .usageError(parser.status ?? 2) }
      if inHeader, let status = parser.finishInput() { return .usageError(status) }
      counts.add(parser.shortRows, parser.longRows)
      submit(parser.takeBatch())
    } else if !carry.isEmpty {
      submit(carry, isLast: true)
    }
    drain()
    let total = counts.values
    return .done(shortRows: total.first, longRows: total.second)
  }

  /// How a stream ended.
  enum Outcome: Equatable {
    case done(shortRows: Int, longRows: Int)
    /// The header could not be used; the message is written already.
    case usageError(Int32)
    case readFailed
  }

  /// Reads the input block by block (`readBlock` fills the buffer and
  /// returns the byte count, 0 at the end, nil on a read error) and hands
  /// each block's batch to `deliver`, in order.
  func stream(
    blockSize: Int = 1 << 16, readBlock: (UnsafeMutableBufferPointer<UInt8>) -> Int?, deliver: (Batch) -> Void
  ) -> Outcome {
    var parser = Parser(normalizer: self)
    var scanner = CSVScanner(delimiter: delimiter)
    let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: blockSize)
    defer { block.deallocate() }
    while true {
      guard let count = readBlock(block) else { return .readFailed }
      if count == 0 { break }
      guard scanner.scan(UnsafeBufferPointer(rebasing: block[0..<count]), into: &parser), parser.status == nil
      else { return .usageError(parser.status ?? 2) }
      deliver(parser.takeBatch())
    }
    guard scanner.finish(into: &parser) else { return .usageError(parser.status ?? 2) }
    if let status = parser.finishInput() { return .usageError(status) }
    deliver(parser.takeBatch())
    return .done(shortRows: parser.shortRows, longRows: parser.longRows)
  }

  /// The whole of `input` at once, in blocks of `blockSize` bytes, on this
  /// thread: what `run` writes, and how it ended (for the fuzz target).
  func normalize(_ input: [UInt8], blockSize: Int) -> (output: [UInt8], outcome: Outcome) {
    var output: [UInt8] = []
    var offset = 0
    let outcome = input.withUnsafeBufferPointer { input in
      stream(blockSize: blockSize) { block in
        Self.copyBlock(from: input, at: &offset, into: block)
      } deliver: { batch in
        var writer = LineWriter()
        resolve(batch, into: &writer)
        output += writer.bytes
      }
    }
    return (output, outcome)
  }

  /// Fills `block` from `input` at `offset`, as a read would; the count.
  private static func copyBlock(
    from input: UnsafeBufferPointer<UInt8>, at offset: inout Int,
    into block: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    let count = min(block.count, input.count - offset)
    if count > 0, let source = input.baseAddress, let target = block.baseAddress {
      target.update(from: source + offset, count: count)
    }
    offset += count
    return count
  }

  /// `normalize` cut into chunks as `--jobs` cuts it (`streamInChunks`),
  /// each chunk answered at once on this thread: the output and outcome
  /// must be `normalize`'s (for the fuzz target and tests).
  func normalizeInChunks(_ input: [UInt8], blockSize: Int) -> (output: [UInt8], outcome: Outcome) {
    var output: [UInt8] = []
    var offset = 0
    let outcome = input.withUnsafeBufferPointer { input in
      streamInChunks(blockSize: blockSize) { block in
        Self.copyBlock(from: input, at: &offset, into: block)
      } submit: { work in
        var writer = LineWriter()
        work(&writer)
        output += writer.bytes
      } drain: {
      }
    }
    return (output, outcome)
  }

  /// What one read block gave: the rows' bytes as they are written, and
  /// where each row's appended cells go, with the values they come from.
  struct Batch: Sendable {
    var bytes: [UInt8] = []
    var slots: [Slot] = []
    /// The phone columns' values of every slot, end to end (one buffer, so
    /// a row costs no allocation of its own).
    var valueBytes: [UInt8] = []
    /// Per slot, one per phone column: its value's place in `valueBytes`.
    var values: [SlotValue] = []
  }

  /// One phone column's value in a slot: where it sits in the batch's
  /// `valueBytes` (nil when too long or missing), and whether it was too long.
  struct SlotValue: Sendable {
    let range: Range<Int>?
    let overflowed: Bool
  }

  /// A row's appended cells, still to be worked out: they go at `offset`
  /// of the batch's bytes.
  struct Slot: Sendable {
    let offset: Int
    /// Where the slot's values start in the batch's `values`.
    let firstValue: Int
    let region: RegionCode?
  }

  /// Writes the batch's bytes, with every slot's cells in place, into
  /// `output`.
  func resolve(_ batch: Batch, into output: inout LineWriter) {
    let columnCount = columns.count
    batch.bytes.withUnsafeBufferPointer { bytes in
      batch.valueBytes.withUnsafeBufferPointer { valueBytes in
        var written = 0
        for slot in batch.slots {
          output.appendRaw(UnsafeBufferPointer(rebasing: bytes[written..<slot.offset]))
          written = slot.offset
          for column in batch.values[slot.firstValue..<(slot.firstValue + columnCount)] {
            let value = column.range.map { UnsafeBufferPointer(rebasing: valueBytes[$0]) }
            appendCells(
              value: value, overflowed: column.overflowed, region: slot.region, into: &output)
          }
        }
        output.appendRaw(UnsafeBufferPointer(rebasing: bytes[written...]))
      }
    }
  }

  /// Writes the cells appended for one phone column's value.
  private func appendCells(
    value: UnsafeBufferPointer<UInt8>?, overflowed: Bool, region rowRegion: RegionCode?,
    into output: inout LineWriter
  ) {
    // Checked once; a phone value is then parsed from its bytes (no string
    // made for it), other columns' values decoded.
    let utf8 = value.flatMap { UTF8Validation.isValid($0) ? $0 : nil }
    if let appended = appendedColumns {
      let text = utf8.map { String(decoding: $0, as: UTF8.self) }
      for cell in appended.cells(text, overflowed, rowRegion ?? region) {
        output.appendCSVCell(cell, delimiter: delimiter)
      }
      return
    }
    var error = ""
    if let utf8 {
      do throws(PhoneNumberError) {
        let number = try PhoneNumber(utf8: utf8, region: rowRegion ?? region, settling: .classification)
        appendPlainCells(
          number.formatted(.e164), number.isValid ? "true" : "false", number.type.rawValue,
          number.region?.rawValue ?? "", "", into: &output)
        if let describer {
          output.appendCSVCell(describer.location(of: number) ?? "", delimiter: delimiter)
          output.appendCSVCell(describer.carrierName(of: number) ?? "", delimiter: delimiter)
          output.appendCSVCell(describer.timeZones(of: number).joined(separator: " "), delimiter: delimiter)
        }
        return
      } catch let failure {
        error = failure.code.rawValue
      }
    } else if overflowed {
      error = PhoneNumberError.Code.tooLong.rawValue
    } else if value == nil {
      error = PhoneNumberError.Code.notANumber.rawValue
    } else {
      error = "bad_input_line"
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
    _ first: String, _ second: String, _ third: String, _ fourth: String, _ fifth: String,
    into output: inout LineWriter
  ) {
    let delimiter = delimiter
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

  /// The scanner's visitor: copies the rows through, keeps the named
  /// columns' values (up to a bound), and marks each row's slot.
  private struct Parser: CSVVisitor {
    let normalizer: CSVPhoneNormalizer
    let delimiter: UInt8
    let valueLimit: Int
    var output: [UInt8] = []
    var fieldIndex = 0
    /// The current field's value so far, in header mode, or in `rowBytes`
    /// for a kept field of a row.
    var field: [UInt8] = []
    var fieldOverflowed = false
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
    /// The current row's kept values, end to end, and per header field its
    /// value's range (nil when too long or not reached) and whether it was
    /// too long.
    var rowBytes: [UInt8] = []
    var rowRanges: [Range<Int>?] = []
    var rowOverflowed: [Bool] = []
    /// Where the current field's value starts in `rowBytes`.
    var fieldStart = 0
    /// Whether the current row has passed the header's width (the appended
    /// columns are written already).
    var rowIsLong = false
    var shortRows = 0
    var longRows = 0
    /// The exit status once the input cannot go on (a usage error).
    var status: Int32?
    var sawRecord = false
    var batch = Batch()

    init(normalizer: CSVPhoneNormalizer) {
      self.normalizer = normalizer
      delimiter = normalizer.delimiter
      valueLimit = normalizer.valueLimit
      output.reserveCapacity(1 << 17)
    }

    /// The bytes and slots gathered since the last call.
    mutating func takeBatch() -> Batch {
      batch.bytes = output
      defer {
        output.removeAll(keepingCapacity: true)
        batch = Batch()
      }
      return batch
    }

    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard header != nil else {
        output.append(contentsOf: bytes)
        return
      }
      guard status == nil else { return }
      header?.append(contentsOf: bytes)
      // The caller stops after this block.
      if (header?.count ?? 0) > CSVPhoneNormalizer.maximumHeaderLength { headerTooLong() }
    }

    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) {
      if header != nil {
        // A header name is kept up to the same bound as a value.
        let room = valueLimit - field.count
        field.append(contentsOf: bytes.prefix(max(room, 0)))
        return
      }
      guard fieldIndex < width && isKept[fieldIndex] else { return }
      let room = valueLimit - (rowBytes.count - fieldStart)
      if bytes.count <= room {
        rowBytes.append(contentsOf: bytes)
      } else {
        if room > 0 { rowBytes.append(contentsOf: bytes.prefix(room)) }
        fieldOverflowed = true
      }
    }

    mutating func endField() {
      if header != nil {
        guard status == nil else { return }
        header?.append(delimiter)
        if (header?.count ?? 0) > CSVPhoneNormalizer.maximumHeaderLength { return headerTooLong() }
        endHeaderField()
        return
      }
      if fieldIndex == width - 1 {
        // The row goes past the header: the appended columns come here,
        // the extra fields after them.
        endRowField()
        appendResults()
        rowIsLong = true
        output.append(delimiter)
      } else {
        output.append(delimiter)
        endRowField()
      }
    }

    private mutating func headerTooLong() {
      status = usageFailure(
        UsageError("the CSV header row is longer than \(CSVPhoneNormalizer.maximumHeaderLength) bytes"),
        command: normalizer.commandName)
    }

    private mutating func endHeaderField() {
      var name = String(decoding: field, as: UTF8.self)
      if headerFields.isEmpty && name.hasPrefix("\u{FEFF}") { name.removeFirst() }
      headerFields.append(name)
      field.removeAll(keepingCapacity: true)
      fieldIndex += 1
    }

    private mutating func endRowField() {
      if fieldIndex < width && isKept[fieldIndex] {
        rowRanges[fieldIndex] = fieldOverflowed ? nil : fieldStart..<rowBytes.count
        rowOverflowed[fieldIndex] = fieldOverflowed
      }
      fieldOverflowed = false
      fieldIndex += 1
      fieldStart = rowBytes.count
    }

    mutating func endRecord(_ terminator: CSVScanner.Terminator) -> Bool {
      guard status == nil else { return false }
      sawRecord = true
      if header != nil {
        endHeaderField()
        do throws(UsageError) {
          try resolveColumns()
        } catch {
          status = usageFailure(error, command: normalizer.commandName)
          return false
        }
        output.append(contentsOf: header ?? [])
        appendHeader()
        header = nil
      } else {
        endRowField()
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
      switch terminator {
      case .carriageReturnLineFeed:
        output.append(0x0D)
        output.append(0x0A)
      case .lineFeed, .endOfInput: output.append(0x0A)
      }
      fieldIndex = 0
      fieldOverflowed = false
      rowBytes.removeAll(keepingCapacity: true)
      fieldStart = 0
      for index in columnIndices {
        rowRanges[index] = nil
        rowOverflowed[index] = false
      }
      if regionColumnIndex >= 0 {
        rowRanges[regionColumnIndex] = nil
        rowOverflowed[regionColumnIndex] = false
      }
      rowIsLong = false
      return true
    }

    /// After the scanner's `finish`: refuses an input with no header row.
    mutating func finishInput() -> Int32? {
      if let status { return status }
      if !sawRecord { return usageError("the CSV input is empty: no header row") }
      return nil
    }

    private mutating func resolveColumns() throws(UsageError) {
      width = headerFields.count
      isKept = Array(repeating: false, count: width)
      rowRanges = Array(repeating: nil, count: width)
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

    /// Marks where the row's appended cells go; they are worked out later,
    /// maybe on another thread (`resolve`).
    private mutating func appendResults() {
      var rowRegion: RegionCode?
      if regionColumnIndex >= 0, let range = rowRanges[regionColumnIndex], !range.isEmpty {
        rowRegion = region(in: range)
      }
      batch.slots.append(Slot(offset: output.count, firstValue: batch.values.count, region: rowRegion))
      for index in columnIndices {
        guard let range = rowRanges[index] else {
          batch.values.append(SlotValue(range: nil, overflowed: rowOverflowed[index]))
          continue
        }
        let start = batch.valueBytes.count
        // Through a pointer: a slice of `rowBytes` costs a retain and the
        // generic append path.
        rowBytes.withUnsafeBufferPointer {
          batch.valueBytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range]))
        }
        batch.values.append(
          SlotValue(range: start..<batch.valueBytes.count, overflowed: rowOverflowed[index]))
      }
    }

    /// The region a row's region column names (`GB`, `gb`): its value, at
    /// `range` of `rowBytes`, read in place; a value that is no region code
    /// (` us`, `GBR`) gives `RegionCode.unknown`, a region without metadata,
    /// as any unsupported code does.
    private func region(in range: Range<Int>) -> RegionCode {
      rowBytes.withUnsafeBufferPointer { RegionCode(utf8: UnsafeBufferPointer(rebasing: $0[range])) }
        ?? .unknown
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
