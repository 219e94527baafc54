internal import PayPhoneText

/// Text on its way into a mask: digits of every script folded to ASCII, then
/// split into user-perceived characters (ICU grapheme clusters), kept as
/// UTF-8 byte ranges so the masks compare and copy bytes, not `Character`s.
///
/// ASCII text without a carriage return is the fast path: the string's own
/// bytes are used in place, every byte is one character, and neither ICU nor
/// a boundary table is involved. The buffers are borrowed: a `MaskInput`
/// lives only inside `MaskInput.with`.
struct MaskInput {
  /// The folded text, as UTF-8.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Byte offsets where characters start, plus the end offset; nil when
  /// every byte is a character of its own.
  private let boundaries: UnsafeBufferPointer<Int>?
  /// The number of characters.
  let count: Int

  private init(bytes: UnsafeBufferPointer<UInt8>, boundaries: UnsafeBufferPointer<Int>?) {
    self.bytes = bytes
    self.boundaries = boundaries
    count = boundaries.map { $0.count - 1 } ?? bytes.count
  }

  /// Prepares `text` and calls `body` with it.
  static func with<Result>(_ text: String, _ body: (MaskInput) -> Result) -> Result {
    var text = text
    let simple = text.withUTF8 { bytes -> Result? in
      guard !bytes.contains(where: { byte in byte >= 0x80 || byte == 0x0D }) else { return nil }
      return body(MaskInput(bytes: bytes, boundaries: nil))
    }
    if let simple { return simple }
    var folded = DigitFolding.fold(text)
    let offsets = Graphemes.boundaries(in: folded)
    return folded.withUTF8 { bytes in
      offsets.withUnsafeBufferPointer { boundaries in body(MaskInput(bytes: bytes, boundaries: boundaries)) }
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
    guard let boundaries else { return bytes[index] }
    let start = boundaries[index]
    guard boundaries[index + 1] - start == 1 else { return nil }
    let byte = bytes[start]
    return byte < 0x80 ? byte : nil
  }

  /// Whether character `index` is exactly the bytes `range` of `other`.
  @inline(__always)
  func character(_ index: Int, equals range: Range<Int>, of other: UnsafeBufferPointer<UInt8>) -> Bool {
    let own = self.range(index)
    guard own.count == range.count else { return false }
    var position = range.lowerBound
    for byte in own {
      guard bytes[byte] == other[position] else { return false }
      position += 1
    }
    return true
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
}

/// A write-only byte buffer over borrowed scratch memory; the caller makes
/// it large enough for everything it will hold.
struct ByteBuffer {
  private let storage: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  init(_ storage: UnsafeMutableBufferPointer<UInt8>) {
    self.storage = storage
  }

  @inline(__always)
  mutating func append(_ range: Range<Int>, of source: UnsafeBufferPointer<UInt8>) {
    for index in range {
      storage[count] = source[index]
      count += 1
    }
  }

  /// Whether the buffer ends with the bytes `range` of `source`.
  func ends(with range: Range<Int>, of source: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count >= range.count else { return false }
    var position = count - range.count
    for index in range {
      guard storage[position] == source[index] else { return false }
      position += 1
    }
    return true
  }

  mutating func removeLast(_ byteCount: Int) {
    count -= byteCount
  }

  /// The bytes written so far.
  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: storage[0..<count])
  }

  /// Whether two characters written side by side may have joined into one:
  /// only text with a non-ASCII byte or a CR can.
  var mayJoinCharacters: Bool {
    storage[0..<count].contains { $0 >= 0x80 || $0 == 0x0D }
  }

  var string: String {
    String(decoding: UnsafeBufferPointer(rebasing: storage[0..<count]), as: UTF8.self)
  }

  /// Runs `body` with two empty buffers of `capacity` bytes each, on the
  /// stack when they are small.
  static func withPair<Result>(capacity: Int, _ body: (inout ByteBuffer, inout ByteBuffer) -> Result)
    -> Result
  {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * capacity) { scratch in
      var first = ByteBuffer(UnsafeMutableBufferPointer(rebasing: scratch[0..<capacity]))
      var second = ByteBuffer(UnsafeMutableBufferPointer(rebasing: scratch[capacity...]))
      return body(&first, &second)
    }
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
struct CharacterClasses: OptionSet, Hashable, Sendable {
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
  init(utf8 character: some Collection<UInt8>) {
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
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
          .nonspacingMark, .spacingMark, .enclosingMark:
          break
        case .decimalNumber, .letterNumber, .otherNumber:
          isLetter = false
        default:
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
    self = []
    guard !isFirst else { return }
    if isDigit { insert(.digit) }
    if isLetter { insert(.letter) }
    if isAlphanumeric { insert(.alphanumeric) }
    if isAlphabetic { insert(.alphabetic) }
  }
}
