/// User-perceived characters (extended grapheme clusters).
///
/// An emoji ZWJ sequence, a flag, a letter with its combining marks, a
/// Hangul syllable made of jamo and a CRLF each count once. With the `ICU`
/// trait (the default on Linux) the system ICU is the reference: ICU 72
/// implements Unicode 15.0, so where Swift's own `String.count` (a newer
/// Unicode) disagrees — characters added since, Indic conjuncts — the ICU
/// answer is the one given here. Without the trait, `String`'s own
/// clusters are.
public enum Graphemes {
  /// Counts the grapheme clusters in `text`.
  ///
  ///     Graphemes.count(in: "👨‍👩‍👧‍👦 🇺🇸")  // 3
  ///
  /// - Complexity: O(n) in the UTF-8 length; ASCII text is counted
  ///   directly.
  public static func count(in text: String) -> Int {
    var text = text
    return text.withUTF8 { count(inUTF8: $0) }
  }

  /// Counts the grapheme clusters in valid UTF-8 bytes.
  ///
  /// - Complexity: O(n).
  package static func count(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard !bytes.isEmpty else { return 0 }
    if let asciiCount = asciiGraphemeCount(bytes) { return asciiCount }
    return UnicodeReference.graphemeCount(bytes)
  }

  /// The UTF-8 offsets where grapheme clusters start, plus the end offset.
  ///
  ///     Graphemes.boundaries(in: "e\u{301}x")  // [0, 3, 4]
  public static func boundaries(in text: String) -> [Int] {
    var text = text
    let ascii = text.withUTF8 { bytes -> [Int]? in
      if bytes.isEmpty { return [0] }
      return bytes.allSatisfy { $0 < 0x80 } ? asciiBoundaries(bytes) : nil
    }
    return ascii ?? UnicodeReference.graphemeBoundaries(text)
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
