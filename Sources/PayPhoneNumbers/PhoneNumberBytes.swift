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
    if let inline = InlineASCII.string(utf8) { return inline }
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

  /// Appends the bytes of an inline string (``InlineASCII/bytes(of:)``).
  @inline(__always)
  mutating func append(inline bytes: InlineASCII.Bytes) {
    append(word: bytes.low, count: min(bytes.count, 8))
    if bytes.count > 8 { append(word: bytes.high, count: bytes.count &- 8) }
  }

  /// Appends the `outputCount` bytes that `runs` (a
  /// `RegionTables.WordRuns`' runs) write with `digits`, the input's
  /// bytes: a word store for a run's digits (two past eight), one for its
  /// literal bytes. The buffer must have eight bytes free
  /// past them (each run stores whole words); `digits` must be readable
  /// eight bytes past every digit a run copies (a national number's inline
  /// words, padded). A run copies at most 15 digits.
  @inline(__always)
  mutating func append(wordRuns runs: UnsafeBufferPointer<UInt64>, outputCount: Int, digits: UnsafeRawPointer)
  {
    precondition(outputCount >= 0 && outputCount <= buffer.count &- count &- 8)
    guard let base = buffer.baseAddress, let first = runs.baseAddress else { return }
    let target = UnsafeMutableRawPointer(base)
    var position = count
    var index = 0
    while index < runs.count {
      let run = first[index]
      // The digits, at most 15 (an inline national number's): two words.
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
      let (digits, length) = InlineASCII.threeDigitDecimal(value)
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
}

/// ASCII text of up to 15 bytes written straight into the two words of a
/// `String` that holds it inline (a "small" string), with no call into the
/// standard library: formatted numbers and national numbers are mostly
/// this, and the parse-and-format loop makes several for each number.
///
/// This is the one place that relies on how `String` lays out small
/// strings on 64-bit little-endian platforms (bytes in order across the
/// two words, then a top byte of flags and count). ``layoutHolds`` checks
/// that layout once, against strings the standard library made itself;
/// when it does not hold, ``string(_:)`` answers nil and callers take the
/// ordinary initialisers.
enum InlineASCII {
  /// The most bytes an inline string holds.
  static let capacity = 15

  /// The top byte of an inline ASCII string of `count` bytes: immortal,
  /// small, ASCII, and the count.
  @inline(__always)
  private static func flags(count: Int) -> UInt64 {
    (0xE0 | UInt64(truncatingIfNeeded: count)) << 56
  }

  /// Whether strings made here are the standard library's own: checked once.
  static let layoutHolds: Bool = {
    #if _endian(little) && _pointerBitWidth(_64)
      guard MemoryLayout<String>.size == 16 else { return false }
      // Every length, against strings `String(decoding:)` makes (a copy of
      // an array's bytes, so not a literal the compiler could fold).
      let alphabet = Array("0123456789+ ()-x".utf8)
      for count in 0...capacity {
        let expected = String(decoding: alphabet[..<count], as: UTF8.self)
        let made = alphabet.withUnsafeBufferPointer { words(UnsafeBufferPointer(rebasing: $0[..<count])) }
        let (low, high) = unsafeBitCast(expected, to: (UInt64, UInt64).self)
        guard let made, made.low == low, made.high == high else { return false }
        let string = unsafeBitCast(made, to: String.self)
        guard string == expected, string.utf8.count == count, string.utf8.elementsEqual(alphabet[..<count])
        else { return false }
      }
      // The E.164 shortcut against the same text written out.
      for (code, digits) in [(1, "2015550123"), (44, "2079460958"), (979, "123456789")] {
        guard plusPrefixedUnchecked(code, digits) == "+\(code)\(digits)" else { return false }
      }
      return true
    #else
      return false
    #endif
  }()

  /// The two words of the inline string of `utf8`; nil when it is longer
  /// than ``capacity`` or not ASCII.
  @inline(__always)
  static func words(_ utf8: UnsafeBufferPointer<UInt8>) -> (low: UInt64, high: UInt64)? {
    let count = utf8.count
    guard count <= capacity, let base = utf8.baseAddress else {
      return count == 0 ? (0, flags(count: 0)) : nil
    }
    // Loads that stay inside the `count` bytes: two overlapping words (or
    // half-words) rather than a loop over the bytes.
    let raw = UnsafeRawPointer(base)
    var low: UInt64 = 0
    var high: UInt64 = 0
    if count >= 8 {
      low = raw.loadUnaligned(as: UInt64.self)
      if count > 8 {
        high = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &>> UInt64((16 &- count) &* 8)
      }
    } else if count >= 4 {
      let first = raw.loadUnaligned(as: UInt32.self)
      // Shifted as 64 bits: for four bytes the last word goes entirely.
      let last =
        UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) &>> UInt64((8 &- count) &* 8)
      low = UInt64(first) | last &<< 32
    } else {
      var index = 0
      while index < count {
        low |= UInt64(base[index]) &<< UInt64(index &* 8)
        index &+= 1
      }
    }
    guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
    return (low, high | flags(count: count))
  }

  /// An inline string's bytes: its two words, the flags byte cleared.
  typealias Bytes = (low: UInt64, high: UInt64, count: Int)

  /// The bytes of `text` when it is an inline ASCII string and the layout
  /// holds: its two words (the bytes in order, the flags byte cleared)
  /// and its count.
  @inline(__always)
  static func bytes(of text: String) -> Bytes? {
    guard layoutHolds else { return nil }
    return bytesUnchecked(of: text)
  }

  /// ``bytes(of:)`` without the layout check (which its caller has made).
  @inline(__always)
  private static func bytesUnchecked(of text: String) -> Bytes? {
    let (low, high) = unsafeBitCast(text, to: (UInt64, UInt64).self)
    let top = high &>> 56
    guard top & 0xF0 == 0xE0 else { return nil }
    return (low, high & 0x00FF_FFFF_FFFF_FFFF, Int(top & 0x0F))
  }

  /// `+`, the country code and `digits`, an inline ASCII string (the
  /// E.164 form of a national number), when the result is inline too and
  /// the layout holds: the digits' two words shifted along, the prefix put
  /// in front.
  @inline(__always)
  static func plusPrefixed(_ countryCode: Int, _ digits: String) -> String? {
    guard layoutHolds else { return nil }
    return plusPrefixedUnchecked(countryCode, digits)
  }

  /// ``plusPrefixed(_:_:)`` without the layout check (which it is part of).
  @inline(__always)
  private static func plusPrefixedUnchecked(_ countryCode: Int, _ digits: String) -> String? {
    guard countryCode > 0 && countryCode < 1000, let (low, payloadHigh, count) = bytesUnchecked(of: digits)
    else { return nil }
    let (decimal, decimalLength) = threeDigitDecimal(countryCode)
    let prefix = UInt64(UInt8(ascii: "+")) | UInt64(decimal) &<< 8
    let length = 1 &+ decimalLength
    guard length &+ count <= capacity else { return nil }
    let shift = UInt64(length &* 8)
    var words = (
      low &<< shift | prefix,
      (payloadHigh &<< shift | low &>> (64 &- shift)) & 0x00FF_FFFF_FFFF_FFFF | flags(count: length &+ count)
    )
    return withUnsafeMutablePointer(to: &words) { pointer in
      pointer.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
    }
  }

  /// The ASCII digits of `value` (0...999), first digit in the low byte,
  /// and their count: straight-line arithmetic, no loop.
  @inline(__always)
  static func threeDigitDecimal(_ value: Int) -> (bytes: UInt32, count: Int) {
    let value = UInt32(truncatingIfNeeded: value)
    let zero = UInt32(UInt8(ascii: "0"))
    if value >= 100 {
      return (zero &+ value / 100 | (zero &+ value / 10 % 10) &<< 8 | (zero &+ value % 10) &<< 16, 3)
    }
    if value >= 10 { return (zero &+ value / 10 | (zero &+ value % 10) &<< 8, 2) }
    return (zero &+ value, 1)
  }

  /// The string of `utf8` when it is short ASCII and the layout holds.
  @inline(__always)
  static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
    guard utf8.count <= capacity, layoutHolds, var words = words(utf8) else { return nil }
    // Moved out rather than bit-cast: a cast copies the string, and so
    // counts a reference an inline string does not have.
    return withUnsafeMutablePointer(to: &words) { pointer in
      pointer.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
    }
  }
}
