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
  private var pending: [UInt8] = []
  private var skippedBytes = 0
  private var isSkipping = false

  package init(fileDescriptor: Int32 = 0) {
    self.fileDescriptor = fileDescriptor
  }

  /// Calls `body` for every line, then `chunkDone` after each block read
  /// (where callers flush output, so interactive use sees answers at once).
  package mutating func forEachLine(
    _ body: (Line) -> Void, chunkDone: () -> Void
  ) throws(ReadFailure) {
    let chunkSize = 1 << 16
    let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
    defer { chunk.deallocate() }
    // A buffer allocated with a positive capacity always has a base address.
    guard let chunkBase = chunk.baseAddress else { return }
    while true {
      let count = read(fileDescriptor, chunkBase, chunkSize)
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadFailure(reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      split(UnsafeBufferPointer(rebasing: chunk[0..<count]), body)
      chunkDone()
    }
    if isSkipping {
      body(.tooLong(byteCount: skippedBytes))
    } else if !pending.isEmpty {
      emit(pending[...], body)
    }
    pending = []
    chunkDone()
  }

  private mutating func split(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Line) -> Void) {
    var start = 0
    while start < bytes.count {
      let rest = UnsafeBufferPointer(rebasing: bytes[start...])
      guard let newline = Self.firstNewline(in: rest) else {
        keep(rest)
        return
      }
      let piece = UnsafeBufferPointer(rebasing: rest[0..<newline])
      if isSkipping {
        body(.tooLong(byteCount: skippedBytes + piece.count))
        isSkipping = false
        skippedBytes = 0
      } else if pending.isEmpty {
        emitLine(piece, body)
      } else if pending.count + piece.count > Self.maximumLineLength {
        body(.tooLong(byteCount: pending.count + piece.count))
        pending = []
      } else {
        pending.append(contentsOf: piece)
        emit(pending[...], body)
        pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
      }
      start += newline + 1
    }
  }

  /// The index of the first `\n` in `bytes` (memchr: a word at a time).
  @inline(__always)
  package static func firstNewline(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress, !bytes.isEmpty,
      let found = memchr(base, 0x0A, bytes.count)
    else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// The index of the last `\n` in `bytes`, searched from the end (a
  /// block's last line end is near it).
  @inline(__always)
  package static func lastNewline(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = bytes.count
    while index > 0 {
      index -= 1
      if bytes[index] == 0x0A { return index }
    }
    return nil
  }

  /// Keeps the unterminated end of a block until its newline arrives.
  private mutating func keep(_ piece: UnsafeBufferPointer<UInt8>) {
    if isSkipping {
      skippedBytes += piece.count
    } else if pending.count + piece.count > Self.maximumLineLength {
      isSkipping = true
      skippedBytes = pending.count + piece.count
      pending = []
    } else {
      pending.append(contentsOf: piece)
    }
  }

  private func emit(_ line: ArraySlice<UInt8>, _ body: (Line) -> Void) {
    line.withUnsafeBufferPointer { emitLine($0, body) }
  }

  private func emitLine(_ line: UnsafeBufferPointer<UInt8>, _ body: (Line) -> Void) {
    if let last = line.last, last == 0x0D {
      body(.text(UnsafeBufferPointer(rebasing: line.dropLast())))
    } else {
      body(.text(line))
    }
  }
}
