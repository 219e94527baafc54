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
public struct ShorthandMask: Sendable, Hashable {
  /// What applying a shorthand mask gives.
  public struct Result: Sendable, Hashable {
    /// The formatted text; the caret belongs at its end.
    public let text: String
    /// The characters that went into `#` and `A` slots, without literals.
    public let value: String
    /// Whether every character of the format was written (a format that
    /// ends in a literal is therefore never complete).
    public let isComplete: Bool
  }

  private enum Element: Sendable, Hashable {
    case digit
    case letter
    case literals(LiteralRun)
  }

  /// Consecutive literals of the format, as UTF-8, and how many of them the
  /// input may carry itself.
  private struct LiteralRun: Sendable, Hashable {
    let characters: [[UInt8]]
    let readBackCount: Int

    init(_ run: [Character]) {
      characters = run.map { Array(String($0).utf8) }
      let isData: (Character) -> Bool = { $0.isWholeNumber || $0.isLetter }
      if let last = run.lastIndex(where: isData), run[..<last].contains(where: { !isData($0) }) {
        readBackCount = last + 1
      } else {
        readBackCount = run.count
      }
    }
  }

  /// The format the mask was made from.
  public let format: String
  private let elements: [Element]
  private let length: Int

  /// Makes a mask from its format; every format is usable.
  ///
  ///     let phone = ShorthandMask("+1 (###) ###-####")
  public init(_ format: String) {
    self.format = format
    var elements: [Element] = []
    var run: [Character] = []
    var length = 0
    for character in format {
      length += 1
      guard character == "#" || character == "A" else {
        run.append(character)
        continue
      }
      if !run.isEmpty {
        elements.append(.literals(LiteralRun(run)))
        run = []
      }
      elements.append(character == "#" ? .digit : .letter)
    }
    if !run.isEmpty { elements.append(.literals(LiteralRun(run))) }
    self.elements = elements
    self.length = length
  }

  /// Formats `text` from scratch.
  ///
  ///     ShorthandMask("+34 ### ### ###").apply("+34612345678").text  // "+34 612 345 678"
  ///     ShorthandMask("(###) ###-####").apply("555").text            // "(555"
  ///
  /// - Complexity: O(n + m) for n input and m format characters.
  public func apply(_ text: String) -> Result {
    guard !elements.isEmpty else {
      return Result(text: DigitFolding.fold(text), value: "", isComplete: false)
    }
    let input = MaskInput(text)
    var output: [UInt8] = []
    var value: [UInt8] = []
    output.reserveCapacity(input.bytes.count + 16)
    var written = 0
    var pending: LiteralRun?
    var next = 0
    walk: for element in elements {
      guard next < input.count else { break }
      let wanted: CharacterClasses
      switch element {
      case .literals(let run):
        if readsBack(run, from: input, at: next) { next += run.readBackCount }
        pending = run
        continue walk
      case .digit: wanted = .digit
      case .letter: wanted = .alphabetic
      }
      while next < input.count && !input.classes(next).contains(wanted) { next += 1 }
      guard next < input.count else { break }
      if let run = pending {
        for character in run.characters { output.append(contentsOf: character) }
        written += run.characters.count
        pending = nil
      }
      let range = input.range(next)
      output.append(contentsOf: input.bytes[range])
      value.append(contentsOf: input.bytes[range])
      written += 1
      next += 1
    }
    return Result(
      text: String(decoding: output, as: UTF8.self), value: String(decoding: value, as: UTF8.self),
      isComplete: written == length)
  }

  /// Whether `text`, once formatted, fills the whole format.
  ///
  ///     ShorthandMask("##/##").isComplete("1225")  // true
  ///     ShorthandMask("##/##").isComplete("12/2")  // false
  public func isComplete(_ text: String) -> Bool {
    apply(text).isComplete
  }

  private func readsBack(_ run: LiteralRun, from input: MaskInput, at start: Int) -> Bool {
    guard start + run.readBackCount <= input.count else { return false }
    for offset in 0..<run.readBackCount
    where !input.character(start + offset, equals: run.characters[offset][...]) {
      return false
    }
    return true
  }
}
