/// The UTF-8 of a formatted number, written into a buffer sized beforehand
/// (on the stack for phone-sized output), then made a `String` once.
struct PhoneNumberBytes {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  /// Runs `body` with a writer of at most `capacity` bytes and returns what
  /// it wrote as a string.
  static func string(capacity: Int, _ body: (inout PhoneNumberBytes) -> Void) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var bytes = PhoneNumberBytes(buffer: buffer)
      body(&bytes)
      return makeString(UnsafeBufferPointer(rebasing: buffer[..<bytes.count]))
    }
  }

  /// The string of `utf8` (valid UTF-8: digits, the metadata's literals).
  ///
  /// Most phone texts fit a small string (15 bytes, kept inline): then
  /// `String(unsafeUninitializedCapacity:)` lets the bytes be copied into
  /// it with one `memcpy` and checks them with one mask, where
  /// `String(decoding:)` would scan them for ASCII and then copy them in
  /// byte by byte. Longer text takes `String(decoding:)` (one allocation
  /// either way). Both check the bytes, so the string is the same whichever
  /// path made it.
  static func makeString(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
    let count = utf8.count
    guard count <= smallStringCapacity, let source = utf8.baseAddress else {
      return String(decoding: utf8, as: UTF8.self)
    }
    return String(unsafeUninitializedCapacity: count) { target in
      // The initializer is given exactly `count` bytes.
      guard let base = target.baseAddress, target.count >= count else { return 0 }
      UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: count)
      return count
    }
  }

  /// The UTF-8 bytes a `String` holds inline on 64-bit platforms.
  private static let smallStringCapacity = MemoryLayout<Int>.size == 8 ? 15 : 10

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
    guard let source = bytes.baseAddress else { return }
    append(source, count: bytes.count)
  }

  /// Appends the `length` bytes at `source`.
  @inline(__always)
  mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
    precondition(length >= 0 && length <= buffer.count &- count)
    guard let target = buffer.baseAddress else { return }
    // Pieces are a few bytes: a plain loop beats a call to memmove.
    var index = 0
    while index < length {
      target[count &+ index] = source[index]
      index &+= 1
    }
    count &+= length
  }

  /// Appends one byte per entry of `map`: the literal byte in its low
  /// eight bits when bit 8 is set, else the byte of `digits` at that index.
  mutating func append(mapping map: UnsafeBufferPointer<UInt16>, _ digits: UnsafeBufferPointer<UInt8>) {
    precondition(map.count <= buffer.count &- count)
    guard let target = buffer.baseAddress else { return }
    var index = count
    for entry in map {
      if entry & 0x100 != 0 {
        target[index] = UInt8(truncatingIfNeeded: entry)
      } else {
        // The map was made for this many digits; checked all the same.
        let position = Int(entry)
        precondition(position < digits.count)
        target[index] = digits[position]
      }
      index &+= 1
    }
    count = index
  }

  mutating func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
    append(UnsafeBufferPointer(rebasing: bytes))
  }

  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Writes `value` in decimal, with a minus sign when negative.
  mutating func appendDecimal(_ value: Int) {
    // Calling codes have one to three digits: one bounds check for all.
    if value >= 0 && value < 1000 {
      let length = value >= 100 ? 3 : value >= 10 ? 2 : 1
      precondition(length <= buffer.count &- count)
      guard let target = buffer.baseAddress else { return }
      var rest = value
      var index = count &+ length
      repeat {
        index &-= 1
        target[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      count &+= length
      return
    }
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    repeat {
      append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
  }
}
