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

/// A text's folded scalars (`FoldedScalars`) in memory of their own, read
/// only: one block per text (the count, then the scalars), where an array
/// would also look up its generic storage type each time. Its header is a
/// plain count and it never reads the buffer's `capacity`: so shaped, it
/// runs in the Embedded Swift build for WebAssembly (the WebAssembly tests
/// find through it), where the automaton's `ManagedBuffer` storage trapped
/// (see ``DigitPatternStorage``) and `capacity` reads wrong.
final class FoldedScalarStorage: ManagedBuffer<Int, Unicode.Scalar> {
  /// The folded scalars of `text`.
  static func make(_ text: String) -> FoldedScalarStorage {
    var text = text
    let capacity = max(1, text.utf8.count)
    let storage = unsafeDowncast(
      FoldedScalarStorage.create(minimumCapacity: capacity) { _ in 0 }, to: FoldedScalarStorage.self)
    storage.withUnsafeMutablePointers { count, scalars in
      // Unicode.Scalar is trivial: nothing to deinitialise later.
      // One scalar per byte at most: they always fit.
      count.pointee = text.withUTF8 {
        FoldedScalars.fold($0, into: UnsafeMutableBufferPointer(start: scalars, count: capacity)) ?? 0
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
  private var scalarOffset = 0
  private var byteOffset = 0
  /// Whether every scalar of the text is one byte.
  private let isASCII: Bool

  /// A cursor at the start of a text of `scalarCount` scalars.
  package init(text: String, scalarCount: Int) {
    isASCII = scalarCount == text.utf8.count
  }

  /// The UTF-8 offset of scalar `offset` of `text`.
  package mutating func utf8Offset(atScalarOffset offset: Int, in text: String) -> Int {
    if isASCII { return offset }
    if offset < scalarOffset { (scalarOffset, byteOffset) = (0, 0) }
    let (start, count) = (byteOffset, offset - scalarOffset)
    byteOffset =
      text.utf8.withContiguousStorageIfAvailable { Self.offset(in: $0, from: start, after: count) }
      ?? text.utf8.distance(
        from: text.startIndex,
        to: text.unicodeScalars.index(text.startIndex, offsetBy: offset))
    scalarOffset = offset
    return byteOffset
  }

  /// The offset of the scalar `count` scalars after the one starting at
  /// `start`. A scalar starts at every byte that is no continuation byte:
  /// while sixteen scalars or more are left, they are counted a block of
  /// sixteen bytes at a time (which start sixteen at most), then the walk
  /// goes on past the continuation bytes of the last scalar begun, and a
  /// scalar at a time.
  private static func offset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, after count: Int) -> Int {
    var byte = start
    var remaining = count
    while remaining >= 16 && byte + 16 <= bytes.count {
      var starts = 0
      for unit in bytes[byte..<byte + 16] { starts += UTF8.isContinuation(unit) ? 0 : 1 }
      remaining -= starts
      byte += 16
    }
    while byte < bytes.count && UTF8.isContinuation(bytes[byte]) { byte += 1 }
    while remaining > 0 {
      byte += 1
      while byte < bytes.count && UTF8.isContinuation(bytes[byte]) { byte += 1 }
      remaining -= 1
    }
    return byte
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
