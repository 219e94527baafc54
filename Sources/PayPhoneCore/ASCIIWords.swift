/// Questions about eight bytes at once (public only in the
/// `PayPhoneInternal` SPI, so that other modules inline them), for the loops that step over
/// ASCII text a word at a time (the JSON reader and writer, UTF-8
/// validation). Each answer is a word with the high bit set in each byte
/// that has the property; a flagged byte may be a false alarm only after a
/// true one (a borrow crosses bytes only upward), so the lowest flagged
/// byte of a little-endian word is always a true one.
@_spi(PayPhoneInternal) public enum ASCIIWords {
  /// Eight bytes from `offset` as a little-endian word (the first byte
  /// lowest) on any machine.
  @inlinable @inline(__always)
  public static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
    UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// Whether any byte of `word` is not ASCII (0x80 or above).
  @inlinable @inline(__always)
  public static func hasNonASCII(_ word: UInt64) -> Bool {
    word & highBits != 0
  }

  /// Whether every byte of `bytes` is ASCII, eight at a time.
  @inlinable
  public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var bits: UInt64 = 0
    var offset = 0
    while offset &+ 8 <= bytes.count {
      bits |= load(base, at: offset)
      offset &+= 8
    }
    while offset < bytes.count {
      bits |= UInt64(base[offset])
      offset &+= 1
    }
    return !hasNonASCII(bits)
  }

  /// The bytes of `word` that JSON must escape in a string: control
  /// characters (below 0x20), quotes and backslashes.
  @inlinable @inline(__always)
  public static func jsonSpecialBytes(_ word: UInt64) -> UInt64 {
    (below(0x20, word) | equal(UInt8(ascii: "\""), word) | equal(UInt8(ascii: "\\"), word)) & highBits
  }

  /// The offset in a little-endian word of its lowest flagged byte (8 when
  /// none is).
  @inlinable @inline(__always)
  public static func firstFlaggedByte(_ flags: UInt64) -> Int {
    flags.trailingZeroBitCount >> 3
  }

  @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
  @inlinable static var highBits: UInt64 { 0x8080_8080_8080_8080 }

  /// High bits of the bytes below `limit` (for ASCII bytes; a byte of 0x80
  /// or more is never flagged).
  @inlinable @inline(__always)
  static func below(_ limit: UInt8, _ word: UInt64) -> UInt64 {
    (word &- ones &* UInt64(limit)) & ~word
  }

  /// High bits of the bytes equal to `byte`.
  @inlinable @inline(__always)
  static func equal(_ byte: UInt8, _ word: UInt64) -> UInt64 {
    let difference = word ^ (ones &* UInt64(byte))
    return (difference &- ones) & ~difference
  }
}
