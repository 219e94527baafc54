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
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<bytes.count]), as: UTF8.self)
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
    precondition(bytes.count <= buffer.count &- count)
    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
    // Pieces are a few bytes: a plain loop beats a call to memmove.
    for index in 0..<bytes.count { target[count &+ index] = source[index] }
    count &+= bytes.count
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
    // Calling codes have one to three digits.
    if value >= 0 && value < 1000 {
      if value >= 100 { append(UInt8(ascii: "0") + UInt8(value / 100)) }
      if value >= 10 { append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
      append(UInt8(ascii: "0") + UInt8(value % 10))
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
