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

  /// Runs `body` with a writer of at most `capacity` bytes and returns
  /// what `finish` makes of what it wrote.
  static func bytes<Result>(
    capacity: Int, _ finish: (UnsafeBufferPointer<UInt8>) -> Result, _ body: (inout PhoneNumberBytes) -> Void
  ) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var bytes = PhoneNumberBytes(buffer: buffer)
      body(&bytes)
      return finish(UnsafeBufferPointer(rebasing: buffer[..<bytes.count]))
    }
  }

  /// Runs `body` with a writer of at most `capacity` bytes, for more than
  /// one text written one after another (see ``written(_:)``).
  static func withBuffer(capacity: Int, _ body: (inout PhoneNumberBytes) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var bytes = PhoneNumberBytes(buffer: buffer)
      body(&bytes)
    }
  }

  /// The bytes written at `range` (inside `0..<count`), valid while the
  /// writer's buffer is.
  func written(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    precondition(range.lowerBound >= 0 && range.upperBound <= count)
    return UnsafeBufferPointer(rebasing: buffer[range])
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
    guard let source = bytes.baseAddress else { return }
    append(source, count: bytes.count)
  }

  /// Appends the `length` bytes at `source`.
  @inline(__always)
  mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
    precondition(length >= 0 && length <= buffer.count &- count)
    guard let target = buffer.baseAddress else { return }
    var index = 0
    while index < length {
      target[count &+ index] = source[index]
      index &+= 1
    }
    count &+= length
  }

  /// Appends one byte per entry of `map`: the literal byte in its low
  /// eight bits when bit 8 is set, else the byte of `digits` at that index.
  /// Every such index is below `digits.count`, as
  /// `RegionTables.Formats.checked` makes sure of each program's map (for
  /// the one length it is run on): no check per byte.
  @inline(__always)
  mutating func append(checkedMapping map: UnsafeBufferPointer<UInt16>, _ digits: UnsafeBufferPointer<UInt8>)
  {
    precondition(map.count <= buffer.count &- count)
    guard let target = buffer.baseAddress, let entries = map.baseAddress, let source = digits.baseAddress
    else { return }
    let start = count
    var index = 0
    while index < map.count {
      let entry = entries[index]
      target[start &+ index] = entry & 0x100 != 0 ? UInt8(truncatingIfNeeded: entry) : source[Int(entry)]
      index &+= 1
    }
    count = start &+ map.count
  }

  /// Appends what `body` writes at the end (at most `maximum` bytes, from
  /// the pointer it is given) and says it wrote: for a loop that writes
  /// byte by byte with one bounds check for all.
  @inline(__always)
  mutating func appendWritten(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    precondition(maximum >= 0 && maximum <= buffer.count &- count)
    guard let target = buffer.baseAddress else { return }
    let written = body(target + count)
    precondition(written >= 0 && written <= maximum)
    count &+= written
  }

  /// Appends the low `length` bytes of `word` (at most eight), storing
  /// all eight: the buffer must have eight bytes free (what lies past the
  /// count is overwritten by what is appended next, or left unread).
  @inline(__always)
  mutating func append(word: UInt64, count length: Int) {
    precondition(length >= 0 && length <= 8 && 8 <= buffer.count &- count)
    guard let target = buffer.baseAddress else { return }
    UnsafeMutableRawPointer(target + count).storeBytes(of: word.littleEndian, as: UInt64.self)
    count &+= length
  }

  /// Appends the `outputCount` bytes that `runs` (a
  /// `RegionTables.WordRuns`' runs) write with `digits`, the input's
  /// bytes: a word store for a run's digits (two past eight), one for its
  /// literal bytes. The buffer must have eight bytes free past them (each
  /// run stores whole words). A run's first digit is at most 15 bytes in
  /// and it copies at most 15 digits (four bits each), so it loads no
  /// further than 31 bytes into `digits`: the digits, padded to
  /// `NumberDigits.paddedCount` bytes.
  @inline(__always)
  mutating func append(
    wordRuns runs: UnsafeBufferPointer<UInt64>, outputCount: Int, digits padded: UnsafeRawBufferPointer
  ) {
    precondition(outputCount >= 0 && outputCount <= buffer.count &- count &- 8)
    precondition(padded.count >= NumberDigits.paddedCount)
    guard let base = buffer.baseAddress, let first = runs.baseAddress, let digits = padded.baseAddress
    else { return }
    let target = UnsafeMutableRawPointer(base)
    var position = count
    var index = 0
    while index < runs.count {
      let run = first[index]
      // The digits, at most 15: two words.
      let source = digits + Int(truncatingIfNeeded: run & 0xF)
      let digitCount = Int(truncatingIfNeeded: run &>> 4 & 0xF)
      target.storeBytes(of: source.loadUnaligned(as: UInt64.self), toByteOffset: position, as: UInt64.self)
      if digitCount > 8 {
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: position &+ 8,
          as: UInt64.self)
      }
      position &+= digitCount
      // The literal bytes, at most six.
      target.storeBytes(of: (run &>> 16).littleEndian, toByteOffset: position, as: UInt64.self)
      position &+= Int(truncatingIfNeeded: run &>> 8 & 0xFF)
      index &+= 1
    }
    // The runs write `outputCount` bytes (made so): what the check above
    // allowed for.
    count &+= outputCount
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
    // Country codes have one to three digits: one bounds check for all.
    if value >= 0 && value < 1000 {
      let (digits, length) = Self.threeDigitDecimal(value)
      precondition(length <= buffer.count &- count)
      guard let target = buffer.baseAddress else { return }
      target[count] = UInt8(truncatingIfNeeded: digits)
      if length > 1 { target[count &+ 1] = UInt8(truncatingIfNeeded: digits &>> 8) }
      if length > 2 { target[count &+ 2] = UInt8(truncatingIfNeeded: digits &>> 16) }
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

  /// The ASCII digits of `value` (0...999), first digit in the low byte,
  /// and their count: straight-line arithmetic, no loop.
  static func threeDigitDecimal(_ value: Int) -> (bytes: UInt32, count: Int) {
    let value = UInt32(truncatingIfNeeded: value)
    let zero = UInt32(UInt8(ascii: "0"))
    if value >= 100 {
      return (zero &+ value / 100 | (zero &+ value / 10 % 10) &<< 8 | (zero &+ value % 10) &<< 16, 3)
    }
    if value >= 10 { return (zero &+ value / 10 | (zero &+ value % 10) &<< 8, 2) }
    return (zero &+ value, 1)
  }
}
