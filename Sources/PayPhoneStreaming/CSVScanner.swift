/// What a `CSVScanner` reports, in input order, for the bytes it is fed.
///
/// For every record: its bytes as they are in the input (`raw`, in runs,
/// delimiters and line ends left out), each field's value (`value`, in runs:
/// without its enclosing quotes, a doubled quote as one), the end of each
/// field but the last (`endField`, for the delimiter), then `endRecord`.
/// Concatenating the raw runs, a delimiter at each `endField` and the
/// terminator at each `endRecord` gives the input back.
///
/// `public`, with `CSVScanner`, in this module that no product exports:
/// Swift 6.3 does not load the `@inlinable` bodies of a `package` type's
/// methods in another module, so `scan` would run unspecialised in the CLI,
/// a witness call per run of bytes (`package` members stay `package`).
///
///     struct Counter: CSVVisitor {
///       var records = 0
///       mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {}
///       mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) {}
///       mutating func endField() {}
///       mutating func endRecord(_ terminator: CSVScanner.Terminator) -> Bool {
///         records += 1
///         return true
///       }
///     }
public protocol CSVVisitor {
  /// Bytes of the current record as the input has them.
  mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>)
  /// Bytes of the current field's value.
  mutating func value(_ bytes: UnsafeBufferPointer<UInt8>)
  /// A delimiter ended the current field; another field of the record follows.
  mutating func endField()
  /// The record (and its last field) ended; false stops the scan.
  mutating func endRecord(_ terminator: CSVScanner.Terminator) -> Bool
}

/// A streaming RFC 4180 reader: feed it the input block by block, in any
/// sizes, and it reports records and fields to a `CSVVisitor` without
/// keeping any of their bytes, so memory stays flat whatever the rows hold.
///
/// RFC 4180, and what it leaves open, as read here:
/// - A record ends at LF or CRLF outside quotes; a lone CR is data. The last
///   record needs no line end.
/// - A field that starts with `"` is quoted: delimiters, CR and LF in it are
///   data, and `""` is one quote. After its closing quote, any bytes up to
///   the next delimiter or line end are data of the same field (lenient,
///   where RFC 4180 has no answer).
/// - A quote inside an unquoted field is data.
/// - An empty line is a record of one empty field.
/// - A byte order mark is data (the caller decides what a header's BOM means).
///
/// The delimiter is one byte other than a quote, CR or LF.
///
///     var scanner = CSVScanner(delimiter: UInt8(ascii: ","))
///     _ = scanner.scan(bytes, into: &visitor)
///     _ = scanner.finish(into: &visitor)
public struct CSVScanner: Sendable {
  /// How a record ended.
  ///
  ///     visitor.endRecord(.carriageReturnLineFeed)  // the record ended at CRLF
  public enum Terminator: Sendable, Equatable {
    /// At LF.
    case lineFeed
    /// At CRLF.
    case carriageReturnLineFeed
    /// The input ended without a line end.
    case endOfInput
  }

  @usableFromInline
  enum State: Sendable {
    case fieldStart
    case unquoted
    case quoted
    /// After a quote inside a quoted field: its end, or half of a `""`.
    case quoteInQuoted
  }

  @usableFromInline package let delimiter: UInt8
  @usableFromInline var state = State.fieldStart
  /// A CR at the end of a block, waiting to see whether an LF follows.
  @usableFromInline var heldCarriageReturn = false
  /// Whether the record under way has any byte yet.
  @usableFromInline var recordStarted = false
  /// Whether the input ended inside a quoted field (set by `finish`): its
  /// quote was never closed, so it ran to the end.
  @usableFromInline var endedInsideQuotes = false

  package init(delimiter: UInt8 = UInt8(ascii: ",")) {
    self.delimiter = delimiter
  }

  @inlinable static var quote: UInt8 { UInt8(ascii: "\"") }
  @inlinable static var lineFeed: UInt8 { 0x0A }
  @inlinable static var carriageReturn: UInt8 { 0x0D }

  /// Reports what `bytes` hold (records may continue from the block before
  /// and into the next). Returns false when the visitor stopped the scan.
  @inlinable
  package mutating func scan<Visitor: CSVVisitor>(
    _ bytes: UnsafeBufferPointer<UInt8>, into visitor: inout Visitor
  ) -> Bool {
    let count = bytes.count
    var index = 0
    if heldCarriageReturn && count > 0 {
      heldCarriageReturn = false
      if bytes[0] == Self.lineFeed {
        index = 1
        if !endRecord(.carriageReturnLineFeed, &visitor) { return false }
      } else {
        Self.carriageReturnData(&visitor)
      }
    }
    while index < count {
      recordStarted = true
      switch state {
      case .quoted:
        let start = index
        index = Self.firstQuote(in: bytes, from: index)
        if index > start {
          let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
          visitor.raw(run)
          visitor.value(run)
        }
        if index < count {
          visitor.raw(UnsafeBufferPointer(rebasing: bytes[index..<(index + 1)]))
          index += 1
          state = .quoteInQuoted
        }
        continue
      case .quoteInQuoted:
        if bytes[index] == Self.quote {
          let run = UnsafeBufferPointer(rebasing: bytes[index..<(index + 1)])
          visitor.raw(run)
          visitor.value(run)
          index += 1
          state = .quoted
          continue
        }
        state = .unquoted
      case .fieldStart:
        if bytes[index] == Self.quote {
          visitor.raw(UnsafeBufferPointer(rebasing: bytes[index..<(index + 1)]))
          index += 1
          state = .quoted
          continue
        }
      case .unquoted:
        break
      }
      // Unquoted: data up to the next delimiter or line end.
      let start = index
      while index < count {
        let byte = bytes[index]
        if byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn { break }
        index += 1
      }
      if index > start {
        let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
        visitor.raw(run)
        visitor.value(run)
        state = .unquoted
      }
      guard index < count else { break }
      let byte = bytes[index]
      index += 1
      if byte == delimiter {
        visitor.endField()
        state = .fieldStart
      } else if byte == Self.lineFeed {
        if !endRecord(.lineFeed, &visitor) { return false }
      } else if index == count {
        heldCarriageReturn = true
      } else if bytes[index] == Self.lineFeed {
        index += 1
        if !endRecord(.carriageReturnLineFeed, &visitor) { return false }
      } else {
        // A lone CR is data; it does not end a field's start (a quote may
        // still open the field).
        Self.carriageReturnData(&visitor)
      }
    }
    return true
  }

  /// Ends the input: the last record, when it has no line end. Returns
  /// whether the visitor let the scan go on.
  @inlinable
  package mutating func finish<Visitor: CSVVisitor>(into visitor: inout Visitor) -> Bool {
    if heldCarriageReturn {
      heldCarriageReturn = false
      recordStarted = true
      Self.carriageReturnData(&visitor)
    }
    endedInsideQuotes = state == .quoted
    guard recordStarted else { return true }
    return endRecord(.endOfInput, &visitor)
  }

  @inlinable
  mutating func endRecord<Visitor: CSVVisitor>(
    _ terminator: Terminator, _ visitor: inout Visitor
  ) -> Bool {
    state = .fieldStart
    recordStarted = false
    return visitor.endRecord(terminator)
  }

  @inlinable
  static func carriageReturnData<Visitor: CSVVisitor>(_ visitor: inout Visitor) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { buffer in
      buffer[0] = carriageReturn
      let run = UnsafeBufferPointer(buffer)
      visitor.raw(run)
      visitor.value(run)
    }
  }

  /// The index of the first quote at or after `start`, else `bytes.count`.
  @inlinable
  static func firstQuote(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count && bytes[index] != quote { index += 1 }
    return index
  }
}

/// A whole CSV text as records of field values: `CSVScanner` with a
/// visitor that keeps everything (for small inputs and tests).
///
///     CSVRecords.parse(Array("a,\"b,c\"\r\n".utf8))  // [["a", "b,c"]]
package enum CSVRecords {
  /// The records of `bytes`, each a list of its fields' values (bytes
  /// that are not UTF-8 are replaced by U+FFFD).
  package static func parse(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ",")) -> [[String]] {
    scan(bytes, delimiter: delimiter).records
  }

  /// Whether `bytes` end inside a quoted field (an unbalanced quote).
  package static func endInsideQuotes(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ",")) -> Bool {
    scan(bytes, delimiter: delimiter).endedInsideQuotes
  }

  private static func scan(_ bytes: [UInt8], delimiter: UInt8) -> (
    records: [[String]], endedInsideQuotes: Bool
  ) {
    var collector = Collector()
    var scanner = CSVScanner(delimiter: delimiter)
    bytes.withUnsafeBufferPointer { _ = scanner.scan($0, into: &collector) }
    _ = scanner.finish(into: &collector)
    return (collector.records, scanner.endedInsideQuotes)
  }

  private struct Collector: CSVVisitor {
    var records: [[String]] = []
    var fields: [String] = []
    var field: [UInt8] = []

    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {}
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) { field.append(contentsOf: bytes) }
    mutating func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
    }
    mutating func endRecord(_ terminator: CSVScanner.Terminator) -> Bool {
      endField()
      records.append(fields)
      fields = []
      return true
    }
  }
}
