internal import PayPhoneText

/// Text on its way into a mask: digits of every script folded to ASCII, then
/// split into user-perceived characters (ICU grapheme clusters), kept as
/// UTF-8 byte ranges so the masks compare and copy bytes, not `Character`s.
///
/// ASCII text without a carriage return is the fast path: every byte is one
/// character and neither ICU nor a boundary table is involved.
struct MaskInput {
  /// The folded text, as UTF-8.
  let bytes: [UInt8]
  /// Byte offsets where characters start, plus the end offset; nil when
  /// every byte is a character of its own.
  private let boundaries: [Int]?
  /// The number of characters.
  let count: Int

  init(_ text: String) {
    var text = text
    let isSimple = text.withUTF8 { bytes in
      !bytes.contains { byte in byte >= 0x80 || byte == 0x0D }
    }
    if isSimple {
      bytes = Array(text.utf8)
      boundaries = nil
      count = bytes.count
    } else {
      let folded = DigitFolding.fold(text)
      let offsets = Graphemes.boundaries(in: folded)
      bytes = Array(folded.utf8)
      boundaries = offsets
      count = offsets.count - 1
    }
  }

  /// The byte range of character `index`.
  @inline(__always)
  func range(_ index: Int) -> Range<Int> {
    if let boundaries { return boundaries[index]..<boundaries[index + 1] }
    return index..<(index + 1)
  }

  /// The byte of character `index` when it is a single ASCII byte.
  @inline(__always)
  func asciiByte(_ index: Int) -> UInt8? {
    let range = range(index)
    guard range.count == 1 else { return nil }
    let byte = bytes[range.lowerBound]
    return byte < 0x80 ? byte : nil
  }

  /// Whether character `index` is exactly the UTF-8 sequence `character`.
  @inline(__always)
  func character(_ index: Int, equals character: ArraySlice<UInt8>) -> Bool {
    let range = range(index)
    guard range.count == character.count else { return false }
    return bytes[range].elementsEqual(character)
  }

  /// The character classes of character `index`.
  func classes(_ index: Int) -> CharacterClasses {
    if let byte = asciiByte(index) { return CharacterClasses(ascii: byte) }
    return CharacterClasses(utf8: bytes[range(index)])
  }

  /// Character `index` as a `Character`, for custom character sets.
  func character(_ index: Int) -> Character {
    Character(String(decoding: bytes[range(index)], as: UTF8.self))
  }

  /// The text of characters `start..<end` as a string.
  func text(from start: Int, to end: Int) -> String {
    guard start < end else { return "" }
    return String(decoding: bytes[range(start).lowerBound..<range(end - 1).upperBound], as: UTF8.self)
  }
}

/// What kinds of mask symbol a character can fill.
///
/// `digit` is an ASCII digit (digits of other scripts are folded before
/// they get here). `letter` and `alphanumeric` follow InputMask's iOS
/// character sets: every scalar of the character is a letter or a mark
/// (L*, M*), respectively a letter, mark or number (L*, M*, N*).
/// `alphabetic` is the shorthand notation's letter: the first scalar has
/// the Unicode Alphabetic property.
struct CharacterClasses: OptionSet {
  let rawValue: UInt8

  static let digit = CharacterClasses(rawValue: 1)
  static let letter = CharacterClasses(rawValue: 2)
  static let alphanumeric = CharacterClasses(rawValue: 4)
  static let alphabetic = CharacterClasses(rawValue: 8)

  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  @inline(__always)
  init(ascii byte: UInt8) {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self = [.digit, .alphanumeric]
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
      self = [.letter, .alphanumeric, .alphabetic]
    default: self = []
    }
  }

  /// Classifies one character given as UTF-8 (any length, any script).
  init(utf8 character: ArraySlice<UInt8>) {
    var isLetter = true
    var isAlphanumeric = true
    var isDigit = true
    var isFirst = true
    var isAlphabetic = false
    var iterator = character.makeIterator()
    var decoder = UTF8()
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        let properties = scalar.properties
        if isFirst {
          isAlphabetic = properties.isAlphabetic
          isFirst = false
        }
        if !(scalar.value >= 0x30 && scalar.value <= 0x39) { isDigit = false }
        switch Self.kind(of: properties.generalCategory) {
        case .letterOrMark: break
        case .number: isLetter = false
        case .other:
          isLetter = false
          isAlphanumeric = false
        }
      case .emptyInput: break decoding
      case .error:
        isLetter = false
        isAlphanumeric = false
        isDigit = false
        break decoding
      }
    }
    var classes: CharacterClasses = []
    guard !isFirst else {
      self = classes
      return
    }
    if isDigit { classes.insert(.digit) }
    if isLetter { classes.insert(.letter) }
    if isAlphanumeric { classes.insert(.alphanumeric) }
    if isAlphabetic { classes.insert(.alphabetic) }
    self = classes
  }

  private enum Kind {
    case letterOrMark
    case number
    case other
  }

  private static func kind(of category: Unicode.GeneralCategory) -> Kind {
    switch category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return .letterOrMark
    case .decimalNumber, .letterNumber, .otherNumber:
      return .number
    default:
      return .other
    }
  }
}
