internal import PayPhoneText

/// A mask in the shorthand notation: `#` takes a digit, `A` a letter, and
/// every other character of the format is a literal.
///
/// The text is re-formatted as a whole on every change, with the caret at
/// its end. Literals are written only when a character follows them, so the
/// text never ends in a literal and backspace always deletes something a
/// person typed (`(555) ` reads back as `(555`). A run of literals is read
/// back from pasted text when the input starts with the run's data-bearing
/// prefix (`+34` of `+34 `, the whole run when it has no separator before
/// its last digit or letter), so `+34 612…` and `+34612…` both fill
/// `+34 ### ### ###`. Characters that fit no slot are skipped; input left
/// over when the mask is full is dropped. Digits of any script are folded to
/// ASCII first, and `#` takes nothing else: not `²`, `Ⅻ` or `万`.
///
///     let expiry = ShorthandMask("##/##")
///     expiry.apply("1225").text    // "12/25"
///     expiry.apply("12/").text     // "12"
///     expiry.isComplete("12/25")   // true
///
/// An empty format leaves the text as it is (digits folded), never complete.
///
/// The result is the ``MaskResult`` every ``TextMasking`` gives; its caret is
/// always the end of the text (in characters), whatever caret and gravity
/// came in, and `isComplete` says whether every character of the format was
/// written (so a format that ends in a literal is never complete).
public struct ShorthandMask: TextMasking, Hashable {
  private enum Element: Sendable, Hashable {
    case digit
    case letter
    /// Consecutive literals: characters `first..<first + count` of
    /// `literalCharacters`, of which the input may carry the first
    /// `readBack` itself.
    case literals(first: Int, count: Int, readBack: Int)
  }

  /// The format the mask was made from.
  ///
  ///     ShorthandMask("##/##").format  // "##/##"
  public let format: String
  private let elements: [Element]
  private let length: Int
  /// The number of `#` and `A` slots.
  private let slots: Int
  /// The placeholder glyphs, and where each element's part starts.
  private let placeholderBytes: [UInt8]
  private let placeholderOffsets: [Int]
  private let literalBytes: [UInt8]
  /// The UTF-8 byte range of each literal character in `literalBytes`.
  private let literalCharacters: [Range<Int>]
  /// The literal characters with their digits folded, as the input is, for
  /// reading literals back (`+٩٦٦ ` is read back from `+966 ` and from
  /// itself), and each one's byte range there.
  private let foldedLiteralBytes: [UInt8]
  private let foldedLiteralCharacters: [Range<Int>]

  /// Makes a mask from its format; every format is usable.
  ///
  ///     let phone = ShorthandMask("+1 (###) ###-####")
  public init(_ format: String) {
    // Characters are ICU's grapheme clusters, as in the input: Swift's own
    // segmentation follows a newer Unicode, and a literal split differently
    // from the text it is read back from would never match.
    var builder = Builder()
    let boundaries = Graphemes.boundaries(in: format)
    let utf8 = Array(format.utf8)
    for index in boundaries.indices.dropLast() {
      builder.add(String(decoding: utf8[boundaries[index]..<boundaries[index + 1]], as: UTF8.self))
    }
    builder.closeRun()
    self.format = format
    elements = builder.elements
    length = builder.length
    var glyphs: [UInt8] = []
    var offsets: [Int] = []
    var slots = 0
    for element in builder.elements {
      offsets.append(glyphs.count)
      switch element {
      case .digit:
        glyphs.append(UInt8(ascii: "0"))
        slots += 1
      case .letter:
        glyphs.append(UInt8(ascii: "a"))
        slots += 1
      case .literals(let first, let count, _):
        glyphs.append(
          contentsOf: builder.bytes[
            builder.characters[first].lowerBound..<builder.characters[first + count - 1].upperBound])
      }
    }
    offsets.append(glyphs.count)
    self.slots = slots
    placeholderBytes = glyphs
    placeholderOffsets = offsets
    literalBytes = builder.bytes
    literalCharacters = builder.characters
    foldedLiteralBytes = builder.foldedBytes
    foldedLiteralCharacters = builder.foldedCharacters
  }

  /// Collects the elements of a format, character by character.
  private struct Builder {
    var elements: [Element] = []
    var bytes: [UInt8] = []
    var characters: [Range<Int>] = []
    var foldedBytes: [UInt8] = []
    var foldedCharacters: [Range<Int>] = []
    var run: [String] = []
    var length = 0

    mutating func add(_ character: String) {
      length += 1
      if character == "#" || character == "A" {
        closeRun()
        elements.append(character == "#" ? .digit : .letter)
      } else {
        run.append(character)
      }
    }

    mutating func closeRun() {
      guard !run.isEmpty else { return }
      let first = characters.count
      for character in run {
        let start = bytes.count
        bytes.append(contentsOf: character.utf8)
        characters.append(start..<bytes.count)
        let foldedStart = foldedBytes.count
        foldedBytes.append(contentsOf: DigitFolding.fold(character).utf8)
        foldedCharacters.append(foldedStart..<foldedBytes.count)
      }
      elements.append(.literals(first: first, count: run.count, readBack: ShorthandMask.readBackCount(run)))
      run = []
    }
  }

  /// How much of a literal run pasted text may carry: up to its last digit
  /// or letter when separators come before that (`+34` of `+34 `), else the
  /// whole run (`1 (`, `) `).
  private static func readBackCount(_ run: [String]) -> Int {
    if let last = run.lastIndex(where: isData), run[..<last].contains(where: { !isData($0) }) {
      return last + 1
    }
    return run.count
  }

  /// A digit or a letter, as `Character.isWholeNumber || Character.isLetter`
  /// says of one character: a single scalar with a whole numeric value, or
  /// an alphabetic first scalar.
  private static func isData(_ character: String) -> Bool {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return false }
    if first.properties.isAlphabetic { return true }
    guard scalars.count == 1, let value = first.properties.numericValue else { return false }
    return Int(exactly: value) != nil
  }

  /// The whole mask as placeholder glyphs: `0` a digit, `a` a letter,
  /// literals as they are.
  ///
  ///     ShorthandMask("(###) ###-####").placeholder  // "(000) 000-0000"
  public var placeholder: String {
    String(decoding: placeholderBytes, as: UTF8.self)
  }

  /// The characters of a full text: the format's length (every slot and
  /// literal is mandatory).
  ///
  ///     ShorthandMask("##/##").acceptableTextLength  // 5
  public var acceptableTextLength: Int { length }
  /// The most characters the text can hold; nil for the empty format,
  /// which leaves any text as it is.
  ///
  ///     ShorthandMask("##/##").totalTextLength  // 5
  public var totalTextLength: Int? { elements.isEmpty ? nil : length }
  /// The characters of a full value: the number of `#` and `A` slots.
  ///
  ///     ShorthandMask("##/##").acceptableValueLength  // 4
  public var acceptableValueLength: Int { slots }
  /// The most characters the value can hold; nil for the empty format.
  ///
  ///     ShorthandMask("##/##").totalValueLength  // 4
  public var totalValueLength: Int? { elements.isEmpty ? nil : slots }

  /// Formats `text` from scratch; the caret goes to the end.
  ///
  ///     ShorthandMask("+34 ### ### ###").apply("+34612345678").text  // "+34 612 345 678"
  ///     ShorthandMask("(###) ###-####").apply("555").text            // "(555"
  ///
  /// - Complexity: O(n + m) for n input and m format characters.
  public func apply(_ text: String) -> MaskResult {
    MaskInput.with(text) { input in apply(input) }
  }

  /// Formats the text from scratch; the caret and gravity are not used:
  /// the caret goes to the end of the result.
  ///
  ///     ShorthandMask("##/##").apply(CaretText("1225", caret: 1)).caret  // 5
  public func apply(_ input: CaretText) -> MaskResult {
    apply(input.text)
  }

  /// Formats prepared input.
  func apply(_ input: MaskInput) -> MaskResult {
    guard !elements.isEmpty else {
      let text = String(decoding: input.bytes, as: UTF8.self)
      return MaskResult(
        text: text, caret: input.count, value: "", isComplete: false, affinity: input.count,
        tailPlaceholder: "")
    }
    return literalBytes.withUnsafeBufferPointer { literals in
      ByteBuffer.withPair(capacity: input.bytes.count + literals.count) { output, value in
        format(input, literals, &output, &value)
      }
    }
  }

  private func format(
    _ input: MaskInput, _ literals: UnsafeBufferPointer<UInt8>, _ output: inout ByteBuffer,
    _ value: inout ByteBuffer
  ) -> MaskResult {
    var written = 0
    var pending: Range<Int>?
    var pendingCount = 0
    var pendingReadBack = 0
    var pendingElement = 0
    // Affinity as the bracket masks count it: +1 per input character taken
    // (into a slot, or read back as a literal), -1 per literal written
    // without input and per input character skipped or left over.
    var affinity = 0
    var next = 0
    var stopped = elements.count
    walk: for index in elements.indices {
      let element = elements[index]
      guard next < input.count else {
        stopped = pending == nil ? index : pendingElement
        break
      }
      let wanted: CharacterClasses
      switch element {
      case .literals(let first, let count, let readBack):
        pendingReadBack = 0
        if readsBack(first: first, count: readBack, from: input, at: next) {
          next += readBack
          pendingReadBack = readBack
        }
        pending = literalCharacters[first].lowerBound..<literalCharacters[first + count - 1].upperBound
        pendingCount = count
        pendingElement = index
        continue walk
      case .digit: wanted = .digit
      case .letter: wanted = .alphabetic
      }
      while next < input.count && !input.classes(next).contains(wanted) {
        next += 1
        affinity -= 1
      }
      guard next < input.count else {
        stopped = pending == nil ? index : pendingElement
        break
      }
      if let run = pending {
        output.append(run, of: literals)
        written += pendingCount
        affinity += 2 * pendingReadBack - pendingCount
        pending = nil
      }
      let range = input.range(next)
      output.append(range, of: input.bytes)
      value.append(range, of: input.bytes)
      written += 1
      affinity += 1
      next += 1
    }
    if pending != nil {
      stopped = min(stopped, pendingElement)
      affinity -= pendingReadBack
    }
    affinity -= input.count - next
    // Each format character written is one character of the text, unless
    // characters written side by side merged (a lone mark after a letter,
    // CR then LF): then ICU counts them.
    let characters = output.mayJoinCharacters ? Graphemes.count(inUTF8: output.bytes) : written
    return MaskResult(
      text: output.string, caret: characters, value: value.string, isComplete: written == length,
      affinity: affinity,
      tailPlaceholder: String(decoding: placeholderBytes[placeholderOffsets[stopped]...], as: UTF8.self))
  }

  private func readsBack(first: Int, count: Int, from input: MaskInput, at start: Int) -> Bool {
    guard start + count <= input.count else { return false }
    return foldedLiteralBytes.withUnsafeBufferPointer { literals in
      for offset in 0..<count
      where !input.character(start + offset, equals: foldedLiteralCharacters[first + offset], of: literals) {
        return false
      }
      return true
    }
  }
}
