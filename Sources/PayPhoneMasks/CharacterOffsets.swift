internal import PayPhoneText

/// Conversions between the library's caret unit, characters (ICU extended
/// grapheme clusters), and the offsets other code counts in: UTF-16 code
/// units (UIKit, AppKit, the web) and Unicode scalars (libphonenumber).
///
/// Every offset is clamped into the text. An offset that falls inside a
/// character is rounded to one of its ends, down unless `roundingUp`.
package struct CharacterOffsets: Sendable {
  /// For each character boundary (the start of each character, then the
  /// end of the text), its offset in UTF-16 code units and in scalars.
  private let utf16: [Int]
  private let scalars: [Int]

  /// The character boundaries of `text`.
  package init(_ text: String) {
    let utf8Boundaries = Graphemes.boundaries(in: text)
    var utf16: [Int] = []
    var scalars: [Int] = []
    utf16.reserveCapacity(utf8Boundaries.count)
    scalars.reserveCapacity(utf8Boundaries.count)
    var next = 0
    var utf8Offset = 0
    var utf16Offset = 0
    var scalarOffset = 0
    for scalar in text.unicodeScalars {
      while next < utf8Boundaries.count && utf8Boundaries[next] <= utf8Offset {
        utf16.append(utf16Offset)
        scalars.append(scalarOffset)
        next += 1
      }
      utf8Offset += UTF8.width(scalar)
      utf16Offset += UTF16.width(scalar)
      scalarOffset += 1
    }
    while next < utf8Boundaries.count {
      utf16.append(utf16Offset)
      scalars.append(scalarOffset)
      next += 1
    }
    self.utf16 = utf16
    self.scalars = scalars
  }

  /// The number of characters.
  package var count: Int { utf16.count - 1 }

  /// The UTF-16 offset of character offset `offset`.
  package func utf16Offset(ofCharacter offset: Int) -> Int {
    utf16[min(max(offset, 0), count)]
  }

  /// The scalar offset of character offset `offset`.
  package func scalarOffset(ofCharacter offset: Int) -> Int {
    scalars[min(max(offset, 0), count)]
  }

  /// The character offset at UTF-16 offset `offset`.
  package func characterOffset(ofUTF16 offset: Int, roundingUp: Bool = false) -> Int {
    Self.characterOffset(of: offset, in: utf16, roundingUp: roundingUp)
  }

  /// The character offset at scalar offset `offset`.
  package func characterOffset(ofScalar offset: Int, roundingUp: Bool = false) -> Int {
    Self.characterOffset(of: offset, in: scalars, roundingUp: roundingUp)
  }

  private static func characterOffset(of offset: Int, in boundaries: [Int], roundingUp: Bool) -> Int {
    // The first boundary at or after `offset` (binary search).
    var low = 0
    var high = boundaries.count - 1
    guard offset < boundaries[high] else { return high }
    guard offset > 0 else { return 0 }
    while low < high {
      let middle = (low + high) / 2
      if boundaries[middle] < offset { low = middle + 1 } else { high = middle }
    }
    if boundaries[low] == offset || roundingUp { return low }
    return low - 1
  }

  /// The UTF-16 offset of character offset `offset` in `text`.
  package static func utf16Offset(ofCharacter offset: Int, in text: String) -> Int {
    if let ascii = asciiOffset(offset, in: text) { return ascii }
    return CharacterOffsets(text).utf16Offset(ofCharacter: offset)
  }

  /// The character offset at UTF-16 offset `offset` in `text`.
  package static func characterOffset(ofUTF16 offset: Int, in text: String) -> Int {
    if let ascii = asciiOffset(offset, in: text) { return ascii }
    return CharacterOffsets(text).characterOffset(ofUTF16: offset)
  }

  /// `offset` clamped into `text` when every unit of `text` is one
  /// character (ASCII without a CR), else nil.
  private static func asciiOffset(_ offset: Int, in text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes in
      guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
      return min(max(offset, 0), bytes.count)
    }
  }
}
