internal import PayPhoneText

/// A phone number found in free text: where it is, what was written, and
/// the number.
///
///     let match = Array(PhoneNumberMatcher(text: "Call 020 7946 0958 today", region: .gb)).first
///     match?.scalarRange       // 5..<18
///     match?.rawText           // "020 7946 0958"
///     match?.number.formatted(.e164)  // "+442079460958"
///
/// `==` compares every field.
public struct PhoneNumberMatch: Sendable, Hashable {
  /// The match's range in Unicode scalars (code points) of the text.
  public let scalarRange: Range<Int>
  /// The same range as indices of the text.
  public let range: Range<String.Index>
  /// The matched text as written (digits of other scripts as typed).
  public let rawText: String
  /// The parsed number.
  public let number: PhoneNumber

  package init(scalarRange: Range<Int>, range: Range<String.Index>, rawText: String, number: PhoneNumber) {
    self.scalarRange = scalarRange
    self.range = range
    self.rawText = rawText
    self.number = number
  }
}

/// Finds the phone numbers in free text exactly as libphonenumber's
/// `PhoneNumberMatcher` does: its candidate pattern and trimming, its
/// inner-match rules, its four leniencies and its limit on failed tries.
///
/// A lazy sequence: each match is found as it is asked for. A value, safe
/// to share between threads; each iterator has its own state. The text's
/// decimal digits of any script are folded to ASCII before matching;
/// ranges and raw text refer to the text as given.
///
///     let text = "Ring +44 20 7946 0958 or 020 7946 0959 (office)"
///     for match in PhoneNumberMatcher(text: text, region: .gb) {
///       print(match.rawText, match.number.formatted(.e164))
///     }
///     // +44 20 7946 0958 +442079460958
///     // 020 7946 0959 +442079460959
///
/// - Complexity: O(n) in the text's length per pass, bounded work per
///   candidate (at most `maxTries` failed candidates are tried).
public struct PhoneNumberMatcher: Sequence, Sendable {
  /// The text searched.
  public let text: String
  /// The region assumed for numbers written without a country code; nil to
  /// find only numbers written internationally.
  public let region: RegionCode?
  /// How sure the matcher must be.
  public let leniency: PhoneNumberLeniency
  /// How many candidates may fail before the rest of the text is given up.
  public let maxTries: Int

  /// A matcher over `text`.
  ///
  ///     PhoneNumberMatcher(text: note, region: .us, leniency: .possible, maxTries: 100)
  public init(
    text: String, region: RegionCode?, leniency: PhoneNumberLeniency = .valid, maxTries: Int = 65535
  ) {
    self.text = text
    self.region = region
    self.leniency = leniency
    self.maxTries = maxTries
  }

  /// An iterator from the start of the text.
  public func makeIterator() -> Iterator {
    Iterator(text: text, scanner: PhoneNumberScanner(region: region, leniency: leniency, maxTries: maxTries))
  }

  /// Finds the matches one by one.
  public struct Iterator: IteratorProtocol {
    private let text: String
    /// Owns the memory `folded` reads.
    private let scalars: FoldedScalarStorage
    private let folded: UnsafeBufferPointer<Unicode.Scalar>
    private var scanner: PhoneNumberScanner
    /// Ranges and raw text are worked out walking forward from the last match.
    private var cursor: ScalarIndexCursor

    init(text: String, scanner: PhoneNumberScanner) {
      self.text = text
      scalars = FoldedScalarStorage.make(text)
      folded = scalars.buffer
      self.scanner = scanner
      cursor = ScalarIndexCursor(text: text, scalarCount: folded.count)
    }

    /// The next match, or nil when there are no more.
    public mutating func next() -> PhoneNumberMatch? {
      // The storage lives as long as the iterator (it holds it).
      guard let found = scanner.next(in: folded) else { return nil }
      let (range, rawText) = cursor.substring(found.range, of: text)
      return PhoneNumberMatch(scalarRange: found.range, range: range, rawText: rawText, number: found.number)
    }
  }
}

/// A text's Unicode scalars with every decimal digit (any script) folded
/// to its ASCII digit: one scalar each, so offsets stay those of the text.
package enum FoldedScalars {
  /// The folded scalars of `text`.
  package static func scalars(of text: String) -> [Unicode.Scalar] {
    var text = text
    return text.withUTF8 { bytes in
      [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
        count = fold(bytes, into: buffer)
      }
    }
  }

  /// Decodes `bytes` (valid UTF-8: a string's) into `buffer` (room for one
  /// scalar per byte), folding digits; the number of scalars.
  static func fold(
    _ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>
  )
    -> Int
  {
    // The wide stores below write up to sixteen scalars at `count`, which
    // never passes `index` (each scalar takes a byte or more): they stay
    // inside the buffer while `index + 16 <= end`, given room for a scalar
    // per byte.
    guard let base = bytes.baseAddress, let output = buffer.baseAddress, buffer.count >= bytes.count else {
      return 0
    }
    let end = bytes.count
    var index = 0
    var count = 0
    let raw = UnsafeRawPointer(base)
    /// Widens eight ASCII bytes (a little-endian word) to scalars at `position`.
    @inline(__always)
    func store(_ chunk: UInt64, at position: Int) {
      // Unicode.Scalar is a UInt32 inside.
      let widened = SIMD8<UInt32>(
        truncatingIfNeeded: unsafeBitCast(chunk.littleEndian, to: SIMD8<UInt8>.self))
      UnsafeMutableRawPointer(output + position).storeBytes(of: widened, as: SIMD8<UInt32>.self)
    }
    while index < end {
      let lead = UInt32(base[index])
      if lead < 0x80 {
        guard index + 8 <= end else {
          // The last bytes: one at a time.
          output[count] = Unicode.Scalar(UInt8(truncatingIfNeeded: lead))
          count += 1
          index += 1
          continue
        }
        // The ASCII bytes before the first other one (one at least), all
        // eight widened at once: the scalars past them are written over next.
        let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let high = chunk & 0x8080_8080_8080_8080
        store(chunk, at: count)
        guard high == 0 else {
          let ascii = high.trailingZeroBitCount >> 3
          count += ascii
          index += ascii
          continue
        }
        count += 8
        index += 8
        // ASCII runs: sixteen bytes at a time while they last.
        while index + 16 <= end {
          let first = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
          guard (first | second) & 0x8080_8080_8080_8080 == 0 else { break }
          store(first, at: count)
          store(second, at: count + 8)
          count += 16
          index += 16
        }
        continue
      }
      // Another scalar (other scripts' letters come in runs: no chunk is
      // tried for them).
      var value: UInt32
      if lead < 0xE0 {
        value = (lead & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F)
        index += 2
      } else if lead < 0xF0 {
        value = (lead & 0x0F) << 12 | UInt32(base[index + 1] & 0x3F) << 6 | UInt32(base[index + 2] & 0x3F)
        index += 3
      } else {
        value =
          (lead & 0x07) << 18 | UInt32(base[index + 1] & 0x3F) << 12 | UInt32(base[index + 2] & 0x3F) << 6
          | UInt32(base[index + 3] & 0x3F)
        index += 4
      }
      if mayBeDigit(value), let digit = Unicode.Scalar(value).flatMap(DigitFolding.digitValue(of:)) {
        value = 0x30 + UInt32(digit)
      }
      // Valid UTF-8 decodes to scalar values only (no surrogate, nothing
      // past U+10FFFF): no need to check again.
      output[count] = unsafeBitCast(value, to: Unicode.Scalar.self)
      count += 1
    }
    return count
  }

  /// False for the blocks that hold no decimal digit (Latin to Arabic
  /// letters, the symbols, CJK, kana, Hangul ...), so that most other
  /// scripts' letters skip the ICU look-up; true for the rest, which
  /// `DigitFolding` decides.
  @inline(__always)
  package static func mayBeDigit(_ value: UInt32) -> Bool {
    switch value {
    case 0x80..<0x660, 0x1C5A..<0xA620, 0xABFA..<0xFF10, 0xFF1A..<0x104A0: return false
    default: return true
    }
  }
}

/// A text's folded scalars (`FoldedScalars`) in memory of their own, read
/// only: one block per text (the count, then the scalars), where an array
/// would also look up its generic storage type each time.
final class FoldedScalarStorage: ManagedBuffer<Int, Unicode.Scalar> {
  /// The folded scalars of `text`.
  static func make(_ text: String) -> FoldedScalarStorage {
    var text = text
    let capacity = max(1, text.utf8.count)
    let storage = unsafeDowncast(
      FoldedScalarStorage.create(minimumCapacity: capacity) { _ in 0 }, to: FoldedScalarStorage.self)
    storage.withUnsafeMutablePointers { count, scalars in
      // Unicode.Scalar is trivial: nothing to deinitialise later.
      count.pointee = text.withUTF8 {
        FoldedScalars.fold($0, into: UnsafeMutableBufferPointer(start: scalars, count: capacity))
      }
    }
    return storage
  }

  /// The scalars, valid while the storage lives (its memory never moves).
  var buffer: UnsafeBufferPointer<Unicode.Scalar> {
    withUnsafeMutablePointers { count, scalars in UnsafeBufferPointer(start: scalars, count: count.pointee) }
  }
}

/// Maps scalar offsets of a text to its indices, walking its UTF-8 forward
/// from the last offset asked for (matches are asked for in text order).
package struct ScalarIndexCursor {
  private var scalarOffset: Int
  private var byteOffset: Int
  /// Whether every scalar of the text is one byte.
  private let isASCII: Bool

  /// A cursor at the start of a text of `scalarCount` scalars.
  package init(text: String, scalarCount: Int) {
    scalarOffset = 0
    byteOffset = 0
    isASCII = scalarCount == text.utf8.count
  }

  /// The UTF-8 offset of scalar `offset` of `text`.
  package mutating func utf8Offset(atScalarOffset offset: Int, in text: String) -> Int {
    if isASCII { return offset }
    if offset < scalarOffset { (scalarOffset, byteOffset) = (0, 0) }
    let walked = text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
      var byte = byteOffset
      var remaining = offset - scalarOffset
      if let base = bytes.baseAddress {
        // Eight bytes at a time while eight scalars or more are left: a
        // chunk starts at most eight (one per byte that is no continuation
        // byte, 0b10xxxxxx), so the walk never passes the offset; then on
        // past the continuation bytes of the last scalar begun.
        let raw = UnsafeRawPointer(base)
        if remaining >= 8 {
          /// The continuation bytes of the eight at `offset`, one per byte
          /// (1 or 0).
          @inline(__always)
          func continuations(at offset: Int) -> UInt64 {
            let chunk = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            return (chunk & ~(chunk << 1) & 0x8080_8080_8080_8080) >> 7
          }
          // Their count: the bytes summed by a multiply into the top byte
          // (the baseline x86-64 target has no `popcnt`, so
          // `nonzeroBitCount` is counted in software there). Sixteen bytes
          // at a time while sixteen scalars or more are left (at most
          // sixteen per byte pair summed: no carry between bytes).
          while remaining >= 16 && byte &+ 16 <= bytes.count {
            let both = continuations(at: byte) &+ continuations(at: byte &+ 8)
            remaining &-= 16 &- Int(truncatingIfNeeded: (both &* 0x0101_0101_0101_0101) >> 56)
            byte &+= 16
          }
          while remaining >= 8 && byte &+ 8 <= bytes.count {
            remaining &-=
              8 &- Int(truncatingIfNeeded: (continuations(at: byte) &* 0x0101_0101_0101_0101) >> 56)
            byte &+= 8
          }
          while byte < bytes.count && bytes[byte] & 0xC0 == 0x80 { byte += 1 }
        }
      }
      while remaining > 0 {
        let lead = bytes[byte]
        byte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        remaining -= 1
      }
      return byte
    }
    if let walked {
      byteOffset = walked
    } else {
      let start = text.unicodeScalars.index(text.startIndex, offsetBy: offset)
      byteOffset = text.utf8.distance(from: text.startIndex, to: start)
    }
    scalarOffset = offset
    return byteOffset
  }

  /// The index of scalar `offset` of `text`.
  package mutating func index(atScalarOffset offset: Int, in text: String) -> String.Index {
    text.utf8.index(text.utf8.startIndex, offsetBy: utf8Offset(atScalarOffset: offset, in: text))
  }

  /// The text between two scalar offsets (in order, after those asked before).
  package mutating func substring(_ range: Range<Int>, of text: String) -> (Range<String.Index>, String) {
    let lower = utf8Offset(atScalarOffset: range.lowerBound, in: text)
    let upper = utf8Offset(atScalarOffset: range.upperBound, in: text)
    let indices =
      text.utf8.index(
        text.utf8.startIndex, offsetBy: lower)..<text.utf8.index(text.utf8.startIndex, offsetBy: upper)
    // The raw text copied from the UTF-8 when it is contiguous.
    let raw =
      text.utf8.withContiguousStorageIfAvailable {
        UTF8Writer.makeString(UnsafeBufferPointer(rebasing: $0[lower..<upper]))
      } ?? String(text.unicodeScalars[indices])
    return (indices, raw)
  }
}
