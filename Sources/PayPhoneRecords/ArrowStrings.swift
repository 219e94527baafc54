internal import CArrowData

/// A string array on the Arrow C Data Interface, checked and read in
/// place: `utf8` (`u`, 32-bit offsets), `large_utf8` (`U`, 64-bit offsets)
/// or `utf8_view` (`vu`, 16-byte views into variadic buffers). The array is
/// borrowed: its producer keeps it alive and releases it.
package struct ArrowStrings {
  /// The layouts, by their format strings.
  private enum Layout: String {
    case offsets32 = "u"
    case offsets64 = "U"
    case views = "vu"
  }

  private let layout: Layout
  /// The number of rows.
  package let count: Int
  /// The first row's index in the buffers (the array's `offset`).
  private let start: Int
  private let validity: UnsafePointer<UInt8>?
  /// `u`/`U`: the offsets; `vu`: the views.
  private let indexes: UnsafeRawPointer?
  /// `u`/`U`: the characters' buffer.
  private let characters: UnsafePointer<UInt8>?
  /// `vu`: the variadic data buffers and their sizes.
  private let dataBuffers: UnsafePointer<UnsafeRawPointer?>?
  private let dataSizes: UnsafePointer<Int64>?
  private let dataBufferCount: Int

  /// Checks `array` (an `ArrowArray`) against `schema` (an
  /// `ArrowSchema`): the format, the buffers, and every offset or view
  /// within bounds, so that reading a row cannot go astray.
  /// - Throws: ``ArrowInputError`` naming what is wrong (`what` names the
  ///   argument in its message).
  package init(schema: UnsafeRawPointer?, array: UnsafeRawPointer?, _ what: String) throws(ArrowInputError) {
    guard let schema = schema?.assumingMemoryBound(to: ArrowSchema.self),
      let array = array?.assumingMemoryBound(to: ArrowArray.self)
    else { throw ArrowInputError("\(what): no array given") }
    guard schema.pointee.release != nil, array.pointee.release != nil else {
      throw ArrowInputError("\(what): the array was released")
    }
    guard let formatPointer = schema.pointee.format else { throw ArrowInputError("\(what): no format") }
    let format = String(cString: formatPointer)
    guard let layout = Layout(rawValue: format) else {
      throw ArrowInputError("\(what): expected a string array (format u, U or vu), not format '\(format)'")
    }
    self.layout = layout
    let length = array.pointee.length
    let offset = array.pointee.offset
    guard length >= 0, offset >= 0, length <= Int64.max / 2 - offset else {
      throw ArrowInputError("\(what): a negative length or offset")
    }
    count = Int(length)
    start = Int(offset)
    let bufferCount = Int(array.pointee.n_buffers)
    guard bufferCount >= 3, let buffers = array.pointee.buffers else {
      throw ArrowInputError("\(what): \(bufferCount) buffers, too few for format '\(format)'")
    }
    if layout != .views && bufferCount != 3 {
      throw ArrowInputError("\(what): \(bufferCount) buffers, not 3, for format '\(format)'")
    }
    validity = array.pointee.null_count == 0 ? nil : buffers[0]?.assumingMemoryBound(to: UInt8.self)
    indexes = buffers[1]
    guard count == 0 || indexes != nil else { throw ArrowInputError("\(what): no offsets buffer") }
    switch layout {
    case .offsets32, .offsets64:
      characters = buffers[2]?.assumingMemoryBound(to: UInt8.self)
      (dataBuffers, dataSizes, dataBufferCount) = (nil, nil, 0)
    case .views:
      characters = nil
      dataBufferCount = bufferCount - 3
      dataBuffers = UnsafeRawPointer(buffers + 2).assumingMemoryBound(to: UnsafeRawPointer?.self)
      dataSizes = buffers[bufferCount - 1]?.assumingMemoryBound(to: Int64.self)
      guard dataBufferCount == 0 || dataSizes != nil else {
        throw ArrowInputError("\(what): no buffer sizes for format 'vu'")
      }
    }
    try check(what)
  }

  /// Every row's bytes within its buffer.
  private func check(_ what: String) throws(ArrowInputError) {
    guard count > 0, let indexes else { return }
    switch layout {
    case .offsets32, .offsets64:
      var previous = offsetAt(start)
      guard previous >= 0 else { throw ArrowInputError("\(what): a negative offset") }
      for row in 0..<count {
        let next = offsetAt(start + row + 1)
        guard next >= previous else { throw ArrowInputError("\(what): offsets out of order at row \(row)") }
        previous = next
      }
      guard previous == 0 || characters != nil else { throw ArrowInputError("\(what): no data buffer") }
    case .views:
      for row in 0..<count where !isNull(row) {
        let view = indexes + (start + row) * 16
        let length = Int(view.loadUnaligned(as: Int32.self))
        guard length >= 0 else { throw ArrowInputError("\(what): a negative length at row \(row)") }
        guard length > 12 else { continue }
        let buffer = Int(view.loadUnaligned(fromByteOffset: 8, as: Int32.self))
        let offset = Int(view.loadUnaligned(fromByteOffset: 12, as: Int32.self))
        guard buffer >= 0, buffer < dataBufferCount, offset >= 0, let dataSizes,
          dataBuffers?[buffer] != nil, offset + length <= Int(dataSizes[buffer])
        else { throw ArrowInputError("\(what): a view out of its buffer's bounds at row \(row)") }
      }
    }
  }

  private func offsetAt(_ index: Int) -> Int {
    guard let indexes else { return 0 }
    switch layout {
    case .offsets32: return Int(indexes.loadUnaligned(fromByteOffset: index * 4, as: Int32.self))
    default: return Int(indexes.loadUnaligned(fromByteOffset: index * 8, as: Int64.self))
    }
  }

  /// Whether row `row` is null.
  @inline(__always)
  package func isNull(_ row: Int) -> Bool {
    guard let validity else { return false }
    let bit = start + row
    return validity[bit >> 3] & (1 << UInt8(bit & 7)) == 0
  }

  /// Row `row`'s bytes (lent for as long as the array lives), or nil for a
  /// null row.
  @inline(__always)
  package func bytes(_ row: Int) -> UnsafeBufferPointer<UInt8>? {
    guard !isNull(row), let indexes else { return nil }
    switch layout {
    case .offsets32, .offsets64:
      let first = offsetAt(start + row)
      return UnsafeBufferPointer(
        start: characters.map { $0 + first }, count: offsetAt(start + row + 1) - first)
    case .views:
      let view = indexes + (start + row) * 16
      let length = Int(view.loadUnaligned(as: Int32.self))
      if length <= 12 {
        return UnsafeBufferPointer(start: (view + 4).assumingMemoryBound(to: UInt8.self), count: length)
      }
      let buffer = Int(view.loadUnaligned(fromByteOffset: 8, as: Int32.self))
      let offset = Int(view.loadUnaligned(fromByteOffset: 12, as: Int32.self))
      let base = dataBuffers.unsafelyUnwrapped[buffer].unsafelyUnwrapped
      return UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: length)
    }
  }

  /// Row `row` as text (ill-formed UTF-8 read as U+FFFD), or nil for null.
  @inline(__always)
  package func text(_ row: Int) -> String? {
    bytes(row).map { String(decoding: $0, as: UTF8.self) }
  }
}

/// An input array that cannot be read: its message says which and why.
package struct ArrowInputError: Error, Sendable {
  package let message: String

  package init(_ message: String) {
    self.message = message
  }
}
