#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams lines from a file descriptor with flat memory.
///
/// Lines end at `\n`; a trailing `\r` is dropped. A line longer than
/// `maximumLineLength` is not kept: its bytes are skipped up to the next
/// newline and it is reported as `.tooLong`, so a hostile input cannot grow
/// memory without bound and the stream goes on.
package struct LineReader {
  package enum Line {
    case text(UnsafeBufferPointer<UInt8>)
    case tooLong(byteCount: Int)
  }

  package struct ReadFailure: Error {
    package let reason: String
  }

  package static let maximumLineLength = 1 << 24

  private let fileDescriptor: Int32

  package init(fileDescriptor: Int32 = 0) {
    self.fileDescriptor = fileDescriptor
  }

  /// Calls `body` for every line, each block's lines as soon as the block
  /// is read.
  package func forEachLine(_ body: (Line) -> Void) throws(ReadFailure) {
    try forEachChunk { chunk in chunk.forEachLine(body) }
  }

  /// Reads to the end, handing on the whole lines of each block read (up
  /// to 64 KiB) as one chunk, as soon as the block is read. The
  /// unterminated end of a block waits for the next one; after a read
  /// failure it is dropped.
  func forEachChunk(_ body: (Chunk) -> Void) throws(ReadFailure) {
    var cutter = Cutter()
    let blockSize = 1 << 16
    let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: blockSize)
    defer { block.deallocate() }
    // A buffer allocated with a positive capacity always has a base address.
    guard let base = block.baseAddress else { return }
    while true {
      let count = read(fileDescriptor, base, blockSize)
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadFailure(reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      let chunk = cutter.cut(UnsafeBufferPointer(rebasing: block[0..<count]))
      if !chunk.isEmpty { body(chunk) }
    }
    let last = cutter.finish()
    if !last.isEmpty { body(last) }
  }

  /// The index of the first `\n` in `bytes` (memchr: a word at a time).
  @inline(__always)
  package static func firstNewline(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress, !bytes.isEmpty,
      let found = memchr(base, 0x0A, bytes.count)
    else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// Whole lines of one read block (each ending in `\n`, but the input's
  /// last line when it has none), after the too-long line that ended at
  /// the block's first line end, if one did.
  struct Chunk: Sendable {
    var leadingTooLong: Int?
    var bytes: [UInt8] = []

    var isEmpty: Bool { leadingTooLong == nil && bytes.isEmpty }

    /// Calls `body` for every line, a trailing `\r` dropped.
    func forEachLine(_ body: (Line) -> Void) {
      if let leadingTooLong { body(.tooLong(byteCount: leadingTooLong)) }
      bytes.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < buffer.count {
          let rest = UnsafeBufferPointer(rebasing: buffer[start...])
          let end = LineReader.firstNewline(in: rest) ?? rest.count
          var line = UnsafeBufferPointer(rebasing: rest[0..<end])
          if let last = line.last, last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
          body(.text(line))
          start += end + 1
        }
      }
    }
  }

  /// Cuts read blocks into chunks of whole lines.
  private struct Cutter {
    /// The unterminated end of the blocks so far (at most the line limit).
    var carry: [UInt8] = []
    /// While a too-long line is being skipped: its bytes so far.
    var skipped: Int?

    /// The chunk of whole lines `block` completes (maybe empty).
    mutating func cut(_ block: UnsafeBufferPointer<UInt8>) -> Chunk {
      var chunk = Chunk()
      var start = 0
      if let skippedSoFar = skipped {
        guard let newline = LineReader.firstNewline(in: block) else {
          skipped = skippedSoFar + block.count
          return chunk
        }
        chunk.leadingTooLong = skippedSoFar + newline
        skipped = nil
        start = newline + 1
      } else if !carry.isEmpty, let newline = LineReader.firstNewline(in: block),
        carry.count + newline > LineReader.maximumLineLength
      {
        chunk.leadingTooLong = carry.count + newline
        carry.removeAll()
        start = newline + 1
      }
      let rest = UnsafeBufferPointer(rebasing: block[start...])
      guard !rest.isEmpty else { return chunk }
      guard let lastNewline = rest.lastIndex(of: 0x0A) else {
        if carry.count + rest.count > LineReader.maximumLineLength {
          skipped = carry.count + rest.count
          carry = []
        } else {
          carry.append(contentsOf: rest)
        }
        return chunk
      }
      chunk.bytes.reserveCapacity(carry.count + lastNewline + 1)
      chunk.bytes.append(contentsOf: carry)
      chunk.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: rest[0...lastNewline]))
      carry.removeAll(keepingCapacity: carry.capacity <= 1 << 20)
      carry.append(contentsOf: UnsafeBufferPointer(rebasing: rest[(lastNewline + 1)...]))
      return chunk
    }

    /// The input's end: its last line when it has no line end.
    mutating func finish() -> Chunk {
      var chunk = Chunk()
      if let skipped {
        chunk.leadingTooLong = skipped
      } else {
        chunk.bytes = carry
      }
      carry = []
      skipped = nil
      return chunk
    }
  }
}
