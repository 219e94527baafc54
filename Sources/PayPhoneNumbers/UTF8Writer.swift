/// A writer of UTF-8 into a buffer of fixed capacity, sized beforehand (on
/// the stack for phone-sized text), whose bytes are then made a `String`
/// once or lent on. Every append checks that it fits.
struct UTF8Writer {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  /// Runs `body` with a writer of at most `capacity` bytes and returns what
  /// it wrote as a string.
  static func string(capacity: Int, _ body: (inout UTF8Writer) -> Void) -> String {
    bytes(capacity: capacity, makeString, body)
  }

  /// Runs `body` with a writer of at most `capacity` bytes and returns
  /// what `finish` makes of what it wrote.
  static func bytes<Result>(
    capacity: Int, _ finish: (UnsafeBufferPointer<UInt8>) -> Result, _ body: (inout UTF8Writer) -> Void
  ) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var writer = UTF8Writer(buffer: buffer)
      body(&writer)
      return finish(UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
    }
  }

  /// The string of `utf8` (valid UTF-8: digits, the metadata's literals),
  /// its bytes copied in and checked by the standard library.
  static func makeString(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: utf8.count) { target in
      _ = target.initialize(from: utf8)
      return utf8.count
    }
  }

  private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// The bytes `appendDecimal` writes at most.
  static let decimalCapacity = 20

  mutating func append(_ byte: UInt8) {
    precondition(count < buffer.count)
    buffer[count] = byte
    count += 1
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    precondition(bytes.count <= buffer.count - count)
    let start = count
    for index in bytes.indices { buffer[start + index] = bytes[index] }
    count = start + bytes.count
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  mutating func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
    append(UnsafeBufferPointer(rebasing: bytes))
  }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends a copy of the bytes written at `range`.
  mutating func appendCopy(of range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count && range.count <= buffer.count - count)
    guard let base = buffer.baseAddress else { return }
    (base + count).update(from: base + range.lowerBound, count: range.count)
    count += range.count
  }

  /// Appends `count` copies of `byte`.
  mutating func append(_ byte: UInt8, count repeats: Int) {
    precondition(repeats >= 0 && repeats <= buffer.count - count)
    for _ in 0..<repeats { append(byte) }
  }

  /// Writes `value` in decimal, with a minus sign when negative.
  mutating func appendDecimal(_ value: Int) {
    let zero = UInt8(ascii: "0")
    if value >= 0 && value < 1000 {
      // A country code: one to three digits.
      if value >= 100 { append(zero + UInt8(value / 100)) }
      if value >= 10 { append(zero + UInt8(value / 10 % 10)) }
      append(zero + UInt8(value % 10))
      return
    }
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    repeat {
      append(zero + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
  }

  /// Rewrites the bytes written from `start` on in place: `rewrite` gets
  /// them and returns how many it left at their front (no more than it got),
  /// which are kept.
  mutating func rewrite(from start: Int, _ rewrite: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
    precondition(start >= 0 && start <= count)
    let kept = rewrite(UnsafeMutableBufferPointer(rebasing: buffer[start..<count]))
    precondition(kept >= 0 && kept <= count - start)
    count = start + kept
  }
}
