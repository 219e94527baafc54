#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where CSV records end, without reading their fields: just enough of
/// `CSVScanner`'s state (at a field's start, in an unquoted field, in a
/// quoted one, after a quote in a quoted one) to tell a line feed that ends
/// a record from one inside quotes. Fed the same blocks, it ends records
/// exactly where the scanner does, so a stream can be cut into chunks of
/// whole records that scanners read independently (on other threads).
///
/// A block with no quote in it costs a `memchr` and a look back from its
/// end for its last line feed; only blocks
/// with quotes are stepped through byte by byte.
///
///     var boundaries = CSVRecordBoundaries(delimiter: UInt8(ascii: ","))
///     boundaries.lastRecordEnd(in: bytes)  // the index after the last record's line feed
package struct CSVRecordBoundaries: Sendable {
  private let delimiter: UInt8
  private var state = CSVScanner.State.fieldStart

  package init(delimiter: UInt8) {
    self.delimiter = delimiter
  }

  /// Steps over `bytes`, returning the index just after the first line
  /// feed that ends a record, or nil (having stepped over all of them).
  package mutating func firstRecordEnd(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    for index in bytes.indices where step(bytes[index]) { return index + 1 }
    return nil
  }

  /// Steps over all of `bytes`, returning the index just after the last
  /// line feed that ends a record, or nil when none does.
  package mutating func lastRecordEnd(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
    if state == .fieldStart || state == .unquoted, memchr(base, Int32(CSVScanner.quote), bytes.count) == nil {
      return lastRecordEndWithoutQuotes(bytes)
    }
    var last: Int?
    for index in bytes.indices where step(bytes[index]) { last = index + 1 }
    return last
  }

  /// Without quotes every line feed ends a record; the state after is
  /// that of the bytes after the last delimiter or line feed.
  private mutating func lastRecordEndWithoutQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let last = bytes.lastIndex(of: 0x0A).map { $0 + 1 }
    var tail = bytes.count
    while tail > 0 {
      let byte = bytes[tail - 1]
      if byte == delimiter || byte == 0x0A { break }
      if byte != CSVScanner.carriageReturn {
        state = .unquoted
        return last
      }
      tail -= 1
    }
    // Only carriage returns after the last delimiter or line feed (or
    // nothing): a field's start stays one, an unquoted field stays one.
    if tail > 0 { state = .fieldStart }
    return last
  }

  /// One byte; true when it is a line feed that ends a record.
  @inline(__always)
  private mutating func step(_ byte: UInt8) -> Bool {
    switch state {
    case .quoted:
      if byte == CSVScanner.quote { state = .quoteInQuoted }
      return false
    case .quoteInQuoted:
      if byte == CSVScanner.quote {
        state = .quoted
        return false
      }
      state = .unquoted
    case .fieldStart:
      if byte == CSVScanner.quote {
        state = .quoted
        return false
      }
    case .unquoted:
      break
    }
    // At a field's start or in an unquoted one. A lone CR is data that
    // leaves a field's start as it is (a quote may still open the field).
    if byte == delimiter {
      state = .fieldStart
    } else if byte == 0x0A {
      state = .fieldStart
      return true
    } else if byte != CSVScanner.carriageReturn {
      state = .unquoted
    }
    return false
  }
}
