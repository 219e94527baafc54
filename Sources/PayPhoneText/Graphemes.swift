internal import CPayPhoneICU

/// User-perceived characters (ICU extended grapheme clusters).
///
/// ICU is the reference: an emoji ZWJ sequence, a flag, a letter with its
/// combining marks, a Hangul syllable made of jamo and a CRLF each count
/// once. ICU 72 implements Unicode 15.0, so where Swift's own `String.count`
/// (a newer Unicode) disagrees — Devanagari conjuncts joined by a virama,
/// characters added since — the ICU answer is the one given here.
public enum Graphemes {
  /// Counts the grapheme clusters in `text`.
  ///
  ///     Graphemes.count(in: "👨‍👩‍👧‍👦 🇺🇸")  // 3
  ///
  /// - Complexity: O(n) in the UTF-8 length; ASCII text never reaches ICU.
  public static func count(in text: String) -> Int {
    var text = text
    return text.withUTF8 { count(inUTF8: $0) }
  }

  /// Counts the grapheme clusters in valid UTF-8 bytes.
  ///
  /// - Complexity: O(n).
  package static func count(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
    if let asciiCount = asciiGraphemeCount(bytes) { return asciiCount }
    let count = payphone_icu_count_graphemes(base, Int64(bytes.count))
    // ICU fails only when it cannot open its break rules; a scalar count
    // is then the closest honest answer.
    return count >= 0 ? Int(count) : String(decoding: bytes, as: UTF8.self).unicodeScalars.count
  }

  /// The UTF-8 offsets where grapheme clusters start, plus the end offset.
  ///
  ///     Graphemes.boundaries(in: "e\u{301}x")  // [0, 3, 4]
  public static func boundaries(in text: String) -> [Int] {
    var text = text
    return text.withUTF8 { bytes -> [Int] in
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return [0] }
      if bytes.allSatisfy({ $0 < 0x80 }) { return asciiBoundaries(bytes) }
      let capacity = bytes.count + 1
      var offsets = [Int64](repeating: 0, count: capacity)
      let found = offsets.withUnsafeMutableBufferPointer {
        payphone_icu_grapheme_boundaries(base, Int64(bytes.count), $0.baseAddress, Int64(capacity))
      }
      guard found > 0 else { return Array(0...bytes.count) }
      return offsets.prefix(Int(found)).map { Int($0) }
    }
  }

  /// ASCII needs no ICU: every byte is a cluster except that CR LF is one.
  private static func asciiGraphemeCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var crlfPairs = 0
    var previous: UInt8 = 0
    for byte in bytes {
      if byte >= 0x80 { return nil }
      if byte == 0x0A && previous == 0x0D { crlfPairs += 1 }
      previous = byte
    }
    return bytes.count - crlfPairs
  }

  private static func asciiBoundaries(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    var offsets = [0]
    offsets.reserveCapacity(bytes.count + 1)
    for index in 1...bytes.count
    where !(bytes[index - 1] == 0x0D && index < bytes.count && bytes[index] == 0x0A) {
      offsets.append(index)
    }
    return offsets
  }
}
